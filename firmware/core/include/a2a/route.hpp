// Switch-level routing: the ground truth every closed formula is tested against.
//
// route() walks one signal through the network stage by stage, applying the
// fixed wiring and the k-shift state of each switch it meets. It knows nothing
// of schedules: a configuration is anything that answers switch_state().
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "a2a/topology.hpp"

namespace a2a {

/// A network configuration: the state of every switch of every stage.
/// state k = k-shift: input port u leaves on output port (u + k) mod d.
template <class C>
concept Configuration = requires(const C& c, std::uint32_t stage, std::uint32_t sw) {
  { c.switch_state(stage, sw) } -> std::convertible_to<std::uint32_t>;
};

/// One switch on a path.
struct Hop {
  std::uint32_t switch_index{0};
  std::uint8_t in_port{0};
  std::uint8_t out_port{0};
  friend constexpr bool operator==(const Hop&, const Hop&) = default;
};

/// The path of one signal.
struct Path {
  std::uint32_t source{0};
  std::uint32_t destination{0};  ///< network output (= processor) where it arrives; >= N: an unused
                                 ///< output of the shift network's last stage (no processor)
  /// Forward control tag: the output ports taken, as base-d digits; digit l is
  /// stage n-1-l, so stage 0 is the most significant digit (docs/conventions.md).
  std::uint32_t tag{0};
  /// Backward tag: the input ports, with the same digit order.
  std::uint32_t backward_tag{0};
  std::uint32_t stages{0};
  std::array<Hop, kMaxStages> hops{};
};

namespace detail {
/// The topology list whose wiring route() follows for configuration C: the one C
/// names (C::Topologies: a round of a schedule built on a second list), else the core's.
template <class C>
struct TopologiesOf {
  using type = Topologies;
};
template <class C>
requires requires { typename C::Topologies; }
struct TopologiesOf<C> {
  using type = typename C::Topologies;
};
}  // namespace detail

/// A configuration may also force a switch's output port whatever the input (a
/// stuck switch of the host simulated fabric): forced_port(stage, switch) returns
/// the port (taken mod d), or kNotForced. Without that member nothing is forced.
inline constexpr std::uint32_t kNotForced = 0xFFFFFFFFU;

/// Traces the path of `source` through `net` set to `config`. Requires source < N
/// and every state < d (a state >= d is reduced mod d, as a k-shift is).
template <Configuration C>
constexpr Path route(const Network& net, std::uint32_t source, const C& config) {
  using List = typename detail::TopologiesOf<C>::type;
  Path path;
  path.source = source;
  path.stages = net.stages;
  std::uint32_t terminal = source;
  // d = 2: shifts and masks, not divisions (a Cortex-M0 has no divider).
  const bool binary = net.radix == 2;
  for (std::uint32_t s = 0; s < net.stages; ++s) {
    terminal = List::before_stage(net, s, terminal);
    const std::uint32_t sw = binary ? terminal >> 1 : terminal / net.radix;
    const std::uint32_t in = binary ? terminal & 1U : terminal % net.radix;
    const auto state = static_cast<std::uint32_t>(config.switch_state(s, sw));
    std::uint32_t out = binary ? (in + state) & 1U : (in + state) % net.radix;
    if constexpr (requires {
                    { config.forced_port(s, sw) } -> std::convertible_to<std::uint32_t>;
                  }) {
      if (const std::uint32_t forced = config.forced_port(s, sw); forced != kNotForced) out = forced % net.radix;
    }
    path.hops[s] = Hop{sw, static_cast<std::uint8_t>(in), static_cast<std::uint8_t>(out)};
    path.tag = path.tag * net.radix + out;
    path.backward_tag = path.backward_tag * net.radix + in;
    terminal = List::after_stage(net, s, binary ? 2 * sw + out : sw * net.radix + out);
  }
  path.destination = terminal;
  return path;
}

/// The configuration with every switch in state 0 (straight).
struct StraightConfiguration {
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
};

/// Stage control: all switches of stage s share one state, digit n-1-s of `word`
/// in base d (so stage 0 is the most significant digit, as in paper 000).
struct StageControl {
  std::uint32_t word{0};
  std::uint32_t radix{2};
  std::uint32_t stages{1};
  [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t s) const {
    return (word / wiring::power(radix, stages - 1 - s)) % radix;
  }
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t) const { return stage_state(s); }
};

/// Alternating stage control (paper 000): switch y of stage s has state
/// ((y / block) mod 2) xor a_s, a_s = bit n-1-s of `word`; block = 1 alternating,
/// 2 doubly, 4 quadruply alternating.
struct AlternatingControl {
  std::uint32_t word{0};
  std::uint32_t stages{1};
  std::uint32_t block{1};
  [[nodiscard]] constexpr std::uint32_t stage_bit(std::uint32_t s) const { return (word >> (stages - 1 - s)) & 1U; }
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    return ((y / block) & 1U) ^ stage_bit(s);
  }
};

static_assert(Configuration<StraightConfiguration>);
static_assert(Configuration<StageControl>);
static_assert(Configuration<AlternatingControl>);

}  // namespace a2a
