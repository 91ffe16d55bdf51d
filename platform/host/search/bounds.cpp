#include "a2a/search/bounds.hpp"

#include <algorithm>
#include <vector>

#include "a2a/route.hpp"
#include "a2a/search/encoder.hpp"

namespace a2a::search {
namespace {

/// Every path of the network (N * 2^n, by source and tag), as the ports it leaves by.
struct PathTable {
  std::uint32_t n{0}, stages{0}, tags{0}, port_count{0};
  std::vector<std::uint32_t> pair;                  ///< [path]: i * N + j (N * N: reaches no output)
  std::vector<std::uint32_t> port;                  ///< [path * stages + s]: s * 2W + switch * 2 + out port
  std::vector<std::uint8_t> paths_of;               ///< [pair]: how many paths it has
  std::vector<std::vector<std::uint32_t>> through;  ///< [port]: the paths that leave by it
};

PathTable trace(const Network& net) {
  PathTable t;
  t.n = net.ports;
  t.stages = net.stages;
  t.tags = std::uint32_t{1} << net.stages;
  const std::uint32_t ports_per_stage = net.switches_per_stage() * 2;
  t.port_count = ports_per_stage * t.stages;
  const std::size_t paths = static_cast<std::size_t>(t.n) * t.tags;
  t.pair.resize(paths);
  t.port.resize(paths * t.stages);
  t.paths_of.assign(static_cast<std::size_t>(t.n) * t.n, 0);
  t.through.resize(t.port_count);
  for (std::uint32_t i = 0; i < t.n; ++i)
    for (std::uint32_t tag = 0; tag < t.tags; ++tag) {
      const std::size_t k = static_cast<std::size_t>(i) * t.tags + tag;
      const Path path = route(net, i, ForcedTag{tag, t.stages});
      const bool reaches = path.destination < t.n;
      t.pair[k] = reaches ? i * t.n + path.destination : t.n * t.n;
      if (reaches) ++t.paths_of[t.pair[k]];
      for (std::uint32_t s = 0; s < t.stages; ++s) {
        const std::uint32_t port = s * ports_per_stage + path.hops[s].switch_index * 2 + (path.hops[s].out_port & 1U);
        t.port[k * t.stages + s] = port;
        if (reaches) t.through[port].push_back(static_cast<std::uint32_t>(k));
      }
    }
  return t;
}

/// Per stage: the ports some single path leaves by; H is the fewest over the stages.
void count_single_paths(const PathTable& t, CountingBound& result) {
  for (const std::uint8_t count : t.paths_of) result.single_pairs += count == 1 ? 1U : 0U;
  result.per_round = t.n;
  const std::uint32_t ports_per_stage = t.port_count / t.stages;
  for (std::uint32_t s = 0; s < t.stages; ++s) {
    std::vector<bool> used(ports_per_stage, false);
    for (std::size_t k = 0; k < t.pair.size(); ++k)
      if (t.pair[k] < t.paths_of.size() && t.paths_of[t.pair[k]] == 1)
        used[t.port[k * t.stages + s] - s * ports_per_stage] = true;
    const auto ports = static_cast<std::uint32_t>(std::count(used.begin(), used.end(), true));
    if (ports < result.per_round) {
      result.per_round = ports;
      result.stage = s;
    }
  }
}

/// Sum over pairs of min |path & S| for S = {a} or {a, b}: only the paths through S are
/// visited (about 2^n per port), so every pair of ports can be tried.
class CrossingCounter {
 public:
  explicit CrossingCounter(const PathTable& t)
      : t_(t),
        hits_(t.pair.size(), 0),
        pair_stamp_(t.paths_of.size(), 0),
        pair_seen_(t.paths_of.size(), 0),
        pair_min_(t.paths_of.size(), 0) {}

  /// {crossings, pairs whose every path crosses S}; the scratch is all zero again after.
  std::pair<std::uint64_t, std::uint64_t> count(std::uint32_t a, std::uint32_t b, bool two) {
    ++stamp_;
    for (const std::uint32_t k : t_.through[a]) ++hits_[k];
    if (two)
      for (const std::uint32_t k : t_.through[b]) ++hits_[k];
    std::uint64_t crossings = 0, pairs = 0;
    visit(a, crossings, pairs);
    if (two) visit(b, crossings, pairs);
    return {crossings, pairs};
  }

 private:
  /// Counts each path through port p once (and clears it); a pair counts once all its
  /// paths are seen, by the fewest ports of S one of them crosses.
  void visit(std::uint32_t p, std::uint64_t& crossings, std::uint64_t& pairs) {
    for (const std::uint32_t k : t_.through[p]) {
      if (hits_[k] == 0) continue;  // already counted (a path through both ports)
      const std::uint32_t pair = t_.pair[k];
      if (pair_stamp_[pair] != stamp_) {
        pair_stamp_[pair] = stamp_;
        pair_seen_[pair] = 0;
        pair_min_[pair] = hits_[k];
      }
      pair_min_[pair] = std::min(pair_min_[pair], hits_[k]);
      hits_[k] = 0;
      if (++pair_seen_[pair] == t_.paths_of[pair]) {
        crossings += pair_min_[pair];
        ++pairs;
      }
    }
  }

  const PathTable& t_;
  std::vector<std::uint8_t> hits_;
  std::vector<std::uint32_t> pair_stamp_;
  std::vector<std::uint8_t> pair_seen_, pair_min_;
  std::uint32_t stamp_{0};
};

SwitchPort port_of(const PathTable& t, std::uint32_t port) {
  const std::uint32_t per_stage = t.port_count / t.stages;
  return SwitchPort{port / per_stage, (port % per_stage) / 2, port % 2};
}

/// Every single port and every pair of ports; the one with the highest bound.
BottleneckPorts best_bottleneck(const PathTable& t) {
  BottleneckPorts best;
  CrossingCounter counter(t);
  auto consider = [&](std::uint32_t a, std::uint32_t b, std::uint32_t count) {
    const auto [crossings, pairs] = counter.count(a, b, count == 2);
    const std::uint64_t bound = (crossings + count - 1) / count;
    if (best.count != 0 && bound <= best.bound()) return;
    best = BottleneckPorts{count, {port_of(t, a), port_of(t, b)}, crossings, pairs};
  };
  for (std::uint32_t a = 0; a < t.port_count; ++a) consider(a, a, 1);
  for (std::uint32_t a = 0; a < t.port_count; ++a)
    for (std::uint32_t b = a + 1; b < t.port_count; ++b) consider(a, b, 2);
  return best;
}

std::string port_text(const SwitchPort& p) {
  return "stage " + std::to_string(p.stage) + " switch " + std::to_string(p.switch_index) + " port " +
         std::to_string(p.port);
}

std::string bottleneck_text(const BottleneckPorts& b) {
  if (b.count == 1)
    return "every path of " + std::to_string(b.pairs) + " pairs leaves " + port_text(b.ports[0]) +
           ", which carries one signal a round: at least " + std::to_string(b.bound()) + " rounds";
  return std::to_string(b.pairs) + " pairs cross " + port_text(b.ports[0]) + " or " + port_text(b.ports[1]) +
         " on every path, " + std::to_string(b.crossings) +
         " crossings in all (a pair counted by the fewest of the two its paths cross), two a round at most: at "
         "least " +
         std::to_string(b.bound()) + " rounds";
}

}  // namespace

CountingBound counting_bound(const Network& net) {
  const PathTable table = trace(net);
  CountingBound result;
  count_single_paths(table, result);
  result.bottleneck = best_bottleneck(table);
  const std::uint32_t n = net.ports;
  const std::uint64_t by_count =
      result.per_round == 0 ? 0 : (result.single_pairs + result.per_round - 1) / result.per_round;
  const std::uint64_t by_ports = result.bottleneck.bound();
  const std::uint64_t best = std::max({std::uint64_t{n}, by_count, by_ports});
  result.bound = static_cast<std::uint32_t>(best);
  const std::string counted = std::to_string(result.single_pairs) + " pairs have a single path, at most " +
                              std::to_string(result.per_round) + " a round (their paths leave stage " +
                              std::to_string(result.stage) + " by " + std::to_string(result.per_round) +
                              " switch output ports, one signal each a round)";
  if (best == n)
    result.why = "a round serves at most N pairs; counting gives less: " + counted + ", at least " +
                 std::to_string(by_count) + " rounds";  // and no port set beats N (an output terminal is one)
  else if (by_ports > by_count)
    result.why = bottleneck_text(result.bottleneck);
  else
    result.why = counted + ": at least " + std::to_string(by_count) + " rounds";
  return result;
}

}  // namespace a2a::search
