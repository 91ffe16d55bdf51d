// a2a/round_walk.hpp: one round walked through the switches and judged: misroutes,
// conflicts on a shared output (every signal involved), optical crosstalk, faulty switches.
#include <a2a/round_walk.hpp>

#include <array>

#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace round_walk_unit {
using namespace a2a;
constexpr Network kOmega8{Topology::omega, 8, 2, 3};

/// Straight everywhere; switch 0 of stage 0 reported faulty, switch 1 of stage 2 stuck on output 0.
struct Broken {
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
  [[nodiscard]] constexpr bool faulty(std::uint32_t stage, std::uint32_t sw) const { return stage == 0 && sw == 0; }
  [[nodiscard]] constexpr std::uint32_t forced_port(std::uint32_t stage, std::uint32_t sw) const {
    return stage == 2 && sw == 1 ? 0 : kNotForced;
  }
};

struct Walk {
  std::array<std::uint32_t, 64> storage{};
  std::array<RoundSignal, 8> signals{};
  std::size_t count{0};
  void claim(std::uint32_t source, std::uint32_t destination, std::uint32_t tag) {
    signals[count++] = RoundSignal{source, destination, tag};
  }
  template <class C>
  RoundOutcome run(const C& config, bool optical) {
    return walk_round(kOmega8, config, optical, std::span<RoundSignal>(signals.data(), count), storage);
  }
};
static_assert(walk_words_needed(kOmega8) <= 64);
}  // namespace round_walk_unit

TEST_CASE("round walk: a correct straight round has no problem; a wrong claim is a misroute") {
  using namespace a2a;
  round_walk_unit::Walk w;
  // Omega routes by tag; all straight, the ports taken are the ports entered: i -> i by tag i.
  for (std::uint32_t i = 0; i < 8; ++i) w.claim(i, i, i);
  w.signals[5].destination = 4;
  const RoundOutcome o = w.run(StraightConfiguration{}, false);
  CHECK(o.misrouted == 1);
  CHECK(o.collided == 0);
  CHECK(o.crossed_fault == 0);
  CHECK(w.signals[5].wrong_destination());
  CHECK(!w.signals[4].misrouted());
  CHECK(w.signals[5].output == 5);
}

TEST_CASE("round walk: a stuck switch makes a conflict, a faulty one is reported, optical crosstalk counted") {
  using namespace a2a;
  round_walk_unit::Walk w;
  // All straight, sources 2 and 3 reach outputs 2 and 3 through switch 1 of stage 2, stuck on 0.
  w.claim(2, 2, 2);
  w.claim(3, 3, 3);
  // Sources 0 and 4 meet at switch 0 of stage 0, reported faulty: crosstalk when optical.
  w.claim(0, 0, 0);
  w.claim(4, 4, 4);
  const RoundOutcome o = w.run(round_walk_unit::Broken{}, true);
  CHECK(w.signals[0].collided);
  CHECK(w.signals[1].collided);
  CHECK(w.signals[1].output == 2);  // stuck on output 0: the output source 2 reached
  CHECK(o.collided == 2);
  CHECK(w.signals[2].crossed_fault);
  CHECK(w.signals[3].crossed_fault);
  CHECK(!w.signals[0].crossed_fault);
  CHECK(o.crossed_fault == 2);
  // Stage 0: sources 0 and 4 on switch 0; stage 1: 0 and 2 on switch 0; stage 2: 2 and 3 on switch 1.
  CHECK(o.crosstalk == 3);
  CHECK(o.misrouted == 1);  // source 3 did not reach 3
  CHECK(w.run(round_walk_unit::Broken{}, false).crosstalk == 0);
}
