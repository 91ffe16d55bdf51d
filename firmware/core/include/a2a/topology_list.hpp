// A list of topology descriptions and everything derived from it: the codes, the
// names and parse, the tool's text, the register codes, make_network(), the wiring
// in front of and behind each stage, the digit maps and where the Latin square
// applies. The core's list is Topologies (topologies.hpp), and the free functions of
// topology.hpp are its members; a second list (Topologies::With<Toy>) serves a
// topology the core does not know (tests/core/toy_topology_test.cpp) the same way.
//
// Position I holds the description whose code is I, so a name or a digit map is
// an array read and the wiring dispatch is one switch over the code (visit_index,
// a jump table: no function pointers on the controller's path); sizing, which most
// descriptions share, is one bit test per distinct function (call_shared).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <type_traits>

#include "a2a/built_choice.hpp"
#include "a2a/family_union.hpp"
#include "a2a/network.hpp"
#include "a2a/status.hpp"
#include "a2a/topology_description.hpp"

// The sizing dispatch and the digit-map reads are a few instructions each where they
// are used; called out of line (GCC -Os would), the call and the copy of a Result or a
// TopologyDigitMaps cost more flash than they do.
#if defined(__GNUC__)
#define A2A_TOPOLOGY_INLINE [[gnu::always_inline]]
#else
#define A2A_TOPOLOGY_INLINE
#endif

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
  const std::size_t codes[] = {static_cast<std::size_t>(Ts::code)...};
  for (std::size_t a = 0; a < sizeof...(Ts); ++a)
    if (codes[a] != a) return false;
  const std::string_view names[] = {Ts::name...};
  const std::uint8_t register_codes[] = {Ts::register_code...};
  for (std::size_t a = 0; a < sizeof...(Ts); ++a) {
    if (register_codes[a] >= 15) return false;
    for (std::size_t b = a + 1; b < sizeof...(Ts); ++b)
      if (names[a] == names[b] || register_codes[a] == register_codes[b]) return false;
  }
  return true;
}

/// Codes whose description has the same function as position i, as a bit mask, when i
/// is the first position with it (0 otherwise): one bit test per distinct function.
/// Only the positions of `built` count (a topology the build leaves out is never
/// dispatched to, so its functions are not compiled in).
template <class Fn, std::size_t N>
constexpr std::uint32_t shared_function_mask(const std::array<Fn, N>& functions, std::size_t i, std::uint32_t built) {
  const auto kept = [built](std::size_t j) { return ((built >> j) & 1U) != 0; };
  if (!kept(i)) return 0;
  for (std::size_t j = 0; j < i; ++j)
    if (kept(j) && functions[j] == functions[i]) return 0;
  std::uint32_t mask = 0;
  for (std::size_t j = i; j < N; ++j)
    if (kept(j) && functions[j] == functions[i]) mask |= std::uint32_t{1} << j;
  return mask;
}

// Which function of a description the sizing dispatch calls (a pointer to it, so that
// descriptions sharing one are seen to share it).
struct SelectStages {
  template <class T>
  constexpr auto operator()(std::type_identity<T>) const {
    return &T::stages;
  }
};
struct SelectSwitchesPerStage {
  template <class T>
  constexpr auto operator()(std::type_identity<T>) const {
    return &T::switches_per_stage;
  }
};
struct SelectUniquePath {
  template <class T>
  constexpr auto operator()(std::type_identity<T>) const {
    return &T::unique_path;
  }
};

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

  /// The positions this build carries (A2A_TOPOLOGIES, built_choice.hpp): every one
  /// unless the product chose, then those it named (a list none of whose names it
  /// named, such as a test's own, carries none).
  static constexpr std::uint32_t built_mask =
#if defined(A2A_TOPOLOGIES)
      detail::listed_names(A2A_TOPOLOGIES, names).mask;
#else
      detail::all_positions(size);
#endif
  /// Whether make_network() makes networks of t in this build.
  [[nodiscard]] static constexpr bool built(Topology t) {
    return contains(t) && ((built_mask >> static_cast<std::uint32_t>(t)) & 1U) != 0;
  }

  /// Calls f(std::type_identity<D>{}) with t's description D (precondition: built(t);
  /// a position left out of the build is dispatched as the first one built, which no
  /// network of this build reaches).
  template <class F>
  static constexpr decltype(auto) visit(Topology t, F&& f) {
    return detail::visit_index<size>(static_cast<std::size_t>(t), [&f](auto index) -> decltype(auto) {
      using Index = decltype(index);
      return f(std::type_identity<At<dispatched_(Index::value)>>{});
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
  static constexpr std::string_view rule(Topology t) { return contains(t) ? rules_[static_cast<std::size_t>(t)] : ""; }
  static constexpr std::uint32_t list_up_to(Topology t) {
    return contains(t) ? list_up_to_[static_cast<std::size_t>(t)] : 0;
  }
  /// The code in the fabric's NET_SHAPE.TOPOLOGY field (precondition: contains(t)).
  static constexpr std::uint32_t register_code(Topology t) { return register_codes_[static_cast<std::size_t>(t)]; }
  static constexpr bool is_reverse(Topology t) { return forward_of(t) != t; }
  /// The network a mirror image was formed from (itself for a forward network).
  static constexpr Topology forward_of(Topology t) { return contains(t) ? forwards_[static_cast<std::size_t>(t)] : t; }

  /// Checks the parameters and returns the network, or the specific reason it does not exist.
  static constexpr Result<Network> make_network(Topology t, std::uint32_t ports, std::uint32_t radix = 2) {
    if (!contains(t)) return Errc::topology_unknown;
    if (!built(t)) return Errc::topology_not_built;
    if (radix < 2) return Errc::radix_too_small;
    if (radix > kMaxRadix) return Errc::radix_too_large;
    if (ports > kMaxPorts) return Errc::ports_too_large;
    const Result<std::uint32_t> stages = call_shared<detail::SelectStages>(t, ports, radix);
    if (!stages) return stages.error();
    return Network{t, ports, radix, *stages};
  }
  static constexpr std::uint32_t switches_per_stage(const Network& net) {
    if (!contains(net.topology)) return net.ports / net.radix;
    return call_shared<detail::SelectSwitchesPerStage>(net.topology, net.ports, net.radix);
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
  A2A_TOPOLOGY_INLINE static constexpr detail::TopologyDigitMaps digit_maps(Topology t) {
    return contains(t) ? digit_maps_[static_cast<std::size_t>(t)] : detail::TopologyDigitMaps{};
  }
  /// The largest DigitMap value among the descriptions' Q (round_to_destination).
  static constexpr detail::DigitMap last_round_to_destination_map = [] {
    detail::DigitMap last = detail::DigitMap::identity;
    for (const detail::DigitMap m : {Ts::digit_maps.round_to_destination...}) last = m > last ? m : last;
    return last;
  }();
  /// Whether the digit maps hold for net: a unique path between every input and output.
  static constexpr bool unique_path(const Network& net) {
    if (!contains(net.topology)) return false;
    return call_shared<detail::SelectUniquePath>(net.topology, net);
  }

 private:
  /// Calls the function Select picks from t's description (precondition: contains(t)).
  /// Sizing is shared widely (six descriptions size as N = d^n), so instead of a switch
  /// with a case per code this tests one bit mask per distinct function, in list order,
  /// the last without a test: the if-chain one would write by hand, no table and no
  /// indirect call, and one direct call when t is a constant. The wiring differs per
  /// topology and goes through visit().
  template <class Select, std::size_t I = 0, class... Args>
  A2A_TOPOLOGY_INLINE static constexpr decltype(auto) call_shared(Topology t, const Args&... args) {
    constexpr std::array functions{Select{}(std::type_identity<Ts>{})...};
    constexpr std::uint32_t mask = detail::shared_function_mask(functions, I, dispatch_mask_);
    constexpr bool last = [&] {
      for (std::size_t j = I + 1; j < size; ++j)
        if (detail::shared_function_mask(functions, j, dispatch_mask_) != 0) return false;
      return true;
    }();
    constexpr auto function = functions[I];
    if constexpr (mask == 0) {
      return call_shared<Select, I + 1>(t, args...);
    } else if constexpr (last) {
      return function(args...);
    } else {
      if (((std::uint32_t{1} << static_cast<std::uint32_t>(t)) & mask) != 0) return function(args...);
      return call_shared<Select, I + 1>(t, args...);
    }
  }

  // What the dispatch reaches: the built positions (all of them for a list with none
  // built, whose make_network() refuses every topology: the dispatch needs one).
  static constexpr std::uint32_t dispatch_mask_ = built_mask != 0 ? built_mask : detail::all_positions(size);
  static constexpr std::size_t first_dispatched_ = [] {
    std::size_t i = 0;
    while (((dispatch_mask_ >> i) & 1U) == 0) ++i;
    return i;
  }();
  /// Position i where it is built, else the first one built.
  static constexpr std::size_t dispatched_(std::size_t i) {
    return ((dispatch_mask_ >> i) & 1U) != 0 ? i : first_dispatched_;
  }

  // Read by index, so a look-up is one load from flash (no copy of the table).
  static constexpr std::array<std::string_view, size> rules_{Ts::rule...};
  static constexpr std::array<std::uint32_t, size> list_up_to_{Ts::list_up_to...};
  static constexpr std::array<std::uint8_t, size> register_codes_{Ts::register_code...};
  static constexpr std::array<Topology, size> forwards_{detail::forward_code<Ts>()...};
  static constexpr std::array<detail::TopologyDigitMaps, size> digit_maps_{Ts::digit_maps...};
};

}  // namespace a2a
