// Private to the search: the switch-consistency check of a periodic round's tag prefixes,
// shared by the lister and the sampler (periodic.cpp) and the pricing of column
// generation (columns.cpp), which all descend the stages one class's bit at a time.
#pragma once

#include <cstdint>
#include <vector>

#include "a2a/search/encoder.hpp"

namespace a2a::search {

/// A path tree's node for the prefix `prefix` of `depth` bits (depth >= 1).
inline std::uint32_t node_index(std::uint32_t depth, std::uint32_t prefix) { return (1U << depth) - 2U + prefix; }

/// Whether the classes' tag prefixes give every switch of a stage one state (stamps
/// instead of clearing the states: a check is O(N), not O(N + switches)).
class StageCheck {
 public:
  StageCheck(const PathTrees& trees, std::uint32_t period)
      : trees_(trees),
        period_(period),
        state_(static_cast<std::size_t>(trees.net.switches_per_stage()), 0),
        stamp_(state_.size(), 0) {}

  /// Classes 0..last_class (the inputs i with i mod P <= last_class) at stage `depth`.
  bool consistent(std::uint32_t depth, std::uint32_t last_class, const std::vector<std::uint32_t>& prefixes) {
    ++round_;
    const std::uint32_t node_base = node_index(depth + 1, 0);
    for (std::uint32_t i = 0; i < trees_.net.ports; ++i) {
      if (i % period_ > last_class) continue;
      const PathTrees::Node& node =
          trees_.nodes[static_cast<std::size_t>(i) * trees_.nodes_per_source + node_base + prefixes[i % period_]];
      if (stamp_[node.switch_index] != round_) {
        stamp_[node.switch_index] = round_;
        state_[node.switch_index] = node.state;
      } else if (state_[node.switch_index] != node.state) {
        return false;
      }
    }
    return true;
  }

 private:
  const PathTrees& trees_;
  std::uint32_t period_;
  std::vector<std::uint8_t> state_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t round_{0};
};

}  // namespace a2a::search
