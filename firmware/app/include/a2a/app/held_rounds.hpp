// The rounds an exchange runs while it plans around a fault: the plan that was running
// goes on from the round that showed the fault, with every hop the fault blocks held,
// so the fabric keeps delivering what the fault does not touch while the completion of
// what it held (completion_planner.hpp) is planned in slices beside the rounds.
//
// A hop of round b (of the plan that runs, `base`) is held when a fault that showed in
// round b or before blocks it: a direct send or a relay's first hop whose path (or, for
// a first hop, its relay's path on) crosses the fault, a forward whose message's first
// hop or onward path does. The message stays where it is: at its origin, or as a copy in
// the relay's store (a forward). HeldReader lists every message held, with its
// holder, one base round per step: the completion's input. O(faults) per port a round.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/any_schedule.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/fault/completion_planner.hpp"
#include "a2a/fault/fault_set.hpp"

namespace a2a::app {

/// The faults that showed while `base` ran, each from the base round it showed in.
class HoldRule {
 public:
  // A stuck switch is two rectangles. The smallest boards' builds (one plan storage of
  // the single-fault designs' size) hold the few faults that fit beside one plan.
#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
  static constexpr std::uint32_t kCapacity = 2;
#else
  static constexpr std::uint32_t kCapacity = 2 * kMaxConfigFaults;
#endif
  constexpr void clear() { count_ = 0; }
  /// Every rectangle of `faults` (the new faults alone) holds from base round `onset`.
  [[nodiscard]] constexpr bool add(const FaultMap& faults, std::uint32_t onset) {
    if (count_ + faults.count() > kCapacity) return false;
    for (std::uint32_t f = 0; f < faults.count(); ++f) {
      const BlockedPairs r = faults.blocked(f);
      rect_[count_] = {static_cast<std::uint16_t>(r.fixed_a), static_cast<std::uint16_t>(r.a),
                       static_cast<std::uint16_t>(r.fixed_b), static_cast<std::uint16_t>(r.b)};
      onset_[count_++] = onset;
    }
    return true;
  }
  /// Does a fault that showed by base round b block the path i -> j?
  [[nodiscard]] constexpr bool blocks(std::uint32_t b, std::uint32_t i, std::uint32_t j) const {
    for (std::uint32_t k = 0; k < count_; ++k)
      if (onset_[k] <= b && rect(k).contains(i, j)) return true;
    return false;
  }
  /// The first base round any fault holds from (the rounds the held list is read from).
  [[nodiscard]] constexpr std::uint32_t first_onset() const {
    std::uint32_t first = 0xFFFFFFFFU;
    for (std::uint32_t k = 0; k < count_; ++k) first = onset_[k] < first ? onset_[k] : first;
    return first;
  }
  [[nodiscard]] constexpr bool empty() const { return count_ == 0; }
  /// Every fault held from the same round (one stop found them all).
  [[nodiscard]] constexpr bool one_onset() const {
    for (std::uint32_t k = 1; k < count_; ++k)
      if (onset_[k] != onset_[0]) return false;
    return count_ != 0;
  }
  [[nodiscard]] constexpr std::uint32_t count() const { return count_; }
  [[nodiscard]] constexpr BlockedPairs rect(std::uint32_t k) const {
    return {rect_[k].fixed_a, rect_[k].a, rect_[k].fixed_b, rect_[k].b};
  }
  [[nodiscard]] constexpr std::uint32_t onset(std::uint32_t k) const { return onset_[k]; }

 private:
  /// A rectangle in 16 bits a field (N <= 2^16: every port number fits).
  struct Rect {
    std::uint16_t fixed_a, a, fixed_b, b;
  };
  std::array<Rect, kCapacity> rect_{};
  std::array<std::uint32_t, kCapacity> onset_{};
  std::uint32_t count_{0};
};

/// What a hop of the base is to the held rounds: nothing to send, sent, or held (the
/// message stays at its origin, or in the store of the relay that would forward it).
enum class HopFate : std::uint8_t { none, runs, held_at_origin, held_in_store };

/// The rounds of `base` from round `first` on, every hop `hold` blocks held and every
/// message `history` marks delivered (a stop's partly delivered round) left out.
class HeldRounds {
 public:
  using Round = AnySchedule::Round;
  /// `delivered_before`: see relays_after() (0: none left out so).
  constexpr HeldRounds(const AnySchedule& base, std::uint32_t first, const HoldRule& hold,
                       const DeliveredMessages* history, std::uint32_t delivered_before = 0)
      : base_(&base), first_(first), hold_(&hold), history_(history), delivered_before_(delivered_before) {}
  /// The relay rounds of `known`, the fault-tolerant schedule around the faults as if
  /// known in advance (regular_rounds_direct()), after a Latin square that met them in
  /// round `onset`: its relayed messages whose direct round came before `onset` were
  /// delivered then and are left out; the others were held and are carried.
  static constexpr HeldRounds relays_after(const AnySchedule& known, const HoldRule& hold, std::uint32_t onset) {
    return HeldRounds(known, known.fault_tolerant()->regular_rounds(), hold, nullptr, onset);
  }
  [[nodiscard]] constexpr Network network() const { return base_->network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return base_->rounds() - first_; }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return base_->round(first_ + r); }
  [[nodiscard]] constexpr bool optical() const { return base_->optical(); }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t port) const {
    const PortSend s = base_->send(round, port);
    return fate(round.index(), port, s) == HopFate::runs ? s : PortSend{};
  }
  /// The fate of hop `s` that `port` sends in base round b.
  [[nodiscard]] constexpr HopFate fate(std::uint32_t b, std::uint32_t port, const PortSend& s) const {
    if (!s.sends) return HopFate::none;
    const std::uint32_t origin = s.message_origin(port);
    const std::uint32_t final_destination = s.message_final();
    if (history_ != nullptr && history_->delivered(origin, final_destination)) return HopFate::none;
    if (delivered_before_ != 0 &&
        base_->fault_tolerant()->regular_round_of(origin, final_destination) < delivered_before_)
      return HopFate::none;
    if (hold_->empty()) return HopFate::runs;
    if (origin == port) {
      const bool blocked = hold_->blocks(b, port, s.destination) ||
                           (s.destination != final_destination && hold_->blocks(b, s.destination, final_destination));
      return blocked ? HopFate::held_at_origin : HopFate::runs;
    }
    const bool blocked = hold_->blocks(b, port, final_destination) || hold_->blocks(b, origin, port);
    return blocked ? HopFate::held_in_store : HopFate::runs;
  }
  [[nodiscard]] constexpr const AnySchedule& base() const { return *base_; }
  [[nodiscard]] constexpr const HoldRule& hold() const { return *hold_; }
  [[nodiscard]] constexpr std::uint32_t delivered_before() const { return delivered_before_; }
  [[nodiscard]] constexpr std::uint32_t first() const { return first_; }

 private:
  const AnySchedule* base_;
  std::uint32_t first_;
  const HoldRule* hold_;
  const DeliveredMessages* history_;
  std::uint32_t delivered_before_{0};  // relays_after(): messages whose direct round is earlier were delivered
};

/// The messages the held rounds hold, read one base round per step into a HeldList:
/// from the first onset to the base's end, a direct send or first hop held lists the
/// message at its origin; a forward held lists it in its relay's store unless its first
/// hop was held too (then it is at its origin, listed already).
class HeldReader {
 public:
  constexpr HeldReader() = default;
  /// From base round `from` (the first onset).
  constexpr void start(const HeldRounds& rounds, HeldList& list, std::uint32_t from) {
    rounds_ = &rounds;
    list_ = &list;
    round_ = from;
    count_ = 0;
    overflowed_ = false;
    list.clear();
  }
  /// One base round; false once every round is read. fault_plan_storage_too_small once
  /// the list is full (the rounds are still read, for count()). `meter`: a checkpoint
  /// every kPortsPerCheckpoint ports (a send costs up to hundreds of instructions).
  /// A base of direct sends only (every family but the fault-tolerant one) is read at
  /// the faults' sources alone: only their sends can cross a fault; a planned
  /// fault-tolerant base there and at its relay hops (its plan lists them by round); a
  /// closed form's relay rounds at the sources and outputs and the relayed origins.
  [[nodiscard]] constexpr Result<bool> step(const PlanMeter* meter = nullptr) {
    meter_ = meter;
    const AnySchedule& base = rounds_->base();
    if (round_ >= base.rounds()) return overflowed_ ? Result<bool>(Errc::fault_plan_storage_too_small) : false;
    const AnySchedule::Round round = base.round(round_);
    std::uint32_t looked = 0;
    const auto look = [&](std::uint32_t port) {
      if (++looked % kPortsPerCheckpoint == 0) a2a::detail::checkpoint(meter);
      read(round, port);
    };
    const FaultTolerantSchedule* relaying = base.fault_tolerant();
    std::span<const RelayHop> relays{};
    const HoldRule& hold = rounds_->hold();
    if (relaying == nullptr || relaying->relay_hops(round_, relays) ||
        (relaying->regular_rounds_direct() && round_ < relaying->regular_rounds())) {
      // A direct send crosses a fault only from its sources; a relay hop is on the plan's list.
      look_in(hold, false, look);
      for (const RelayHop& h : relays)
        if (!in_force(hold, h.port, hold.count(), false)) look(h.port);
    } else {
      // A closed form's relay round: a hop is held from the rules' sources, a forward to
      // their outputs (its first hop blocked), a first hop from a relayed origin (its
      // forward blocked): those ports alone, each once.
      look_in(hold, false, look);
      look_in(hold, true, [&](std::uint32_t u) {
        if (!in_force(hold, u, hold.count(), false)) look(u);
      });
      const auto relayed = [&](std::uint32_t k) {
        return relaying->general() ? relaying->fault_map().blocked(k) : relaying->blocked();
      };
      const std::uint32_t sets = relaying->general() ? relaying->fault_map().count() : 1U;
      for (std::uint32_t k = 0; k < sets; ++k)
        each_of(relayed(k), false, [&](std::uint32_t u) {
          for (std::uint32_t x = 0; x < k; ++x)
            if (relayed(x).source(u)) return;
          if (!in_force(hold, u, hold.count(), false) && !in_force(hold, u, hold.count(), true)) look(u);
        });
    }
    ++round_;
    if (overflowed_ && round_ >= base.rounds()) return Errc::fault_plan_storage_too_small;
    return round_ < base.rounds();
  }
  /// The messages held in the rounds read so far (past a full list too: a forward whose
  /// message is at its origin may then count twice).
  [[nodiscard]] constexpr std::uint32_t count() const { return count_; }

 private:
  /// Whether u is a source (outputs: an output) of one of the first `below` rules in force.
  [[nodiscard]] constexpr bool in_force(const HoldRule& hold, std::uint32_t u, std::uint32_t below,
                                        bool outputs) const {
    for (std::uint32_t j = 0; j < below; ++j)
      if (hold.onset(j) <= round_ && (outputs ? hold.rect(j).output(u) : hold.rect(j).source(u))) return true;
    return false;
  }
  /// f(u) for every source (outputs: every output) of rectangle r.
  template <class F>
  constexpr void each_of(const BlockedPairs& r, bool outputs, F f) const {
    const std::uint32_t fixed = outputs ? r.fixed_b : r.fixed_a;
    const std::uint32_t value = outputs ? r.b : r.a;
    const std::uint32_t free = (rounds_->base().network().ports - 1) & ~fixed;
    std::uint32_t sub = 0;
    do {
      f(value | sub);
      sub = (sub - free) & free;
    } while (sub != 0);
  }
  /// look(u) for every source (outputs: output) of the rules in force, each once.
  template <class F>
  constexpr void look_in(const HoldRule& hold, bool outputs, F look) const {
    for (std::uint32_t k = 0; k < hold.count(); ++k) {
      if (hold.onset(k) > round_) continue;
      each_of(hold.rect(k), outputs, [&](std::uint32_t u) {
        if (!in_force(hold, u, k, outputs)) look(u);
      });
    }
  }
  /// The hop `port` sends in `round` (base round round_): listed if it is held.
  constexpr void read(const AnySchedule::Round& round, std::uint32_t port) {
    const PortSend s = rounds_->base().send(round, port);
    const HopFate fate = rounds_->fate(round_, port, s);
    if (fate != HopFate::held_at_origin && fate != HopFate::held_in_store) return;
    const std::uint32_t origin = s.message_origin(port);
    const std::uint32_t final_destination = s.message_final();
    if (fate == HopFate::held_in_store && list_->at_origin(origin, final_destination, meter_)) return;
    ++count_;
    if (!list_->add(HeldMessage{static_cast<std::uint16_t>(port), static_cast<std::uint16_t>(origin),
                                static_cast<std::uint16_t>(final_destination)}))
      overflowed_ = true;
  }

  const HeldRounds* rounds_{nullptr};
  HeldList* list_{nullptr};
  std::uint32_t round_{0};
  std::uint32_t count_{0};
  bool overflowed_{false};
  const PlanMeter* meter_{nullptr};  // step()'s, for the list's scans
};

}  // namespace a2a::app
