// The table family (configuration_table.hpp): a stored set of switch settings run
// as an exchange. The sets here are written from other families' rounds switch by
// switch (the paper's doubly alternating set for N = 36, Algorithm 4 for N = 10),
// with a port idle exactly where that family idles it, so the stored set must give
// the same sends and pass the switch-level checker; damaged tables must be refused.
// The periodic form (the catalogue's sets: P tags a round) against the states it stands
// for, written switch by switch from its rounds and run as a table of the other form.
#include <a2a/configuration_table.hpp>

#include <algorithm>
#include <array>

#include <a2a/gsen_catalogue.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

/// A table written from any schedule's rounds: its switch states and idle ports.
template <std::uint32_t Ports, std::uint32_t Stages, std::uint32_t Rounds>
struct WrittenTable {
  std::array<std::uint8_t, ConfigurationTable::state_bytes(Ports, Stages, Rounds)> states{};
  std::array<std::uint8_t, ConfigurationTable::idle_bytes(Ports, Rounds)> idle{};

  static constexpr void set(std::span<std::uint8_t> bits, std::size_t k) {
    bits[k / 8] = static_cast<std::uint8_t>(bits[k / 8] | (1U << (k % 8)));
  }
  template <class S>
  constexpr void write(const S& schedule) {
    for (std::uint32_t r = 0; r < Rounds; ++r) {
      const auto round = schedule.round(r);
      for (std::uint32_t s = 0; s < Stages; ++s)
        for (std::uint32_t y = 0; y < Ports / 2; ++y)
          if (round.switch_state(s, y) != 0)
            set(states, std::size_t{r} * ConfigurationTable::round_bytes(Ports, Stages) * 8 + s * (Ports / 2) + y);
      for (std::uint32_t i = 0; i < Ports; ++i)
        if (!schedule.send(round, i).sends) set(idle, std::size_t{r} * Ports + i);
    }
  }
  [[nodiscard]] constexpr ConfigurationTable view() const { return {Topology::gsen, Ports, Rounds, 0, states, idle}; }
};

constexpr Network gsen(std::uint32_t ports) { return *make_network(Topology::gsen, ports); }

/// Algorithm 4's N = 10 exchange, stored and run again, entirely at compile time.
constexpr bool alternating_ten_stored() {
  const Network net = gsen(10);
  const auto source = AlternatingSchedule::make(net);
  WrittenTable<10, 4, 10> table;
  table.write(*source);
  const auto stored = TableSchedule::make(net, table.view());
  if (!stored || stored->rounds() != 10) return false;
  for (std::uint32_t r = 0; r < 10; ++r)
    for (std::uint32_t i = 0; i < 10; ++i)
      if (stored->send(stored->round(r), i) != source->send(source->round(r), i)) return false;
  return check_exchange_small<10>(*stored).ok();
}
static_assert(alternating_ten_stored());

}  // namespace

TEST_CASE("idle bits computed from the states alone (first round that reaches a pair sends)") {
  const Network net = gsen(36);
  static WrittenTable<36, 6, 40> paper;
  paper.write(*make_gsen_pattern_schedule(net, GsenPattern::doubly_alternating));
  static std::array<std::uint8_t, ConfigurationTable::idle_bytes(36, 40)> idle{};
  idle_bits(net, {Topology::gsen, 36, 40, 0, paper.states, {}}, idle);
  const ConfigurationTable table{Topology::gsen, 36, 40, 0, paper.states, idle};
  const auto stored = TableSchedule::make(net, table);
  REQUIRE(stored.ok());
  CHECK(test::check_fixed<64>(*stored).ok());
  // 40 rounds of 36 ports, 36 x 36 pairs: exactly 4 x 36 sends idle, and no port
  // idles in round 0 (nothing is served before it).
  std::uint32_t count = 0;
  for (std::uint32_t k = 0; k < 40U * 36U; ++k) count += ConfigurationTable::bit(idle, k) ? 1U : 0U;
  CHECK(count == 4U * 36U);
  for (std::uint32_t i = 0; i < 36; ++i) CHECK_FALSE(ConfigurationTable::bit(idle, i));
}

TEST_CASE("the paper's N = 36 set, stored switch by switch, runs the same exchange") {
  const Network net = gsen(36);
  const auto source = make_gsen_pattern_schedule(net, GsenPattern::doubly_alternating);
  REQUIRE(source.ok());
  REQUIRE(source->rounds() == 40);
  static WrittenTable<36, 6, 40> table;
  table.write(*source);
  const auto stored = TableSchedule::make(net, table.view());
  REQUIRE(stored.ok());
  CHECK(stored->round(3).control() == ControlMode::individual);
  std::uint32_t same = 0;
  for (std::uint32_t r = 0; r < 40; ++r)
    for (std::uint32_t i = 0; i < 36; ++i)
      same += stored->send(stored->round(r), i) == source->send(source->round(r), i) ? 1U : 0U;
  CHECK(same == 40U * 36U);
  const ExchangeCheck check = test::check_fixed<64>(*stored);
  CHECK(check.ok());
  CHECK(check.delivered == 36U * 36U);
}

TEST_CASE("a damaged table is refused with the specific reason") {
  const Network net = gsen(10);
  static WrittenTable<10, 4, 10> table;
  table.write(*AlternatingSchedule::make(net));
  const ConfigurationTable good = table.view();
  REQUIRE(TableSchedule::make(net, good).ok());

  ConfigurationTable short_states = good;
  short_states.states = good.states.first(good.states.size() - 1);
  CHECK(TableSchedule::make(net, short_states).error() == Errc::table_malformed);
  ConfigurationTable other_n = good;
  other_n.ports = 12;
  CHECK(TableSchedule::make(net, other_n).error() == Errc::table_malformed);
  ConfigurationTable other_topology = good;
  other_topology.topology = Topology::omega;
  CHECK(TableSchedule::make(net, other_topology).error() == Errc::table_malformed);
  CHECK(TableSchedule::make(*make_network(Topology::omega, 16, 4), good).error() == Errc::table_needs_binary);

  // Port 3 idles in round 0: its pair is then never served.
  static WrittenTable<10, 4, 10> missing = table;
  missing.idle[0] = static_cast<std::uint8_t>(missing.idle[0] | (1U << 3));
  CHECK(TableSchedule::make(net, missing.view()).error() == Errc::table_not_exact);
  // One switch of round 0 flipped: some pair is served twice and another never.
  static WrittenTable<10, 4, 10> flipped = table;
  flipped.states[0] = static_cast<std::uint8_t>(flipped.states[0] ^ 1U);
  CHECK(TableSchedule::make(net, flipped.view()).error() == Errc::table_not_exact);
  CHECK(describe(Errc::table_not_exact).find("exactly once") != std::string_view::npos);
}

TEST_CASE("the table family without a stored set for the network is refused") {
  CHECK(AnySchedule::make(gsen(12), ScheduleKind::table).error() == Errc::table_none_for_network);
  CHECK(parse_schedule_kind("table").value() == ScheduleKind::table);
}

namespace {
/// The catalogue's periodic set for N, written out switch by switch as the states form.
template <std::uint32_t Ports, std::uint32_t Stages, std::uint32_t Rounds>
void check_periodic_against_states() {
  const Network net = gsen(Ports);
  const ConfigurationTable* periodic = catalogue_table(net);
  REQUIRE(periodic != nullptr);
  REQUIRE(periodic->periodic());
  REQUIRE(periodic->rounds == Rounds);
  const auto compact = TableSchedule::make(net, *periodic);
  REQUIRE(compact.ok());
  static WrittenTable<Ports, Stages, Rounds> written;
  written.write(*compact);
  const auto full = TableSchedule::make(net, written.view());
  REQUIRE(full.ok());  // the states form's own check: every pair once, routed through the states
  std::uint32_t repeated_stages = 0;
  for (std::uint32_t r = 0; r < Rounds; ++r) {
    const auto a = compact->round(r);
    const auto b = full->round(r);
    for (std::uint32_t i = 0; i < Ports; ++i) CHECK(compact->send(a, i) == full->send(b, i));
    std::array<std::uint32_t, Stages> patterns{};
    const std::uint32_t period = a.stage_patterns(patterns);
    CHECK(period == periodic->period);
    for (std::uint32_t s = 0; s < Stages && period != 0; ++s) {
      for (std::uint32_t y = 0; y < Ports / 2; ++y) CHECK(((patterns[s] >> (y % period)) & 1U) == b.switch_state(s, y));
      ++repeated_stages;
    }
    CHECK(b.stage_patterns(patterns) == 0);  // the states form has no pattern
  }
  CHECK(repeated_stages == Rounds * Stages);
  CHECK(test::check_fixed<Ports>(*compact).ok());
}
}  // namespace

TEST_CASE("the periodic form runs the exchange its states would: N = 36, 68 and 76") {
  check_periodic_against_states<36, 6, 36>();
#if !defined(A2A_TEST_LIGHT) || A2A_TEST_MAX_PORTS > 64  // the states of N = 68 and 76 (6 KiB): not on the micro:bit
  check_periodic_against_states<68, 7, 68>();
  check_periodic_against_states<76, 7, 80>();
#endif
}

TEST_CASE("a damaged periodic table is refused with the specific reason") {
  const Network net = gsen(36);
  const ConfigurationTable good = *catalogue_table(net);
  REQUIRE(TableSchedule::make(net, good).ok());
  ConfigurationTable other_period = good;
  other_period.period = 2;  // 36 = 4 * 9: the period is 4
  CHECK(TableSchedule::make(net, other_period).error() == Errc::table_malformed);
  ConfigurationTable short_tags = good;
  short_tags.states = good.states.first(good.states.size() - 4);
  CHECK(TableSchedule::make(net, short_tags).error() == Errc::table_malformed);
  static std::array<std::uint8_t, 36 * 4> tags{};
  std::copy(good.states.begin(), good.states.end(), tags.begin());
  ConfigurationTable changed = good;
  changed.states = tags;
  tags[5] = static_cast<std::uint8_t>(tags[5] | 0x40U);  // n = 6: a seventh bit
  CHECK(TableSchedule::make(net, changed).error() == Errc::table_malformed);
  tags[5] = static_cast<std::uint8_t>(good.states[5] ^ 1U);  // class 1 of round 1 elsewhere
  CHECK(TableSchedule::make(net, changed).error() == Errc::table_not_exact);
  tags[5] = good.states[5];
  static std::array<std::uint8_t, 36> idle{};
  std::copy(good.idle.begin(), good.idle.end(), idle.begin());
  ConfigurationTable idled = good;
  idled.idle = idle;
  idle[0] = static_cast<std::uint8_t>(idle[0] | 1U);  // class 0 idle in round 0: its pairs never served
  CHECK(TableSchedule::make(net, idled).error() == Errc::table_not_exact);
  CHECK(ConfigurationTable::gsen_period(36) == 4);
  CHECK(ConfigurationTable::gsen_period(136) == 8);
  CHECK(ConfigurationTable::gsen_period(48) == 0);  // 16 = the power of two in 48: above 8
}
