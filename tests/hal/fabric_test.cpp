// Host-only: whole exchanges through the driver and program_round into the
// simulated fabric, judged by the fabric's own records; fault injection,
// optical crosstalk, misroutes, timeouts and refused commits.
#include <a2a/a2a.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>

#include <array>
#include <cstdint>
#include <vector>

#include "a2a_test.hpp"

using namespace a2a;
using namespace a2a::hal;

namespace {

using Layout = FabricLayout<256, 8>;
using Fabric = host::SimulatedFabric<Layout>;
using Driver = FabricDriver<Fabric, Layout>;
constexpr std::uint32_t kPolls = 8;

static_assert(RegisterBus<Fabric>);

/// Runs every round of `schedule` on a fresh fabric; returns the fabric's tally.
template <class S>
DeliveryTally run_exchange(const S& schedule) {
  Fabric fabric;
  Driver driver(fabric);
  const Network net = schedule.network();
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(net, false) == Errc::ok);
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const Errc e = execute_round(driver, schedule, r, kPolls);
    if (e != Errc::ok) {
      INFO("round ", r, ": ", describe(e));
      CHECK(e == Errc::ok);
      break;
    }
  }
  CHECK(driver.round_counter() == schedule.rounds());
  CHECK(fabric.deliveries().size() == std::size_t{net.ports} * net.ports);
  const DeliveryTally sum = fabric.tally(net.ports);
  CHECK(sum.misroutes == 0);  // the schedule's tags are the ports the signals really took (else a misroute)
  return sum;
}

void check_exact(const DeliveryTally& sum, std::uint32_t ports) {
  CHECK(sum.delivered == std::uint64_t{ports} * ports);
  CHECK(sum.duplicates == 0);
  CHECK(sum.missing == 0);
  CHECK(sum.conflicts == 0);
  CHECK(sum.misroutes == 0);
  CHECK(sum.exact(std::uint64_t{ports} * ports));
}

constexpr Topology kUniquePath[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                    Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan};

/// Round 0 of a 16-port omega Latin square, programmed and committed.
void program_round0(Driver& driver, std::uint32_t ports = 16) {
  const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::omega, ports).value()).value();
  REQUIRE(program_round(driver, schedule, 0) == Errc::ok);
}

}  // namespace

TEST_CASE("Latin-square exchanges deliver every pair exactly once (d = 2, 3, 4, N <= 256)") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t d : {2U, 3U, 4U}) {
      for (std::uint32_t ports = d; ports <= 256; ports *= d) {
        for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
          INFO(name(t), " N = ", ports, " d = ", d, order == RoundOrder::gray ? " gray" : " natural");
          const Network net = make_network(t, ports, d).value();
          check_exact(run_exchange(LatinSquareSchedule<>::make(net, order).value()), ports);
        }
      }
    }
  }
}

TEST_CASE("GSEN exchanges: alternating control for N = 2 mod 4, Latin square for N = 2^n") {
  for (std::uint32_t ports = 4; ports <= 256; ports += 2) {
    const Network net = make_network(Topology::gsen, ports).value();
    const ScheduleKind kind = default_schedule_kind(net);
    const auto schedule = AnySchedule::make(net, kind);
    if (!schedule) continue;  // N = 0 mod 4 and not a power of two: no schedule yet
    INFO("gsen N = ", ports, " ", name(kind));
    check_exact(run_exchange(*schedule), ports);
    if (ports % 4 == 2) check_exact(run_exchange(AlternatingSchedule::make(net).value()), ports);
  }
}

TEST_CASE("an arbitrary initial configuration M^0 is programmed switch by switch and still exact") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t ports : {16U, 64U}) {
      const Network net = make_network(t, ports).value();
      std::vector<std::uint8_t> bits((net.stages * net.switches_per_stage() + 7) / 8);
      std::uint32_t seed = 12345U + ports;
      for (auto& b : bits) {
        seed = seed * 1664525U + 1013904223U;
        b = static_cast<std::uint8_t>(seed >> 24);
      }
      INFO(name(t), " N = ", ports);
      const InitialConfiguration m0{bits, net.switches_per_stage()};
      check_exact(run_exchange(LatinSquareSchedule<InitialConfiguration>::make(net, RoundOrder::gray, m0).value()),
                  ports);
    }
  }
}

TEST_CASE("the fabric's walk agrees with route() on random switch settings") {
  for (Topology t : {Topology::omega, Topology::reverse_baseline, Topology::banyan, Topology::gsen}) {
    const std::uint32_t ports = t == Topology::gsen ? 14 : 64;
    const std::uint32_t radix = t == Topology::gsen ? 2 : 4;
    const Network net = make_network(t, ports, radix).value();
    Fabric fabric;
    Driver driver(fabric);
    REQUIRE(driver.configure(net, false) == Errc::ok);
    std::array<std::array<std::uint32_t, 128>, 8> states{};
    std::uint32_t seed = 99;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      REQUIRE(driver.set_stage_control(s, ControlMode::individual, 0) == Errc::ok);
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
        seed = seed * 1664525U + 1013904223U;
        states[s][y] = (seed >> 16) % radix;
        REQUIRE(driver.set_switch_state(s, y, states[s][y]) == Errc::ok);
      }
    }
    REQUIRE(driver.set_idle_word(0, 0) == Errc::ok);
    if (ports > 32) REQUIRE(driver.set_idle_word(1, 0) == Errc::ok);
    REQUIRE(driver.commit() == Errc::ok);
    CHECK(driver.poll_status(kPolls).value().done);
    struct Table {
      const std::array<std::array<std::uint32_t, 128>, 8>* states;
      std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const { return (*states)[s][y]; }
    } table{&states};
    REQUIRE(fabric.deliveries().size() == ports);
    for (const host::Delivery& d : fabric.deliveries()) {
      INFO(name(t), " source ", d.source);
      const Path p = route(net, d.source, table);
      CHECK(d.output == p.destination);
      CHECK(d.tag_taken == p.tag);
      CHECK_FALSE(d.collided);  // k-shifts are permutations: no conflict without faults
    }
  }
}

TEST_CASE("a stuck switch makes two signals collide") {
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  // Stage 0, switch 0 receives inputs 0 and 8 (the shuffle puts terminal t at 2t mod 15);
  // stuck on output 0, both leave on the same wire.
  REQUIRE(fabric.inject_forced_port(0, 0, 0) == Errc::ok);
  program_round0(driver);
  CHECK(driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  const FabricStatus s = driver.status();
  CHECK(s.done);
  CHECK(s.conflict);
  CHECK(s.fault_crossed);
  CHECK(driver.switch_faulty(0, 0).value());
  const DeliveryTally sum = fabric.tally(16);
  CHECK(sum.conflicts == 2);
  CHECK(sum.delivered == 14);
  for (const host::Delivery& d : fabric.deliveries()) CHECK(d.collided == (d.source == 0 || d.source == 8));
}

TEST_CASE("a faulty switch on a signal's path is flagged; one off every path is not") {
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  REQUIRE(fabric.inject_faulty(2, 5) == Errc::ok);
  program_round0(driver);
  CHECK(driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  CHECK(driver.status().fault_crossed);
  CHECK_FALSE(driver.status().conflict);
  CHECK(driver.switch_faulty(2, 5).value());
  CHECK_FALSE(driver.switch_faulty(2, 4).value());
  CHECK(fabric.tally(16).delivered == 16);  // flag only: the signals still arrive

  // Only input 0 sends, all switches straight: it stays on terminal 0, switch 0 of
  // every stage, and never meets switch 5 of stage 2.
  REQUIRE(driver.set_idle_word(0, 0xFFFF'FFFEU) == Errc::ok);
  REQUIRE(driver.set_port_header(0, 0, 0) == Errc::ok);
  for (std::uint32_t s = 0; s < 4; ++s) REQUIRE(driver.set_stage_control(s, ControlMode::stage, 0) == Errc::ok);
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(kPolls) == Errc::ok);
  CHECK(driver.switch_faulty(2, 5).value());  // still known faulty
}

TEST_CASE("optical mode flags crosstalk when two signals cross one switch") {
  Fabric fabric;
  Driver driver(fabric);
  const Network net = make_network(Topology::omega, 8).value();
  REQUIRE(driver.configure(net, true) == Errc::ok);
  for (std::uint32_t s = 0; s < 3; ++s) REQUIRE(driver.set_stage_control(s, ControlMode::stage, 0) == Errc::ok);
  // Inputs 0 and 4 meet at switch 0 of stage 0 (terminals 0 and 1 after the shuffle).
  REQUIRE(driver.set_port_header(4, 4, 4) == Errc::ok);
  REQUIRE(driver.set_idle_word(0, 0xFFFF'FFEEU) == Errc::ok);
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  CHECK(driver.status().crosstalk);
  CHECK_FALSE(driver.status().conflict);

  REQUIRE(driver.set_idle_word(0, 0xFFFF'FFFEU) == Errc::ok);  // input 0 alone
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(kPolls) == Errc::ok);

  REQUIRE(driver.configure(net, false) == Errc::ok);  // electronic: sharing a switch is fine
  REQUIRE(driver.set_idle_word(0, 0xFFFF'FFEEU) == Errc::ok);
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(kPolls) == Errc::ok);
}

TEST_CASE("a header that names another destination is a misroute") {
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  program_round0(driver);
  REQUIRE(driver.wait_round(kPolls) == Errc::ok);
  REQUIRE(driver.set_port_header(3, 5, 3) == Errc::ok);  // round 0 takes 3 to 3
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  CHECK(driver.status().misroute);
  CHECK(fabric.tally(16).misroutes == 1);
}

TEST_CASE("a slow fabric is waited for, a hung one times out and can be aborted") {
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  fabric.set_latency(3);
  program_round0(driver);
  CHECK(driver.wait_round(3) == Errc::fabric_timeout);  // busy, busy, busy
  CHECK(driver.wait_round(1) == Errc::ok);              // the fourth read sees it done
  CHECK(driver.round_counter() == 1);

  fabric.set_latency(Fabric::kNever);
  REQUIRE(driver.commit() == Errc::ok);
  CHECK(driver.wait_round(50) == Errc::fabric_timeout);
  REQUIRE(driver.commit() == Errc::ok);  // while busy: lost
  CHECK(driver.status().overrun);
  REQUIRE(driver.abort() == Errc::ok);
  const FabricStatus s = driver.status();
  CHECK(s.aborted);
  CHECK(s.error);
  CHECK_FALSE(s.busy);
  CHECK(driver.wait_round(1) == Errc::fabric_round_not_run);
  CHECK(driver.round_counter() == 1);
  CHECK(fabric.deliveries().size() == 16);  // nothing of the aborted round
}

TEST_CASE("the block refuses an invalid configuration and read-only writes") {
  Fabric fabric;
  Driver driver(fabric);
  fabric.write32(Layout::kNetPorts, 12);  // not a power of 2
  fabric.write32(Layout::kNetShape, 0x0000'0402U);
  fabric.write32(Layout::kControl, 1);
  CHECK(driver.status().config_invalid);
  CHECK(driver.wait_round(1) == Errc::fabric_round_not_run);

  fabric.write32(Layout::kStatus, 0x2);      // read-only
  fabric.write32(Layout::kRoundCounter, 5);  // read-only
  fabric.write32(Layout::fault(0, 0), 1);    // read-only
  fabric.write32(Layout::kSize, 1);          // outside the block
  CHECK(fabric.ignored_writes() == 4);
  CHECK(driver.round_counter() == 0);
  CHECK(fabric.read32(Layout::kControl) == 0);  // write-only reads as 0

  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  program_round0(driver);
  REQUIRE(driver.wait_round(kPolls) == Errc::ok);
  REQUIRE(driver.reset() == Errc::ok);
  CHECK(driver.round_counter() == 0);
  CHECK(fabric.read32(Layout::idle_mask(0)) == 0xFFFF'FFFFU);
  CHECK(fabric.read32(Layout::port_header(1)) == 0);
  CHECK(driver.probe() == Errc::ok);
}

TEST_CASE("map 2.0 on the simulated fabric: tickets at the write, LAST_ERROR, ABORT of a finished round") {
  Fabric fabric;
  Driver driver(fabric);
  REQUIRE(driver.probe() == Errc::ok);
  CHECK_FALSE(driver.can_inject());  // the simulated block injects through its test hooks instead
  REQUIRE(driver.configure(make_network(Topology::omega, 16).value(), false) == Errc::ok);
  REQUIRE(fabric.inject_forced_port(0, 0, 0) == Errc::ok);
  program_round0(driver);
  CHECK(driver.wait_round(kPolls) == Errc::fabric_round_faulted);
  const std::uint32_t last = driver.last_error();
  CHECK(reg::Status::Ticket::extract(last) == driver.ticket());
  CHECK((last & reg::Status::Conflict::mask) != 0);
  fabric.clear_faults();
  // ABORT with nothing running: the last outcome stands, only the ticket moves on.
  REQUIRE(driver.abort() == Errc::ok);
  const Result<FabricStatus> s = driver.poll_status(1);
  REQUIRE(s.ok());
  CHECK(s->done);
  CHECK(s->conflict);
  CHECK_FALSE(s->aborted);
  REQUIRE(driver.clear_counters(1) == Errc::ok);
  CHECK(driver.last_error() == 0);
  CHECK(driver.counters() == DeliveryTally{});  // this model keeps its record in deliveries()
  REQUIRE(driver.reset() == Errc::ok);
  CHECK(fabric.read32(Layout::kStatus) == reg::Status::Ticket::insert(0, driver.ticket()));
}
