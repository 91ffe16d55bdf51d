// a2a/config/config_overrides.hpp: the console's and the tool's key=value words applied to a
// configuration together or not at all, each refusal naming the word.
#include <a2a/config/config_overrides.hpp>

#include <a2a/config/config_block.hpp>

#include <string_view>

#include "support.hpp"

namespace {
/// The words next_word() splits `text` into, joined by '|'.
constexpr bool splits_into(std::string_view text, std::string_view expected) {
  std::string_view rest = text;
  std::size_t at = 0;
  for (std::string_view word = a2a::next_word(rest); !word.empty(); word = a2a::next_word(rest)) {
    if (at != 0 && (at >= expected.size() || expected[at++] != '|')) return false;
    if (expected.substr(at, word.size()) != word) return false;
    at += word.size();
  }
  return at == expected.size() && rest.empty();
}
}  // namespace
// The one word splitter: spaces, tabs and line ends separate words, a run of them once.
static_assert(splits_into("set ports=8", "set|ports=8"));
static_assert(splits_into("  set\tports=8  order=gray\r\n", "set|ports=8|order=gray"));
static_assert(splits_into("", "") && splits_into(" \t ", ""));

TEST_CASE("key=value overrides") {
  using namespace a2a;
  const ControllerConfig base;  // 16-port omega, latin-square, natural
  const auto o = apply_overrides(base, "  topology=gsen\tports=10  order=gray ");
  REQUIRE(o.ok());
  CHECK(o->topology == Topology::gsen);
  CHECK(o->ports == 10);
  CHECK(o->order == RoundOrder::gray);
  CHECK(o->schedule == ScheduleKind::alternating);  // the default family of the new network
  const auto kept = apply_overrides(base, "ports=64 radix=4 schedule=latin-square");
  REQUIRE(kept.ok());
  CHECK(plan_exchange(*kept).ok());
  CHECK(apply_overrides(base, "").value() == base);
  // fault=none clears the fault list, whatever came before it.
  const auto faulted = apply_overrides(base, "ports=32 fault=2:5");
  REQUIRE(faulted.ok());
  CHECK(faulted->fault_count == 1U);
  CHECK(apply_overrides(*faulted, "fault=none").value().fault_count == 0U);
  CHECK(apply_overrides(*faulted, "fault=1:3 fault=none").value().fault_count == 0U);
  CHECK(apply_overrides(*faulted, "fault=none fault=1:3").value().fault_count == 1U);

  const auto faults = apply_overrides(base, "fault=1:3 fault=2:0");
  REQUIRE(faults.ok());
  CHECK(faults->fault_count == 2);
  CHECK(faults->faults[1] == FaultPosition{2, 0});

  OverrideError why;
  CHECK(apply_overrides(base, "ports=16 colour=red", &why).error() == Errc::argument_unknown_key);
  CHECK(why.word == "colour=red");
  CHECK(apply_overrides(base, "ports=sixteen", &why).error() == Errc::argument_bad_value);
  CHECK(why.word == "ports=sixteen");
  CHECK(apply_overrides(base, "ports=99999999999").error() == Errc::argument_bad_value);
  CHECK(apply_overrides(base, "ports").error() == Errc::argument_bad_value);
  // A key given twice is refused, naming the second word; fault= alone repeats.
  CHECK(apply_overrides(base, "ports=16 ports=32", &why).error() == Errc::argument_repeated);
  CHECK(why.word == "ports=32");
  CHECK(apply_overrides(base, "topology=omega radix=2 topology=banyan", &why).error() == Errc::argument_repeated);
  CHECK(why.word == "topology=banyan");
  CHECK(apply_overrides(base, "degraded=on degraded=off").error() == Errc::argument_repeated);
  CHECK(apply_overrides(base, "ports=32 fault=2:3 fault=3:5").ok());
  CHECK(apply_overrides(base, "topology=ring").error() == Errc::topology_unknown);
  CHECK(apply_overrides(base, "schedule=random").error() == Errc::schedule_unknown);
  CHECK(apply_overrides(base, "order=backwards").error() == Errc::config_bad_order);
  CHECK(apply_overrides(base, "fault=1").error() == Errc::argument_bad_value);
  CHECK(apply_overrides(base, "fault=1:x").error() == Errc::argument_bad_value);
  CHECK(apply_overrides(base,
                        "fault=0:0 fault=0:1 fault=0:2 fault=0:3 fault=0:4 fault=0:5 fault=0:6 fault=0:7 "
                        "fault=1:0")
            .error() == Errc::config_too_many_faults);
}

TEST_CASE("key=value overrides: a refused word is named and nothing is applied") {
  using namespace a2a;
  const ControllerConfig base;
  OverrideError why;
  CHECK(apply_overrides(base, "ports=32 radix=x", &why).error() == Errc::argument_bad_value);
  CHECK(why.word == "radix=x");
  CHECK(apply_overrides(base, "ports=32 ports=64", &why).error() == Errc::argument_repeated);
  CHECK(why.word == "ports=64");
  CHECK(apply_overrides(base, "colour=red", &why).error() == Errc::argument_unknown_key);
  // The device's own keys are not the block's: the block's overrides refuse them, `set`
  // (apply_settings with every key) takes them.
  CHECK(apply_overrides(base, "ports=8 slot_us=5", &why).error() == Errc::argument_unknown_key);
  CHECK(why.word == "slot_us=5");
  const auto both = apply_settings(Settings{base, {}, {}}, "ports=8 slot_us=5", KeysTaken::all);
  REQUIRE(both.ok());
  CHECK(both->config.ports == 8);
  CHECK(both->knobs.slot_us == 5);
  const auto timed = apply_overrides(base, "settle_us=250 guard_us=1000000");
  REQUIRE(timed.ok());
  CHECK(timed->settle_us == 250);
  CHECK(timed->guard_us == 1000000);
  CHECK(apply_overrides(base, "guard_us=1000001", &why).error() == Errc::config_time_out_of_range);
  CHECK(why.word == "guard_us=1000001");
  CHECK(apply_overrides(base, "settle_us=-1", &why).error() == Errc::argument_bad_value);
  CHECK(apply_overrides(base, "settle_us=1 settle_us=2", &why).error() == Errc::argument_repeated);
  const auto chained = apply_overrides(base, "fabric=spi-chain");
  REQUIRE(chained.ok());
  CHECK(chained->fabric == FabricBackend::spi_chain);
  CHECK(apply_overrides(*chained, "fabric=a2a")->fabric == FabricBackend::a2a_block);
  CHECK(apply_overrides(base, "fabric=SPI-chain", &why).error() == Errc::config_unknown_fabric);
  CHECK(why.word == "fabric=SPI-chain");
  CHECK(apply_overrides(base, "fabric=a2a fabric=a2a", &why).error() == Errc::argument_repeated);
  CHECK(key_bit("ports") != 0);
  CHECK(key_bit("ports") != key_bit("radix"));
  std::uint32_t n = 0;
  CHECK(detail::parse_u32("4294967295", n));
  CHECK(n == 4294967295U);
  CHECK_FALSE(detail::parse_u32("4294967296", n));  // one more does not fit
  CHECK_FALSE(detail::parse_u32("", n));
}
