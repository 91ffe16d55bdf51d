// The controller's configuration block (CRC-protected, fixed layout) and its
// key=value overrides: good blocks round-trip, every kind of bad block or word is
// refused with its own error.
#include <a2a/config/config_block.hpp>
#include <a2a/config/config_overrides.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

using Block = std::array<std::uint8_t, kConfigBlockSize>;

/// Re-seals a hand-edited block with a correct CRC, so a test reaches the field checks.
Block reseal(Block b) {
  const std::uint32_t crc = crc32(std::span<const std::uint8_t>(b).first(60));
  for (std::size_t i = 0; i < 4; ++i) b[60 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  return b;
}

ControllerConfig gsen10() {
  ControllerConfig c;
  c.topology = Topology::gsen;
  c.ports = 10;
  c.schedule = ScheduleKind::alternating;
  return c;
}

/// The relay planner's storage of the tests that plan around faults (one: a small
/// board's RAM holds one).
FaultPlanStorage<16, 2>& plan_storage() {
  static FaultPlanStorage<16, 2> storage;
  return storage;
}

/// docs/configuration.md's example, as the page shows it: a block to its schedule by
/// configured_fabric() and plan().
/// `storage`: the relay planner's (FaultPlanStorage<N, faults>), kept while the schedule runs.
a2a::Result<a2a::AnySchedule> plan_block(std::span<const std::uint8_t> block, a2a::PlanStorageSpan storage) {
  const auto config = a2a::decode_config(block);
  if (!config) return config.error();
  const auto fabric = a2a::configured_fabric(*config);  // the network and its faults
  if (!fabric) return fabric.error();
  return a2a::plan(fabric->network, fabric->faults.view(), storage, a2a::plan_request(*config));
}

}  // namespace

// Codes that go into flash: a block written today must mean the same thing to every
// later image. Pinned by hand here (docs/configuration.md lists them), not derived.
TEST_CASE("the block's codes are pinned: topology, schedule and order") {
  struct Code {
    std::string_view name;
    std::uint8_t code;
  };
  constexpr Code kTopologies[] = {
      {"omega", 0},          {"baseline", 1}, {"banyan", 2}, {"reverse-omega", 3}, {"reverse-baseline", 4},
      {"reverse-banyan", 5}, {"gsen", 6},     {"shift", 7}};
  for (const Code& c : kTopologies) {
    const Result<Topology> t = parse_topology(c.name);
    REQUIRE(t.ok());
    CHECK(static_cast<std::uint8_t>(*t) == c.code);
    ControllerConfig config;
    config.topology = *t;
    CHECK(encode_config(config)[8] == c.code);  // byte 8 of the block
  }
  constexpr Code kSchedules[] = {{"latin-square", 0},
                                 {"alternating", 1},
                                 {"optical", 2},
                                 {"shift", 3},
                                 {"gsen-stage-control", 4},
                                 {"doubly-alternating", 5},
                                 {"quadruply-alternating", 6},
                                 {"broadcast", 7},
                                 {"fault-tolerant", 8}};
  for (const Code& c : kSchedules) {
    const Result<ScheduleKind> k = parse_schedule_kind(c.name);
    REQUIRE(k.ok());
    ControllerConfig config;
    config.schedule = *k;
    CHECK(encode_config(config)[9] == c.code);  // byte 9
  }
  ControllerConfig gray;
  gray.order = RoundOrder::gray;
  CHECK(encode_config(ControllerConfig{})[10] == 0);  // byte 10: natural
  CHECK(encode_config(gray)[10] == 1);                // gray
}

TEST_CASE("CRC-32 is the IEEE 802.3 checksum") {
  constexpr std::array<std::uint8_t, 9> digits = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  static_assert(crc32(digits) == 0xCBF43926U);  // the standard check value
  CHECK(crc32(std::span<const std::uint8_t>()) == 0U);
}

TEST_CASE("a configuration block round-trips and plans its exchange") {
  ControllerConfig c;
  c.topology = Topology::reverse_banyan;
  c.ports = 81;
  c.radix = 3;
  c.order = RoundOrder::gray;
  const Block block = encode_config(c);
  CHECK(block[0] == 'A');
  CHECK(block[3] == 'C');
  const auto decoded = decode_config(block);
  REQUIRE(decoded.ok());
  CHECK(*decoded == c);
  const auto plan = plan_exchange(*decoded);
  REQUIRE(plan.ok());
  CHECK(plan->network().stages == 4);
  CHECK(plan->kind() == ScheduleKind::latin_square);
  const auto alt = plan_exchange(*decode_config(encode_config(gsen10())));
  REQUIRE(alt.ok());
  CHECK(alt->kind() == ScheduleKind::alternating);
}

TEST_CASE("bad blocks are refused, each with its own error") {
  const Block good = encode_config(gsen10());
  CHECK(decode_config(std::span<const std::uint8_t>(good).first(63)).error() == Errc::config_too_short);
  Block b = good;
  b[0] ^= 1U;
  CHECK(decode_config(b).error() == Errc::config_bad_magic);
  b = good;
  b[4] = 2;
  CHECK(decode_config(reseal(b)).error() == Errc::config_unsupported_version);
  b = good;
  b[6] = 32;
  CHECK(decode_config(reseal(b)).error() == Errc::config_unsupported_version);
  for (std::size_t at : {8U, 12U, 17U, 33U, 61U}) {  // any flipped bit breaks the CRC
    b = good;
    b[at] ^= 0x10U;
    INFO("byte ", at);
    CHECK(decode_config(b).error() == Errc::config_crc_mismatch);
  }
  b = good;
  b[59] = 2;  // fabric: 0 the a2a block, 1 an SPI chain, nothing else
  CHECK(decode_config(reseal(b)).error() == Errc::config_unknown_fabric);
  b = good;
  b[52] = 2;  // flags: bit 0 (degraded) only
  CHECK(decode_config(reseal(b)).error() == Errc::config_reserved_not_zero);
  b = good;
  b[8] = 99;
  CHECK(decode_config(reseal(b)).error() == Errc::topology_unknown);
  b = good;
  b[9] = static_cast<std::uint8_t>(std::size(kAllScheduleKinds));  // the first code no family has
  CHECK(decode_config(reseal(b)).error() == Errc::schedule_unknown);
  b = good;
  b[10] = 2;
  CHECK(decode_config(reseal(b)).error() == Errc::config_bad_order);
  b = good;
  b[11] = 9;
  CHECK(decode_config(reseal(b)).error() == Errc::config_too_many_faults);
}

TEST_CASE("plan_exchange refuses configurations that do not make an exchange") {
  ControllerConfig c = gsen10();
  c.ports = 12;
  CHECK(plan_exchange(c).error() == Errc::schedule_needs_ports_2_mod_4);
  c.ports = 11;
  CHECK(plan_exchange(c).error() == Errc::ports_odd);
  c = gsen10();
  c.fault_count = 1;
  c.faults[0] = {4, 0};  // stage 4 of a 4-stage network
  CHECK(plan_exchange(c).error() == Errc::fault_out_of_range);
  c.faults[0] = {1, 5};  // switch 5 of 5
  CHECK(plan_exchange(c).error() == Errc::fault_out_of_range);
  c.faults[0] = {1, 2};
  CHECK(plan_exchange(c).error() == Errc::faults_not_supported);
}

TEST_CASE("dead links and the degraded flag round-trip and plan around the faults") {
  ControllerConfig c;  // 16-port omega, latin-square
  c.fault_count = 2;
  c.faults[0] = {1, 3, false};
  c.faults[1] = {2, 9, true};  // the link behind stage 2 on terminal 9
  const Block block = encode_config(c);
  CHECK(detail::load_le(block, 24, 2) == (2U | kConfigLinkBit));  // the link's stage field, bit 15 set
  CHECK(block[52] == 0);
  const auto back = decode_config(block);
  REQUIRE(back.ok());
  CHECK(*back == c);
  FaultPlanStorage<16, 2>& storage = plan_storage();
  const auto planned = plan_exchange(c, storage.span());
  REQUIRE(planned.ok());
  CHECK(planned->kind() == ScheduleKind::fault_tolerant);
  CHECK(planned->rounds() > 16U);
  // A first-stage switch cuts two processors off: refused, unless degraded.
  c.fault_count = 1;
  c.faults[0] = {0, 1, false};
  CHECK(plan_exchange(c, storage.span()).error() == Errc::fault_cuts_off_processors);
  c.degraded = true;
  const Block degraded = encode_config(c);
  CHECK(degraded[52] == 1);
  REQUIRE(decode_config(degraded).ok());
  CHECK(decode_config(degraded)->degraded);
  const auto around = plan_exchange(c, storage.span());
  REQUIRE(around.ok());
  CHECK(around->fault_tolerant()->degraded());
  // Out of range: a link leaves stages 0 .. n-2 and a terminal is < N.
  c.degraded = false;
  c.faults[0] = {3, 0, true};
  CHECK(plan_exchange(c, storage.span()).error() == Errc::link_fault_out_of_range);
  c.faults[0] = {1, 16, true};
  CHECK(plan_exchange(c, storage.span()).error() == Errc::link_fault_out_of_range);
  // The console's words: L for a link, degraded=on|off.
  const auto o = apply_overrides(ControllerConfig{}, "fault=L1:6 fault=2:3 degraded=on");
  REQUIRE(o.ok());
  CHECK(o->fault_count == 2);
  CHECK(o->faults[0] == FaultPosition{1, 6, true});
  CHECK(o->faults[1] == FaultPosition{2, 3, false});
  CHECK(o->degraded);
  CHECK(apply_overrides(ControllerConfig{}, "degraded=yes").error() == Errc::argument_bad_value);
  CHECK(apply_overrides(ControllerConfig{}, "fault=L1").error() == Errc::argument_bad_value);
}

TEST_CASE("the block carries GSEN's quadruply alternating family and plans it") {
  ControllerConfig c;
  c.topology = Topology::gsen;
  c.ports = 20;
  c.schedule = ScheduleKind::quadruply_alternating;
  const auto decoded = decode_config(encode_config(c));
  REQUIRE(decoded.ok());
  CHECK(decoded->schedule == ScheduleKind::quadruply_alternating);
  CHECK(plan_exchange(*decoded).value().rounds() == 32);
}

TEST_CASE("a stuck switch in a fault slot: stage bits 14 and 13, round-tripped and planned as stuck") {
  ControllerConfig c;
  c.topology = Topology::omega;
  c.ports = 32;
  c.fault_count = 2;
  c.faults[0] = {2, 5, false, 2};  // stuck cross
  c.faults[1] = {1, 3, false, 1};  // stuck straight
  const auto block = encode_config(c);
  // Slot 0's stage field, little-endian at byte 20: stage 2 | stuck (0x4000) | state 1 (0x2000).
  CHECK(block[20] == 0x02);
  CHECK(block[21] == 0x60);
  CHECK(block[24] == 0x01);
  CHECK(block[25] == 0x40);
  const auto decoded = decode_config(block);
  REQUIRE(decoded.ok());
  CHECK(*decoded == c);
  const Network net = make_network(Topology::omega, 32).value();
  const auto set = config_faults(c, net);
  REQUIRE(set.ok());
  REQUIRE(set->view().stuck.size() == 2);
  CHECK(set->view().stuck[0] == StuckFault{2, 5, 1});
  CHECK(set->view().stuck[1] == StuckFault{1, 3, 0});
  c.faults[0].stuck = 3;  // no such state
  CHECK(config_faults(c, net).error() == Errc::state_out_of_range);
}

TEST_CASE("fault flags that name nothing are refused, in any slot (a block re-encodes to its own bytes)") {
  ControllerConfig c;
  c.topology = Topology::omega;
  c.ports = 32;
  const Block good = encode_config(c);
  Block b = good;
  b[21] = 0x20;  // slot 0: the state bit without the stuck bit (fault_count 0: unused slots count too)
  CHECK(decode_config(reseal(b)).error() == Errc::config_fault_flags_invalid);
  b = good;
  b[20 + 4 * 7 + 1] = 0xC0;  // slot 7: a stuck link
  CHECK(decode_config(reseal(b)).error() == Errc::config_fault_flags_invalid);
  b = good;
  b[21] = 0x80;  // a dead link alone still decodes
  CHECK(decode_config(reseal(b)).ok());
  CHECK(describe(Errc::config_fault_flags_invalid).find("stuck") != std::string_view::npos);
}

TEST_CASE("settle_us and guard_us: bytes 53..55 and 56..58 little-endian, at most one second each") {
  ControllerConfig c;
  c.settle_us = 10;
  c.guard_us = 0x010203;
  const Block b = encode_config(c);
  // Pinned by hand (docs/configuration.md): u24 little-endian each, byte 59 reserved.
  CHECK(b[53] == 0x0A);
  CHECK(b[54] == 0x00);
  CHECK(b[55] == 0x00);
  CHECK(b[56] == 0x03);
  CHECK(b[57] == 0x02);
  CHECK(b[58] == 0x01);
  CHECK(b[59] == 0x00);
  const auto back = decode_config(b);
  REQUIRE(back.ok());
  CHECK(back->settle_us == 10);
  CHECK(back->guard_us == 0x010203);
  CHECK(*back == c);
  Block big = b;
  big[55] = 0x10;  // settle_us = 0x10000A: above 10^6
  CHECK(decode_config(reseal(big)).error() == Errc::config_time_out_of_range);
  big = b;
  big[53] = 0x40;  // settle_us = 0x0F4240 = 10^6 exactly: taken
  big[54] = 0x42;
  big[55] = 0x0F;
  REQUIRE(decode_config(reseal(big)).ok());
  CHECK(decode_config(reseal(big))->settle_us == kMaxSwitchTimeMicros);
  // A block written before the times existed (zeros there) reads as 0 and 0.
  const auto old = decode_config(encode_config(ControllerConfig{}));
  REQUIRE(old.ok());
  CHECK(old->settle_us == 0);
  CHECK(old->guard_us == 0);
}

TEST_CASE("fabric: byte 59, 0 the a2a block, 1 an SPI chain; an older block reads as the a2a block") {
  ControllerConfig c;
  c.fabric = FabricBackend::spi_chain;
  const Block b = encode_config(c);
  CHECK(b[59] == 0x01);  // pinned by hand (docs/configuration.md)
  const auto back = decode_config(b);
  REQUIRE(back.ok());
  CHECK(back->fabric == FabricBackend::spi_chain);
  CHECK(encode_config(ControllerConfig{})[59] == 0x00);
  CHECK(decode_config(encode_config(ControllerConfig{}))->fabric == FabricBackend::a2a_block);
  CHECK(name(FabricBackend::spi_chain) == "spi-chain");
  CHECK(name(FabricBackend::a2a_block) == "a2a");
  CHECK(describe(Errc::config_unknown_fabric).find("configuration") != std::string_view::npos);
}

TEST_CASE("configured_fabric: the block's network and its faults, once; plan() is the one planning call") {
  ControllerConfig c;  // 16-port omega, latin-square
  c.fault_count = 3;
  c.faults[0] = {1, 3, false};
  c.faults[1] = {2, 9, true};      // a dead link
  c.faults[2] = {2, 5, false, 2};  // stuck cross
  const auto fabric = configured_fabric(c);
  REQUIRE(fabric.ok());
  CHECK(fabric->network.topology == Topology::omega);
  CHECK(fabric->network.ports == 16U);
  CHECK(fabric->network.stages == 4U);
  const FaultSetView v = fabric->faults.view();
  REQUIRE(v.switches.size() == 1);
  CHECK(v.switches[0] == SwitchFault{1, 3});
  REQUIRE(v.links.size() == 1);
  CHECK(v.links[0] == LinkFault{2, 9});
  REQUIRE(v.stuck.size() == 1);
  CHECK(v.stuck[0] == StuckFault{2, 5, 1});
  CHECK_FALSE(fabric->degraded);
  // The page's example plans what plan_exchange plans (two faults: the tests' storage).
  c.fault_count = 2;
  FaultPlanStorage<16, 2>& storage = plan_storage();
  const auto direct = plan_exchange(c, storage.span());
  REQUIRE(direct.ok());
  const std::uint32_t rounds = direct->rounds();
  const auto via_block = plan_block(encode_config(c), storage.span());
  REQUIRE(via_block.ok());
  CHECK(via_block->kind() == ScheduleKind::fault_tolerant);
  CHECK(via_block->rounds() == rounds);
  // Errors in the order the block's fields are checked: the network, then each fault.
  c.ports = 12;
  CHECK(configured_fabric(c).error() == Errc::ports_not_power_of_radix);
  c.ports = 16;
  c.faults[0] = {4, 0};
  CHECK(configured_fabric(c).error() == Errc::fault_out_of_range);
  c.faults[0] = {1, 3};
  c.faults[1] = {1, 3, false};
  CHECK(configured_fabric(c).error() == Errc::fault_duplicate);
  Block bad = encode_config(ControllerConfig{});
  bad[0] ^= 1U;
  CHECK(plan_block(bad, storage.span()).error() == Errc::config_bad_magic);
  // Without faults: the family asked for, no storage.
  ControllerConfig g = gsen10();
  const auto free = configured_fabric(g);
  REQUIRE(free.ok());
  CHECK(free->faults.view().empty());
  const auto alternating = plan(free->network, free->faults.view(), {}, plan_request(g));
  REQUIRE(alternating.ok());
  CHECK(alternating->kind() == ScheduleKind::alternating);
  CHECK(alternating->rounds() == 10U);
}
