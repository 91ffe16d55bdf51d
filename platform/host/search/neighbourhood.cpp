#include "a2a/search/neighbourhood.hpp"

#include <algorithm>
#include <numeric>

#include "a2a/route.hpp"

namespace a2a::search {

Coverage::Coverage(const ConfigSet& set)
    : rounds_(set.rounds()),
      ports_(set.net.ports),
      destination_(static_cast<std::size_t>(rounds_) * ports_),
      covers_(static_cast<std::size_t>(ports_) * ports_, 0) {
  const SetSchedule schedule(set);
  for (std::uint32_t r = 0; r < rounds_; ++r)
    for (std::uint32_t i = 0; i < ports_; ++i) {
      const std::uint32_t j = route(set.net, i, schedule.round(r)).destination;
      destination_[static_cast<std::size_t>(r) * ports_ + i] = j;
      if (j < ports_) ++covers_[static_cast<std::size_t>(i) * ports_ + j];
    }
}

std::uint32_t Coverage::slack(std::uint32_t r) const {
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < ports_; ++i) {
    const std::uint32_t j = destination(r, i);
    if (j >= ports_ || covers(i, j) > 1) ++count;
  }
  return count;
}

std::uint32_t Coverage::common(std::uint32_t r, std::uint32_t q) const {
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < ports_; ++i) {
    const std::uint32_t j = destination(r, i);
    if (j < ports_ && j == destination(q, i)) ++count;
  }
  return count;
}

const char* name(Neighbourhood neighbourhood) {
  switch (neighbourhood) {
    case Neighbourhood::random: return "random";
    case Neighbourhood::redundant: return "redundant";
    case Neighbourhood::related: return "related";
  }
  return "?";
}

namespace {

/// Where round r has slack: inputs whose pair another round routes too (or that reach
/// no output), and outputs that no input reaches or whose pair is routed twice.
struct RoundSlack {
  std::vector<bool> input;
  std::vector<bool> output;
};

RoundSlack round_slack(const Coverage& coverage, std::uint32_t r) {
  const std::uint32_t n = coverage.ports();
  RoundSlack slack{std::vector<bool>(n, false), std::vector<bool>(n, true)};
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t j = coverage.destination(r, i);
    if (j >= n) {
      slack.input[i] = true;
      continue;
    }
    slack.input[i] = coverage.covers(i, j) > 1;
    slack.output[j] = slack.input[i];
  }
  return slack;
}

/// Greedy: each next round gives slack to the most inputs and outputs still short of two
/// rounds with slack (the first counting double), then the round with the most slack;
/// ties broken at random.
std::vector<std::uint32_t> choose_redundant(const Coverage& coverage, std::uint32_t k, Random& random) {
  const std::uint32_t n = coverage.ports();
  std::vector<RoundSlack> slack;
  slack.reserve(coverage.rounds());
  for (std::uint32_t r = 0; r < coverage.rounds(); ++r) slack.push_back(round_slack(coverage, r));
  // Two rounds with slack per port: with one, the port is tight (every new round must serve it).
  std::vector<std::uint32_t> needs_input(n, 2);
  std::vector<std::uint32_t> needs_output(n, 2);
  std::vector<bool> taken(coverage.rounds(), false);
  std::vector<std::uint32_t> chosen;
  while (chosen.size() < k) {
    std::uint64_t best_score = 0;
    std::uint32_t best = 0;
    for (std::uint32_t r = 0; r < coverage.rounds(); ++r) {
      if (taken[r]) continue;
      std::uint64_t gain = 0;
      std::uint64_t total = 0;
      for (std::uint32_t p = 0; p < n; ++p) {
        gain += (slack[r].input[p] && needs_input[p] != 0 ? needs_input[p] : 0U) +
                (slack[r].output[p] && needs_output[p] != 0 ? needs_output[p] : 0U);
        total += (slack[r].input[p] ? 1U : 0U) + (slack[r].output[p] ? 1U : 0U);
      }
      const std::uint64_t score = ((gain << 12 | total) << 10 | random.below(1024)) + 1;
      if (score > best_score) {
        best_score = score;
        best = r;
      }
    }
    taken[best] = true;
    chosen.push_back(best);
    for (std::uint32_t p = 0; p < n; ++p) {
      if (slack[best].input[p] && needs_input[p] != 0) --needs_input[p];
      if (slack[best].output[p] && needs_output[p] != 0) --needs_output[p];
    }
  }
  return chosen;
}

/// From a random round, each next round the one that routes the most pairs in common
/// with the rounds chosen so far; ties broken at random.
std::vector<std::uint32_t> choose_related(const Coverage& coverage, std::uint32_t k, Random& random) {
  std::vector<std::uint64_t> shared(coverage.rounds(), 0);
  std::vector<bool> taken(coverage.rounds(), false);
  std::vector<std::uint32_t> chosen{random.below(coverage.rounds())};
  taken[chosen[0]] = true;
  while (chosen.size() < k) {
    for (std::uint32_t r = 0; r < coverage.rounds(); ++r)
      if (!taken[r]) shared[r] += coverage.common(chosen.back(), r);
    std::uint64_t best_score = 0;
    std::uint32_t best = 0;
    for (std::uint32_t r = 0; r < coverage.rounds(); ++r) {
      if (taken[r]) continue;
      const std::uint64_t score = (shared[r] << 10 | random.below(1024)) + 1;
      if (score > best_score) {
        best_score = score;
        best = r;
      }
    }
    taken[best] = true;
    chosen.push_back(best);
  }
  return chosen;
}

}  // namespace

std::vector<std::uint32_t> choose_rounds(const Coverage& coverage, Neighbourhood neighbourhood, std::uint32_t k,
                                         Random& random) {
  k = std::min(k, coverage.rounds());
  std::vector<std::uint32_t> chosen;
  if (k == 0) return chosen;
  if (neighbourhood == Neighbourhood::redundant) {
    chosen = choose_redundant(coverage, k, random);
  } else if (neighbourhood == Neighbourhood::related) {
    chosen = choose_related(coverage, k, random);
  } else {
    std::vector<std::uint32_t> all(coverage.rounds());
    std::iota(all.begin(), all.end(), 0U);
    for (std::uint32_t m = 0; m < k; ++m) std::swap(all[m], all[m + random.below(coverage.rounds() - m)]);
    chosen.assign(all.begin(), all.begin() + k);
  }
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

FreedShape freed_shape(const Coverage& coverage, const std::vector<std::uint32_t>& freed,
                       const std::vector<std::pair<std::uint32_t, std::uint32_t>>& also) {
  const std::uint32_t n = coverage.ports();
  std::vector<std::uint16_t> freed_covers(static_cast<std::size_t>(n) * n, 0);
  for (const std::uint32_t r : freed)
    for (std::uint32_t i = 0; i < n; ++i)
      if (const std::uint32_t j = coverage.destination(r, i); j < n)
        ++freed_covers[static_cast<std::size_t>(i) * n + j];
  // A pair to serve anyway counts as open: as many freed covers as it has covers.
  for (const auto& [i, j] : also)
    freed_covers[static_cast<std::size_t>(i) * n + j] = static_cast<std::uint16_t>(coverage.covers(i, j));
  FreedShape shape;
  shape.ports = n;
  shape.input_open.assign(n, 0);
  shape.output_open.assign(n, 0);
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = 0; j < n; ++j) {
      const std::uint16_t f = freed_covers[static_cast<std::size_t>(i) * n + j];
      if (f == 0 || f != coverage.covers(i, j)) continue;
      ++shape.open;
      shape.pairs.emplace_back(i, j);
      shape.busiest = std::max({shape.busiest, ++shape.input_open[i], ++shape.output_open[j]});
    }
  return shape;
}

std::uint32_t FreedShape::tight(std::uint32_t free) const {
  std::uint32_t count = 0;
  for (std::uint32_t p = 0; p < ports; ++p)
    count += (input_open[p] >= free ? 1U : 0U) + (output_open[p] >= free ? 1U : 0U);
  return count;
}

SinglePaths::SinglePaths(const PathTrees& trees)
    : trees_(trees), ports_(trees.net.ports), tag_(static_cast<std::size_t>(ports_) * ports_, kNone) {
  std::vector<std::uint8_t> paths(tag_.size(), 0);
  for (std::uint32_t i = 0; i < ports_; ++i)
    for (std::uint32_t tag = 0; tag < trees.tags(); ++tag)
      if (const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * trees.tags() + tag]; j < ports_) {
        const std::size_t k = static_cast<std::size_t>(i) * ports_ + j;
        tag_[k] = ++paths[k] == 1 ? tag : kNone;
      }
}

std::uint32_t SinglePaths::busiest_port(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) const {
  const std::uint32_t stages = trees_.net.stages;
  const std::uint32_t w = trees_.net.switches_per_stage();
  std::vector<std::uint32_t> load(static_cast<std::size_t>(stages) * w * 2, 0);
  std::uint32_t most = 0;
  for (const auto& [i, j] : pairs) {
    const std::uint32_t tag = tag_[static_cast<std::size_t>(i) * ports_ + j];
    if (tag == kNone) continue;
    for (std::uint32_t depth = 1; depth <= stages; ++depth) {
      const std::uint32_t node = (1U << depth) - 2U + (tag >> (stages - depth));
      const PathTrees::Node& hop = trees_.nodes[static_cast<std::size_t>(i) * trees_.nodes_per_source + node];
      const std::uint32_t port = (tag >> (stages - depth)) & 1U;
      most = std::max(most, ++load[(static_cast<std::size_t>(depth - 1) * w + hop.switch_index) * 2 + port]);
    }
  }
  return most;
}

ConfigSet drop_unneeded_rounds(const ConfigSet& set) {
  ConfigSet kept = set;
  for (bool dropped = true; dropped;) {
    dropped = false;
    const Coverage coverage(kept);
    for (std::uint32_t r = 0; r < kept.rounds() && !dropped; ++r) {
      if (coverage.slack(r) != coverage.ports()) continue;
      kept.states.erase(kept.states.begin() + r);
      dropped = true;
    }
  }
  return kept;
}

}  // namespace a2a::search
