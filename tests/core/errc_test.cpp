// Bad parameters are refused with a specific error value, never accepted or crashed on.
#include <a2a/errc.hpp>
#include <a2a/limits.hpp>
#include <a2a/message_text.hpp>
#include <a2a/status.hpp>

#include "support.hpp"

using namespace a2a;

TEST_CASE("make_network refuses each bad parameter with its own error") {
  CHECK(make_network(Topology::omega, 16, 1).error() == Errc::radix_too_small);
  CHECK(make_network(Topology::omega, 16, 0).error() == Errc::radix_too_small);
  CHECK(make_network(Topology::omega, 289, 17).error() == Errc::radix_too_large);
  CHECK(make_network(Topology::omega, 131072).error() == Errc::ports_too_large);
  CHECK(make_network(Topology::gsen, 65538).error() == Errc::ports_too_large);
  CHECK(make_network(Topology::omega, 1).error() == Errc::ports_too_small);
  CHECK(make_network(Topology::omega, 0).error() == Errc::ports_too_small);
  CHECK(make_network(Topology::baseline, 12).error() == Errc::ports_not_power_of_radix);
  CHECK(make_network(Topology::banyan, 32, 4).error() == Errc::ports_not_power_of_radix);
  CHECK(make_network(Topology::gsen, 11).error() == Errc::ports_odd);
  CHECK(make_network(Topology::gsen, 2).error() == Errc::ports_too_small);
  CHECK(make_network(Topology::gsen, 9, 3).error() == Errc::topology_needs_binary);
  CHECK(make_network(static_cast<Topology>(42), 16).error() == Errc::topology_unknown);
  CHECK(parse_topology("omgea").error() == Errc::topology_unknown);
  CHECK(parse_topology("reverse-baseline").value() == Topology::reverse_baseline);
}

TEST_CASE("valid networks have the documented shape") {
  const Network g = make_network(Topology::gsen, 10).value();
  CHECK(g.stages == 4);  // ceil(log2 10)
  CHECK(g.switches_per_stage() == 5);
  CHECK(g.stage_words() == 16);
  const Network o = make_network(Topology::omega, 729, 3).value();
  CHECK(o.stages == 6);
  CHECK(o.switches_per_stage() == 243);
  CHECK(make_network(Topology::omega, 65536).value().stages == 16);
  CHECK(make_network(Topology::gsen, 65534).ok());
}

TEST_CASE("schedules refuse networks they do not apply to") {
  const Network gsen12 = make_network(Topology::gsen, 12).value();
  const Network gsen10 = make_network(Topology::gsen, 10).value();
  const Network omega16 = make_network(Topology::omega, 16).value();
  CHECK(AlternatingSchedule::make(gsen12).error() == Errc::schedule_needs_ports_2_mod_4);
  CHECK(AlternatingSchedule::make(omega16).error() == Errc::schedule_needs_gsen);
  CHECK(LatinSquareSchedule<>::make(gsen10).error() == Errc::schedule_needs_unique_path);
  CHECK(LatinSquareSchedule<>::make(gsen12).error() == Errc::schedule_needs_unique_path);
  CHECK(LatinSquareSchedule<>::make(make_network(Topology::gsen, 16).value()).ok());

  const std::array<std::uint8_t, 4> bits{};  // omega 16: 4 stages x 8 switches = 32 bits
  CHECK(LatinSquareSchedule<InitialConfiguration>::make(omega16, RoundOrder::natural, {bits, 8}).ok());
  CHECK(LatinSquareSchedule<InitialConfiguration>::make(omega16, RoundOrder::natural, {std::span(bits).first(3), 8})
            .error() == Errc::initial_config_size_mismatch);
  CHECK(LatinSquareSchedule<InitialConfiguration>::make(omega16, RoundOrder::natural, {bits, 4}).error() ==
        Errc::initial_config_size_mismatch);
  const Network omega9 = make_network(Topology::omega, 9, 3).value();
  CHECK(LatinSquareSchedule<InitialConfiguration>::make(omega9, RoundOrder::natural, {bits, 3}).error() ==
        Errc::initial_config_needs_binary);
}

TEST_CASE("checked accessors refuse out-of-range rounds and ports") {
  const auto latin = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  CHECK(latin.checked_round(16).error() == Errc::round_out_of_range);
  const auto round = latin.checked_round(15).value();
  CHECK(latin.checked_send(round, 16).error() == Errc::port_out_of_range);
  CHECK(latin.checked_send(round, 15).ok());
  const auto alt = AlternatingSchedule::make(make_network(Topology::gsen, 10).value()).value();
  CHECK(alt.checked_round(10).error() == Errc::round_out_of_range);
  CHECK(alt.checked_send(alt.round(0), 10).error() == Errc::port_out_of_range);
}

TEST_CASE("every error has its own message") {
  // The values are grouped by layer with gaps between the ranges: try every byte.
  int count = 0;
  for (int a = 1; a < 256; ++a) {
    const auto text = describe(static_cast<Errc>(a));
    if (text == "unknown error") continue;
    ++count;
    CHECK(text != "ok");
    for (int b = a + 1; b < 256; ++b)
      if (describe(static_cast<Errc>(b)) != "unknown error") CHECK(text != describe(static_cast<Errc>(b)));
  }
  CHECK(count > static_cast<int>(Errc::state_out_of_range));
}

TEST_CASE("errors are grouped by layer") {
  static_assert(layer_of(Errc::ok) == ErrorLayer::none);
  static_assert(layer_of(Errc::radix_too_small) == ErrorLayer::core);
  static_assert(layer_of(Errc::fault_plan_too_long) == ErrorLayer::core);
  static_assert(layer_of(Errc::config_crc_mismatch) == ErrorLayer::configuration);
  static_assert(layer_of(Errc::argument_bad_value) == ErrorLayer::configuration);
  static_assert(layer_of(Errc::fabric_timeout) == ErrorLayer::fabric);
  static_assert(layer_of(Errc::tag_out_of_range) == ErrorLayer::fabric);
  for (int a = 1; a < 256; ++a) {
    const auto e = static_cast<Errc>(a);
    if (describe(e) == "unknown error") continue;
    const ErrorLayer layer = layer_of(e);
    CHECK(layer != ErrorLayer::none);
    // Each layer's errors are named for it: config_/argument_ in the configuration,
    // fabric_ and the register-level checks in the fabric's range.
    const auto text = describe(e);
    if (layer == ErrorLayer::configuration)
      CHECK(
          (text.find("configuration") != std::string_view::npos || text.find("round order") != std::string_view::npos));
  }
}

TEST_CASE("messages quote the named limits") {
  // Written out by hand: the numbers a user reads, checked against the limits.
  static_assert(describe(Errc::radix_too_large) == "radix d must be at most 16" && kMaxRadix == 16);
  static_assert(describe(Errc::ports_too_large) == "N is above the supported maximum of 65536 ports" &&
                kMaxPorts == 65536);
  static_assert(describe(Errc::shift_ports_too_large) ==
                "the shift network has log2 N + 1 stages, at most 16: N must be at most 32768");
  static_assert(describe(Errc::config_too_many_faults) == "too many faults in the configuration (at most 8)");
  static_assert(
      describe(Errc::fault_plan_too_long) ==
      "the relay planner needed more than 3N extra rounds (the planner of several faults: 8N); please report it");
  CHECK(describe(Errc::radix_too_large).size() == 26);
}

TEST_CASE("schedules chosen at run time by name") {
  CHECK(parse_schedule_kind("latin-squares").error() == Errc::schedule_unknown);
  CHECK(parse_schedule_kind("alternating").value() == ScheduleKind::alternating);
  const Network gsen12 = make_network(Topology::gsen, 12).value();
  CHECK(AnySchedule::make(gsen12, ScheduleKind::alternating).error() == Errc::schedule_needs_ports_2_mod_4);
  CHECK(AnySchedule::make(gsen12, ScheduleKind::latin_square).error() == Errc::schedule_needs_unique_path);
  const Network gsen10 = make_network(Topology::gsen, 10).value();
  CHECK(default_schedule_kind(gsen10) == ScheduleKind::alternating);
  const auto any = AnySchedule::make(gsen10, default_schedule_kind(gsen10)).value();
  CHECK(a2a::test::check_fixed(any).ok());
  const auto direct = AlternatingSchedule::make(gsen10).value();
  for (std::uint32_t k = 0; k < 10; ++k)
    for (std::uint32_t i = 0; i < 10; ++i) CHECK(any.send(any.round(k), i) == direct.send(direct.round(k), i));
  const Network omega27 = make_network(Topology::omega, 27, 3).value();
  const auto latin = AnySchedule::make(omega27, default_schedule_kind(omega27), RoundOrder::gray).value();
  CHECK(latin.kind() == ScheduleKind::latin_square);
  CHECK(a2a::test::check_fixed(latin).ok());
  CHECK(latin.checked_round(27).error() == Errc::round_out_of_range);
}
