// A topology the core does not know, added the documented way (docs/extending.md,
// "Adding a topology"): one description and one line for the list. The core's list
// (Topologies) stays as it is, so the toy lives in a second list built from it; the
// Latin square reads its digit maps from that list and route() (and so
// check_exchange) its wiring, through the rounds, which name the list.
//
// The toy: the d-ary inverse shuffle (digits rotated right) in front of every stage,
// nothing behind. Stage s adds its state to digit s+1 of the source (mod n), so
//   Q = reverse_high (word digit 0 to destination digit 0, digit j to n-j),
//   P_dest = identity, P_tag = reverse_high;
// its mirror image (formed by Mirror: the shuffle behind every stage) has
//   Q = rotate_left, P_dest = identity, P_tag = rotate_right,
// a Q next()'s one-step add does not know, so it steps with round(r).
#include <a2a/topologies.hpp>
#include <a2a/topology_description.hpp>
#include <a2a/topology_list.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

namespace toy {

using detail::DigitMap;

// A topology added in the core takes the next value of the enum in network.hpp; the
// toys take the next two codes after the core's list (and the next register codes),
// so this test still holds when the core gains a topology.
inline constexpr Topology kUnshuffle = static_cast<Topology>(Topologies::size);
inline constexpr Topology kReverseUnshuffle = static_cast<Topology>(Topologies::size + 1);
inline constexpr std::uint8_t kFirstRegisterCode = [] {
  std::uint32_t next = 0;
  for (const Topology t : kAllTopologies)
    next = Topologies::register_code(t) + 1 > next ? Topologies::register_code(t) + 1 : next;
  return static_cast<std::uint8_t>(next);
}();

// The description.
struct Unshuffle : topologies::DigitNetwork {
  static constexpr Topology code = kUnshuffle;
  static constexpr std::string_view name = "toy-unshuffle";
  static constexpr std::string_view rule = "d-ary inverse shuffle before every stage; N = d^n";
  static constexpr std::uint8_t register_code = kFirstRegisterCode;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::reverse_high, DigitMap::identity,
                                                        DigitMap::reverse_high};
  static constexpr std::uint32_t before(const Network& net, std::uint32_t, std::uint32_t t) {
    return wiring::unshuffle(net, t);
  }
  // How to undo the wiring, for its mirror image.
  static constexpr std::uint32_t before_inverse(const Network& net, std::uint32_t, std::uint32_t t) {
    return wiring::shuffle(net, t);
  }
  static constexpr std::uint32_t after_inverse(const Network&, std::uint32_t, std::uint32_t t) { return t; }
};

// Its reverse: Mirror forms the wiring, the description adds code, names and digit maps.
struct ReverseUnshuffle : topologies::Mirror<Unshuffle> {
  static constexpr Topology code = kReverseUnshuffle;
  static constexpr std::string_view name = "toy-reverse-unshuffle";
  static constexpr std::string_view rule = "mirror image of toy-unshuffle; N = d^n";
  static constexpr std::uint8_t register_code = kFirstRegisterCode + 1;
  static constexpr detail::TopologyDigitMaps digit_maps{DigitMap::rotate_left, DigitMap::identity,
                                                        DigitMap::rotate_right};
};

}  // namespace toy

// The one list line.
using ToyTopologies = Topologies::With<toy::Unshuffle, toy::ReverseUnshuffle>;

using ToySchedule = LatinSquareSchedule<ZeroInitial, ToyTopologies>;

/// All switches straight, on the toy list's wiring.
struct ToyStraight {
  using Topologies = ToyTopologies;
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
};

constexpr Network toy_net(Topology t, std::uint32_t ports, std::uint32_t radix = 2) {
  return ToyTopologies::make_network(t, ports, radix).value();
}

// Derived from the description: name, parse, codes, register code, reverse, sizing.
static_assert(ToyTopologies::size == Topologies::size + 2);
static_assert(ToyTopologies::name(toy::kUnshuffle) == "toy-unshuffle");
static_assert(ToyTopologies::parse("toy-reverse-unshuffle").value() == toy::kReverseUnshuffle);
static_assert(ToyTopologies::register_code(toy::kReverseUnshuffle) == toy::kFirstRegisterCode + 1U);
static_assert(ToyTopologies::is_reverse(toy::kReverseUnshuffle) && !ToyTopologies::is_reverse(toy::kUnshuffle));
static_assert(ToyTopologies::forward_of(toy::kReverseUnshuffle) == toy::kUnshuffle);
static_assert(ToyTopologies::make_network(toy::kUnshuffle, 24).error() == Errc::ports_not_power_of_radix);
static_assert(toy_net(toy::kUnshuffle, 27, 3).stages == 3);
// The core list is untouched: it does not know the toy.
static_assert(name(toy::kUnshuffle) == "unknown" && make_network(toy::kUnshuffle, 8).error() == Errc::topology_unknown);
static_assert(ToyTopologies::name(Topology::banyan) == "banyan");

/// Gray order: next() from the round before equals round(r), ports included.
template <std::uint32_t MaxPorts>
constexpr bool steps_agree(const ToySchedule& s) {
  auto round = s.round(0);
  for (std::uint32_t r = 1; r < s.rounds(); ++r) {
    round = s.next(round);
    const auto direct = s.round(r);
    if (round.word() != direct.word() || round.changed_stage() != direct.changed_stage()) return false;
    for (std::uint32_t i = 0; i < s.rounds() && i < MaxPorts; ++i) {
      const PortSend a = s.send(round, i);
      const PortSend b = s.send(direct, i);
      if (a.destination != b.destination || a.tag != b.tag) return false;
    }
  }
  return true;
}

/// The Latin-square exchange on a toy, checked switch by switch (check_exchange traces
/// every message with route() on the toy's wiring), in both orders.
template <std::uint32_t MaxPorts>
constexpr bool exchange_holds(Topology t, std::uint32_t ports, std::uint32_t radix) {
  for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
    const auto s = ToySchedule::make(toy_net(t, ports, radix), order);
    if (!s || !check_exchange_small<MaxPorts>(*s).ok() || !steps_agree<MaxPorts>(*s)) return false;
  }
  return true;
}
static_assert(exchange_holds<8>(toy::kUnshuffle, 8, 2));
static_assert(exchange_holds<8>(toy::kReverseUnshuffle, 8, 2));

/// The mirror image with every switch straight is the inverse permutation of the forward one.
template <std::uint32_t N>
constexpr bool mirror_inverts(std::uint32_t radix) {
  const Network fwd = toy_net(toy::kUnshuffle, N, radix);
  const Network rev = toy_net(toy::kReverseUnshuffle, N, radix);
  for (std::uint32_t i = 0; i < N; ++i)
    if (route(rev, route(fwd, i, ToyStraight{}).destination, ToyStraight{}).destination != i) return false;
  return true;
}
static_assert(mirror_inverts<16>(2) && mirror_inverts<27>(3));

}  // namespace

TEST_CASE("toy topology: a second list carries a topology the core does not know") {
  CHECK(ToyTopologies::name(toy::kReverseUnshuffle) == "toy-reverse-unshuffle");
  CHECK(ToyTopologies::parse("no-such-topology").error() == Errc::topology_unknown);
  // The toy's wiring is its description's, the others' the core's.
  const Network net = toy_net(toy::kUnshuffle, 16);
  for (std::uint32_t t = 0; t < 16; ++t) {
    CHECK(ToyTopologies::before_stage(net, 0, t) == wiring::unshuffle(net, t));
    CHECK(ToyTopologies::after_stage(net, 0, t) == t);
  }
  const Network omega = make_network(Topology::omega, 16).value();
  for (std::uint32_t t = 0; t < 16; ++t)
    CHECK(ToyTopologies::before_stage(omega, 1, t) == wiring::before_stage(omega, 1, t));
  CHECK(mirror_inverts<64>(2));
  CHECK(mirror_inverts<64>(4));
}

TEST_CASE("toy topology: Latin-square exchanges checked at switch level") {
  for (const Topology t : {toy::kUnshuffle, toy::kReverseUnshuffle}) {
    for (const std::uint32_t radix : {2U, 3U, 4U}) {
      for (std::uint32_t ports = radix; ports <= 64; ports *= radix) {
        for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
          const auto s = ToySchedule::make(toy_net(t, ports, radix), order);
          REQUIRE(s.ok());
          const ExchangeCheck check = test::check_fixed<64>(*s);
          CHECK(check.ok());
          CHECK(check.delivered == std::uint64_t{ports} * ports);
          CHECK(steps_agree<64>(*s));
        }
      }
    }
  }
}
