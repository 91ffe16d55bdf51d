// Golden tests: the worked examples printed in the papers (../shared/papers),
// copied from the text, checked against the round generators and against the
// switch-level route. See docs/schedules.md for where the OCR'd text needed reading.
#include "support.hpp"

using namespace a2a;
using a2a::test::permutation;

namespace {

Network net_of(Topology t, std::uint32_t n, std::uint32_t d = 2) { return make_network(t, n, d).value(); }

}  // namespace

TEST_CASE("paper 001: matrix A of the 16x16 4-ary omega network (configurations M^0..M^15)") {
  // Row j: the input that reaches output j under M^0, M^1, ..., M^15.
  constexpr std::array<std::array<std::uint32_t, 16>, 16> A = {{
      {0, 3, 2, 1, 12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5},
      {1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6},
      {2, 1, 0, 3, 14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7},
      {3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4},
      {4, 7, 6, 5, 0, 3, 2, 1, 12, 15, 14, 13, 8, 11, 10, 9},
      {5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10},
      {6, 5, 4, 7, 2, 1, 0, 3, 14, 13, 12, 15, 10, 9, 8, 11},
      {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8},
      {8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1, 12, 15, 14, 13},
      {9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14},
      {10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3, 14, 13, 12, 15},
      {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12},
      {12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1},
      {13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2},
      {14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3},
      {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
  }};
  const Network net = net_of(Topology::omega, 16, 4);
  const auto schedule = LatinSquareSchedule<>::make(net).value();
  REQUIRE(schedule.rounds() == 16);
  for (std::uint32_t x = 0; x < 16; ++x) {
    const auto round = schedule.round(x);
    CHECK(round.word() == x);
    for (std::uint32_t i = 0; i < 16; ++i) {
      const PortSend s = schedule.send(round, i);
      INFO("round ", x, " input ", i);
      CHECK(A[s.destination][x] == i);                     // the generator's claim
      CHECK(A[route(net, i, round).destination][x] == i);  // the switch-level route
    }
  }
}

TEST_CASE("paper 000: destination matrix D of the 10x10 GSEN (Algorithms 2-4)") {
  // Row i: the processor that i's message of round k reaches.
  constexpr std::array<std::array<std::uint32_t, 10>, 10> D = {{
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
      {1, 0, 9, 8, 7, 6, 5, 4, 3, 2},
      {2, 3, 4, 5, 6, 7, 8, 9, 0, 1},
      {3, 2, 1, 0, 9, 8, 7, 6, 5, 4},
      {4, 5, 6, 7, 8, 9, 0, 1, 2, 3},
      {5, 4, 3, 2, 1, 0, 9, 8, 7, 6},
      {6, 7, 8, 9, 0, 1, 2, 3, 4, 5},
      {7, 6, 5, 4, 3, 2, 1, 0, 9, 8},
      {8, 9, 0, 1, 2, 3, 4, 5, 6, 7},
      {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
  }};
  // The alternating configurations the paper lists for rounds 0..9.
  constexpr std::array<std::uint32_t, 10> A = {0, 1, 3, 2, 6, 7, 5, 4, 12, 13};
  const Network net = net_of(Topology::gsen, 10);
  REQUIRE(net.stages == 4);
  const auto schedule = AlternatingSchedule::make(net).value();
  for (std::uint32_t k = 0; k < 10; ++k) {
    const auto round = schedule.round(k);
    CHECK(round.word() == A[k]);
    for (std::uint32_t i = 0; i < 10; ++i) {
      INFO("round ", k, " processor ", i);
      const PortSend s = schedule.send(round, i);
      CHECK(s.destination == D[i][k]);
      CHECK(s.tag == (i % 2 == 0 ? k : 15 - k));  // Lemma 4.3
      CHECK(route(net, i, round).destination == D[i][k]);
    }
  }
}

TEST_CASE("paper 000: Fig. 9 round 2 and Fig. 4(a) of the 10x10 GSEN") {
  const Network net = net_of(Topology::gsen, 10);
  const auto round2 = AlternatingSchedule::make(net).value().round(2);
  CHECK(round2.word() == 0b0011);
  CHECK(route(net, 0, round2).destination == 2);
  CHECK(route(net, 1, round2).destination == 9);
  CHECK(route(net, 2, round2).destination == 4);
  CHECK(route(net, 9, round2).destination == 7);
  // Fig. 4(a): stage control C = 9 = (1001)_2 gives the permutation 9 7 5 3 8 1 6 4 2 0,
  // and input 2 reaches output 5 with forward tag 13 = (1101)_2.
  const StageControl c9{9, 2, 4};
  CHECK(permutation<10>(net, c9) == std::array<std::uint32_t, 10>{9, 7, 5, 3, 8, 1, 6, 4, 2, 0});
  const Path p = route(net, 2, c9);
  CHECK(p.destination == 5);
  CHECK(p.tag == 13);
  CHECK((p.tag ^ p.backward_tag) == 9);  // Lemma 3.4: C = B xor F
  // Lemma 3.3: the destination of P(i, F) is (i * 2^n + F) mod N, B = floor((i * 2^n + F) / N).
  CHECK(p.destination == (2 * 16 + 13) % 10);
  CHECK(p.backward_tag == (2 * 16 + 13) / 10);
}

TEST_CASE("paper 002: matrix L of the 8x8 baseline network (rows in Gray-code order)") {
  constexpr std::array<std::array<std::uint32_t, 8>, 8> L = {{
      {0, 4, 2, 6, 1, 5, 3, 7},
      {1, 5, 3, 7, 0, 4, 2, 6},
      {3, 7, 1, 5, 2, 6, 0, 4},
      {2, 6, 0, 4, 3, 7, 1, 5},
      {6, 2, 4, 0, 7, 3, 5, 1},
      {7, 3, 5, 1, 6, 2, 4, 0},
      {5, 1, 7, 3, 4, 0, 6, 2},
      {4, 0, 6, 2, 5, 1, 7, 3},
  }};
  const Network net = net_of(Topology::baseline, 8);
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  for (std::uint32_t r = 0; r < 8; ++r) {
    const auto round = schedule.round(r);
    CHECK(round.word() == (r ^ (r >> 1)));
    for (std::uint32_t i = 0; i < 8; ++i) {
      INFO("row ", r, " input ", i);
      CHECK(schedule.send(round, i).destination == L[r][i]);
      CHECK(route(net, i, round).destination == L[r][i]);
    }
  }
}

TEST_CASE("paper 002: interstage wiring pi_0, pi_1 and the routing example of Fig. 2") {
  const Network net = net_of(Topology::baseline, 8);
  constexpr std::array<std::uint32_t, 8> pi0 = {0, 4, 1, 5, 2, 6, 3, 7};
  constexpr std::array<std::uint32_t, 8> pi1 = {0, 2, 1, 3, 4, 6, 5, 7};
  for (std::uint32_t t = 0; t < 8; ++t) {
    CHECK(wiring::after_stage(net, 0, t) == pi0[t]);
    CHECK(wiring::after_stage(net, 1, t) == pi1[t]);
  }
  // sigma_0 crosses switch 1, sigma_1 switches 0 and 2, sigma_2 every switch:
  // sigma_2 pi_1 sigma_1 pi_0 sigma_0 = (3 7 5 1 0 4 2 6).
  const a2a::test::TableConfiguration<3, 4> fig2{{{{0, 1, 0, 0}, {1, 0, 1, 0}, {1, 1, 1, 1}}}};
  CHECK(permutation<8>(net, fig2) == std::array<std::uint32_t, 8>{3, 7, 5, 1, 0, 4, 2, 6});
}

TEST_CASE("paper 004: matrix L' of the 8x8 banyan network (Gamma_0..Gamma_7) and tau_0, tau_1") {
  // The printed L' has the column header 0..7 as an extra first row (docs/conventions.md); it is dropped here.
  constexpr std::array<std::array<std::uint32_t, 8>, 8> Lp = {{
      {0, 2, 4, 6, 1, 3, 5, 7},
      {1, 3, 5, 7, 0, 2, 4, 6},
      {4, 6, 0, 2, 5, 7, 1, 3},
      {5, 7, 1, 3, 4, 6, 0, 2},
      {2, 0, 6, 4, 3, 1, 7, 5},
      {3, 1, 7, 5, 2, 0, 6, 4},
      {6, 4, 2, 0, 7, 5, 3, 1},
      {7, 5, 3, 1, 6, 4, 2, 0},
  }};
  const Network net = net_of(Topology::banyan, 8);
  constexpr std::array<std::uint32_t, 8> tau0 = {0, 2, 1, 3, 4, 6, 5, 7};
  constexpr std::array<std::uint32_t, 8> tau1 = {0, 4, 2, 6, 1, 5, 3, 7};
  for (std::uint32_t t = 0; t < 8; ++t) {
    CHECK(wiring::after_stage(net, 0, t) == tau0[t]);
    CHECK(wiring::after_stage(net, 1, t) == tau1[t]);
  }
  const auto schedule = LatinSquareSchedule<>::make(net).value();  // Gamma_k crosses stage s iff bit m-1-s of k
  for (std::uint32_t k = 0; k < 8; ++k) {
    const auto round = schedule.round(k);
    for (std::uint32_t i = 0; i < 8; ++i) {
      INFO("Gamma_", k, " input ", i);
      CHECK(schedule.send(round, i).destination == Lp[k][i]);
      CHECK(route(net, i, round).destination == Lp[k][i]);
    }
  }
}
