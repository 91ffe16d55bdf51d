// The shift network of paper 003: an optical MIN that realizes a whole cyclic
// shift i -> (i + c) mod N in one crosstalk-free pass.
//
// The network (Topology::shift, wiring in topology.hpp and docs/conventions.md) has
// m + 1 stages of N switches, N = 2^m. A signal that leaves stage k on output 1
// moves 2^k switches down, so a pass that sends every signal out of output
// a_k = bit k of c at stage k (k < m), and out of output 0 at the last stage,
// moves every processor by c. Every signal of a pass sits on a different switch
// at every stage (they are all shifted by the same amount), hence no crosstalk.
//
// In k-shift terms (what the registers hold): a signal enters stage k on port
// a_{k-1} (port 0 at stage 0) and must leave on a_k, so every switch of stage k
// is in state a_{k-1} xor a_k, i.e. bit k of c xor (c << 1): stage control, one
// state per stage, and the same forward tag for every port of the pass.
//
// The schedule: pass r realizes shift c = r (or gray(r)); pass 0 (c = 0, every
// switch straight) carries each processor's message to itself, so N passes
// deliver every ordered pair exactly once. ShiftPasses::paper drops it and runs
// the paper's N - 1 passes (messages to self then stay in their processor).
#pragma once

#include <array>
#include <cstdint>

#include "a2a/digits.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// Which passes the shift schedule runs.
enum class ShiftPasses : std::uint8_t {
  with_self,  ///< N passes: the identity (c = 0) first, then the N - 1 cyclic shifts
  paper,      ///< the paper's N - 1 passes, c = 1..N-1 (Theorem 2); self messages not sent
};

namespace detail {
/// k-shift state of every switch of stage k in the pass with shift c: a_{k-1} xor a_k.
constexpr std::uint32_t shift_stage_state(std::uint32_t c, std::uint32_t k) { return ((c ^ (c << 1)) >> k) & 1U; }
/// Forward tag of the pass with shift c in a network of m + 1 stages: output a_k at
/// stage k < m, output 0 at stage m; stage 0 is the most significant digit.
constexpr std::uint32_t shift_tag(std::uint32_t c, std::uint32_t m) {
  std::uint32_t tag = 0;
  for (std::uint32_t k = 0; k < m; ++k) tag = tag * 2 + ((c >> k) & 1U);
  return tag * 2;
}
}  // namespace detail

/// One message's path, found from (source, destination) alone (paper 003, section IV).
struct ShiftRoute {
  std::uint32_t shift{0};  ///< c = (destination - source) mod N: the pass that carries the message
  Path path{};             ///< switch, input and output port at every stage, tags (as route() gives them)
};

/// The route of the message source -> destination: c = (destination - source) mod N;
/// at stage k it is on switch (source + (c mod 2^k)) mod N, enters on port a_{k-1}
/// (0 at stage 0) and leaves on a_k (0 at the last stage).
constexpr Result<ShiftRoute> shift_route(const Network& net, std::uint32_t source, std::uint32_t destination) {
  if (net.topology != Topology::shift) return Errc::schedule_needs_shift_network;
  if (source >= net.ports || destination >= net.ports) return Errc::port_out_of_range;
  const std::uint32_t mask = net.ports - 1;
  const std::uint32_t m = net.stages - 1;
  ShiftRoute r;
  r.shift = (destination + net.ports - source) & mask;
  r.path.source = source;
  r.path.destination = destination;
  r.path.stages = net.stages;
  std::uint32_t in = 0;
  for (std::uint32_t k = 0; k < net.stages; ++k) {
    const std::uint32_t low = r.shift & ((std::uint32_t{1} << k) - 1);  // c mod 2^k: the distance moved so far
    const std::uint32_t out = k < m ? (r.shift >> k) & 1U : 0U;
    r.path.hops[k] = Hop{(source + low) & mask, static_cast<std::uint8_t>(in), static_cast<std::uint8_t>(out)};
    r.path.tag = r.path.tag * 2 + out;
    r.path.backward_tag = r.path.backward_tag * 2 + in;
    in = out;
  }
  return r;
}

class ShiftSchedule : public CheckedAccess<ShiftSchedule> {
 public:
  /// One pass: the cyclic shift c, as stage control.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// c: every processor i sends to (i + c) mod N in this pass.
    [[nodiscard]] constexpr std::uint32_t shift() const { return shift_; }
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::stage; }
    /// Stage word (docs/conventions.md): bit n-1-s is the state of stage s.
    [[nodiscard]] constexpr std::uint32_t word() const { return word_; }
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return detail::shift_stage_state(shift_, stage);
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t) const {
      return stage_state(stage);
    }

   private:
    friend class ShiftSchedule;
    std::uint32_t index_{0};
    std::uint32_t shift_{0};
    std::uint32_t word_{0};
    std::uint32_t tag_{0};  // the same for every port of the pass
  };

  constexpr ShiftSchedule() = default;

  static constexpr Result<ShiftSchedule> make(const Network& net, RoundOrder order = RoundOrder::natural,
                                              ShiftPasses passes = ShiftPasses::with_self) {
    if (net.topology != Topology::shift) return Errc::schedule_needs_shift_network;
    ShiftSchedule s;
    s.net_ = net;
    s.order_ = order;
    s.passes_ = passes;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr RoundOrder order() const { return order_; }
  [[nodiscard]] constexpr ShiftPasses passes() const { return passes_; }
  /// Crosstalk-free: no switch carries two signals in a pass.
  [[nodiscard]] constexpr bool optical() const { return true; }
  [[nodiscard]] constexpr std::uint32_t rounds() const {
    return passes_ == ShiftPasses::with_self ? net_.ports : net_.ports - 1;
  }

  /// The shift c of round r: r (natural) or gray(r) (one bit of c changes per round),
  /// counted from 1 when the identity pass is left out.
  [[nodiscard]] constexpr std::uint32_t shift_of_round(std::uint32_t r) const {
    const std::uint32_t x = passes_ == ShiftPasses::with_self ? r : r + 1;
    return order_ == RoundOrder::gray ? x ^ (x >> 1) : x;
  }

  /// Round r (precondition r < rounds(); see checked_round for untrusted input).
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.index_ = r;
    round.shift_ = shift_of_round(r);
    for (std::uint32_t s = 0; s < net_.stages; ++s) round.word_ = round.word_ * 2 + round.stage_state(s);
    round.tag_ = detail::shift_tag(round.shift_, net_.stages - 1);
    return round;
  }

  /// Port i sends to (i + c) mod N; the tag is the pass's. O(1).
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    return {true, (i + round.shift_) & (net_.ports - 1), round.tag_};
  }

 private:
  Network net_{Topology::shift, 2, 2, 2};
  RoundOrder order_{RoundOrder::natural};
  ShiftPasses passes_{ShiftPasses::with_self};
};

static_assert(Schedule<ShiftSchedule>);

/// The shift schedule of a StaticNetwork (static_network.hpp): bad parameters fail to compile.
template <class Net, RoundOrder Order = RoundOrder::natural>
constexpr ShiftSchedule shift_schedule() {
  static_assert(Net::topology == Topology::shift, "a2a: the shift schedule (paper 003) runs on the shift network only");
  constexpr auto made = ShiftSchedule::make(Net::value, Order);
  return made.ok() ? made.value() : ShiftSchedule{};
}

}  // namespace a2a
