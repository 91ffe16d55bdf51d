#include "a2a/search/periodic.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "stage_check.hpp"

namespace a2a::search {
namespace {

/// Depth-first over the stages: prefixes[r] is class r's tag prefix of `depth` bits.
class Lister {
 public:
  Lister(const PathTrees& trees, std::uint32_t period, std::uint64_t limit, PeriodicRounds& out)
      : check_(trees, period), period_(period), limit_(limit), out_(out), stages_(trees.net.stages) {}

  /// false when the limit is passed.
  bool extend(std::uint32_t depth, std::vector<std::uint32_t>& prefixes) {
    if (depth == stages_) {
      if (out_.count() >= limit_) return false;
      out_.tags.insert(out_.tags.end(), prefixes.begin(), prefixes.end());
      return true;
    }
    std::vector<std::uint32_t> next(period_);
    for (std::uint32_t bits = 0; bits < (1U << period_); ++bits) {
      for (std::uint32_t r = 0; r < period_; ++r) next[r] = (prefixes[r] << 1) | ((bits >> r) & 1U);
      if (check_.consistent(depth, period_ - 1, next) && !extend(depth + 1, next)) return false;
    }
    return true;
  }

 private:
  StageCheck check_;
  std::uint32_t period_;
  std::uint64_t limit_;
  PeriodicRounds& out_;
  std::uint32_t stages_;
};

/// Periodic rounds drawn at random: a descent over the stages, one class's next bit at a
/// time, 0 or 1 first by a coin (seeded), backtracking where a switch would get two
/// states. Checking only the classes set so far at the current stage keeps a step at
/// O(N), where listing every choice of the P bits at once costs 2^P checks a stage.
class Sampler {
 public:
  Sampler(const PathTrees& trees, std::uint32_t period, std::uint32_t seed)
      : check_(trees, period), period_(period), stages_(trees.net.stages), rng_(seed) {}

  /// One round's P tags, or false when the descent met kMostSteps dead ends.
  bool draw(std::vector<std::uint32_t>& tags) {
    tags.assign(period_, 0);
    steps_ = 0;
    return descend(0, 0, tags);
  }

 private:
  static constexpr std::uint32_t kMostSteps = 100000;

  bool descend(std::uint32_t depth, std::uint32_t cls, std::vector<std::uint32_t>& prefixes) {
    if (cls == period_) {
      cls = 0;
      if (++depth == stages_) return true;
    }
    const std::uint32_t first = rng_() & 1U;
    const std::uint32_t kept = prefixes[cls];
    for (std::uint32_t k = 0; k < 2; ++k) {
      if (++steps_ > kMostSteps) return false;
      prefixes[cls] = (kept << 1) | (first ^ k);
      if (check_.consistent(depth, cls, prefixes) && descend(depth, cls + 1, prefixes)) return true;
    }
    prefixes[cls] = kept;
    return false;
  }

  StageCheck check_;
  std::uint32_t period_, stages_;
  std::uint32_t steps_{0};
  std::mt19937 rng_;
};

bool period_divides(std::uint32_t period, std::uint32_t n, std::string& error) {
  if (period != 0 && period <= 16 && n % period == 0) return true;
  error = "--periodic " + std::to_string(period) + ": the period must divide N = " + std::to_string(n) +
          " and be at most 16";
  return false;
}

void clause(Cnf& cnf, std::initializer_list<std::int32_t> lits) {
  cnf.literals.insert(cnf.literals.end(), lits);
  cnf.literals.push_back(0);
  ++cnf.clauses;
}

}  // namespace

bool list_periodic_rounds(const PathTrees& trees, std::uint32_t period, std::uint64_t limit, PeriodicRounds& rounds,
                          std::string& error) {
  if (!period_divides(period, trees.net.ports, error)) return false;
  rounds = PeriodicRounds{period, {}};
  std::vector<std::uint32_t> prefixes(period, 0);
  if (!Lister(trees, period, limit, rounds).extend(0, prefixes)) {
    error = "--periodic " + std::to_string(period) + ": more than " + std::to_string(limit) +
            " periodic rounds; give a smaller period, or draw some of them (--sample K)";
    return false;
  }
  return true;
}

bool sample_periodic_rounds(const PathTrees& trees, std::uint32_t period, std::uint64_t count, std::uint32_t seed,
                            PeriodicRounds& rounds, std::string& error) {
  if (!period_divides(period, trees.net.ports, error)) return false;
  rounds = PeriodicRounds{period, {}};
  Sampler sampler(trees, period, seed);
  std::set<std::vector<std::uint32_t>> drawn;
  std::vector<std::uint32_t> tags;
  // A draw that repeats one is not counted; 8 draws a round asked for is where a family
  // smaller than `count` shows itself.
  for (std::uint64_t attempt = 0; drawn.size() < count && attempt < 8 * count; ++attempt)
    if (sampler.draw(tags)) drawn.insert(tags);
  if (drawn.empty()) {
    error = "--periodic " + std::to_string(period) + " --sample " + std::to_string(count) +
            ": no periodic round found (none exists at N = " + std::to_string(trees.net.ports) + " for this period)";
    return false;
  }
  for (const auto& round : drawn) rounds.tags.insert(rounds.tags.end(), round.begin(), round.end());
  return true;
}

std::vector<std::vector<std::int32_t>> pair_servers(const PathTrees& trees, const PeriodicRounds& rounds) {
  const std::uint32_t n = trees.net.ports;
  std::vector<std::vector<std::int32_t>> by_pair(static_cast<std::size_t>(n) * n);
  for (std::size_t c = 0; c < rounds.count(); ++c)
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t tag = rounds.tags[c * rounds.period + i % rounds.period];
      const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * trees.tags() + tag];
      if (j < n) by_pair[static_cast<std::size_t>(i) * n + j].push_back(static_cast<std::int32_t>(c + 1));
    }
  std::sort(by_pair.begin(), by_pair.end());
  by_pair.erase(std::unique(by_pair.begin(), by_pair.end()), by_pair.end());
  return by_pair;
}

Cnf encode_periodic_cover(const PathTrees& trees, const PeriodicRounds& rounds, std::uint32_t r) {
  const auto candidates = static_cast<std::int32_t>(rounds.count());
  Cnf cnf;
  cnf.variables = candidates;
  const auto lists = pair_servers(trees, rounds);
  const bool exact = r == trees.net.ports;  // N rounds of N pairs: every pair exactly once
  for (const auto& list : lists) {
    cnf.literals.insert(cnf.literals.end(), list.begin(), list.end());
    cnf.literals.push_back(0);
    ++cnf.clauses;
    if (!exact || list.size() < 2) continue;
    // At most one of the list (sequential: s_k = one of the first k chosen).
    std::int32_t previous = 0;
    for (const std::int32_t x : list) {
      const std::int32_t s = ++cnf.variables;
      clause(cnf, {-x, s});
      if (previous != 0) {
        clause(cnf, {-previous, s});
        clause(cnf, {-previous, -x});
      }
      previous = s;
    }
  }
  if (exact || r >= rounds.count()) return cnf;
  // At most r chosen (sequential counter: s(c, k) = at least k of candidates 0..c).
  const std::int32_t base = cnf.variables;
  const auto k_max = static_cast<std::int32_t>(r);
  auto s = [&](std::int32_t c, std::int32_t k) { return base + c * k_max + k; };
  cnf.variables += candidates * k_max;
  for (std::int32_t c = 0; c < candidates; ++c) {
    clause(cnf, {-(c + 1), s(c, 1)});
    if (c == 0) continue;
    for (std::int32_t k = 1; k <= k_max; ++k) clause(cnf, {-s(c - 1, k), s(c, k)});
    for (std::int32_t k = 2; k <= k_max; ++k) clause(cnf, {-(c + 1), -s(c - 1, k - 1), s(c, k)});
    clause(cnf, {-(c + 1), -s(c - 1, k_max)});
  }
  return cnf;
}

ConfigSet periodic_set(const PathTrees& trees, const PeriodicRounds& rounds, const std::vector<bool>& model) {
  const Network& net = trees.net;
  ConfigSet set{net, {}};
  const std::uint32_t w = net.switches_per_stage();
  for (std::size_t c = 0; c < rounds.count(); ++c) {
    if (c + 1 >= model.size() || !model[c + 1]) continue;
    std::vector<std::uint8_t> states(static_cast<std::size_t>(net.stages) * w, 0);
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const std::uint32_t tag = rounds.tags[c * rounds.period + i % rounds.period];
      for (std::uint32_t depth = 1; depth <= net.stages; ++depth) {
        const PathTrees::Node& node = trees.nodes[static_cast<std::size_t>(i) * trees.nodes_per_source +
                                                  node_index(depth, tag >> (net.stages - depth))];
        states[static_cast<std::size_t>(depth - 1) * w + node.switch_index] = node.state;
      }
    }
    set.states.push_back(std::move(states));
  }
  return set;
}

}  // namespace a2a::search
