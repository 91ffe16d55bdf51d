// The product team's own fabric driver: their circuit switch (2x2 elements set a
// stage at a time through latch registers, endpoints enabled per port), driven by
// a2a through a2a::hal::FabricController. A circuit switch carries no packet
// headers and counts nothing: the driver has the controller's calls, the idle mask
// and the round counter (a2a/hal/fabric_capabilities.hpp) and nothing else, and a
// round is done when the hardware has latched it.
//
// The team's latch block (their register map, 32-bit words; the switch is wired as
// an omega network of 2x2 elements):
//   ports     the network's N (written at configure)
//   stages    bit s = 1: every element of stage s crossed
//   idle[w]   bit j = 1: port 32 w + j does not send this round
//   strobe    write n: latch the settings and carry round n
//   carried   the last round the hardware carried (= strobe when it is done)
#pragma once

#include <a2a/hal/fabric_capabilities.hpp>
#include <a2a/hal/fabric_controller.hpp>
#include <a2a/topology.hpp>

#include <cstdint>

namespace acme {

struct LatchBlock {
  volatile std::uint32_t ports;
  volatile std::uint32_t stages;
  volatile std::uint32_t idle[8];
  volatile std::uint32_t strobe;
  volatile std::uint32_t carried;
};

class CircuitDriver {
 public:
  static constexpr std::uint32_t kMaxPorts = 256;
  explicit CircuitDriver(LatchBlock& block) : block_(&block) {}

  // --- what a2a::hal::FabricController asks of every fabric ---------------------
  // No store in a circuit switch: not a hal::RelayFabric, so a2a refuses relay mode.
  a2a::Errc configure(const a2a::Network& net, bool optical) {
    if (net.topology != a2a::Topology::omega || net.radix != 2 || optical) return a2a::Errc::fabric_device_mismatch;
    if (net.ports > kMaxPorts) return a2a::Errc::fabric_capacity_exceeded;
    net_ = net;
    block_->ports = net.ports;
    configured_ = true;
    return a2a::Errc::ok;
  }
  a2a::Result<a2a::Network> network() const {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    return net_;
  }
  a2a::Errc set_stage_control(std::uint32_t stage, a2a::ControlMode mode, std::uint32_t state) {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    if (stage >= net_.stages) return a2a::Errc::stage_out_of_range;
    if (mode != a2a::ControlMode::stage) return a2a::Errc::fabric_operation_unsupported;  // a stage at a time only
    if (state > 1) return a2a::Errc::state_out_of_range;
    stages_ = (stages_ & ~(1U << stage)) | (state << stage);
    block_->stages = stages_;
    return a2a::Errc::ok;
  }
  a2a::Errc commit() {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    block_->strobe = ++strobes_;
    return a2a::Errc::ok;
  }
  a2a::Result<a2a::hal::FabricStatus> poll_status(std::uint32_t max_polls) {
    for (std::uint32_t i = 0; i < max_polls; ++i) {  // bounded: the caller's runner comes back
      if (block_->carried == strobes_) {
        a2a::hal::FabricStatus status;
        status.done = true;
        return status;
      }
    }
    return a2a::Errc::fabric_timeout;
  }
  a2a::Errc wait_round(std::uint32_t max_polls) {
    const auto s = poll_status(max_polls);
    return s ? a2a::Errc::ok : s.error();
  }
  a2a::Errc abort() { return a2a::Errc::fabric_operation_unsupported; }  // a latched round cannot be taken back
  a2a::Errc reset() {
    configured_ = false;
    return a2a::Errc::ok;
  }

  // --- what the latch block has beyond that (a2a/hal/fabric_capabilities.hpp) -----
  // hal::IdleMasks: the endpoints enabled per port.
  a2a::Errc set_idle_word(std::uint32_t word, std::uint32_t bits) {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    if (word >= (net_.ports + 31) / 32) return a2a::Errc::port_out_of_range;
    block_->idle[word] = bits;
    return a2a::Errc::ok;
  }
  // hal::RoundCounter: the last round the hardware carried.
  std::uint32_t round_counter() { return block_->carried; }
  // No headers (a circuit routes by its switches), no per-element settings or fault
  // flags, no counters: a2a writes and asks for none of them.

 private:
  LatchBlock* block_;
  a2a::Network net_{};
  std::uint32_t stages_{0};
  std::uint32_t strobes_{0};
  bool configured_{false};
};
static_assert(a2a::hal::FabricController<CircuitDriver> && a2a::hal::IdleMasks<CircuitDriver> &&
              a2a::hal::RoundCounter<CircuitDriver> && !a2a::hal::PortHeaders<CircuitDriver>);

}  // namespace acme

/// Where the board has the latch block (endpoints.cpp under QEMU; an address on the board).
extern "C" acme::LatchBlock* acme_latch_block(void);
