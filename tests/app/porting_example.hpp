// The porting guide's worked example (docs/porting.md): a team whose fabric has
// its OWN register block, not a2a's, puts a2a on it by writing a driver that
// satisfies a2a::hal::FabricController and the capabilities its block has
// (a2a/hal/fabric_capabilities.hpp). Nothing else in a2a changes.
//
// The "Acme" block (binary networks, stage control only):
//   0x00 CTRL     W   bit 0 GO: latch and run the round
//   0x04 STATE    R   bit 0 BUSY, bit 1 FAULT (any switch fault during the round)
//   0x08 STAGES   RW  bit s = 1: every switch of stage s crossed
//   0x0C COUNT    R   completed rounds
//   0x10 N        RW  ports (power of 2), topology fixed in silicon (omega)
//   0x100 + 4p    RW  header of port p: destination [15:0], tag [31:16]
//   0x80 + 4w     RW  idle mask word w (bit = port idle)
#pragma once

#include <a2a/hal/bus.hpp>
#include <a2a/hal/fabric_capabilities.hpp>
#include <a2a/hal/fabric_controller.hpp>

#include <cstdint>

namespace acme {

template <a2a::hal::RegisterBus Bus>
class AcmeFabricDriver {
 public:
  static constexpr std::uint32_t kCtrl = 0x00, kState = 0x04, kStages = 0x08, kCount = 0x0C, kPorts = 0x10;
  static constexpr std::uint32_t kIdleBase = 0x80, kHeaderBase = 0x100, kMaxPorts = 256;

  explicit AcmeFabricDriver(Bus& bus) : bus_(&bus) {}

  // --- what FabricController asks of every fabric ------------------------------
  // No per-port message registers: the Acme block carries direct messages only. It
  // does not implement hal::RelayFabric, so a2a refuses a relayed (fault-tolerant)
  // schedule up front (fabric_relay_unsupported) instead of miscounting it.
  a2a::Errc configure(const a2a::Network& net, bool optical) {
    if (net.topology != a2a::Topology::omega || net.radix != 2) return a2a::Errc::fabric_device_mismatch;
    if (net.ports > kMaxPorts || optical) return a2a::Errc::fabric_capacity_exceeded;
    bus_->write32(kPorts, net.ports);
    net_ = net;
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
    if (mode != a2a::ControlMode::stage) return a2a::Errc::fabric_operation_unsupported;  // stage control only
    if (state > 1) return a2a::Errc::state_out_of_range;
    stages_ = (stages_ & ~(1U << stage)) | (state << stage);  // one register for all stages
    bus_->write32(kStages, stages_);
    return a2a::Errc::ok;
  }
  a2a::Errc commit() {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    bus_->write32(kCtrl, 1);
    return a2a::Errc::ok;
  }
  a2a::Result<a2a::hal::FabricStatus> poll_status(std::uint32_t max_polls) {
    for (std::uint32_t i = 0; i < max_polls; ++i) {  // bounded: never spin forever
      const std::uint32_t s = bus_->read32(kState);
      if ((s & 1U) == 0) {
        a2a::hal::FabricStatus status;
        status.done = true;
        status.fault_crossed = (s & 2U) != 0;
        return status;
      }
    }
    return a2a::Errc::fabric_timeout;
  }
  a2a::Errc wait_round(std::uint32_t max_polls) {
    const auto s = poll_status(max_polls);
    if (!s) return s.error();
    return s->clean() ? a2a::Errc::ok : a2a::Errc::fabric_round_faulted;
  }
  // The Acme block has no way to take a round back: a hung round ends the exchange.
  a2a::Errc abort() { return a2a::Errc::fabric_operation_unsupported; }
  a2a::Errc reset() {
    configured_ = false;
    return a2a::Errc::ok;
  }

  // --- what the Acme block has beyond that (a2a/hal/fabric_capabilities.hpp) ------
  // hal::PortHeaders and hal::IdleMasks: the self-routing headers and who sends.
  a2a::Errc set_port_header(std::uint32_t port, std::uint32_t destination, std::uint32_t tag) {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    if (port >= net_.ports || destination >= net_.ports) return a2a::Errc::port_out_of_range;
    if (tag >= net_.ports) return a2a::Errc::tag_out_of_range;
    bus_->write32(kHeaderBase + 4 * port, destination | tag << 16);
    return a2a::Errc::ok;
  }
  a2a::Errc set_idle_word(std::uint32_t word, std::uint32_t bits) {
    if (!configured_) return a2a::Errc::fabric_not_configured;
    if (word >= (net_.ports + 31) / 32) return a2a::Errc::port_out_of_range;
    bus_->write32(kIdleBase + 4 * word, bits);
    return a2a::Errc::ok;
  }
  // hal::RoundCounter: COUNT.
  std::uint32_t round_counter() { return bus_->read32(kCount); }
  // No SWITCH_STATE words (hal::IndividualSwitches), no per-switch fault flags
  // (hal::FaultMarking), no delivery counters: a2a does not ask for them.

 private:
  Bus* bus_;
  a2a::Network net_{};
  std::uint32_t stages_{0};
  bool configured_{false};
};

}  // namespace acme
