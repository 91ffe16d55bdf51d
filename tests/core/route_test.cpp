// a2a/route.hpp: one signal through the switches, against destination-tag routing (omega,
// baseline), the GSEN's closed form (docs/conventions.md) and the shift network's cyclic shift.
#include <a2a/route.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace route_unit {
using namespace a2a;
struct AllCross {
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 1; }
};
/// Switch 0 of stage 1 stuck on output 1 whatever the input (the simulated fabric's stuck switch).
struct StuckAtOne {
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
  [[nodiscard]] constexpr std::uint32_t forced_port(std::uint32_t stage, std::uint32_t sw) const {
    return stage == 1 && sw == 0 ? 1 : kNotForced;
  }
};
constexpr Network kOmega8{Topology::omega, 8, 2, 3};
// Omega routes by destination tag: all straight takes 1 to 1 (tag 000), all cross to 6 (tag 110).
static_assert(route(kOmega8, 1, StraightConfiguration{}).destination == 1);
static_assert(route(kOmega8, 1, AllCross{}).destination == 6 && route(kOmega8, 1, AllCross{}).tag == 6);
// The backward tag is the input ports: straight, they are the source's bits.
static_assert(route(kOmega8, 5, StraightConfiguration{}).backward_tag == 5);
// Stage control: digit n-1-s of the word is stage s (stage 0 most significant).
static_assert(StageControl{0b100, 2, 3}.stage_state(0) == 1 && StageControl{0b100, 2, 3}.stage_state(2) == 0);
static_assert(StageControl{5, 3, 2}.stage_state(0) == 1 && StageControl{5, 3, 2}.stage_state(1) == 2);
// Alternating: switch y of stage s is ((y / block) mod 2) xor a_s.
static_assert(AlternatingControl{0b10, 2, 1}.switch_state(0, 3) == 0 &&
              AlternatingControl{0b10, 2, 1}.switch_state(1, 3) == 1);
static_assert(AlternatingControl{0, 2, 2}.switch_state(0, 2) == 1 &&
              AlternatingControl{0, 2, 2}.switch_state(0, 1) == 0);
/// A pass of the shift network (paper 003) with stage k taking output bit k of c: a signal
/// arrives on port 1 after a second output, so the state is a_k xor a_(k-1).
struct ShiftPass {
  std::uint32_t c;
  [[nodiscard]] constexpr std::uint32_t out_bit(std::uint32_t stage) const {
    return stage < 3 ? (c >> stage) & 1U : 0U;
  }
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t) const {
    return out_bit(stage) ^ (stage == 0 ? 0U : out_bit(stage - 1));
  }
};
}  // namespace route_unit

TEST_CASE("route: omega and baseline deliver to the forward tag") {
  using namespace a2a;
  for (const Topology t : {Topology::omega, Topology::baseline}) {
    const Network net = make_network(t, 16).value();
    for (std::uint32_t word = 0; word < 16; ++word)
      for (std::uint32_t source = 0; source < 16; ++source) {
        INFO(name(t), " word ", word, " source ", source);
        const Path path = route(net, source, StageControl{word, 2, 4});
        CHECK(path.destination == path.tag);
        CHECK(path.stages == 4);
      }
  }
}

TEST_CASE("route: GSEN's destination is (i * 2^n + F) mod N") {
  using namespace a2a;
  const Network net = make_network(Topology::gsen, 10).value();
  for (std::uint32_t word = 0; word < 16; ++word)
    for (std::uint32_t source = 0; source < 10; ++source) {
      INFO("word ", word, " source ", source);
      const Path path = route(net, source, StageControl{word, 2, 4});
      CHECK(path.destination == (source * 16 + path.tag) % 10);
    }
}

TEST_CASE("route: the shift network's stage k adds 2^k when it takes the second output") {
  using namespace a2a;
  const Network net = make_network(Topology::shift, 8).value();
  for (std::uint32_t c = 0; c < 8; ++c)
    for (std::uint32_t i = 0; i < 8; ++i) {
      INFO("shift ", c, " source ", i);
      const route_unit::ShiftPass pass{c};
      const Path path = route(net, i, pass);
      CHECK(path.destination == (i + c) % 8);
      CHECK(path.hops[3].out_port == 0);  // processor j reads output 0 of the last stage
    }
}

TEST_CASE("route: a forced output port overrides the state") {
  using namespace a2a;
  const Path free = route(route_unit::kOmega8, 0, StraightConfiguration{});
  const Path stuck = route(route_unit::kOmega8, 0, route_unit::StuckAtOne{});
  CHECK(free.destination == 0);
  CHECK(stuck.hops[1].out_port == 1);
  CHECK(stuck.destination == 2);  // tag 010: omega delivers to its tag
}
