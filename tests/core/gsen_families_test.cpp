// GSEN beyond N = 2 (mod 4) (paper 000): golden tests from the paper, the idle-port
// rule, the destination matrix, the broadcast, errors, and constexpr checks.
// Portable: heap-free, also built for Cortex-M (tests/target).
#include <a2a/destination_matrix.hpp>
#include <a2a/gsen_broadcast.hpp>
#include <a2a/gsen_sets.hpp>
#include <a2a/gsen_stage_control.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::permutation;

namespace {

constexpr Network gsen(std::uint32_t n) { return make_network(Topology::gsen, n).value(); }

constexpr GsenSetSchedule all_words(std::uint32_t n, GsenPattern p, RoundOrder order = RoundOrder::natural) {
  return GsenSetSchedule::make(gsen(n), {p, order, {}}).value();
}

// Paper 000, Theorem 5.5 (as printed): A' = {0..15, 20..23, 28..31}, doubly alternating.
constexpr RankRange kTheorem55[] = {{0, 15}, {20, 23}, {28, 31}};
// Section 6, N = 68, exactly as the OCR'd text prints it: "100 ~ 104".
constexpr RankRange kSet68AsPrinted[] = {{0, 11}, {16, 43}, {48, 63}, {68, 71}, {80, 83}, {100, 104}, {112, 115}};

// The 10x10 destination matrix D printed with Algorithm 2 (row i, column k).
constexpr std::array<std::array<std::uint32_t, 10>, 10> kPaperD = {{
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 0, 9, 8, 7, 6, 5, 4, 3, 2}, {2, 3, 4, 5, 6, 7, 8, 9, 0, 1},
    {3, 2, 1, 0, 9, 8, 7, 6, 5, 4}, {4, 5, 6, 7, 8, 9, 0, 1, 2, 3}, {5, 4, 3, 2, 1, 0, 9, 8, 7, 6},
    {6, 7, 8, 9, 0, 1, 2, 3, 4, 5}, {7, 6, 5, 4, 3, 2, 1, 0, 9, 8}, {8, 9, 0, 1, 2, 3, 4, 5, 6, 7},
    {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
}};

template <std::uint32_t N, std::uint32_t R>
constexpr bool matches_paper_d(const DestinationMatrix<N, R>& table) {
  for (std::uint32_t i = 0; i < 10; ++i)
    for (std::uint32_t k = 0; k < 10; ++k)
      if (!table.sends(i, k) || table.at(i, k) != kPaperD[i][k]) return false;
  return true;
}

template <std::uint32_t N, std::uint32_t R>
constexpr std::uint32_t idle_entries(const DestinationMatrix<N, R>& table) {
  std::uint32_t idle = 0;
  for (std::uint32_t i = 0; i < N; ++i)
    for (std::uint32_t k = 0; k < R; ++k) idle += table.sends(i, k) ? 0U : 1U;
  return idle;
}

}  // namespace

// --- constant expressions: whole exchanges verified by the compiler ----------
static_assert(check_exchange_small<20>(GsenSetSchedule::make(gsen(20), gsen_configurations(20, GsenPattern::doubly_alternating)).value()).ok());
static_assert(GsenSetSchedule::make(gsen(20), gsen_configurations(20, GsenPattern::doubly_alternating)).value().rounds() == 24);
static_assert(check_exchange_small<12>(all_words(12, GsenPattern::stage)).ok());
static_assert(check_exchange_small<12>(all_words(12, GsenPattern::doubly_alternating, RoundOrder::gray)).ok());
static_assert(check_exchange_small<10>(GsenBroadcastSchedule::make(gsen(10)).value()).ok());
static_assert(matches_paper_d(algorithm2_destination_matrix<10>()));
static_assert(matches_paper_d(destination_matrix<10, 10>(AlternatingSchedule::make(gsen(10)).value()).value()));
// Theorem 5.5: 24 configurations establish 480 paths for 400 pairs; the 80 repeated ones stay idle.
static_assert(idle_entries(destination_matrix<20, 24>(GsenBroadcastSchedule::make(gsen(20)).value()).value()) == 80);
static_assert(sizeof(DestinationMatrix<10, 10>::Entry) == 1 && sizeof(DestinationMatrix<256, 8>::Entry) == 2);

TEST_CASE("paper 000 Theorem 5.5: N = 20, A' = {0..15, 20..23, 28..31}, 24 rounds") {
  const Network net = gsen(20);
  REQUIRE(net.stages == 5);
  const auto s = GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kTheorem55}).value();
  CHECK(s.rounds() == 24);
  const ExchangeCheck c = check_fixed<20>(s);
  INFO(describe(c.violation), " round ", c.round, " port ", c.port);
  CHECK(c.ok());
  CHECK(c.delivered == 400);
  // The rounds run the printed words in order; the table in gsen_sets.hpp is the same set.
  constexpr std::uint32_t kWords[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                      12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31};
  const PaperConfigurationSet* paper = paper_configuration_set(20);
  REQUIRE(paper != nullptr);
  CHECK(paper->pattern == GsenPattern::doubly_alternating);
  CHECK(paper->paper_bound == 24);
  const auto table = GsenSetSchedule::make(net, gsen_configurations(20, GsenPattern::doubly_alternating)).value();
  for (std::uint32_t r = 0; r < 24; ++r) {
    CHECK(s.round(r).word() == kWords[r]);
    CHECK(table.round(r).word() == kWords[r]);
    CHECK(s.round(r).control() == ControlMode::doubly_alternating);
    // Doubly alternating: switches 0,1 in state a_0 of the word, switches 2,3 in the other.
    CHECK(s.round(r).switch_state(0, 2) == (((kWords[r] >> 4) & 1U) ^ 1U));
  }
}

TEST_CASE("paper 000 Theorem 5.5: the doubly alternating words that give equal permutations") {
  const Network net = gsen(20);
  constexpr std::uint32_t kEqual[8][2] = {{0, 17}, {1, 16}, {2, 19}, {3, 18}, {8, 25}, {9, 24}, {10, 27}, {11, 26}};
  for (const auto& pair : kEqual) {
    INFO("A' = ", pair[0], " and ", pair[1]);
    CHECK(permutation<20>(net, AlternatingControl{pair[0], 5, 2}) ==
          permutation<20>(net, AlternatingControl{pair[1], 5, 2}));
  }
  // ... and no other two of the 32 words do (so removing one of each pair leaves 24).
  std::uint32_t equal_pairs = 0;
  for (std::uint32_t a = 0; a < 32; ++a)
    for (std::uint32_t b = a + 1; b < 32; ++b)
      equal_pairs += permutation<20>(net, AlternatingControl{a, 5, 2}) == permutation<20>(net, AlternatingControl{b, 5, 2}) ? 1U : 0U;
  CHECK(equal_pairs == 8);
  // The printed A' keeps exactly one word of each pair.
  const auto s = GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kTheorem55}).value();
  for (const auto& pair : kEqual) CHECK(s.contains(pair[0]) != s.contains(pair[1]));
}

TEST_CASE("paper 000 Section 6: the computer-found sets hold at switch level with the stated bounds") {
  for (const PaperConfigurationSet& set : kPaperConfigurationSets) {
    if (set.ports > a2a::test::kSweepPorts) continue;
    const Network net = gsen(set.ports);
    const auto s = GsenSetSchedule::make(net, {set.pattern, RoundOrder::natural, set.ranges});
    INFO("N = ", set.ports, ": ", describe(s.error()));
    REQUIRE(s.ok());
    CHECK(s->rounds() == set.paper_bound);
    const ExchangeCheck c = check_fixed(*s);
    INFO(describe(c.violation), " round ", c.round, " port ", c.port, " other ", c.other);
    CHECK(c.ok());
    CHECK(c.delivered == std::uint64_t{set.ports} * set.ports);
  }
  CHECK(paper_configuration_set(72)->pattern == GsenPattern::quadruply_alternating);
  CHECK(paper_configuration_set(24) == nullptr);
}

TEST_CASE("paper 000 Section 6, N = 68: the printed '100 ~ 104' is one word too many") {
  if (a2a::test::kSweepPorts < 68) return;
  const Network net = gsen(68);
  // As printed: 73 words, an exchange, but one round more than the stated R(68) <= 72.
  const auto printed = GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kSet68AsPrinted}).value();
  CHECK(printed.rounds() == 73);
  CHECK(printed.round(68).word() == 104);  // after 12 + 28 + 16 + 4 + 4 + 4 words
  CHECK(check_fixed<68>(printed).ok());
  // Word 104 is redundant: the set's table (100 ~ 103) covers every pair with 72 words,
  // and none of 100..103 may go.
  const PaperConfigurationSet* fixed = paper_configuration_set(68);
  REQUIRE(fixed != nullptr);
  CHECK(fixed->ranges[5].first == 100);
  CHECK(fixed->ranges[5].last == 103);
  for (std::uint32_t drop = 100; drop <= 103; ++drop) {
    const RankRange without[] = {{0, 11}, {16, 43}, {48, 63}, {68, 71}, {80, 83}, {100, drop - 1}, {drop + 1, 103}, {112, 115}};
    const std::span<const RankRange> ranges(without);
    // Skip the empty halves (drop = 100 or 103): ranges must be non-empty.
    RankRange kept[8]{};
    std::size_t count = 0;
    for (const RankRange& r : ranges)
      if (r.first <= r.last) kept[count++] = r;
    INFO("without word ", drop);
    CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural,
                                      std::span<const RankRange>(kept, count)})
              .error() == Errc::schedule_set_incomplete);
  }
}

TEST_CASE("the idle-port rule: all 2^n words send exactly the tags below N") {
  for (std::uint32_t n : {12U, 20U, 24U, 28U, 36U}) {
    for (GsenPattern p : kAllGsenPatterns) {
      const auto s = all_words(n, p);
      const Network net = s.network();
      REQUIRE(s.rounds() == (std::uint32_t{1} << net.stages));
      for (std::uint32_t r = 0; r < s.rounds(); ++r) {
        const auto round = s.round(r);
        for (std::uint32_t i = 0; i < n; ++i) {
          const Path path = route(net, i, round);
          const PortSend send = s.send(round, i);
          INFO("N = ", n, " pattern ", name(p), " word ", r, " port ", i);
          CHECK(send.sends == (path.tag < n));
          // Lemma 3.3: j = (i 2^n + F) mod N, whatever the pattern.
          CHECK(path.destination == (i * (std::uint32_t{1} << net.stages) + path.tag) % n);
        }
      }
    }
  }
}

TEST_CASE("Algorithm 4 as a configuration set: ranks 0..N-1 in gray order, alternating pattern") {
  for (std::uint32_t n = 6; n <= 130 && n <= a2a::test::kSweepPorts; n += 4) {
    const auto alg4 = AlternatingSchedule::make(gsen(n)).value();
    const auto set = GsenSetSchedule::make(gsen(n), {GsenPattern::alternating, RoundOrder::gray, {}, n}).value();
    REQUIRE(set.rounds() == n);
    for (std::uint32_t k = 0; k < n; ++k)
      for (std::uint32_t i = 0; i < n; ++i) {
        INFO("N = ", n, " round ", k, " port ", i);
        CHECK(set.send(set.round(k), i) == alg4.send(alg4.round(k), i));
      }
  }
}

TEST_CASE("all-to-all broadcast (Algorithm 1): N = 10, every processor's message to every processor") {
  const auto b = GsenBroadcastSchedule::make(gsen(10)).value();
  CHECK(is_broadcast(b));
  CHECK_FALSE(is_broadcast(AlternatingSchedule::make(gsen(10)).value()));
  REQUIRE(b.rounds() == 10);
  constexpr std::uint32_t kA[] = {0, 1, 3, 2, 6, 7, 5, 4, 12, 13};  // A_0..A_9 as printed
  for (std::uint32_t k = 0; k < 10; ++k) {
    CHECK(b.round(k).word() == kA[k]);
    for (std::uint32_t i = 0; i < 10; ++i) {
      const PortSend s = b.send(b.round(k), i);
      CHECK(s.sends);
      CHECK(s.tag == (i % 2 == 0 ? k : 15 - k));  // Algorithm 1, line 4
      CHECK(s.destination == kPaperD[i][k]);
    }
  }
  // Each processor receives each broadcast message once (the check counts (origin, receiver)).
  const ExchangeCheck c = check_fixed<10>(b);
  CHECK(c.ok());
  CHECK(c.delivered == 100);
  // Beyond N = 2 (mod 4): the fewest configurations known, with the same idle rule.
  CHECK(GsenBroadcastSchedule::make(gsen(20)).value().rounds() == 24);
  CHECK(GsenBroadcastSchedule::make(gsen(12)).value().rounds() == 16);
  CHECK(GsenBroadcastSchedule::make(gsen(16)).value().rounds() == 16);
  CHECK(check_fixed<20>(GsenBroadcastSchedule::make(gsen(20)).value()).ok());
}

TEST_CASE("destination matrices: Algorithm 2 and any schedule's table") {
  constexpr auto d10 = algorithm2_destination_matrix<10>();
  for (std::uint32_t i = 0; i < 10; ++i)
    for (std::uint32_t k = 0; k < 10; ++k) CHECK(d10.at(i, k) == kPaperD[i][k]);
  // Algorithm 2's table is what the round generator and the route say, for other N too.
  constexpr auto d14 = algorithm2_destination_matrix<14>();
  const auto alg4 = AlternatingSchedule::make(gsen(14)).value();
  for (std::uint32_t k = 0; k < 14; ++k)
    for (std::uint32_t i = 0; i < 14; ++i) CHECK(d14.at(i, k) == route(gsen(14), i, alg4.round(k)).destination);
  // Stage control on N = 12: 16 rounds, every pair once, the rest idle.
  const auto table = destination_matrix<12, 16>(all_words(12, GsenPattern::stage)).value();
  CHECK(idle_entries(table) == 16 * 12 - 144);
  using Table = DestinationMatrix<12, 16>;
  CHECK(Table::kIdle == 0xFF);
  CHECK((destination_matrix<12, 15>(all_words(12, GsenPattern::stage)).error() == Errc::table_size_mismatch));
  CHECK((destination_matrix<14, 16>(all_words(12, GsenPattern::stage)).error() == Errc::table_size_mismatch));
}

TEST_CASE("GSEN configuration sets: bad input gets a specific error") {
  const Network omega = make_network(Topology::omega, 16).value();
  CHECK(GsenSetSchedule::make(omega, {GsenPattern::stage, RoundOrder::natural, {}}).error() ==
        Errc::gsen_schedule_on_other_topology);
  CHECK(GsenSetSchedule::make(omega, {GsenPattern::doubly_alternating, RoundOrder::natural, {}}).error() ==
        Errc::schedule_needs_gsen);
  CHECK(GsenBroadcastSchedule::make(omega).error() == Errc::gsen_schedule_on_other_topology);
  const Network net = gsen(20);
  constexpr RankRange kOverlap[] = {{0, 15}, {15, 23}};
  constexpr RankRange kDescending[] = {{20, 23}, {0, 15}};
  constexpr RankRange kBackwards[] = {{15, 0}};
  constexpr RankRange kBeyond[] = {{0, 32}};
  constexpr RankRange kMissing[] = {{0, 15}, {20, 23}, {28, 30}};
  for (std::span<const RankRange> bad : {std::span<const RankRange>(kOverlap), std::span<const RankRange>(kDescending),
                                         std::span<const RankRange>(kBackwards), std::span<const RankRange>(kBeyond)})
    CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, bad}).error() ==
          Errc::schedule_set_malformed);
  CHECK(GsenSetSchedule::make(net, {GsenPattern::stage, RoundOrder::natural, {}, 33}).error() ==
        Errc::schedule_set_malformed);
  CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kTheorem55, 24}).error() ==
        Errc::schedule_set_malformed);  // ranges and first_ranks together
  CHECK(GsenSetSchedule::make(net, {GsenPattern::stage, RoundOrder::natural, {}, 32}).value().rounds() == 32);
  CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kMissing}).error() ==
        Errc::schedule_set_incomplete);
  // The same words are no exchange under stage control (Theorem 3.8: all 2^n are needed).
  CHECK(GsenSetSchedule::make(net, {GsenPattern::stage, RoundOrder::natural, kTheorem55}).error() ==
        Errc::schedule_set_incomplete);
  CHECK(make_gsen_pattern_schedule(net, GsenPattern::doubly_alternating, RoundOrder::gray).error() ==
        Errc::schedule_order_needs_all_configurations);
  CHECK(make_gsen_pattern_schedule(net, GsenPattern::quadruply_alternating, RoundOrder::gray).value().rounds() == 32);
  const auto s = all_words(20, GsenPattern::stage);
  CHECK(s.checked_round(32).error() == Errc::round_out_of_range);
  CHECK(s.checked_send(s.round(0), 20).error() == Errc::port_out_of_range);
  CHECK(s.checked_send(s.round(0), 19).ok());
  for (Errc e : {Errc::schedule_set_malformed, Errc::schedule_set_incomplete,
                 Errc::schedule_order_needs_all_configurations, Errc::gsen_schedule_on_other_topology,
                 Errc::table_size_mismatch})
    CHECK(describe(e) != describe(Errc::ok));
}

TEST_CASE("AnySchedule: the GSEN families by name, and the default never above Fig. 14") {
  CHECK(parse_schedule_kind("gsen-stage-control").value() == ScheduleKind::gsen_stage_control);
  CHECK(parse_schedule_kind("doubly-alternating").value() == ScheduleKind::doubly_alternating);
  CHECK(parse_schedule_kind("quadruply-alternating").value() == ScheduleKind::quadruply_alternating);
  CHECK(parse_schedule_kind("broadcast").value() == ScheduleKind::broadcast);
  CHECK(default_schedule_kind(gsen(12)) == ScheduleKind::gsen_stage_control);
  CHECK(default_schedule_kind(gsen(20)) == ScheduleKind::doubly_alternating);
  CHECK(default_schedule_kind(gsen(72)) == ScheduleKind::quadruply_alternating);
  CHECK(default_schedule_kind(gsen(16)) == ScheduleKind::latin_square);
  CHECK(default_schedule_kind(gsen(10)) == ScheduleKind::alternating);
  const auto any = AnySchedule::make(gsen(20), ScheduleKind::doubly_alternating).value();
  CHECK(any.rounds() == 24);
  CHECK(any.round(16).word() == 20);
  CHECK(any.round(16).control() == ControlMode::doubly_alternating);
  CHECK_FALSE(any.broadcast());
  CHECK(check_fixed<20>(any).ok());
  const auto b = AnySchedule::make(gsen(20), ScheduleKind::broadcast).value();
  CHECK(b.broadcast());
  CHECK(b.rounds() == 24);
  CHECK(AnySchedule::make(gsen(20), ScheduleKind::gsen_stage_control, RoundOrder::gray).value().rounds() == 32);
  CHECK(AnySchedule::make(gsen(20), ScheduleKind::doubly_alternating, RoundOrder::gray).error() ==
        Errc::schedule_order_needs_all_configurations);
  CHECK(AnySchedule::make(make_network(Topology::omega, 8).value(), ScheduleKind::broadcast).error() ==
        Errc::gsen_schedule_on_other_topology);
}
