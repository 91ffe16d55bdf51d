// What a topology's description says, and the parts descriptions share.
//
// A description is a struct of constants and static functions (topologies.hpp
// holds one per topology; TopologyList in topology_list.hpp derives everything
// else from a list of them):
//   code           its Topology value, the code a configuration block stores (flash)
//   name, rule     the name (dump, tool, console) and what `a2a list` says of it
//   register_code  its code in the fabric's NET_SHAPE.TOPOLOGY field (4 bits, 15 reserved)
//   list_up_to     the largest N `a2a list` shows examples for
//   stages(N, d)   n, or the Errc why (N, d) is no such network; N <= kMaxPorts and
//                  2 <= d <= kMaxRadix are checked before
//   switches_per_stage(N, d)
//   before(net, s, t), after(net, s, t)   the wiring in front of and behind stage s
//   digit_maps     where the wiring moves the digits (the O(1) round loop, below)
//   unique_path(net)  whether digit_maps holds for this network (the Latin square applies)
// A forward network that has a mirror image also gives before_inverse and after_inverse;
// Mirror<Forward> forms the reverse from them (stages run backwards, wiring inverted),
// and the reverse's description adds its own code, names and digit maps.
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>

#include "a2a/network.hpp"
#include "a2a/status.hpp"
#include "a2a/wiring.hpp"

namespace a2a {
namespace detail {

/// A fixed permutation of the n digits of a number (digit 0 least significant).
enum class DigitMap : std::uint8_t {
  identity,
  reverse,       ///< digit k -> n-1-k
  reverse_high,  ///< digit 0 stays, digit k -> n-k for k >= 1
  rotate_left,   ///< digit k -> k+1, digit n-1 -> 0
  rotate_right,  ///< digit k -> k-1, digit 0 -> n-1
};

/// Where a topology sends the digits: of the round word into the destination
/// offset Q(x), of the port number into P_dest(i) and P_tag(i) (digit_maps.hpp
/// says why these three suffice). Identity everywhere: the omega network.
struct TopologyDigitMaps {
  DigitMap round_to_destination{DigitMap::identity};
  DigitMap port_to_destination{DigitMap::identity};
  DigitMap port_to_tag{DigitMap::identity};
};

/// Where `map` moves digit k of an n-digit number.
constexpr std::uint32_t mapped_position(DigitMap map, std::uint32_t k, std::uint32_t n) {
  switch (map) {
    case DigitMap::identity: return k;
    case DigitMap::reverse: return n - 1 - k;
    case DigitMap::reverse_high: return k == 0 ? 0 : n - k;
    case DigitMap::rotate_left: return k + 1 == n ? 0 : k + 1;
    case DigitMap::rotate_right: return k == 0 ? n - 1 : k - 1;
  }
  return k;
}

/// N = d^n: n, or why not.
constexpr Result<std::uint32_t> stages_power_of_radix(std::uint32_t ports, std::uint32_t radix) {
  if (ports < radix) return Errc::ports_too_small;
  std::uint32_t n = 0;
  std::uint32_t power = 1;
  while (power < ports) {
    power *= radix;
    ++n;
  }
  if (power != ports) return Errc::ports_not_power_of_radix;
  return n;
}

}  // namespace detail

/// What every description provides, checked where a list is formed (TopologyList).
template <class T>
concept TopologyDescription = requires(const Network& net, std::uint32_t x) {
  { T::code } -> std::convertible_to<Topology>;
  { T::name } -> std::convertible_to<std::string_view>;
  { T::rule } -> std::convertible_to<std::string_view>;
  { T::register_code } -> std::convertible_to<std::uint8_t>;
  { T::list_up_to } -> std::convertible_to<std::uint32_t>;
  { T::stages(x, x) } -> std::same_as<Result<std::uint32_t>>;
  { T::switches_per_stage(x, x) } -> std::convertible_to<std::uint32_t>;
  { T::before(net, x, x) } -> std::convertible_to<std::uint32_t>;
  { T::after(net, x, x) } -> std::convertible_to<std::uint32_t>;
  { T::digit_maps } -> std::convertible_to<detail::TopologyDigitMaps>;
  { T::unique_path(net) } -> std::convertible_to<bool>;
};

namespace topologies {

/// The networks of N = d^n ports: n stages of N/d switches, a unique path between
/// every input and output, no wiring unless the description says so. Every
/// description here starts from it and replaces what differs (a static member of the
/// description hides the one it inherits).
struct DigitNetwork {
  static constexpr std::uint32_t list_up_to = 64;
  static constexpr Result<std::uint32_t> stages(std::uint32_t ports, std::uint32_t radix) {
    return detail::stages_power_of_radix(ports, radix);
  }
  static constexpr std::uint32_t switches_per_stage(std::uint32_t ports, std::uint32_t radix) { return ports / radix; }
  static constexpr bool unique_path(const Network&) { return true; }
  static constexpr std::uint32_t before(const Network&, std::uint32_t, std::uint32_t t) { return t; }
  static constexpr std::uint32_t after(const Network&, std::uint32_t, std::uint32_t t) { return t; }
  // No default inverses: a description that changes before or after must say how to
  // undo it before Mirror can use it, so a forgotten one is a compile error.
};

/// The mirror image of Forward: its stage s is Forward's stage n-1-s, with the wiring
/// in front of it Forward's wiring behind that stage inverted, and vice versa. Sizes,
/// switch counts and the unique path are Forward's; code, names and digit maps are
/// the reverse's own (its description adds them).
template <class Forward>
struct Mirror {
  using forward = Forward;
  static constexpr std::uint32_t list_up_to = Forward::list_up_to;
  // The forward network's own functions, not copies: the list's dispatch gives
  // descriptions that share a function one test (topology_list.hpp).
  static constexpr auto& stages = Forward::stages;
  static constexpr auto& switches_per_stage = Forward::switches_per_stage;
  static constexpr auto& unique_path = Forward::unique_path;
  static constexpr std::uint32_t before(const Network& net, std::uint32_t s, std::uint32_t t) {
    return Forward::after_inverse(net, net.stages - 1 - s, t);
  }
  static constexpr std::uint32_t after(const Network& net, std::uint32_t s, std::uint32_t t) {
    return Forward::before_inverse(net, net.stages - 1 - s, t);
  }
  static constexpr std::uint32_t before_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
    return Forward::after(net, net.stages - 1 - s, t);
  }
  static constexpr std::uint32_t after_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
    return Forward::before(net, net.stages - 1 - s, t);
  }
};

}  // namespace topologies
}  // namespace a2a
