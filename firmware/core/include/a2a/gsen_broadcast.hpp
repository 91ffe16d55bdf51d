// All-to-all broadcast on a GSEN (paper 000, Algorithm 1): every processor has ONE
// message, and every processor must receive every processor's message.
//
// A MIN round is a permutation, so a processor receives one message per round and
// a broadcast needs as many rounds as a personalized exchange: the same
// configurations serve both (R(N) counts configurations for "all-to-all
// communication"). What differs is the payload: in round k processor i injects
// its single broadcast message, so it needs only the tag, not the destination.
// For N = 2 (mod 4) this is Algorithm 1: the alternating configurations
// A_0..A_{N-1}, tag k for even i and 2^n - 1 - k for odd i. For other N the
// configurations of best_gsen_configurations() are used, with the same
// idle-port rule as the personalized exchange (a duplicate path would only
// deliver a copy the receiver already has).
//
// Verification semantics: the message a port sends is its own (origin = the port),
// so check_exchange's "every ordered pair (origin, receiver) exactly once" reads
// here as "every processor receives every processor's broadcast message exactly
// once, its own included" (Algorithm 1 routes it too). That is the broadcast's
// correctness condition with no duplicate traffic; nothing weaker is accepted.
#pragma once

#include <concepts>
#include <cstdint>

#include "a2a/gsen_sets.hpp"
#include "a2a/gsen_stage_control.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

class GsenBroadcastSchedule {
 public:
  using Round = GsenSetSchedule::Round;

  constexpr GsenBroadcastSchedule() = default;

  static constexpr Result<GsenBroadcastSchedule> make(const Network& net) {
    if (net.topology != Topology::gsen) return Errc::gsen_schedule_on_other_topology;
    const auto rounds = GsenSetSchedule::make(net, best_gsen_configurations(net));
    A2A_TRY(rounds);
    GsenBroadcastSchedule s;
    s.rounds_ = *rounds;
    return s;
  }

  /// Every processor's one message reaches every processor (not a personalized exchange).
  [[nodiscard]] static constexpr bool broadcast() { return true; }

  [[nodiscard]] constexpr Network network() const { return rounds_.network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return rounds_.rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return rounds_.round(r); }
  [[nodiscard]] constexpr Result<Round> checked_round(std::uint32_t r) const { return rounds_.checked_round(r); }
  /// Port i in `round`: whether it injects its broadcast message, with which tag,
  /// and where the copy arrives.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const { return rounds_.send(round, i); }
  [[nodiscard]] constexpr Result<PortSend> checked_send(const Round& round, std::uint32_t i) const {
    return rounds_.checked_send(round, i);
  }
  /// The configurations and the idle-port rule underneath.
  [[nodiscard]] constexpr const GsenSetSchedule& configurations() const { return rounds_; }

 private:
  GsenSetSchedule rounds_{};
};

static_assert(Schedule<GsenBroadcastSchedule>);

/// Whether a schedule is an all-to-all broadcast (declares `static bool broadcast()`).
template <class S>
constexpr bool is_broadcast(const S& s) {
  if constexpr (requires {
                  { s.broadcast() } -> std::convertible_to<bool>;
                })
    return s.broadcast();
  else
    return false;
}

}  // namespace a2a
