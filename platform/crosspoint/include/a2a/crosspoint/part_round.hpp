// A crosspoint round as a sequence of register bursts, run on a blocking part bus or
// started one at a time on a start/complete one (part_bus.hpp). A part's sink (the
// ADN4604's, the VSC3316's) says which transfer comes next (next_op: worked out as it is
// reached, so no step builds the whole round), checks what a read brought (read_back)
// and notes a transfer that failed (op_failed); PartRound drives them:
//   run(sink, bus, round)       every transfer, each ended before the next (latch())
//   start(sink, bus, round)     the first transfer started (start_latch())
//   progress(sink, bus, round)  one look at the transfer under way: when it has ended, its
//                               read checked and the next started; true after the last
//                               (latch_progress(): one transfer started a step at most)
// The same sequence either way, so what goes on the wire does not depend on the form.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/crosspoint/part_bus.hpp"
#include "a2a/status.hpp"

namespace a2a::crosspoint {

/// One transfer of a round: a burst written (`length` bytes), or `length` bytes read
/// (`bytes` then holds what the sink expects, where it says so); `output` is the part's
/// output a failure names.
struct PartOp {
  enum class Kind : std::uint8_t { write, read };
  Kind kind{Kind::write};
  std::uint8_t reg{0};
  std::uint8_t length{0};
  std::uint32_t part{0};
  std::uint32_t output{0};
  std::array<std::uint8_t, kMaxBurst> bytes{};
  [[nodiscard]] constexpr std::span<const std::uint8_t> data() const {
    return std::span<const std::uint8_t>(bytes).first(length);
  }
  /// Made a write of `value` to one register (in place: a round's op is filled where
  /// it lives, not copied).
  constexpr void set_write_one(std::uint32_t to, std::uint8_t at, std::uint8_t value, std::uint32_t named = 0) {
    kind = Kind::write;
    reg = at;
    length = 1;
    part = to;
    output = named;
    bytes[0] = value;
  }
  /// Made a read of `n` registers from `at` on.
  constexpr void set_read(std::uint32_t from, std::uint8_t at, std::uint8_t n, std::uint32_t named = 0) {
    kind = Kind::read;
    reg = at;
    length = n;
    part = from;
    output = named;
  }
};

/// A sink's side: next_op(round, op) fills the round's next transfer (false: none left;
/// an error: a step that is not a transfer failed, an update pin), read_back(op, bytes)
/// checks a read, op_failed(op, e) notes a transfer's error and returns it.
template <class S, class Round>
concept PartSequence = requires(S& s, const Round& round, PartOp& op, std::span<const std::uint8_t> got, Errc e) {
  { s.next_op(round, op) } -> std::same_as<Result<bool>>;
  { s.read_back(op, got) } -> std::same_as<Errc>;
  { s.op_failed(op, e) } -> std::same_as<Errc>;
};

/// Drives a sink's round over its part bus (Bus: a PartBus or an AsyncPartBus).
template <class Bus>
class PartRound {
 public:
  static constexpr bool kAsync = AsyncPartBus<Bus>;

  template <class Sink, class Round>
  Errc run(Sink& sink, Bus& bus, const Round& round) {
    if constexpr (kAsync) {
      A2A_TRY(start(sink, bus, round));
      // per round: ample for a few hundred bursts
      return hal::look_until_done([&] { return progress(sink, bus, round); }, kMaxBurstLooks);
    } else {
      for (;;) {
        const Result<bool> more = sink.next_op(round, op_);
        if (!more) return more.error();
        if (!*more) return Errc::ok;
        if (op_.kind == PartOp::Kind::write) {
          if (const Errc e = bus.write(op_.part, op_.reg, op_.data()); e != Errc::ok) return sink.op_failed(op_, e);
          continue;
        }
        const std::span<std::uint8_t> into = std::span(got_).first(op_.length);
        if (const Errc e = bus.read(op_.part, op_.reg, into); e != Errc::ok) return sink.op_failed(op_, e);
        A2A_TRY(sink.read_back(op_, into));
      }
    }
  }

  template <class Sink, class Round>
  requires(kAsync) Errc start(Sink& sink, Bus& bus, const Round& round) {
    in_flight_ = false;
    return start_next(sink, bus, round);
  }

  template <class Sink, class Round>
  requires(kAsync) Result<bool> progress(Sink& sink, Bus& bus, const Round& round) {
    if (!in_flight_) return true;  // nothing under way: the round's transfers are over
    const Result<bool> ended = bus.progress();
    if (!ended) {
      in_flight_ = false;
      return sink.op_failed(op_, ended.error());
    }
    if (!*ended) return false;
    in_flight_ = false;
    if (op_.kind == PartOp::Kind::read) A2A_TRY(sink.read_back(op_, bus.received()));
    A2A_TRY(start_next(sink, bus, round));
    return !in_flight_;
  }

 private:
  template <class Sink, class Round>
  Errc start_next(Sink& sink, Bus& bus, const Round& round) {
    const Result<bool> more = sink.next_op(round, op_);
    if (!more) return more.error();
    if (!*more) return Errc::ok;
    const Errc e = op_.kind == PartOp::Kind::write ? bus.start_write(op_.part, op_.reg, op_.data())
                                                   : bus.start_read(op_.part, op_.reg, op_.length);
    if (e != Errc::ok) return sink.op_failed(op_, e);
    in_flight_ = true;
    return Errc::ok;
  }

  PartOp op_{};
  std::array<std::uint8_t, kMaxBurst> got_{};  // a blocking read's bytes
  bool in_flight_{false};
};

/// The latch of a sink whose round is a sequence of bursts (CRTP: Sink derives from
/// SequencedLatch<Sink, Bus> and gives begin_round(), bus() and the PartSequence side):
/// latch() on either form of bus, start_latch() and latch_progress() (a StartingSink,
/// hal/switch_fabric.hpp) on a start/complete one.
template <class Sink, class Bus>
class SequencedLatch {
 public:
  static constexpr bool kAsync = AsyncPartBus<Bus>;

  /// The round's transfers to their end (over a start/complete bus: bounded).
  template <class Round>
  Errc latch(const Round& round) {
    sink().begin_round();
    return round_.run(sink(), sink().bus(), round);
  }
  /// The same started: one transfer under way, latch_progress() once a step.
  template <class Round>
  requires(kAsync) Errc start_latch(const Round& round) {
    sink().begin_round();
    return round_.start(sink(), sink().bus(), round);
  }
  template <class Round>
  requires(kAsync) Result<bool> latch_progress(const Round& round) {
    return round_.progress(sink(), sink().bus(), round);
  }

 private:
  Sink& sink() { return static_cast<Sink&>(*this); }
  PartRound<Bus> round_{};
};

}  // namespace a2a::crosspoint
