// A list of topology descriptions and everything derived from it: the codes, the
// names and parse, the tool's text, the register codes, make_network(), the wiring
// in front of and behind each stage, the digit maps and where the Latin square
// applies. The core's list is Topologies (topologies.hpp), and the free functions of
// topology.hpp are its members; a second list (Topologies::With<Toy>) serves a
// topology the core does not know (tests/core/toy_topology_test.cpp) the same way.
//
// Position I holds the description whose code is I, so a name or a digit map is
// an array read and the wiring dispatch is one switch over the code (visit_index,
// a jump table: no function pointers on the controller's path).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "a2a/family_union.hpp"
#include "a2a/network.hpp"
#include "a2a/status.hpp"
#include "a2a/topology_description.hpp"

namespace a2a {
namespace detail {

template <std::size_t I, class... Ts>
struct TypeAt;
template <class T, class... Ts>
struct TypeAt<0, T, Ts...> {
  using type = T;
};
template <std::size_t I, class T, class... Ts>
struct TypeAt<I, T, Ts...> : TypeAt<I - 1, Ts...> {};

/// A mirror image's forward network (Mirror<Forward>::forward), or the topology itself.
template <class T>
constexpr Topology forward_code() {
  if constexpr (requires { typename T::forward; })
    return T::forward::code;
  else
    return T::code;
}

/// The code is the position; names and register codes are distinct, and a register
/// code fits NET_SHAPE.TOPOLOGY's 4 bits without taking the reserved 15.
template <class... Ts>
constexpr bool consistent_topologies() {
  std::size_t i = 0;
  if (!((static_cast<std::size_t>(Ts::code) == i++) && ...)) return false;
  const std::string_view names[] = {Ts::name...};
  const std::uint8_t register_codes[] = {Ts::register_code...};
  for (std::size_t a = 0; a < sizeof...(Ts); ++a) {
    if (register_codes[a] >= 15) return false;
    for (std::size_t b = a + 1; b < sizeof...(Ts); ++b)
      if (names[a] == names[b] || register_codes[a] == register_codes[b]) return false;
  }
  return true;
}

}  // namespace detail

template <TopologyDescription... Ts>
struct TopologyList {
  static constexpr std::size_t size = sizeof...(Ts);
  // NET_SHAPE.TOPOLOGY has 4 bits with 15 reserved, and visit_index 16 cases.
  static_assert(size >= 1 && size <= 15, "a2a: a topology list holds 1 to 15 descriptions");
  static_assert(detail::consistent_topologies<Ts...>(),
                "a2a: a topology list must hold its descriptions in code order (the code is the position), "
                "with distinct names and distinct register codes below 15");

  /// The description at position (= code) I.
  template <std::size_t I>
  using At = typename detail::TypeAt<I, Ts...>::type;
  /// This list with more descriptions after it (their codes the next ones).
  template <TopologyDescription... More>
  using With = TopologyList<Ts..., More...>;

  static constexpr std::array<Topology, size> codes{Ts::code...};
  static constexpr std::array<std::string_view, size> names{Ts::name...};

  [[nodiscard]] static constexpr bool contains(Topology t) { return static_cast<std::size_t>(t) < size; }

  /// Calls f(std::type_identity<D>{}) with t's description D (precondition: contains(t)).
  template <class F>
  static constexpr decltype(auto) visit(Topology t, F&& f) {
    return detail::visit_index<size>(static_cast<std::size_t>(t), [&f](auto index) -> decltype(auto) {
      return f(std::type_identity<At<decltype(index)::value>>{});
    });
  }

  static constexpr std::string_view name(Topology t) {
    return contains(t) ? names[static_cast<std::size_t>(t)] : "unknown";
  }
  static constexpr Result<Topology> parse(std::string_view text) {
    for (std::size_t i = 0; i < size; ++i)
      if (names[i] == text) return codes[i];
    return Errc::topology_unknown;
  }
  /// What `a2a list` says of t (host only: nothing on the controller reads it).
  static constexpr std::string_view rule(Topology t) {
    return contains(t) ? rules_[static_cast<std::size_t>(t)] : "";
  }
  static constexpr std::uint32_t list_up_to(Topology t) {
    return contains(t) ? list_up_to_[static_cast<std::size_t>(t)] : 0;
  }
  /// The code in the fabric's NET_SHAPE.TOPOLOGY field (precondition: contains(t)).
  static constexpr std::uint32_t register_code(Topology t) {
    return register_codes_[static_cast<std::size_t>(t)];
  }
  static constexpr bool is_reverse(Topology t) { return forward_of(t) != t; }
  /// The network a mirror image was formed from (itself for a forward network).
  static constexpr Topology forward_of(Topology t) {
    return contains(t) ? forwards_[static_cast<std::size_t>(t)] : t;
  }

  /// Checks the parameters and returns the network, or the specific reason it does not exist.
  static constexpr Result<Network> make_network(Topology t, std::uint32_t ports, std::uint32_t radix = 2) {
    if (!contains(t)) return Errc::topology_unknown;
    if (radix < 2) return Errc::radix_too_small;
    if (radix > kMaxRadix) return Errc::radix_too_large;
    if (ports > kMaxPorts) return Errc::ports_too_large;
    const Result<std::uint32_t> stages =
        visit(t, [&](auto d) { return decltype(d)::type::stages(ports, radix); });
    if (!stages) return stages.error();
    return Network{t, ports, radix, *stages};
  }
  static constexpr std::uint32_t switches_per_stage(const Network& net) {
    if (!contains(net.topology)) return net.ports / net.radix;
    return visit(net.topology, [&](auto d) { return decltype(d)::type::switches_per_stage(net.ports, net.radix); });
  }

  /// Wiring in front of the switches of stage s (none for a code not in the list).
  static constexpr std::uint32_t before_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
    if (!contains(net.topology)) return t;
    return visit(net.topology, [&](auto d) { return decltype(d)::type::before(net, s, t); });
  }
  /// Wiring behind the switches of stage s.
  static constexpr std::uint32_t after_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
    if (!contains(net.topology)) return t;
    return visit(net.topology, [&](auto d) { return decltype(d)::type::after(net, s, t); });
  }

  /// The digit maps of the O(1) round loop (identity for a code not in the list).
  static constexpr detail::TopologyDigitMaps digit_maps(Topology t) {
    return contains(t) ? digit_maps_[static_cast<std::size_t>(t)] : detail::TopologyDigitMaps{};
  }
  /// Whether the digit maps hold for net: a unique path between every input and output.
  static constexpr bool unique_path(const Network& net) {
    if (!contains(net.topology)) return false;
    return visit(net.topology, [&](auto d) { return decltype(d)::type::unique_path(net); });
  }

 private:
  // Read by index, so a look-up is one load from flash (no copy of the table).
  static constexpr std::array<std::string_view, size> rules_{Ts::rule...};
  static constexpr std::array<std::uint32_t, size> list_up_to_{Ts::list_up_to...};
  static constexpr std::array<std::uint8_t, size> register_codes_{Ts::register_code...};
  static constexpr std::array<Topology, size> forwards_{detail::forward_code<Ts>()...};
  static constexpr std::array<detail::TopologyDigitMaps, size> digit_maps_{Ts::digit_maps...};
};

}  // namespace a2a
