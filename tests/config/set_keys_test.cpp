// a2a/config/set_keys.hpp: the one table of `set` keys. Every key is listed once, with
// an owner, a parser and help; the block's keys are the configuration block's fields,
// the device's the knobs; each parser takes its key's values and refuses the others.
#include <a2a/config/set_keys.hpp>

#include <string_view>

#include "support.hpp"

namespace {
using namespace a2a;

constexpr bool listed_once() {
  for (std::size_t i = 0; i < kSetKeys.size(); ++i)
    for (std::size_t j = i + 1; j < kSetKeys.size(); ++j)
      if (kSetKeys[i].name == kSetKeys[j].name) return false;
  return true;
}
constexpr bool every_key_described() {
  for (const SetKey& k : kSetKeys)
    if (k.name.empty() || k.help.empty() || k.parse == nullptr || (k.values.empty() && k.choices == KeyChoices::none))
      return false;
  return true;
}
/// `value` given to `key` alone, on the default settings.
constexpr Errc parsed(std::string_view key, std::string_view value, Settings& s) {
  const SetKey* k = find_set_key(key);
  return k == nullptr ? Errc::argument_unknown_key : k->parse(s, value);
}
constexpr bool owned_by(std::string_view key, KeyOwner owner) {
  const SetKey* k = find_set_key(key);
  return k != nullptr && k->owner == owner;
}
}  // namespace

static_assert(listed_once());
static_assert(every_key_described());
static_assert(find_set_key("ports") != nullptr && find_set_key("port") == nullptr);
static_assert(key_bit("topology") == 1 && key_bit("ports") == 2 && key_bit("nonsense") == 0);
// The device's knobs are not in the block (its format stays), the rest are.
static_assert(owned_by("slot_us", KeyOwner::device) && owned_by("mode", KeyOwner::device) &&
              owned_by("trace", KeyOwner::device));
static_assert(owned_by("topology", KeyOwner::block) && owned_by("fault", KeyOwner::block) &&
              owned_by("fabric", KeyOwner::block) && owned_by("guard_us", KeyOwner::block));
// Only fault= adds to a list; every other key is set once.
static_assert(find_set_key("fault")->repeatable && !find_set_key("ports")->repeatable);

TEST_CASE("set keys: each parser sets its own field and refuses other values") {
  Settings s;
  CHECK(parsed("topology", "gsen", s) == Errc::ok);
  CHECK(s.config.topology == Topology::gsen);
  CHECK(s.seen.network_changed);
  CHECK(parsed("topology", "torus", s) == Errc::topology_unknown);
  CHECK(parsed("ports", "12", s) == Errc::ok);
  CHECK(s.config.ports == 12);
  CHECK(parsed("radix", "4", s) == Errc::ok);
  CHECK(s.config.radix == 4);
  CHECK(s.config.ports == 12);  // the radix has its own field
  CHECK(parsed("ports", "-1", s) == Errc::argument_bad_value);
  CHECK(parsed("schedule", "latin-square", s) == Errc::ok);
  CHECK(s.seen.schedule_given);
  CHECK(parsed("order", "gray", s) == Errc::ok);
  CHECK(s.config.order == RoundOrder::gray);
  CHECK(parsed("order", "random", s) == Errc::config_bad_order);
  CHECK(parsed("degraded", "on", s) == Errc::ok);
  CHECK(s.config.degraded);
  CHECK(s.knobs.trace);  // degraded= is not trace=
  CHECK(parsed("trace", "off", s) == Errc::ok);
  CHECK_FALSE(s.knobs.trace);
  CHECK(s.config.degraded);
  CHECK(parsed("settle_us", "1000000", s) == Errc::ok);
  CHECK(s.config.settle_us == 1000000);
  CHECK(s.config.guard_us == 0);
  CHECK(parsed("guard_us", "1000001", s) == Errc::config_time_out_of_range);
  CHECK(parsed("fabric", "spi-chain", s) == Errc::ok);
  CHECK(s.config.fabric == FabricBackend::spi_chain);
  CHECK(parsed("fabric", "i2c", s) == Errc::config_unknown_fabric);
  CHECK(parsed("slot_us", "1000000", s) == Errc::ok);
  CHECK(s.knobs.slot_us == 1000000);
  CHECK(parsed("slot_us", "1000001", s) == Errc::argument_bad_value);
  CHECK(parsed("mode", "lookahead", s) == Errc::ok);
  CHECK(s.knobs.mode == RunMode::lookahead);
  CHECK(parsed("mode", "fast", s) == Errc::argument_bad_value);
}

TEST_CASE("set keys: fault= replaces the block's list, then adds to it") {
  Settings s;
  s.config.fault_count = 1;
  s.config.faults[0] = {3, 1, false};
  CHECK(parsed("fault", "1:5", s) == Errc::ok);
  CHECK(parsed("fault", "L2:6", s) == Errc::ok);
  REQUIRE(s.config.fault_count == 2);
  CHECK(s.config.faults[0].stage == 1);
  CHECK(s.config.faults[0].switch_index == 5);
  CHECK(s.config.faults[1].link);
  CHECK(s.config.faults[1].switch_index == 6);
  CHECK(parsed("fault", "none", s) == Errc::ok);
  CHECK(s.config.fault_count == 0);
  CHECK(parsed("fault", "1-5", s) == Errc::argument_bad_value);
  for (std::size_t f = 0; f < kMaxConfigFaults; ++f) CHECK(parsed("fault", "0:1", s) == Errc::ok);
  CHECK(parsed("fault", "0:1", s) == Errc::config_too_many_faults);
}
