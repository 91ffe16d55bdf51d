// GSEN beyond N = 2 (mod 4) (paper 000): golden tests from the paper, the idle-port
// rule, the destination matrix, the broadcast, errors, and constexpr checks.
// Portable: heap-free, also built for Cortex-M (tests/target).
#include <a2a/gsen_sets.hpp>
#include <a2a/gsen_stage_control.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::all_gsen_words;
using a2a::test::check_fixed;
using a2a::test::gsen;
using a2a::test::permutation;

namespace {

// Paper 000, Theorem 5.5 (as printed): A' = {0..15, 20..23, 28..31}, doubly alternating.
constexpr RankRange kTheorem55[] = {{0, 15}, {20, 23}, {28, 31}};
// Section 6, N = 68, exactly as the OCR'd text prints it: "100 ~ 104".
constexpr RankRange kSet68AsPrinted[] = {{0, 11}, {16, 43}, {48, 63}, {68, 71}, {80, 83}, {100, 104}, {112, 115}};

}  // namespace

// --- constant expressions: whole exchanges verified by the compiler ----------
static_assert(check_exchange_small<20>(
                  GsenSetSchedule::make(gsen(20), gsen_configurations(20, GsenPattern::doubly_alternating)).value())
                  .ok());
static_assert(
    GsenSetSchedule::make(gsen(20), gsen_configurations(20, GsenPattern::doubly_alternating)).value().rounds() == 24);
static_assert(check_exchange_small<12>(all_gsen_words(12, GsenPattern::stage)).ok());
static_assert(check_exchange_small<12>(all_gsen_words(12, GsenPattern::doubly_alternating, RoundOrder::gray)).ok());
static_assert(check_exchange_small<10>(GsenBroadcastSchedule::make(gsen(10)).value()).ok());
// Theorem 5.5: 24 configurations establish 480 paths for 400 pairs; the 80 repeated ones stay idle.

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
      equal_pairs +=
          permutation<20>(net, AlternatingControl{a, 5, 2}) == permutation<20>(net, AlternatingControl{b, 5, 2}) ? 1U
                                                                                                                 : 0U;
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
  const auto printed =
      GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kSet68AsPrinted}).value();
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
    const RankRange without[] = {{0, 11},  {16, 43},        {48, 63},        {68, 71},
                                 {80, 83}, {100, drop - 1}, {drop + 1, 103}, {112, 115}};
    const std::span<const RankRange> ranges(without);
    // Skip the empty halves (drop = 100 or 103): ranges must be non-empty.
    RankRange kept[8]{};
    std::size_t count = 0;
    for (const RankRange& r : ranges)
      if (r.first <= r.last) kept[count++] = r;
    INFO("without word ", drop);
    CHECK(GsenSetSchedule::make(
              net, {GsenPattern::doubly_alternating, RoundOrder::natural, std::span<const RankRange>(kept, count)})
              .error() == Errc::schedule_set_incomplete);
  }
}
