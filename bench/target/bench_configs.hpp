// What the target benches run, written once: the network's stages at the image's
// capacity, and the configurations planned around the board's most faults (the
// placements bench_planning and bench_slices both measure).
#pragma once

#include <cstdint>

#include "a2a/config/config_block.hpp"

namespace a2a::bench {

/// log2 N (N a power of two).
constexpr std::uint32_t stages_of(std::uint32_t n) {
  std::uint32_t s = 0;
  while ((std::uint32_t{1} << s) < n) ++s;
  return s;
}

/// `t` with N = `ports`, d = 2, no faults.
constexpr ControllerConfig config(Topology t, std::uint32_t ports) {
  ControllerConfig c;
  c.topology = t;
  c.ports = ports;
  c.radix = 2;
  return c;
}

/// `t` with `faults` faults in placement `shift` (0, 1, 2): switches spread over the
/// internal stages, the last one a dead link (when there are several).
constexpr ControllerConfig most_faults(Topology t, std::uint32_t ports, std::uint32_t faults, std::uint32_t shift) {
  ControllerConfig c = config(t, ports);
  const std::uint32_t stages = stages_of(ports);
  for (std::uint32_t f = 0; f < faults; ++f) {
    const std::uint32_t stage = 1 + (f + shift) % (stages - 2);
    const bool link = f + 1 == faults && faults > 1;
    const std::uint32_t index = (f * 37 + shift * 11 + 5) % (link ? ports : ports / 2);
    c.faults[c.fault_count++] = {static_cast<std::uint16_t>(stage), static_cast<std::uint16_t>(index), link};
  }
  return c;
}

}  // namespace a2a::bench
