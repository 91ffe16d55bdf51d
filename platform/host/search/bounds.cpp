#include "a2a/search/bounds.hpp"

#include <vector>

#include "a2a/route.hpp"
#include "a2a/search/encoder.hpp"

namespace a2a::search {

CountingBound counting_bound(const Network& net) {
  const std::uint32_t n = net.ports;
  const std::uint32_t stages = net.stages;
  const std::uint32_t tags = std::uint32_t{1} << stages;
  // Every path: its destination and, per stage, the switch and the output port it leaves by.
  std::vector<Path> paths;
  paths.reserve(static_cast<std::size_t>(n) * tags);
  std::vector<std::uint32_t> paths_of(static_cast<std::size_t>(n) * n, 0);
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t tag = 0; tag < tags; ++tag) {
      paths.push_back(route(net, i, ForcedTag{tag, stages}));
      if (const std::uint32_t j = paths.back().destination; j < n) ++paths_of[static_cast<std::size_t>(i) * n + j];
    }
  CountingBound result;
  for (const std::uint32_t count : paths_of) result.single_pairs += count == 1 ? 1U : 0U;
  // Per stage: the (switch, output port) that some single path leaves by.
  result.per_round = n;
  const std::uint32_t w = net.switches_per_stage();
  for (std::uint32_t s = 0; s < stages; ++s) {
    std::vector<bool> used(static_cast<std::size_t>(w) * 2, false);
    for (std::size_t k = 0; k < paths.size(); ++k) {
      const Path& path = paths[k];
      const std::uint32_t i = static_cast<std::uint32_t>(k / tags);
      if (path.destination >= n || paths_of[static_cast<std::size_t>(i) * n + path.destination] != 1) continue;
      used[static_cast<std::size_t>(path.hops[s].switch_index) * 2 + (path.hops[s].out_port & 1U)] = true;
    }
    std::uint32_t ports = 0;
    for (const bool u : used) ports += u ? 1U : 0U;
    if (ports < result.per_round) {
      result.per_round = ports;
      result.stage = s;
    }
  }
  const std::uint64_t by_count =
      result.per_round == 0 ? 0 : (result.single_pairs + result.per_round - 1) / result.per_round;
  result.bound = by_count > n ? static_cast<std::uint32_t>(by_count) : n;
  const std::string counted = std::to_string(result.single_pairs) + " pairs have a single path, at most " +
                              std::to_string(result.per_round) + " a round (their paths leave stage " +
                              std::to_string(result.stage) + " by " + std::to_string(result.per_round) +
                              " switch output ports, one signal each a round)";
  result.why = by_count > n ? counted + ": at least " + std::to_string(by_count) + " rounds"
                            : "a round serves at most N pairs; counting gives less: " + counted + ", at least " +
                                  std::to_string(by_count) + " rounds";
  return result;
}

}  // namespace a2a::search
