// The look-ahead mode (docs/PERFORMANCE.md, "Look-ahead mode"): the main loop
// computes every round's register stores ahead into a SlotRing (the HAL's slot_ring.hpp),
// and a timer interrupt writes one entry, a STAGE_CTRL word and the COMMIT, at
// each slot boundary. The interrupt never waits for the fabric, so a slot costs
// the interrupt's few instructions plus two stores, whatever the producer does.
//
// How each round is confirmed. The interrupt does not read STATUS. The main loop
// reads ROUND_COUNTER and LAST_ERROR while it produces: a round is confirmed when
// ROUND_COUNTER has counted it and LAST_ERROR is unchanged (the block writes
// LAST_ERROR, with the round's ticket, for every round it flags or does not run).
// At most `window` rounds are committed beyond the last confirmed one, so a
// flagged round is known by its ticket (window < 256) and the run stops there:
//  - window 1 (the default; board_lookahead runs it on every board): round r is pushed only
//    after round r-1 is confirmed. Nothing after a flagged round was committed,
//    so the direct round loop can retry or re-plan from exactly that round.
//    The main loop writes round r's port headers (and any further changed stage)
//    into the shadow registers before it pushes r: the block latched r-1 when it
//    counted it, so its shadow registers are free (docs/register-map.md, "How a
//    COMMIT latches a round"). This register block takes every round's headers
//    from the controller, so this is the mode that runs on it;
//  - window > 1 (write_ports off): for a fabric whose ports inject their own
//    headers; rounds must change one stage each (Gray order), and rounds after a
//    flagged one may already have run (outcome.slots_written says how many).
// A round that never completes (a COMMIT lost or refused) stops the run when
// nothing progresses for options.stall_us; LAST_ERROR names a refused one.
// The delivery check stays the fabric's counters after the run, as in the
// direct loop (device_run.hpp).
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "a2a/alternating.hpp"
#include "a2a/hal/slot_ring.hpp"
#include "a2a/digit_maps.hpp"
#include "a2a/digits.hpp"
#include "a2a/gray_stepper.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_fields.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/limits.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

// The ring itself is the HAL's (board support's slot timer serves it below the app).
using hal::commit_control;
using hal::SlotEntry;
using hal::SlotRing;
using hal::SlotServed;

/// Rounds in flight at most (tickets are 8 bits: a flagged round's ticket must name one round).
inline constexpr std::uint32_t kMaxLookaheadWindow = 128;

/// A board's slot timer as the look-ahead loop uses it: the ring its interrupt
/// consumes, start (the first slot boundary one period later) and stop, the time,
/// and idle(), called each time the runner found nothing to do but wait for a slot
/// (feed the watchdog; a host test plays the interrupts there). idle() never waits.
template <class T>
concept SlotTimer = requires(T& t) {
  t.ring().reset();
  { t.start() } -> std::same_as<bool>;
  t.stop();
  { t.micros() } -> std::same_as<std::uint64_t>;
  t.idle();
};

struct LookaheadOptions {
  std::uint32_t window{1};  ///< rounds committed beyond the last confirmed one, 1 .. min(capacity - 1, 128)
  bool write_ports{
      true};  ///< the main loop writes each round's PORT_HEADER, IDLE_MASK (and PORT_MESSAGE in relay mode)
  std::uint64_t stall_us{1000000};  ///< stop when no slot is written and no round confirmed for this long
};

struct LookaheadOutcome {
  Errc error{Errc::ok};            ///< ok: every round confirmed; else why the run stopped
  std::uint32_t rounds_done{0};    ///< rounds 0 .. rounds_done - 1 ran and were not flagged
  std::uint32_t slots_written{0};  ///< COMMITs the interrupt wrote (window 1: at most rounds_done + 1)
  std::uint32_t underruns{0};      ///< slot boundaries with no round ready (those rounds went out later)
  std::uint32_t last_error{0};     ///< LAST_ERROR when a round was flagged or not run
};

/// The STAGE_CTRL value of a stage set by `mode` with `state` (stage state or a_s).
[[nodiscard]] constexpr std::uint32_t stage_control_value(ControlMode mode, std::uint32_t state) {
  return hal::RegisterValue<hal::reg::StageControl>{}
      .set<hal::reg::StageControl::Mode>(hal::mode_code(mode))
      .set<hal::reg::StageControl::State>(state)
      .raw();
}

/// A schedule whose rounds say how they set their switches (as hal::ControlledSchedule).
template <class S>
concept LookaheadSchedule = Schedule<S> && requires(const typename S::Round& round) {
  { round.control() } -> std::same_as<ControlMode>;
};

namespace detail {

/// Schedules whose rounds step in O(1) and change exactly one stage each
/// (changed_stage()): the Latin square in Gray order and paper 000's Algorithm 4.
template <class S>
constexpr bool steps_one_stage(const S& schedule) {
  if constexpr (std::same_as<S, AlternatingSchedule>) {
    return true;
  } else if constexpr (requires(const typename S::Round& r, std::uint32_t i) {
                         { schedule.next(r) } -> std::same_as<typename S::Round>;
                         { schedule.order() } -> std::same_as<RoundOrder>;
                         { r.changed_stage() } -> std::convertible_to<std::uint32_t>;
                         { r.stage_state(i) } -> std::convertible_to<std::uint32_t>;
                       }) {
    return schedule.order() == RoundOrder::gray;
  } else {
    return false;
  }
}

template <class S>
concept OneStageStepping = requires(const S& s, const typename S::Round& r, std::uint32_t i) {
  { s.next(r) } -> std::same_as<typename S::Round>;
  { r.changed_stage() } -> std::convertible_to<std::uint32_t>;
  { r.stage_state(i) } -> std::convertible_to<std::uint32_t>;
};

}  // namespace detail

/// The producer's per-round work: round r's slot entry (the stage written at the
/// boundary and the COMMIT) and the other stages r changes (`extra`, written by
/// the main loop into the shadow registers).
///  - step(): one round at a time, its Round kept for the ports' view
///    (write_round_ports): O(1) with next() where the schedule changes one stage a
///    round (Gray-order Latin square, Algorithm 4), else every stage's value is
///    compared with the round before (O(n));
///  - fill(): as many rounds as the ring takes, when the main loop writes nothing
///    but the slots (window above 1): the core's GrayStepper (gray_stepper.hpp, the
///    round step at its floor) where the schedule has one, else next().
template <class Layout, LookaheadSchedule S>
class SlotProducer {
 public:
  /// Stages to write directly: a mask and each one's value.
  struct StageWrites {
    std::uint32_t mask{0};
    std::array<std::uint32_t, kMaxStages> value{};
  };

  /// first_ticket: the ticket of round 0's COMMIT (STATUS.TICKET + 1).
  constexpr SlotProducer(const S& schedule, std::uint32_t first_ticket)
      : schedule_(&schedule),
        stages_(schedule.network().stages),
        one_stage_(detail::steps_one_stage(schedule)),
        control_(commit_control(first_ticket)) {
    if (one_stage_ && schedule.network().radix == 2) {
      if (const Result<GrayStepper<1>> binary = gray_stepper<1>(schedule); binary) {
        binary_ = *binary;
        stepper_ = Stepper::binary;
      }
    } else if (one_stage_) {
      if (const Result<GrayStepper<0>> general = gray_stepper<0>(schedule); general) {
        general_ = *general;
        stepper_ = Stepper::general;
      }
    }
  }

  /// Whether every round sets its switches by stage or alternating control.
  [[nodiscard]] constexpr Errc check() const {
    if (schedule_->rounds() == 0) return Errc::ok;
    if (one_stage_)
      return schedule_->round(0).control() == ControlMode::individual ? Errc::lookahead_individual_control : Errc::ok;
    for (std::uint32_t r = 0; r < schedule_->rounds(); ++r)
      if (schedule_->round(r).control() == ControlMode::individual) return Errc::lookahead_individual_control;
    return Errc::ok;
  }
  /// Every round after the first changes one stage (checked without stepping).
  [[nodiscard]] constexpr bool one_stage_per_round() const { return one_stage_; }

  /// Rounds produced so far: the next step() makes this round's entry.
  [[nodiscard]] constexpr std::uint32_t produced() const { return produced_; }
  [[nodiscard]] constexpr bool done() const { return produced_ == schedule_->rounds(); }
  /// The round the last step() produced.
  [[nodiscard]] constexpr const typename S::Round& round() const { return round_; }

  /// The next round's entry; `extra` gets the other stages it changes (round 0:
  /// every stage but the entry's). Precondition: !done().
  A2A_ROUND_LOOP_INLINE constexpr SlotEntry step(StageWrites& extra) {
    const std::uint32_t r = produced_++;
    extra.mask = 0;
    if (filled_) resync(r);  // fill() kept neither the Round nor the stages' values
    if constexpr (detail::OneStageStepping<S>) {
      if (one_stage_ && r != 0) {
        round_ = schedule_->next(round_);
        const std::uint32_t stage = round_.changed_stage();
        return entry(stage, stage_control_value(round_.control(), round_.stage_state(stage)));
      }
    }
    round_ = schedule_->round(r);
    const ControlMode mode = round_.control();
    std::uint32_t last = stages_;  // the last stage that changed: the entry's
    for (std::uint32_t s = 0; s < stages_; ++s) {
      const std::uint32_t v = stage_control_value(mode, round_.switch_state(s, 0));
      if (r != 0 && v == written_[s]) continue;
      written_[s] = v;
      if (last != stages_) {
        extra.mask |= std::uint32_t{1} << last;
        extra.value[last] = written_[last];
      }
      last = s;
    }
    if (last == stages_) last = stages_ - 1;  // no stage changed (a repeated word): rewrite one
    return entry(last, written_[last]);
  }

  /// Pushes the next rounds' entries into `ring` while it has room, at most `max`:
  /// the producer's loop when the main loop writes nothing else (window above 1).
  /// The step stays in registers across the loop. Precondition: round 0 was
  /// produced by step() and one_stage_per_round(). Returns how many it pushed.
  template <class Ring>
  A2A_ROUND_LOOP_INLINE std::uint32_t fill(Ring& ring, std::uint32_t max) {
    std::uint32_t n = ring.space();
    if (n > max) n = max;
    if (n > schedule_->rounds() - produced_) n = schedule_->rounds() - produced_;
    if (n == 0) return 0;
    if (stepper_ == Stepper::binary) return fill_with(binary_, ring, n);
    if (stepper_ == Stepper::general) return fill_with(general_, ring, n);
    if constexpr (detail::OneStageStepping<S>) {
      return fill_next(ring, n);
    } else {
      a2a::detail::contract_violation();  // not one stage a round: step() only
    }
  }

 private:
  /// CONTROL's next ticket (bits 31:16 are ignored by the block: a running count).
  static constexpr std::uint32_t kTicketStep = std::uint32_t{1} << hal::reg::Control::Ticket::position;
  enum class Stepper : std::uint8_t { none, binary, general };

  A2A_ROUND_LOOP_INLINE constexpr SlotEntry entry(std::uint32_t stage, std::uint32_t value) {
    written_[stage] = value;
    const SlotEntry e{Layout::stage_control(stage), value, control_};
    control_ += kTicketStep;
    return e;
  }

  /// fill()'s loop over the core's Gray step: the changed stage and its new state
  /// from the round index. Every round has the first one's control mode; a stage is
  /// < n <= kMaxStages and a state < d <= 16, so the offset and the value need no
  /// range check here. Locals: the ring's stores cannot alias them.
  template <std::uint32_t W, class Ring>
  A2A_ROUND_LOOP_INLINE std::uint32_t fill_with(GrayStepper<W>& kept, Ring& ring, std::uint32_t n) {
    GrayStepper<W> stepper = kept;
    stepper.seek(produced_ - 1);  // at the round produced last
    std::uint32_t control = control_;
    const std::uint32_t mode_bits = stage_control_value(stepper.control(), 0);
    ring.emplace_batch(
        n, [&](std::uint32_t) __attribute__((always_inline)) {
          const StageStep change = stepper.step();
          const SlotEntry e{Layout::kStageControlBase + 4 * change.stage,
                            mode_bits | change.state << hal::reg::StageControl::State::position, control};
          control += kTicketStep;
          return e;
        });
    kept = stepper;
    return filled(n, control);
  }

  /// fill()'s loop over next(), for a one-stage schedule without a GrayStepper.
  template <class Ring>
  A2A_ROUND_LOOP_INLINE std::uint32_t fill_next(Ring& ring, std::uint32_t n) {
    const S schedule = *schedule_;
    typename S::Round round = round_;
    std::uint32_t control = control_;
    const std::uint32_t mode_bits = stage_control_value(round.control(), 0);
    ring.emplace_batch(
        n, [&](std::uint32_t) __attribute__((always_inline)) {
          round = schedule.next(round);
          const std::uint32_t stage = round.changed_stage();
          const SlotEntry e{Layout::kStageControlBase + 4 * stage,
                            mode_bits | round.stage_state(stage) << hal::reg::StageControl::State::position, control};
          control += kTicketStep;
          return e;
        });
    round_ = round;
    return filled(n, control);
  }

  constexpr std::uint32_t filled(std::uint32_t n, std::uint32_t control) {
    control_ = control;
    produced_ += n;
    filled_ = true;
    return n;
  }

  /// After fill(): the Round and every stage's value as of round r - 1.
  constexpr void resync(std::uint32_t r) {
    filled_ = false;
    round_ = schedule_->round(r - 1);
    for (std::uint32_t s = 0; s < stages_; ++s)
      written_[s] = stage_control_value(round_.control(), round_.switch_state(s, 0));
  }

  const S* schedule_;
  std::uint32_t stages_;
  bool one_stage_;
  bool filled_{false};
  Stepper stepper_{Stepper::none};
  std::uint32_t control_;
  std::uint32_t produced_{0};
  typename S::Round round_{};
  std::array<std::uint32_t, kMaxStages> written_{};  // each stage's STAGE_CTRL value as last produced
  GrayStepper<1> binary_{};
  GrayStepper<0> general_{};
};

/// Round `round`'s port state into the shadow registers: every port's header (idle
/// ports 0), the idle mask, and in relay mode each sending port's message.
template <class Layout, hal::RegisterBus Bus, class S>
constexpr void write_round_ports(Bus& bus, const S& schedule, const typename S::Round& round, bool relay) {
  using namespace hal::reg;
  const std::uint32_t ports = schedule.network().ports;
  std::uint32_t idle = 0;
  for (std::uint32_t port = 0; port < ports; ++port) {
    const PortSend send = schedule.send(round, port);
    const std::uint32_t header = send.sends ? hal::RegisterValue<PortHeader>{}
                                                  .set<PortHeader::Destination>(send.destination)
                                                  .set<PortHeader::Tag>(send.tag)
                                                  .raw()
                                            : 0U;
    bus.write32(Layout::port_header(port), header);
    if (relay && send.sends)
      bus.write32(Layout::port_message(port), hal::RegisterValue<PortMessage>{}
                                                  .set<PortMessage::Origin>(send.message_origin(port))
                                                  .set<PortMessage::Final>(send.message_final())
                                                  .raw());
    const std::uint32_t bit = port % 32;
    if (!send.sends) idle |= std::uint32_t{1} << bit;
    const bool last = port + 1 == ports;
    if (bit == 31 || last) {
      if (last && bit != 31) idle |= ~std::uint32_t{0} << (bit + 1);  // ports beyond N: idle
      bus.write32(Layout::idle_mask(port / 32), idle);
      idle = 0;
    }
  }
}

}  // namespace a2a::app
