// The stand-in of the team's circuit switch under QEMU (endpoints.h): each strobe
// routes every enabled input through the latched stage settings, switch by switch
// (a2a::route: the wiring of an omega network of the latched N), and the output's
// processor records the pair and acknowledges the origin it received (its receipt,
// until the next round). Every ordered pair once is what the first exchange must
// show at the end.
#include "endpoints.h"

#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include <array>
#include <cstdint>

#include "acme_circuit.hpp"

namespace {

constexpr std::uint32_t kMaxPorts = acme::CircuitDriver::kMaxPorts;
constexpr std::uint32_t kNoReceipt = 0xFFFFFFFFU;
acme::LatchBlock latches{};
a2a::Network network{};
std::array<std::uint32_t, kMaxPorts * kMaxPorts / 32> received{};  // bit (source, destination)
std::array<std::uint32_t, kMaxPorts> receipts{};                   // origin per output, last round
std::uint32_t pairs = 0;
std::uint32_t duplicates = 0;
bool started = false;

/// The latched settings as a2a::route reads a configuration.
struct Latched {
  std::uint32_t stages;
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t) const { return (stages >> stage) & 1U; }
};

}  // namespace

extern "C" acme::LatchBlock* acme_latch_block(void) { return &latches; }

extern "C" void endpoints_start(void) { started = true; }

extern "C" void endpoints_serve(void) {
  const std::uint32_t strobe = latches.strobe;
  if (!started || latches.carried == strobe) return;
  if (network.ports != latches.ports) network = a2a::make_network(a2a::Topology::omega, latches.ports).value();
  const Latched config{latches.stages};
  receipts.fill(kNoReceipt);
  for (std::uint32_t source = 0; source < network.ports; ++source) {
    if (((latches.idle[source / 32] >> (source % 32)) & 1U) != 0) continue;
    const std::uint32_t destination = a2a::route(network, source, config).destination;
    receipts[destination] = source;
    const std::uint32_t bit = source * network.ports + destination;
    if ((received[bit / 32] >> (bit % 32) & 1U) != 0) {
      ++duplicates;
    } else {
      received[bit / 32] |= 1U << (bit % 32);
      ++pairs;
    }
  }
  latches.carried = strobe;
}

extern "C" std::uint32_t endpoints_receipt(std::uint32_t destination) {
  return destination < kMaxPorts ? receipts[destination] : kNoReceipt;
}

extern "C" std::uint32_t endpoints_pairs(void) { return pairs; }
extern "C" std::uint32_t endpoints_duplicates(void) { return duplicates; }
