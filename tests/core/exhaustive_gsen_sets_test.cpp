// Exhaustive switch-level verification of the GSEN configuration-set families
// (paper 000 beyond N = 2 mod 4): every even N from 4 to 128 with every pattern
// over all 2^n words in both orders, the fewest-round schedule for each N with
// the exact counts of Fig. 14, the broadcast, the path walker against route(),
// and sweeps of larger N (up to A2A_TEST_MAX_PORTS: 1026 on the host).
// Portable: heap-free, also built for Cortex-M with a smaller maximum.
#include <a2a/gsen_broadcast.hpp>
#include <a2a/gsen_sets.hpp>
#include <a2a/gsen_stage_control.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::kSweepPorts;

namespace {

constexpr std::uint32_t kTableTop = kSweepPorts < 128 ? kSweepPorts : 128;

Network gsen(std::uint32_t n) { return make_network(Topology::gsen, n).value(); }

// Paper 000, Fig. 14: R(N) for N = 4, 6, ..., 128, the "<= x" entries as their bound x.
constexpr std::uint32_t kFig14R[] = {4,   6,   8,   10,  16,  14,  16,  18,  24,  22,  32,  26,  32,  30,  32,  34,
                                     40,  38,  64,  42,  48,  46,  64,  50,  64,  54,  64,  58,  64,  62,  64,  66,
                                     72,  70,  96,  74,  88,  78,  128, 82,  96,  86,  128, 90,  112, 94,  128, 98,
                                     128, 102, 128, 106, 128, 110, 128, 114, 128, 118, 128, 122, 128, 126, 128};
static_assert(sizeof kFig14R / sizeof kFig14R[0] == 63);

/// The configuration each pattern's state formula gives switch y: route() is the judge,
/// so the walker is compared with the route() through these (AlternatingControl, StageControl).
Path reference_path(const Network& net, std::uint32_t i, std::uint32_t word, GsenPattern p) {
  if (p == GsenPattern::stage) return route(net, i, StageControl{word, 2, net.stages});
  return route(net, i, AlternatingControl{word, net.stages, pattern_block(p)});
}

}  // namespace

TEST_CASE("every even N from 4 to 128: each pattern over all 2^n words, natural and gray order") {
  for (std::uint32_t n = 4; n <= kTableTop; n += 2) {
    for (GsenPattern p : kAllGsenPatterns) {
      for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
        const auto s = GsenSetSchedule::make(gsen(n), {p, order, {}}).value();
        const ExchangeCheck c = check_fixed(s);
        INFO("N = ", n, " pattern ", name(p), order == RoundOrder::gray ? " gray" : " natural", ": ",
             describe(c.violation), " round ", c.round, " port ", c.port);
        CHECK(c.ok());
        CHECK(c.rounds == (std::uint32_t{1} << s.network().stages));
        CHECK(c.delivered == std::uint64_t{n} * n);
      }
    }
  }
}

TEST_CASE(
    "every even N from 4 to 128: the default schedule takes exactly Fig. 14's R(N) (or its bound), fewer where the "
    "catalogue has a set") {
  for (std::uint32_t n = 4; n <= kTableTop; n += 2) {
    const Network net = gsen(n);
    const ScheduleKind kind = default_schedule_kind(net);
    const auto any = AnySchedule::make(net, kind);
    INFO("N = ", n, " default ", name(kind), ": ", describe(any.error()));
    REQUIRE(any.ok());
    // A stored set of the table family is compiled only where it beats the paper's.
    if (kind == ScheduleKind::table)
      CHECK(any->rounds() < kFig14R[(n - 4) / 2]);
    else
      CHECK(any->rounds() == kFig14R[(n - 4) / 2]);
    const ExchangeCheck c = check_fixed(*any);
    INFO(describe(c.violation), " round ", c.round, " port ", c.port);
    CHECK(c.ok());
    // The broadcast runs the same configurations; every processor gets every message once.
    const auto broadcast = GsenBroadcastSchedule::make(net).value();
    CHECK(broadcast.rounds() == kFig14R[(n - 4) / 2]);
    CHECK(check_fixed(broadcast).ok());
    // The named families apply to every even N (doubly / quadruply: the paper's set or all words).
    for (ScheduleKind k :
         {ScheduleKind::gsen_stage_control, ScheduleKind::doubly_alternating, ScheduleKind::quadruply_alternating}) {
      const auto family = AnySchedule::make(net, k).value();
      INFO("family ", name(k));
      CHECK(family.rounds() >= kFig14R[(n - 4) / 2]);
      CHECK(check_fixed(family).ok());
    }
  }
}

TEST_CASE("the path walker agrees with route() and inverts it, every N up to 128, every pattern and word") {
  for (std::uint32_t n = 4; n <= kTableTop; n += 2) {
    const Network net = gsen(n);
    const std::uint32_t words = std::uint32_t{1} << net.stages;
    for (GsenPattern p : kAllGsenPatterns) {
      const GsenWalker walker(n, net.stages, p);
      // One CHECK per pattern and N (millions of cases); the first difference is reported.
      std::uint32_t wrong = 0;
      std::uint32_t first_word = 0;
      std::uint32_t first_input = 0;
      for (std::uint32_t word = 0; word < words; ++word) {
        for (std::uint32_t i = 0; i < n; ++i) {
          const Path path = reference_path(net, i, word, p);
          const GsenArrival a = walker.arrive(i, word);
          const bool same =
              a.destination == path.destination && a.tag == path.tag && walker.word_for_tag(i, a.tag) == word;
          if (!same && wrong++ == 0) {
            first_word = word;
            first_input = i;
          }
        }
      }
      INFO("N = ", n, " pattern ", name(p), ": first difference at word ", first_word, " input ", first_input);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("sweeps beyond 128: stage control and the alternating patterns up to the sweep limit") {
  // Every N = 0 (mod 4) that is no power of two would be too many at 2^n rounds each;
  // a stride plus both ends of each power-of-two interval covers every n.
  std::uint32_t checked = 0;
  for (std::uint32_t n = 132; n <= kSweepPorts; n += 4) {
    std::uint32_t stages = 0;
    while ((std::uint32_t{1} << stages) < n) ++stages;
    const std::uint32_t low = (std::uint32_t{1} << (stages - 1)) + 4;
    const bool picked = n % 68 == 0 || n == low || n + 8 > (std::uint32_t{1} << stages);
    if (!picked) continue;
    for (GsenPattern p : kAllGsenPatterns) {
      if (p != GsenPattern::stage && n != low && n != 1020) continue;  // the patterns at fewer sizes
      const auto s = GsenSetSchedule::make(gsen(n), {p, RoundOrder::natural, {}}).value();
      const ExchangeCheck c = check_fixed(s);
      INFO("N = ", n, " pattern ", name(p), ": ", describe(c.violation), " round ", c.round, " port ", c.port);
      CHECK(c.ok());
      CHECK(c.delivered == std::uint64_t{n} * n);
      ++checked;
    }
  }
  CHECK(checked >= (kSweepPorts >= 1024 ? 30U : 0U));
}
