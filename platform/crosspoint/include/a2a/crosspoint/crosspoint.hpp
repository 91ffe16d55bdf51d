// Switch elements on register-addressed crosspoint chips: a SwitchSink
// (a2a/hal/switch_fabric.hpp). Each stage's ports are spread over chips of ChipPorts
// outputs (ChipPorts a multiple of d, so no d x d element straddles two chips); a
// chip has one register per output, holding the input (within the chip) that output
// takes, and a shared update line makes every chip's written selects take effect
// together. The register format (docs/switch-backends.md):
//
//   - chip c of stage s is chip number s C + c (C = ceil(N / ChipPorts) chips a
//     stage); its ports are c ChipPorts .. c ChipPorts + ChipPorts - 1;
//   - element y in state k (a k-shift: input u leaves on output (u + k) mod d) sets,
//     for each of its outputs j = 0 .. d - 1, register (y d + j) mod ChipPorts to the
//     input (y d + (j - k) mod d) mod ChipPorts;
//   - over SPI (SpiRegisters, register_port.hpp): a write is the two bytes
//     [register & 0x7F, input], a read [register | 0x80, 0x00] with the value in the
//     second byte back; over I2C (I2cRegisters): chip n at 7-bit address base + n, a
//     write {register, input}, a read {register} then one byte; either blocking or
//     started one a step over a start/complete transport (part_round.hpp);
//   - per round only the elements whose state changed are written, every write is
//     read back and compared (a difference: bus_readback_mismatch, naming the chip
//     and the output; the update line is not pulsed, nothing of the round takes
//     effect), then the update line is pulsed once.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

#include "a2a/crosspoint/part_round.hpp"
#include "a2a/crosspoint/register_port.hpp"
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::crosspoint {

/// The input a stage's output takes (numbered across the stage): output y d + j of
/// element y in state k (a k-shift: input u leaves on output (u + k) mod d) takes input
/// y d + (j - k) mod d. Every crosspoint backend sets its parts' selects by this.
constexpr std::uint32_t selected_input(std::uint32_t output, std::uint32_t k, std::uint32_t d) {
  const std::uint32_t y = output / d;
  const std::uint32_t j = output % d;
  return y * d + (j + d - k % d) % d;
}

/// Which chip output read back different, for the console's error line.
struct SelectFault {
  bool found{false};
  std::uint32_t chip{0};
  std::uint32_t output{0};  ///< the chip's output (register)
  bool transfer{false};     ///< a transfer to the chip failed (NACK, bus timeout)
};

/// A transfer's result; a failed one names its chip (or part) and output in `fault`.
constexpr Errc noted(SelectFault& fault, std::uint32_t chip, std::uint32_t output, Errc e) {
  if (e != Errc::ok) fault = {true, chip, output, true};
  return e;
}

/// The same for the console (hal::LocatingSink): every crosspoint backend's wire_fault().
constexpr hal::WireFault wire_fault_of(const SelectFault& f) {
  if (!f.found) return {};
  return {f.transfer ? hal::WireFault::Place::chip_transfer : hal::WireFault::Place::chip_output, f.chip, f.output};
}

/// MaxPorts: the largest network; ChipPorts: outputs per chip (at most 128: 7-bit
/// registers). Port: a RegisterPort (blocking), or an AsyncPartBus of one-register
/// bursts (SpiRegisters, I2cRegisters over a start/complete transport): the round's
/// writes and reads are then started one a step (start_latch, latch_progress:
/// part_round.hpp), each worked out when its turn comes.
template <class Port, hal::LatchLine Update, std::uint32_t ChipPorts, std::uint32_t MaxPorts>
requires(RegisterPort<Port> || AsyncPartBus<Port>) class CrosspointSink
    : public SequencedLatch<CrosspointSink<Port, Update, ChipPorts, MaxPorts>,
                            std::conditional_t<AsyncPartBus<Port>, Port, RegisterParts<Port>>> {
  static_assert(ChipPorts >= 2 && ChipPorts <= 128, "a chip's outputs are 7-bit registers");
  static constexpr bool kStarted = AsyncPartBus<Port>;

 public:
  using Bus = std::conditional_t<kStarted, Port, RegisterParts<Port>>;
  CrosspointSink(Port& port, Update& update) : port_(&port), update_(&update), parts_(port) {}

  Errc configure(const Network& net) {
    if (ChipPorts % net.radix != 0) return Errc::fabric_device_mismatch;  // an element would straddle two chips
    if (net.ports > MaxPorts || net.stages > kMaxStages || net.switches_per_stage() > MaxPorts / 2)
      return Errc::fabric_capacity_exceeded;
    net_ = net;
    chips_per_stage_ = (net.ports + ChipPorts - 1) / ChipPorts;
    switches_ = net.switches_per_stage();  // (a call through the topology list: once, here)
    known_ = 0;
    fault_ = {};
    return Errc::ok;
  }

  // latch(round) (and start_latch, latch_progress over a start/complete bus):
  // SequencedLatch, over next_op's transfers below: every output of every element whose
  // state changed written and read back, then the update line pulsed.

  [[nodiscard]] SelectFault select_fault() const { return fault_; }
  /// The same for the console (hal::LocatingSink).
  [[nodiscard]] hal::WireFault wire_fault() const { return wire_fault_of(fault_); }
  /// Chips a stage takes (its chip numbers: stage x this .. + this - 1).
  [[nodiscard]] std::uint32_t chips_per_stage() const { return chips_per_stage_; }

 private:
  friend class PartRound<Bus>;
  friend class SequencedLatch<CrosspointSink, Bus>;
  struct NoParts {
    explicit constexpr NoParts(Port&) {}
  };
  Bus& bus() {
    if constexpr (kStarted)
      return *port_;
    else
      return parts_;
  }
  void begin_round() {
    reading_ = false;
    stage_ = 0;
    in_stage_ = false;
  }
  /// The round's transfers: each output of each changed element written, then read back;
  /// after the last, the update line pulsed.
  template <class Round>
  Result<bool> next_op(const Round& round, PartOp& op) {
    if (reading_) {  // the output just written, read back
      reading_ = false;
      op.set_read(chip_, reg_, 1, reg_);
      op.bytes[0] = value_;
      return true;
    }
    if (next_output(round, op)) {
      reading_ = true;
      return true;
    }
    if (stage_ != kDone) {
      stage_ = kDone;
      A2A_TRY(update_->pulse());
    }
    return false;
  }
  /// The next output of an element whose state changed (or whose stage is unknown).
  template <class Round>
  bool next_output(const Round& round, PartOp& op) {
    const std::uint32_t d = net_.radix;
    while (stage_ < net_.stages) {
      if (!in_stage_) {
        stage_known_ = ((known_ >> stage_) & 1U) != 0;
        if (!round.changed(stage_) && stage_known_) {
          ++stage_;
          continue;
        }
        in_stage_ = true;
        y_ = 0;
        j_ = 0;
      }
      for (; y_ < switches_; ++y_, j_ = 0) {
        std::uint8_t& last = latched_[std::size_t{stage_} * (MaxPorts / 2) + y_];
        if (j_ == 0) {
          state_ = static_cast<std::uint8_t>(round.state(stage_, y_));
          if (stage_known_ && last == state_) continue;
        } else if (j_ == d) {  // every output of the element read back as written
          last = state_;
          continue;
        }
        const std::uint32_t output = y_ * d + j_++;
        chip_ = stage_ * chips_per_stage_ + output / ChipPorts;
        reg_ = static_cast<std::uint8_t>(output % ChipPorts);
        value_ = static_cast<std::uint8_t>(selected_input(output, state_, d) % ChipPorts);
        op.set_write_one(chip_, reg_, value_, reg_);
        return true;
      }
      known_ |= 1U << stage_;
      in_stage_ = false;
      ++stage_;
    }
    return false;
  }
  Errc read_back(const PartOp& op, std::span<const std::uint8_t> got) {
    if (got.empty() || got[0] != op.bytes[0]) {
      known_ &= ~(1U << stage_);  // what the stage's chips hold is unknown again
      fault_ = {true, op.part, op.output};
      return Errc::bus_readback_mismatch;
    }
    return Errc::ok;
  }
  Errc op_failed(const PartOp& op, Errc e) {
    known_ &= ~(1U << stage_);
    return noted(fault_, op.part, op.output, e);
  }

  static constexpr std::uint32_t kDone = ~0U;
  Port* port_;
  Update* update_;
  [[no_unique_address]] std::conditional_t<kStarted, NoParts, RegisterParts<Port>> parts_;
  Network net_{};
  std::uint32_t chips_per_stage_{0};
  std::uint32_t switches_{0};  // a stage's elements
  std::uint32_t known_{0};     // bit s: latched_ holds what stage s's chips select
  std::array<std::uint8_t, std::size_t{kMaxStages} * (MaxPorts / 2)> latched_{};
  SelectFault fault_{};
  // The round under way: the stage, element and output next_output is at (stage_ kDone:
  // the update pulsed), the output just written (chip_, reg_, value_) and whether its
  // read comes next.
  std::uint32_t stage_{kDone};
  bool in_stage_{false};
  bool stage_known_{false};  // its chips' selects were known as the stage began
  std::uint8_t state_{0};    // the element's state being written
  std::uint32_t y_{0};
  std::uint32_t j_{0};
  bool reading_{false};
  std::uint32_t chip_{0};
  std::uint8_t reg_{0};
  std::uint8_t value_{0};
};

}  // namespace a2a::crosspoint
