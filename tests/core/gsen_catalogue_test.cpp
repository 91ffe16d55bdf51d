// a2a/gsen_catalogue.hpp: the stored set a network gets from the catalogue, and none for
// a network the catalogue does not cover.
#include <a2a/gsen_catalogue.hpp>

#include <a2a/any_schedule.hpp>

#include "support.hpp"

TEST_CASE("the catalogue's N = 36 set: the network's default, fewer rounds than paper 000's 40") {
  using namespace a2a;
  using a2a::test::gsen;
  const Network net = gsen(36);
  const ConfigurationTable* table = catalogue_table(net);
  REQUIRE(table != nullptr);
  CHECK(table->rounds < 40);
  CHECK(default_schedule_kind(net) == ScheduleKind::table);
  const auto any = AnySchedule::make(net, ScheduleKind::table);
  REQUIRE(any.ok());
  CHECK(any->rounds() == table->rounds);
  const ExchangeCheck check = test::check_fixed<64>(*any);
  CHECK(check.ok());
  CHECK(check.delivered == 36U * 36U);
  CHECK(AnySchedule::make(net, ScheduleKind::table, RoundOrder::gray).error() ==
        Errc::schedule_order_needs_all_configurations);
}

TEST_CASE("the catalogue holds nothing for other networks") {
  using namespace a2a;
  CHECK(catalogue_table(a2a::test::gsen(20)) == nullptr);  // paper 000's Theorem 5.5 set is the best known
  CHECK(catalogue_table(make_network(Topology::omega, 32).value()) == nullptr);
}
