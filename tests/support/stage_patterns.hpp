// What the switch-backend tests sweep: networks (not structured bindings, which doctest's
// INFO cannot capture under clang) and every pattern a control word sets on a stage.
#pragma once

#include <a2a/hal/switch_fabric.hpp>
#include <a2a/topology.hpp>

#include <cstdint>

namespace a2a::test {

/// A network of a test's list.
struct NetworkCase {
  Topology topology;
  std::uint32_t ports;
  std::uint32_t radix;
  [[nodiscard]] Network network() const { return make_network(topology, ports, radix).value(); }
};

/// f(pattern) for every pattern a stage or alternating control word sets with radix d:
/// every switch in state k (k < d), and for d = 2 alternating in blocks of 1, 2 and 4.
template <class F>
void for_each_stage_pattern(std::uint32_t radix, F&& f) {
  for (const std::uint32_t block : {0U, 1U, 2U, 4U}) {
    if (block != 0 && radix != 2) continue;
    for (std::uint32_t state = 0; state < (block == 0 ? radix : 2U); ++state)
      f(hal::StagePattern{true, static_cast<std::uint8_t>(block), static_cast<std::uint8_t>(state)});
  }
}

}  // namespace a2a::test
