// What every schedule (round generator) offers, so that the controller, the
// verifier and the host tools can drive any of them the same way.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/route.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// How a round sets its switches; a controller programs its registers accordingly.
///  - stage: every switch of stage s has one state (stage control, one digit per stage);
///  - alternating / doubly_alternating / quadruply_alternating: switch y of stage s has
///    state ((y / b) mod 2) xor a_s with b = 1, 2, 4 (paper 000), a_s = switch 0's state;
///  - individual: each switch has its own state (e.g. an arbitrary initial M^0).
enum class ControlMode : std::uint8_t {
  stage,
  alternating,
  doubly_alternating,
  quadruply_alternating,
  individual,
};

/// Marks PortSend::origin / final_destination as "the hop itself" (a direct send).
inline constexpr std::uint32_t kDirect = 0xFFFFFFFFU;

/// A stage whose switch states repeat with a period (bit q of `pattern`: every switch
/// y = q (mod period)), as a periodic table's are: its switch words are one word,
/// computed once. period 0: the stage has no such pattern (read switch by switch).
struct PeriodicStage {
  std::uint32_t period{0};
  std::uint32_t pattern{0};
};

/// A round whose ports repeat with a period, as a periodic table's do: port i of class
/// c = i mod period sends with its class's tag tags[c] to (i step + tags[c]) mod N, or
/// is idle where bit c of `idle` is set (step = 2^n mod N, the GSEN's shuffle). A
/// fabric writes the round's headers from it with no send() a port. period 0: the
/// round has no such form (port by port).
struct PeriodicPorts {
  std::uint32_t period{0};
  std::uint32_t idle{0};
  std::uint32_t step{0};
  std::span<const std::uint8_t> tags{};  ///< `period` tags (the stored round's)
};

/// What input port i does in one round.
struct PortSend {
  bool sends{false};             ///< false: the port stays idle this round
  std::uint32_t destination{0};  ///< processor the hop goes to (= network output it reaches)
  std::uint32_t tag{0};          ///< forward control tag (output ports, stage 0 most significant)
  /// The message carried, for store-and-forward relays (fault tolerance): the
  /// processor that wrote it and the one it is for. kDirect: this port and
  /// `destination` (every hop of the non-relaying families).
  std::uint32_t origin{kDirect};
  std::uint32_t final_destination{kDirect};

  [[nodiscard]] constexpr std::uint32_t message_origin(std::uint32_t port) const {
    return origin == kDirect ? port : origin;
  }
  [[nodiscard]] constexpr std::uint32_t message_final() const {
    return final_destination == kDirect ? destination : final_destination;
  }
  friend constexpr bool operator==(const PortSend&, const PortSend&) = default;
};

/// A round generator: O(1) state, rounds computed on demand, never a table.
///  - rounds(): how many rounds the exchange takes;
///  - round(r): round r's configuration (a Configuration: switch_state(stage, switch))
///    and its stage word;
///  - send(round, port): whether the port sends, its destination and its tag.
template <class S>
concept Schedule = requires(const S& s, const typename S::Round& round, std::uint32_t index) {
  { s.network() } -> std::convertible_to<Network>;
  { s.rounds() } -> std::convertible_to<std::uint32_t>;
  { s.round(index) } -> std::same_as<typename S::Round>;
  { s.send(round, index) } -> std::same_as<PortSend>;
  { round.word() } -> std::convertible_to<std::uint32_t>;
}
&&Configuration<typename S::Round>;

/// The checked accessors of a schedule, written once for every family (CRTP base):
/// checked_round(r) refuses r >= rounds() and checked_send(round, i) refuses i >= N,
/// for untrusted input; round() and send() themselves only have preconditions.
template <class Derived>
class CheckedAccess {
 public:
  template <class D = Derived>
  [[nodiscard]] constexpr Result<typename D::Round> checked_round(std::uint32_t r) const {
    const D& self = static_cast<const D&>(*this);
    if (r >= self.rounds()) return Errc::round_out_of_range;
    return self.round(r);
  }
  template <class D = Derived>
  [[nodiscard]] constexpr Result<PortSend> checked_send(const typename D::Round& round, std::uint32_t i) const {
    const D& self = static_cast<const D&>(*this);
    if (i >= self.network().ports) return Errc::port_out_of_range;
    return self.send(round, i);
  }
};

/// Optical schedules (paper 002, 003) promise that no switch carries two signals
/// in one round; a schedule says so with `bool optical() const`.
template <class S>
constexpr bool is_optical(const S& s) {
  if constexpr (requires {
                  { s.optical() } -> std::convertible_to<bool>;
                })
    return s.optical();
  else
    return false;
}

}  // namespace a2a
