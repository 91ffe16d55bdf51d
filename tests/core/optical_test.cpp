// Paper 002's crosstalk-free exchange (OpticalSchedule): the sets A and B, the
// worked decompositions of the 8x8 baseline network, the counterexample that has
// no crosstalk-free decomposition, errors, AnySchedule, and small exchanges in
// static_assert. The sweeps up to N = 1024 are in exhaustive_optical_test.cpp.
#include <a2a/optical.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::permutation;

namespace {

template <std::uint32_t N>
constexpr bool optical_ok(Topology t) {
  const auto schedule = OpticalSchedule::make(make_network(t, N).value()).value();
  const ExchangeCheck c = check_exchange_small<N>(schedule);
  return c.ok() && c.rounds == 2 * N && c.delivered == std::uint64_t{N} * N;
}

/// Paper 002, Table II: GenTag(n) = GenTag(n/2) followed by its negation,
/// GenTag(2) = {0, 1}; written out here as the recursion, independent of input_set().
template <std::uint32_t N>
constexpr std::array<std::uint32_t, N> gen_tag() {
  std::array<std::uint32_t, N> tags{};
  tags[1] = 1;
  for (std::uint32_t half = 2; half < N; half *= 2)
    for (std::uint32_t i = 0; i < half; ++i) tags[half + i] = 1 - tags[i];
  return tags;
}

}  // namespace

// Small exchanges at compile time, crosstalk checked.
static_assert(optical_ok<2>(Topology::omega));
static_assert(optical_ok<8>(Topology::baseline));
static_assert(optical_ok<16>(Topology::banyan));
static_assert(optical_ok<16>(Topology::reverse_omega));
static_assert(optical_ok<8>(Topology::reverse_baseline));
static_assert(optical_ok<16>(Topology::reverse_banyan));
static_assert(optical_ok<16>(Topology::gsen));
static_assert(check_exchange_small<16>(optical_schedule<StaticNetwork<Topology::omega, 16>, RoundOrder::gray>()).ok());
// Eq. (8) and Table II for N = 8 and 16.
static_assert(input_set(0) == InputSet::a && input_set(3) == InputSet::a && input_set(5) == InputSet::a &&
              input_set(6) == InputSet::a);
static_assert(input_set(1) == InputSet::b && input_set(2) == InputSet::b && input_set(4) == InputSet::b &&
              input_set(7) == InputSet::b);
static_assert(bit_parity(0xFFFFFFFFU) == 0 && bit_parity(0x80000000U) == 1);

TEST_CASE("paper 002: the sets A and B (eq. 8) for N = 8 and N = 16, and Table II's tag list") {
  constexpr std::array<std::uint32_t, 4> a8 = {0, 3, 5, 6};
  constexpr std::array<std::uint32_t, 4> b8 = {1, 2, 4, 7};
  for (std::uint32_t i : a8) CHECK(input_set(i) == InputSet::a);
  for (std::uint32_t i : b8) CHECK(input_set(i) == InputSet::b);
  // Table II for n = 16: the tag list and the sets it gives.
  constexpr std::array<std::uint32_t, 16> tags16 = {0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0};
  constexpr std::array<std::uint32_t, 8> a16 = {0, 3, 5, 6, 9, 10, 12, 15};
  constexpr std::array<std::uint32_t, 8> b16 = {1, 2, 4, 7, 8, 11, 13, 14};
  CHECK(gen_tag<16>() == tags16);
  for (std::uint32_t i = 0; i < 16; ++i) CHECK(static_cast<std::uint32_t>(input_set(i)) == tags16[i]);
  for (std::uint32_t i : a16) CHECK(input_set(i) == InputSet::a);
  for (std::uint32_t i : b16) CHECK(input_set(i) == InputSet::b);
  // The recursion and the bit count agree far beyond the paper's example (Lemma 5: |A| = |B| = N/2,
  // and each switch 2s, 2s+1 of the first stage has one input of each set).
  static constexpr auto tags = gen_tag<1024>();  // in flash on a board, not on its stack
  std::uint32_t in_a = 0;
  for (std::uint32_t i = 0; i < 1024; ++i) {
    INFO("i = ", i);
    CHECK(static_cast<std::uint32_t>(input_set(i)) == tags[i]);
    in_a += input_set(i) == InputSet::a ? 1U : 0U;
    if (i % 2 == 1) CHECK(input_set(i) != input_set(i - 1));
  }
  CHECK(in_a == 512);
}

TEST_CASE("paper 002: the decompositions of rows 1 and 4 of L in the 8x8 baseline network (Theorem 4)") {
  // Rows of L are the stage words in Gray order, so pass 2r / 2r+1 are row r's A / B halves.
  const Network net = make_network(Topology::baseline, 8).value();
  const auto schedule = OpticalSchedule::make(net, RoundOrder::gray).value();
  REQUIRE(schedule.rounds() == 16);
  // Each input's terminal after sigma_0, pi_0, sigma_1, pi_1 and sigma_2, copied from the
  // paper's semi-permutations: row 1 (I, I, I) and row 4 (I, phi_1, I).
  struct Chain {
    std::uint32_t pass, input;
    std::array<std::uint32_t, 5> terminals;
  };
  constexpr Chain chains[] = {
      // Row 1, A: pi_0 = (0 3 5 6 -> 0 5 6 3), pi_1 = (0 3 5 6 -> 0 3 6 5); result (0 3 5 6 -> 0 6 5 3).
      {0, 0, {0, 0, 0, 0, 0}},
      {0, 3, {3, 5, 5, 6, 6}},
      {0, 5, {5, 6, 6, 5, 5}},
      {0, 6, {6, 3, 3, 3, 3}},
      // Row 1, B: pi_0 = (1 2 4 7 -> 4 1 2 7), pi_1 = (1 2 4 7 -> 2 1 4 7); result (1 2 4 7 -> 4 2 1 7).
      {1, 1, {1, 4, 4, 4, 4}},
      {1, 2, {2, 1, 1, 2, 2}},
      {1, 4, {4, 2, 2, 1, 1}},
      {1, 7, {7, 7, 7, 7, 7}},
      // Row 4, A: pi_0 on A, phi_1 = (0 3 5 6 -> 1 2 4 7), pi_1 on B; result (0 3 5 6 -> 2 4 7 1).
      {6, 0, {0, 0, 1, 2, 2}},
      {6, 3, {3, 5, 4, 4, 4}},
      {6, 5, {5, 6, 7, 7, 7}},
      {6, 6, {6, 3, 2, 1, 1}},
      // Row 4, B: pi_0 on B, phi_1 = (1 2 4 7 -> 0 3 5 6), pi_1 on A; result (1 2 4 7 -> 6 0 3 5).
      {7, 1, {1, 4, 5, 6, 6}},
      {7, 2, {2, 1, 0, 0, 0}},
      {7, 4, {4, 2, 3, 3, 3}},
      {7, 7, {7, 7, 6, 5, 5}},
  };
  for (const Chain& c : chains) {
    INFO("pass ", c.pass, " input ", c.input);
    const auto round = schedule.round(c.pass);
    const PortSend s = schedule.send(round, c.input);
    CHECK(s.sends);
    CHECK(s.destination == c.terminals[4]);
    const Path p = route(net, c.input, round);
    CHECK(p.hops[0].switch_index * 2 + p.hops[0].out_port == c.terminals[0]);  // after sigma_0
    CHECK(p.hops[1].switch_index * 2 + p.hops[1].in_port == c.terminals[1]);   // after pi_0
    CHECK(p.hops[1].switch_index * 2 + p.hops[1].out_port == c.terminals[2]);  // after sigma_1
    CHECK(p.hops[2].switch_index * 2 + p.hops[2].in_port == c.terminals[3]);   // after pi_1
    CHECK(p.destination == c.terminals[4]);                                    // after sigma_2
  }
  // Exactly the four inputs of the pass's set send; the other four are idle.
  for (std::uint32_t pass : {0U, 1U, 6U, 7U}) {
    const auto round = schedule.round(pass);
    for (std::uint32_t i = 0; i < 8; ++i)
      CHECK(schedule.send(round, i).sends == (static_cast<std::uint32_t>(input_set(i)) == pass % 2));
  }
  // Row 1 is self-mapping (no stage crossed), row 4 opposite-mapping (one phi_1).
  CHECK(schedule.round(0).receivers() == InputSet::a);
  CHECK(schedule.round(1).receivers() == InputSet::b);
  CHECK(schedule.round(6).receivers() == InputSet::b);
  CHECK(schedule.round(7).receivers() == InputSet::a);
}

TEST_CASE("paper 002: the admissible permutation 2 4 0 6 1 5 3 7 has no crosstalk-free halves") {
  // Section 4: its unique decomposition is (0 2 5 7 -> 2 0 5 7) and (1 3 4 6 -> 4 6 1 3), and
  // neither passes the 8x8 baseline network crosstalk-free. Find its switch settings (the
  // network is unique-path: one of the 2^12 settings) and count the shared switches.
  const Network net = make_network(Topology::baseline, 8).value();
  constexpr std::array<std::uint32_t, 8> target = {2, 4, 0, 6, 1, 5, 3, 7};
  a2a::test::TableConfiguration<3, 4> config;
  std::uint32_t found = 0;
  for (std::uint32_t bits = 0; bits < 4096; ++bits) {
    a2a::test::TableConfiguration<3, 4> c;
    for (std::uint32_t k = 0; k < 12; ++k) c.states[k / 4][k % 4] = (bits >> k) & 1U;
    if (permutation<8>(net, c) == target) {
      config = c;
      ++found;
    }
  }
  REQUIRE(found == 1);
  constexpr std::array<std::array<std::uint32_t, 4>, 2> halves = {{{0, 2, 5, 7}, {1, 3, 4, 6}}};
  for (const auto& half : halves) {
    std::array<std::uint32_t, 12> load{};
    for (std::uint32_t i : half) {
      const Path p = route(net, i, config);
      for (std::uint32_t s = 0; s < 3; ++s) ++load[s * 4 + p.hops[s].switch_index];
    }
    std::uint32_t shared = 0;
    for (std::uint32_t l : load) shared += l > 1 ? 1U : 0U;
    CHECK(shared > 0);  // crosstalk: some switch carries two signals of the half
    // and it is a semi-permutation all the same: one signal per first- and last-stage switch.
    for (std::uint32_t y = 0; y < 4; ++y) {
      CHECK(load[y] == 1);
      CHECK(load[8 + y] == 1);
    }
  }
}

TEST_CASE("optical passes: each Latin-square round twice, A half then B half") {
  const Network net = make_network(Topology::omega, 16).value();
  const auto optical = OpticalSchedule::make(net, RoundOrder::gray).value();
  const auto latin = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  REQUIRE(optical.rounds() == 32);
  CHECK(optical.optical());
  for (std::uint32_t r = 0; r < 32; ++r) {
    const auto round = optical.round(r);
    const auto latin_round = latin.round(r / 2);
    CHECK(round.latin_round() == r / 2);
    CHECK(round.word() == latin_round.word());
    CHECK(round.control() == ControlMode::stage);
    CHECK(round.senders() == (r % 2 == 0 ? InputSet::a : InputSet::b));
    std::uint32_t senders = 0;
    for (std::uint32_t i = 0; i < 16; ++i) {
      const PortSend s = optical.send(round, i);
      CHECK(s == optical.port(i).send(round));
      if (!s.sends) continue;
      ++senders;
      CHECK(input_set(i) == round.senders());
      CHECK(s == latin.send(latin_round, i));
      CHECK(input_set(s.destination) == round.receivers());
    }
    CHECK(senders == 8);
  }
}

TEST_CASE("the optical schedule refuses networks it does not apply to") {
  CHECK(OpticalSchedule::make(make_network(Topology::omega, 9, 3).value()).error() == Errc::optical_needs_binary);
  CHECK(OpticalSchedule::make(make_network(Topology::omega, 16, 4).value()).error() == Errc::optical_needs_binary);
  CHECK(OpticalSchedule::make(make_network(Topology::gsen, 10).value()).error() == Errc::schedule_needs_unique_path);
  CHECK(OpticalSchedule::make(make_network(Topology::shift, 8).value()).error() ==
        Errc::shift_network_needs_shift_schedule);
  const auto optical = OpticalSchedule::make(make_network(Topology::banyan, 8).value()).value();
  CHECK(optical.checked_round(16).error() == Errc::round_out_of_range);
  CHECK(optical.checked_send(optical.round(15), 8).error() == Errc::port_out_of_range);
  CHECK_FALSE(optical.checked_send(optical.round(15), 0).value().sends);  // 0 is in A, pass 15 is a B pass
}

TEST_CASE("the optical family through AnySchedule: by name, crosstalk checked") {
  CHECK(parse_schedule_kind("optical").value() == ScheduleKind::optical);
  CHECK(name(ScheduleKind::optical) == "optical");
  const Network net = make_network(Topology::reverse_baseline, 32).value();
  CHECK(default_schedule_kind(net) == ScheduleKind::latin_square);  // optical only when asked for
  const auto any = AnySchedule::make(net, ScheduleKind::optical, RoundOrder::gray).value();
  CHECK(any.optical());
  CHECK(is_optical(any));
  CHECK_FALSE(AnySchedule::make(net, ScheduleKind::latin_square).value().optical());
  CHECK(any.rounds() == 64);
  const ExchangeCheck c = check_fixed(any);
  CHECK(c.ok());
  CHECK(c.delivered == 32 * 32);
  const auto direct = OpticalSchedule::make(net, RoundOrder::gray).value();
  for (std::uint32_t r = 0; r < 64; ++r)
    for (std::uint32_t i = 0; i < 32; ++i) CHECK(any.send(any.round(r), i) == direct.send(direct.round(r), i));
  CHECK(AnySchedule::make(make_network(Topology::omega, 27, 3).value(), ScheduleKind::optical).error() ==
        Errc::optical_needs_binary);
}
