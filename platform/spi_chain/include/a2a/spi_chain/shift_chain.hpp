// Switch elements on daisy-chained shift registers behind an SPI controller and one
// latch line: one chain per stage (a chip select per chain) or one chain through
// every stage (ChainLayout::single, chain 0). A SwitchSink (a2a/hal/switch_fabric.hpp).
// The wire format (docs/switch-backends.md):
//
//   - element e of a stage (d x d, d = 2^w) holds w bits at chain positions
//     e w .. e w + w - 1, its state's least significant bit at e w; in the single chain
//     stage s's elements follow stage s - 1's, at positions (s S + e) w ..; position 0
//     is the register nearest the controller's data out, the last one the farthest;
//   - a stage's frame is B = ceil(w S / 8) bytes (S switches), byte 0 first, each
//     byte most significant bit first; the first bit sent travels farthest: the bit
//     sent k-th (from 0) ends at position 8B - 1 - k, so the frame is the chain's
//     contents as a big-endian number with position 0 its least significant bit, and
//     the 8B - w S bits beyond the last element (sent first) are 0;
//   - per round only the stages whose states changed are shifted (a Gray-order
//     round: one chain), then the latch line is pulsed once: every chain's outputs
//     take their registers together; the single chain is shifted whole every round
//     (ceil(w S n / 8) bytes).
//
// The chain's far end comes back on the SPI data in: while a frame is shifted in, the
// frame shifted before comes out. Each shift is checked against what was written
// last time; a chain whose contents are unknown (the first round after configure, or
// after a transfer cut short) is shifted its frame twice, so that the second shift
// checks the first: the return line is checked from an exchange's first round on. A
// difference is bus_readback_mismatch, the latch is not pulsed (nothing of the round
// takes effect), and readback_fault() names the stage and the element. A chain built
// without a return line is given ChainReadback::off: each changed chain is shifted once
// and what comes back is not looked at, so no difference can be claimed (only a
// transfer that did not complete stops the round; docs/switch-backends.md).
//
// Over a start/complete SPI (hal::AsyncSpiBus, a2a/hal/transfer.hpp) the round's frames
// are built at start_latch() and shifted one transfer at a time: latch_progress() looks
// at the transfer under way once (servicing a driver without an interrupt once), starts
// the next when it has ended, and strobes the latch after the last, so no step waits for
// the bus (SwitchFabric calls them from commit() and poll_status()). latch() stays, the
// same shifts run to their end.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/switch_fabric.hpp"
#include "a2a/hal/transfer.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/limits.hpp"
#include "a2a/spi_chain/chain_frames.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a::spi_chain {

/// The chains' SPI side: write_read(chain, tx, rx) on chain `chain`'s chip select
/// (chain = stage), rx as long as tx; bus_timeout when it did not complete.
template <class T>
concept ChainSpi = requires(T& t, std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
  { t.write_read(chain, tx, rx) } -> std::same_as<Errc>;
};

/// How the elements are chained: a chain per stage, or one chain through every stage.
enum class ChainLayout : std::uint8_t { per_stage, single };

/// Whether the chains' far end comes back to the controller (a return line) and is checked.
enum class ChainReadback : std::uint8_t { on, off };

/// Which element's bit came back different, for the console's error line.
struct ReadbackFault {
  bool found{false};
  std::uint32_t stage{0};
  std::uint32_t element{0};
  bool transfer{false};  ///< the chain's transfer failed (bus_timeout): no element to name
};

/// MaxPorts: the largest network the chains serve (a stage's frame is at most N/16
/// bytes); Layout: a chain per stage (chain s = stage s), or one chain (chain 0).
template <class Spi, hal::LatchLine Latch, std::uint32_t MaxPorts, ChainLayout Layout = ChainLayout::per_stage>
class ShiftChainSink {
  static_assert(ChainSpi<Spi> || hal::AsyncSpiBus<Spi>, "the chains' SPI: write_read(chain, tx, rx), or start()");
  /// Transfers are started and looked at a step at a time (else each finishes in its call).
  static constexpr bool kAsync = hal::AsyncSpiBus<Spi>;

 public:
  static constexpr std::uint32_t kMaxFrameBytes = (MaxPorts / 2 + 7) / 8;
  /// The longest transfer: a stage's frame, or the single chain's.
  static constexpr std::uint32_t kMaxChainBytes =
      Layout == ChainLayout::single ? kMaxFrameBytes * kMaxStages : kMaxFrameBytes;

  ShiftChainSink(Spi& spi, Latch& latch, ChainReadback readback = ChainReadback::on)
      : spi_(&spi), latch_(&latch), readback_(readback == ChainReadback::on) {}
  /// Whether what comes back is checked (ChainReadback::on, the default).
  [[nodiscard]] bool readback() const { return readback_; }

  Errc configure(const Network& net) {
    if (element_bits(net.radix) == 0) return Errc::fabric_device_mismatch;  // d must be 2^w
    if (net.ports > MaxPorts || net.stages > kMaxStages || frame_bytes(net) > kMaxFrameBytes)
      return Errc::fabric_capacity_exceeded;
    net_ = net;
    frames_ = FrameBuilder(net);
    known_ = 0;  // nothing shifted yet: the chains' contents are unknown
    fault_ = {};
    return Errc::ok;
  }

  /// Shifts every changed stage's frame, or the single chain whole (checking what came
  /// back), then pulses the latch (over a start/complete SPI: its transfers run to their
  /// end here, each looked at a bounded number of times).
  template <class Round>
  Errc latch(const Round& round) {
    if constexpr (kAsync) {
      A2A_TRY(start_latch(round));
      return hal::look_until_done([&] { return latch_progress(round); }, kMaxLooks);
    } else {
      return latch_in_place(round);
    }
  }

  /// A start/complete SPI: the round's frames built, the first transfer started.
  template <class Round>
  requires(kAsync) Errc start_latch(const Round& round) {
    queued_ = 0;
    next_ = 0;
    if constexpr (Layout == ChainLayout::single) {
      const std::uint32_t bytes = frames_.chain_bytes();
      const std::span<std::uint8_t> frame = std::span(tx_).first(bytes);
      const bool unknown = (known_ & 1U) == 0;
      if (unknown || !frames_.update_chain(round, frame)) frames_.chain(round, frame);
      if (unknown && readback_) queue(0, 0);
      queue(0, 0);
    } else {
      const std::uint32_t bytes = frames_.stage_bytes();
      const std::uint32_t all = net_.stages >= 32 ? ~0U : (1U << net_.stages) - 1U;
      for (std::uint32_t todo = (changed_stages(round) | ~known_) & all; todo != 0; todo &= todo - 1) {
        const auto s = static_cast<std::uint32_t>(std::countr_zero(todo));
        const std::uint32_t at = s * kMaxFrameBytes;  // each chain's frame in its slot of frames_ahead_
        frames_.stage(round, s, std::span(frames_ahead_).subspan(at, bytes));
        if (((known_ >> s) & 1U) == 0 && readback_) queue(s, at);
        queue(s, at);
      }
    }
    return start_next();
  }
  /// One look at the transfer under way: false while the round's shifts run, true once
  /// the last has ended and the latch is pulsed; a transfer's error, or a read-back that
  /// differs (the latch not pulsed), ends the round.
  template <class Round>
  requires(kAsync) Result<bool> latch_progress(const Round& /*round: its frames were built at the start*/) {
    if (next_ == 0) return true;  // no transfer under way: a round with nothing to shift latched at its start
    if (done_.pending()) {
      hal::service(*spi_);
      if (done_.pending()) return false;
    }
    const Shift& s = shifts_[next_ - 1];
    const std::uint32_t bytes = transfer_bytes();
    if (const Errc e = done_.result(); e != Errc::ok) return transfer_failed(s.chain, e);
    A2A_TRY(check_shift(s.chain, frame_of(s), bytes));
    if (next_ < queued_) {
      A2A_TRY(start_next());
      return false;
    }
    next_ = 0;
    A2A_TRY(latch_->pulse());
    return true;
  }

 private:
  /// The blocking SPI's latch: each transfer finishes in its call.
  template <class Round>
  Errc latch_in_place(const Round& round) {
    if constexpr (Layout == ChainLayout::single) {
      // tx_ still holds the frame last shifted in while the chain is known: the round's
      // frame is that one with its changed stages rewritten (a Gray-order round: one).
      const std::uint32_t bytes = frames_.chain_bytes();
      const std::span<std::uint8_t> frame = std::span(tx_).first(bytes);
      const bool unknown = (known_ & 1U) == 0;
      if (unknown || !frames_.update_chain(round, frame)) frames_.chain(round, frame);
      if (unknown && readback_) A2A_TRY(shift(0, bytes));  // loads it: the next shift checks what came back
      A2A_TRY(shift(0, bytes));
    } else {
      const std::uint32_t bytes = frames_.stage_bytes();
      const std::uint32_t all = net_.stages >= 32 ? ~0U : (1U << net_.stages) - 1U;
      for (std::uint32_t todo = (changed_stages(round) | ~known_) & all; todo != 0; todo &= todo - 1) {
        const auto s = static_cast<std::uint32_t>(std::countr_zero(todo));  // a changed or unknown chain
        frames_.stage(round, s, std::span(tx_).first(bytes));
        if (((known_ >> s) & 1U) == 0 && readback_) A2A_TRY(shift(s, bytes));  // loads it: the next shift checks it
        A2A_TRY(shift(s, bytes));
      }
    }
    return latch_->pulse();
  }

 public:
  /// The stage and element of the last readback difference.
  [[nodiscard]] ReadbackFault readback_fault() const { return fault_; }
  /// The same for the console (hal::LocatingSink).
  [[nodiscard]] hal::WireFault wire_fault() const {
    if (!fault_.found) return {};
    if (fault_.transfer) return {hal::WireFault::Place::chain_transfer, fault_.stage, 0};
    return {hal::WireFault::Place::chain_element, fault_.stage, fault_.element};
  }
  /// Bytes shifted per stage (for the wire's timing: 8 x this many clocks).
  [[nodiscard]] std::uint32_t bytes_per_stage() const { return frames_.stage_bytes(); }
  /// Bytes of one transfer: a stage's frame, or the single chain's.
  [[nodiscard]] std::uint32_t bytes_per_transfer() const {
    return Layout == ChainLayout::single ? frames_.chain_bytes() : frames_.stage_bytes();
  }

 private:
  /// tx_'s first `bytes` into chain `chain`; what came back checked against what was
  /// written there last (once known), then remembered.
  Errc shift(std::uint32_t chain, std::uint32_t bytes) requires(!kAsync) {
    const std::span<const std::uint8_t> frame = std::span(tx_).first(bytes);
    if (const Errc e = spi_->write_read(chain, frame, std::span(rx_).first(bytes)); e != Errc::ok)
      return transfer_failed(chain, e);
    return check_shift(chain, frame, bytes);
  }
  Errc transfer_failed(std::uint32_t chain, Errc e) {
    known_ &= ~(1U << chain);  // a transfer cut short: what the chain holds is unknown
    fault_ = {true, chain, 0, true};
    next_ = 0;
    return e;
  }
  /// What came back from shifting `frame` into chain `chain`, checked against what was
  /// written there last (once known); the frame remembered as the chain's.
  Errc check_shift(std::uint32_t chain, std::span<const std::uint8_t> frame, std::uint32_t bytes) {
    std::span<std::uint8_t> written = std::span(written_).subspan(std::size_t{chain} * kMaxChainBytes, bytes);
    if (readback_ && ((known_ >> chain) & 1U) != 0 && !same_as_written(chain, std::span(rx_).first(bytes), written)) {
      known_ &= ~(1U << chain);  // what the chain holds now is unknown again
      next_ = 0;
      return Errc::bus_readback_mismatch;
    }
    std::copy_n(frame.begin(), bytes, written.begin());
    known_ |= 1U << chain;
    return Errc::ok;
  }
  bool same_as_written(std::uint32_t chain, std::span<const std::uint8_t> back, std::span<const std::uint8_t> written) {
    if (std::equal(back.begin(), back.end(), written.begin())) return true;  // the usual case: a byte compare
    const auto bytes = static_cast<std::uint32_t>(back.size());
    const std::uint32_t w = element_bits(net_.radix);
    const std::uint32_t per_stage = w * net_.switches_per_stage();
    const std::uint32_t positions = Layout == ChainLayout::single ? per_stage * net_.stages : per_stage;
    for (std::uint32_t position = 0; position < positions; ++position) {
      const FrameBit at = frame_bit(bytes, position);
      if (((back[at.byte] ^ written[at.byte]) & at.mask) != 0) {
        const std::uint32_t stage = Layout == ChainLayout::single ? position / per_stage : chain;
        fault_ = {true, stage, position % per_stage / w};
        return false;
      }
    }
    return true;
  }

  // --- The start/complete SPI's queue: the round's shifts, one transfer under way. ---
  struct Shift {
    std::uint16_t chain;
    std::uint16_t at;  // its frame in frames_ahead_ (a chain per stage), or tx_ (single)
  };
  void queue(std::uint32_t chain, std::uint32_t at) {
    shifts_[queued_++] = {static_cast<std::uint16_t>(chain), static_cast<std::uint16_t>(at)};
  }
  [[nodiscard]] std::uint32_t transfer_bytes() const {
    return Layout == ChainLayout::single ? frames_.chain_bytes() : frames_.stage_bytes();
  }
  [[nodiscard]] std::span<const std::uint8_t> frame_of(const Shift& s) const {
    if constexpr (Layout == ChainLayout::single)
      return std::span<const std::uint8_t>(tx_).first(transfer_bytes());
    else
      return std::span<const std::uint8_t>(frames_ahead_).subspan(s.at, transfer_bytes());
  }
  /// Starts shift next_ (none queued: the latch is pulsed now, as latch() would).
  Errc start_next() {
    if (queued_ == 0) return latch_->pulse();
    const Shift& s = shifts_[next_++];
    done_.begin();
    const std::uint32_t bytes = transfer_bytes();
    if (const Errc e = spi_->start(s.chain, frame_of(s), std::span(rx_).first(bytes), done_); e != Errc::ok)
      return transfer_failed(s.chain, e);
    return Errc::ok;
  }
  /// latch()'s looks at a start/complete SPI's transfers before it gives up (bus_timeout).
  static constexpr std::uint32_t kMaxLooks = 1'000'000;
  static constexpr std::uint32_t kMaxShifts = Layout == ChainLayout::single ? 2 : 2 * kMaxStages;
  struct NoQueue {};
  static constexpr std::uint32_t kChains = Layout == ChainLayout::single ? 1 : kMaxStages;
  Spi* spi_;
  Latch* latch_;
  Network net_{};
  FrameBuilder frames_{};
  std::uint32_t known_{0};  // bit c: written_'s chain c is what chain c holds
  std::array<std::uint8_t, kMaxChainBytes> tx_{};
  std::array<std::uint8_t, kMaxChainBytes> rx_{};
  std::array<std::uint8_t, std::size_t{kMaxChainBytes} * kChains> written_{};
  ReadbackFault fault_{};
  bool readback_;
  // Only over a start/complete SPI: the round's shifts and the frames they take.
  std::array<Shift, kAsync ? kMaxShifts : 1> shifts_{};
  std::array<std::uint8_t, kAsync && Layout == ChainLayout::per_stage ? kMaxFrameBytes * kMaxStages : 1>
      frames_ahead_{};
  std::uint32_t queued_{0};
  std::uint32_t next_{0};  // shifts_[next_ - 1] is under way (0: none)
  [[no_unique_address]] std::conditional_t<kAsync, hal::TransferCompletion, NoQueue> done_{};
};

}  // namespace a2a::spi_chain
