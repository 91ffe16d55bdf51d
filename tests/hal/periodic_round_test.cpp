// A periodic table's round written from its pattern (FabricDriver::set_periodic_switches
// and set_periodic_headers, program_round's path for them) against the port-by-port
// writes of the same round (set_stage_control, set_switch_word from switch_state(),
// set_port_header from TableSchedule::send(), set_idle_word): every register of the
// block equal, for every round of every stored set; then what the two refuse.
// Portable (heap-free): the Cortex-M build runs it on every board.
#include <a2a/a2a.hpp>
#include <a2a/gsen_catalogue_data.hpp>
#include <a2a/hal/fabric_driver.hpp>
#include <a2a/hal/program_round.hpp>

#include <array>
#include <cstdint>

#include "a2a_test.hpp"

namespace periodic_round_unit {
using namespace a2a;
using namespace a2a::hal;

using Layout = FabricLayout<256, 8>;

/// A register block in RAM; a write to `dropped` is lost (a register that does not take).
struct BlockBus {
  std::array<std::uint32_t, Layout::kSize / 4> regs{};
  std::uint32_t dropped{~0U};
  constexpr std::uint32_t read32(std::uint32_t offset) { return regs[offset / 4]; }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset != dropped) regs[offset / 4] = value;
  }
};
using Driver = FabricDriver<BlockBus, Layout>;
static_assert(PeriodicSwitches<Driver> && PeriodicHeaders<Driver>);

/// The two blocks, in .bss (a board's stack is small).
inline BlockBus& pattern_bus() {
  static BlockBus bus;
  bus = BlockBus{};
  return bus;
}
inline BlockBus& reference_bus() {
  static BlockBus bus;
  bus = BlockBus{};
  return bus;
}

/// Round r the long way, through the per-switch and per-port operations alone.
inline Errc write_port_by_port(Driver& fabric, const TableSchedule& schedule, std::uint32_t r) {
  const Network net = schedule.network();
  const TableSchedule::Round round = schedule.round(r);
  for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
    A2A_TRY(fabric.set_stage_control(stage, ControlMode::individual, 0));
    for (std::uint32_t first = 0; first < net.ports / 2; first += kSwitchesPerWord) {
      std::uint32_t word = 0;
      for (std::uint32_t j = 0; j < kSwitchesPerWord && first + j < net.ports / 2; ++j)
        word |= round.switch_state(stage, first + j) << (4 * j);
      A2A_TRY(fabric.set_switch_word(stage, first / kSwitchesPerWord, word));
    }
  }
  std::uint32_t idle = 0;
  for (std::uint32_t port = 0; port < net.ports; ++port) {
    const PortSend send = schedule.send(round, port);
    A2A_TRY(send.sends ? fabric.set_port_header(port, send.destination, send.tag) : fabric.set_port_header(port, 0, 0));
    if (!send.sends) idle |= 1U << (port % 32);
    if (port % 32 == 31 || port + 1 == net.ports) {
      if (port % 32 != 31) idle |= ~0U << (port % 32 + 1);  // ports beyond N: idle
      A2A_TRY(fabric.set_idle_word(port / 32, idle));
      idle = 0;
    }
  }
  return fabric.commit();
}

inline bool same_blocks(const BlockBus& a, const BlockBus& b) { return a.regs == b.regs; }

inline TableSchedule stored(const ConfigurationTable& t) {
  return TableSchedule::make(make_network(Topology::gsen, t.ports).value(), t).value();
}
/// The catalogue's stored set for GSEN N (a contract violation if it has none).
inline TableSchedule stored(std::uint32_t ports) {
  for (const ConfigurationTable& t : catalogue::kTables)
    if (t.ports == ports) return stored(t);
  a2a::detail::contract_violation();
}

/// The driver without set_periodic_switches, as a fabric that sets switches a word at a
/// time and no more (a switch layer's): program_round's fallback, word by word.
class WordByWord : public Driver {
 public:
  using Driver::Driver;

 private:
  using Driver::set_periodic_switches;
};
static_assert(IndividualSwitches<WordByWord> && !PeriodicSwitches<WordByWord> && PeriodicHeaders<WordByWord>);

/// The fabric under test (Tested) and the port-by-port reference, each on its own block,
/// their writes read back: the two sides the comparisons below hold register by register.
template <class Tested>
struct SideBySide {
  BlockBus& tested_bus = pattern_bus();
  BlockBus& reference_bus_ = reference_bus();
  Tested tested{tested_bus};
  Driver reference{reference_bus_};
  [[nodiscard]] bool configure(const TableSchedule& schedule) {
    tested.set_write_verification(true);
    reference.set_write_verification(true);
    return tested.configure(schedule.network(), false) == Errc::ok &&
           reference.configure(schedule.network(), false) == Errc::ok;
  }
  [[nodiscard]] bool same() const { return same_blocks(tested_bus, reference_bus_); }
};
}  // namespace periodic_round_unit

TEST_CASE("every round of every stored set: written from its pattern, the block holds what port by port writes") {
  using namespace periodic_round_unit;
  std::uint32_t sets = 0;
  for (const ConfigurationTable& t : catalogue::kTables) {
    if (t.ports == 0 || !t.periodic()) continue;
    ++sets;
    INFO("N = ", t.ports);
    const TableSchedule schedule = stored(t);
    SideBySide<Driver> blocks;
    REQUIRE(blocks.configure(schedule));
    bool all_same = true;
    for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
      CHECK(writes_periodic_ports(blocks.tested, schedule, r));
      const Errc written = program_round(blocks.tested, schedule, r);
      const Errc expected = write_port_by_port(blocks.reference, schedule, r);
      if (written != Errc::ok || expected != Errc::ok || !blocks.same()) {
        INFO("round ", r);
        CHECK(written == Errc::ok);
        CHECK(expected == Errc::ok);
        all_same = false;
        break;
      }
    }
    CHECK(all_same);
  }
  CHECK(sets == 13);  // the catalogue's thirteen sets, all periodic (gsen_catalogue_data_test)
}

TEST_CASE(
    "a fabric without set_periodic_switches: the stage words word by word, each stage's last cut to its switches") {
  using namespace periodic_round_unit;
  for (const std::uint32_t ports : {36U, 188U}) {  // 18 and 94 switches a stage: a last word of 2 and of 6
    INFO("N = ", ports);
    const TableSchedule schedule = stored(ports);
    SideBySide<WordByWord> blocks;
    REQUIRE(blocks.configure(schedule));
    std::uint32_t same = 0;
    for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
      const bool ok = program_round(blocks.tested, schedule, r) == Errc::ok &&
                      write_port_by_port(blocks.reference, schedule, r) == Errc::ok;
      same += ok && blocks.same() ? 1U : 0U;
    }
    CHECK(same == schedule.rounds());
  }
}

TEST_CASE("a periodic round written a piece at a time is the round written whole") {
  using namespace periodic_round_unit;
  const TableSchedule schedule = stored(188U);
  BlockBus& pieces = pattern_bus();
  BlockBus& whole = reference_bus();
  Driver by_pieces(pieces);
  Driver at_once(whole);
  REQUIRE(by_pieces.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(at_once.configure(schedule.network(), false) == Errc::ok);
  for (const std::uint32_t r : {0U, 119U, 239U}) {
    INFO("round ", r);
    REQUIRE(begin_round(by_pieces, schedule, r) == Errc::ok);
    for (std::uint32_t first = 0; first < 188; first += 32)  // 32, the idle word's ports, at a time
      REQUIRE(write_round_ports(by_pieces, schedule, r, first, first + 32) == Errc::ok);
    REQUIRE(write_round_ports(by_pieces, schedule, r, 188, 220) == Errc::ok);  // nothing left: nothing written
    REQUIRE(by_pieces.commit() == Errc::ok);
    REQUIRE(program_round(at_once, schedule, r) == Errc::ok);
    CHECK(same_blocks(pieces, whole));
  }
}

TEST_CASE("the pattern writes refuse what set_port_header and set_switch_word would, and write nothing") {
  using namespace periodic_round_unit;
  BlockBus& bus = pattern_bus();
  Driver fabric(bus);
  // GSEN 36: n = 6 stages, tags below 2^6, 2^n mod N = 28.
  const std::array<std::uint8_t, 4> tags{1, 2, 3, 63};
  const PeriodicPorts ports{4, 0, 28, tags};
  const std::array<std::uint32_t, 6> words{};
  CHECK(fabric.set_periodic_headers(0, 36, ports) == Errc::fabric_not_configured);
  CHECK(fabric.set_periodic_switches(words) == Errc::fabric_not_configured);
  REQUIRE(fabric.configure(make_network(Topology::gsen, 36).value(), false) == Errc::ok);
  const BlockBus configured = bus;
  CHECK(fabric.set_periodic_headers(0, 37, ports) == Errc::port_out_of_range);  // past N
  CHECK(fabric.set_periodic_headers(32, 4, ports) == Errc::port_out_of_range);  // first after end
  CHECK(fabric.set_periodic_headers(0, 36, {3, 0, 28, std::span(tags).first(3)}) ==
        Errc::table_malformed);                                                          // not a power of two
  CHECK(fabric.set_periodic_headers(0, 36, {8, 0, 28, tags}) == Errc::table_malformed);  // 8 does not divide 36
  CHECK(fabric.set_periodic_headers(0, 36, {2, 0, 28, tags}) == Errc::table_malformed);  // 2 classes, 4 tags
  CHECK(fabric.set_periodic_headers(0, 36, {4, 0, 36, tags}) == Errc::table_malformed);  // the step is mod N
  const std::array<std::uint8_t, 4> wide{1, 2, 64, 0};  // 64: a tag of 7 bits on 6 stages
  CHECK(fabric.set_periodic_headers(0, 36, {4, 0, 28, wide}) == Errc::tag_out_of_range);
  CHECK(fabric.set_periodic_switches(std::span(words).first(5)) == Errc::stage_out_of_range);  // 6 stages
  std::array<std::uint32_t, 6> two = words;
  two[5] = 0x00000020;  // a state of 2 on a binary switch
  CHECK(fabric.set_periodic_switches(two) == Errc::state_out_of_range);
  CHECK(same_blocks(bus, configured));                          // nothing refused was written
  CHECK(fabric.set_periodic_headers(0, 0, ports) == Errc::ok);  // no ports: nothing to write
  CHECK(same_blocks(bus, configured));
  // What is accepted is what set_port_header writes: port 5 (class 1), tag 2, (5 * 28 + 2) mod 36.
  CHECK(fabric.set_periodic_headers(0, 36, ports) == Errc::ok);
  CHECK(bus.regs[Layout::port_header(5) / 4] == ((5U * 28U + 2U) % 36U | 2U << 16));
}

TEST_CASE("a periodic round's header or switch word that does not take is found by its read-back") {
  using namespace periodic_round_unit;
  const TableSchedule schedule = stored(36U);
  for (const std::uint32_t dropped : {Layout::port_header(35), Layout::switch_state(5, 2)}) {
    BlockBus& bus = pattern_bus();
    Driver fabric(bus);
    REQUIRE(fabric.configure(schedule.network(), false) == Errc::ok);
    bus.dropped = dropped;
    fabric.set_write_verification(false);
    std::uint32_t unverified_ok = 0;  // a register that keeps 0 can still be right: some round writes it nonzero
    for (std::uint32_t r = 0; r < schedule.rounds(); ++r)
      unverified_ok += program_round(fabric, schedule, r) == Errc::ok;
    CHECK(unverified_ok == schedule.rounds());
    fabric.set_write_verification(true);
    std::uint32_t mismatches = 0;
    for (std::uint32_t r = 0; r < schedule.rounds(); ++r)
      mismatches += program_round(fabric, schedule, r) == Errc::fabric_readback_mismatch;
    CHECK(mismatches > 0);
  }
}
