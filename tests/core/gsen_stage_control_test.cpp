// a2a/gsen_stage_control.hpp: exchanges over sets of GSEN configurations, the idle-port
// rule against paper 000's Lemma 3.3, Algorithm 4 as a set, and the specific refusals.
#include <a2a/gsen_stage_control.hpp>

#include <a2a/alternating.hpp>
#include <a2a/gsen_paths.hpp>
#include <a2a/gsen_sets.hpp>

#include "support.hpp"

TEST_CASE("the idle-port rule: all 2^n words send exactly the tags below N") {
  using namespace a2a;
  using a2a::test::all_gsen_words;
  using a2a::test::gsen;
  for (std::uint32_t n : {12U, 20U, 24U, 28U, 36U}) {
    for (GsenPattern p : kAllGsenPatterns) {
      const auto s = all_gsen_words(n, p);
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
  using namespace a2a;
  using a2a::test::all_gsen_words;
  using a2a::test::gsen;
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

TEST_CASE("GSEN configuration sets: bad input gets a specific error") {
  using namespace a2a;
  using a2a::test::all_gsen_words;
  using a2a::test::gsen;
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
  CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, paper000::kSet20, 24})
            .error() == Errc::schedule_set_malformed);  // ranges and first_ranks together
  CHECK(GsenSetSchedule::make(net, {GsenPattern::stage, RoundOrder::natural, {}, 32}).value().rounds() == 32);
  CHECK(GsenSetSchedule::make(net, {GsenPattern::doubly_alternating, RoundOrder::natural, kMissing}).error() ==
        Errc::schedule_set_incomplete);
  // The same words are no exchange under stage control (Theorem 3.8: all 2^n are needed).
  CHECK(GsenSetSchedule::make(net, {GsenPattern::stage, RoundOrder::natural, paper000::kSet20}).error() ==
        Errc::schedule_set_incomplete);
  CHECK(make_gsen_pattern_schedule(net, GsenPattern::doubly_alternating, RoundOrder::gray).error() ==
        Errc::schedule_order_needs_all_configurations);
  CHECK(make_gsen_pattern_schedule(net, GsenPattern::quadruply_alternating, RoundOrder::gray).value().rounds() == 32);
  const auto s = all_gsen_words(20, GsenPattern::stage);
  CHECK(s.checked_round(32).error() == Errc::round_out_of_range);
  CHECK(s.checked_send(s.round(0), 20).error() == Errc::port_out_of_range);
  CHECK(s.checked_send(s.round(0), 19).ok());
  for (Errc e :
       {Errc::schedule_set_malformed, Errc::schedule_set_incomplete, Errc::schedule_order_needs_all_configurations,
        Errc::gsen_schedule_on_other_topology, Errc::table_size_mismatch})
    CHECK(describe(e) != describe(Errc::ok));
}
