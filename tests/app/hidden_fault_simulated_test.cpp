// The one fault model in both fabrics (a2a/emulated/switch_faults.hpp): a hidden dead
// or stuck switch planted in the host simulated fabric acts as it does in the emulated
// fabric behind a board's register block, and the controller finds it the same way.
//  1. Round by round, ARRIVED and the misroute / conflict flags of the two fabrics
//     agree, for every switch of every stage and every kind, on three topologies.
//  2. The controller's job (run_job: detection from ROUND_CHECK, or ARRIVED port by
//     port on a map 2.1 block, diagnosis with test rounds, re-plan) over the simulated
//     fabric: the fault is named with its type, in the same round either way, and every
//     pair is delivered exactly once by the rounds the fabric completed clean.
//  3. Several hidden faults at once, two of them on one signal's path (neither alone
//     explains the round): the job still delivers every pair exactly once, with test
//     rounds of all its stops within 2 log2 N + 2.
//  4. Seeded sets of two to four hidden faults (omega, baseline, banyan; N = 16, 32):
//     how many jobs end ok (a floor), each of them with every pair exactly once.
//
// Host only: the simulated fabric uses the heap.
#include <a2a/a2a.hpp>
#include <a2a/app/job_runner.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<64, 6>;
using Simulated = host::SimulatedFabric<Layout>;
using Emulator = emulated::FabricEmulator<Layout, 64>;
using Ram = emulated::RamBlock<Layout::kSize>;
using EmulatedBus = emulated::ServicedBus<Emulator, Ram>;
constexpr std::uint32_t kPolls = 64;
constexpr std::uint32_t kFlags = hal::reg::Status::Misroute::mask | hal::reg::Status::Conflict::mask;

/// What a round showed at the outputs: ARRIVED[0..N), ROUND_CHECK and the misroute /
/// conflict flags.
struct Seen {
  std::vector<std::uint32_t> arrived;
  std::uint32_t round_check{0};
  std::uint32_t flags{0};
  friend bool operator==(const Seen&, const Seen&) = default;
};

template <class Bus>
Seen round_seen(Bus& bus, hal::FabricDriver<Bus, Layout>& driver, const AnySchedule& schedule, std::uint32_t r) {
  const Errc e = hal::execute_round(driver, schedule, r, kPolls);
  Seen seen;
  seen.flags = bus.read32(Layout::kStatus) & kFlags;
  CHECK((e == Errc::ok) == (seen.flags == 0));
  for (std::uint32_t j = 0; j < schedule.network().ports; ++j) seen.arrived.push_back(bus.read32(Layout::arrived(j)));
  seen.round_check = bus.read32(Layout::kRoundCheck);
  CHECK((seen.round_check & hal::reg::RoundCheck::Valid::mask) != 0);
  return seen;
}

/// The rounds `rounds` of `schedule` through a simulated fabric with `fault` planted.
std::vector<Seen> simulated(const AnySchedule& schedule, const emulated::HiddenFault& fault,
                            std::span<const std::uint32_t> rounds) {
  Simulated fabric;
  hal::FabricDriver<Simulated, Layout> driver(fabric);
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(fabric.inject_hidden(fault) == Errc::ok);
  std::vector<Seen> out;
  for (const std::uint32_t r : rounds) out.push_back(round_seen(fabric, driver, schedule, r));
  return out;
}

/// ... and through the emulated fabric, the fault armed by INJECT (Hidden) from round 0.
std::vector<Seen> emulated_rounds(const AnySchedule& schedule, const emulated::HiddenFault& fault,
                                  std::span<const std::uint32_t> rounds) {
  const auto ram = std::make_unique<Ram>();
  const auto emulator = std::make_unique<Emulator>();
  emulator->power_on(*ram);
  EmulatedBus bus(*emulator, *ram, 3);
  hal::FabricDriver<EmulatedBus, Layout> driver(bus);
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(schedule.network(), false) == Errc::ok);
  REQUIRE(driver.inject_fault(fault.stage, fault.sw, 0, hal::InjectedKind{fault.stuck, fault.state, true}) == Errc::ok);
  std::vector<Seen> out;
  for (const std::uint32_t r : rounds) out.push_back(round_seen(bus, driver, schedule, r));
  return out;
}

/// The job's hooks: plant `fault` once round `from_round` - 1 is delivered.
struct PlantAfter {
  Simulated* fabric;
  emulated::HiddenFault fault;
  std::uint32_t from_round;
  void after_round(std::uint32_t r, const auto&, const auto&) {
    if (r + 1 == from_round) REQUIRE(fabric->inject_hidden(fault) == Errc::ok);
  }
};

/// The job's hooks when every fault is planted before it starts.
struct NothingPlanted {
  void after_round(std::uint32_t, const auto&, const auto&) {}
};

}  // namespace

TEST_CASE("hidden faults: both fabrics show the same outputs, every switch and kind") {
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan}) {
    const AnySchedule schedule = AnySchedule::make(make_network(t, 16).value(), ScheduleKind::latin_square).value();
    const Network net = schedule.network();
    const std::array<std::uint32_t, 4> rounds{0, 5, 10, 15};  // the first, middle and last rounds
    std::uint32_t disturbed = 0;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
        for (const emulated::HiddenFault f :
             {emulated::HiddenFault{s, y, false, 0}, emulated::HiddenFault{s, y, true, 0},
              emulated::HiddenFault{s, y, true, 1}}) {
          INFO(name(t), " stage ", s, " switch ", y, f.stuck ? " stuck=" : " dead", f.state);
          const std::vector<Seen> sim = simulated(schedule, f, rounds);
          const std::vector<Seen> emu = emulated_rounds(schedule, f, rounds);
          REQUIRE(sim.size() == emu.size());
          for (std::size_t k = 0; k < sim.size(); ++k) {
            CHECK(sim[k] == emu[k]);
            if (sim[k].flags != 0) ++disturbed;
          }
        }
      }
    }
    CHECK(disturbed > 0);  // the faults did act: stuck switches misrouted some rounds
  }
}

/// Every pair exactly once at its final destination in what the receivers kept (the
/// rounds the fabric completed clean). `stranded`: relayed copies stopped plans left in
/// relays' stores (ExchangeReport::stranded); each is still held, or, when the next plan
/// relays its message again, the fabric counts the second store as a duplicate
/// (docs/fault-tolerance.md: handing a stranded copy on is not planned yet).
void check_every_pair_once(const Simulated& fabric, std::uint32_t ports, std::uint64_t stranded = 0) {
  std::vector<host::Delivery> clean;
  for (const host::Delivery& d : fabric.deliveries())
    if (!d.flagged) clean.push_back(d);
  const DeliveryTally sum = host::summarize(clean, ports);
  CHECK(sum.delivered == ports * ports);
  CHECK(sum.missing == 0);
  CHECK(sum.relay_errors == 0);
  CHECK(sum.duplicates + sum.left_in_store == stranded);
}

namespace {

struct NamedCase {
  Topology topology;
  emulated::HiddenFault fault;
  std::uint32_t from_round;
  LocatedKind kind;
};

/// run_job over the simulated fabric with c.fault planted from round c.from_round; the
/// block with ROUND_CHECK (map 2.2) or without it (2.1: the outputs read port by port).
/// Returns the rounds at which the job stopped for the fault.
std::uint32_t job_names(const NamedCase& c, bool round_check) {
  ControllerConfig config;
  config.topology = c.topology;
  config.ports = 32;
  const AnySchedule schedule = plan_exchange(config).value();
  Simulated fabric;
  fabric.set_round_check(round_check);
  hal::FabricDriver<Simulated, Layout> driver(fabric);
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(schedule.network(), false) == Errc::ok);
  CHECK(driver.checks_rounds() == round_check);
  if (c.from_round == 0) REQUIRE(fabric.inject_hidden(c.fault) == Errc::ok);

  auto storage = std::make_unique<FaultPlanStorage<64>>();
  const std::array<PlanStorageSpan, 1> replan{storage->span()};
  std::vector<std::uint32_t> delivered(app::DeliveredMessages::words_for(32));
  std::array<std::uint16_t, 32> observation{};
  app::FoundFaults found;
  const app::JobResources resources{replan, delivered, FaultPlanOptions{}, observation, &found};
  PlantAfter hooks{&fabric, c.fault, c.from_round};
  const app::ExchangeReport report =
      app::run_job(driver, configured_fabric(config).value(), schedule, resources, hooks, app::ExchangeOptions{});
  INFO("stopped in round ", report.failed_round, ": ", describe(report.error), "; located stops ", report.located_stops,
       ", replans ", report.replans, ", replan error ", describe(report.replan_error));
  REQUIRE(report.error == Errc::ok);
  REQUIRE(report.found != nullptr);
  REQUIRE(report.found->count == 1);
  CHECK(report.found->faults[0].fault.kind == c.kind);
  CHECK(report.found->faults[0].fault.stage == c.fault.stage);
  CHECK(report.found->faults[0].fault.index == c.fault.sw);
  if (c.kind == LocatedKind::stuck_switch) CHECK(report.found->faults[0].fault.state == c.fault.state);
  CHECK(report.located_round >= c.from_round);  // a stuck switch acts when a round wants the other state
  CHECK(report.test_rounds <= feng_wu_tests(32));
  check_every_pair_once(fabric, 32);
  return report.located_round;
}

}  // namespace

TEST_CASE("hidden faults in the simulated fabric: the controller's job names them, every pair exactly once") {
  const NamedCase cases[] = {
      {Topology::omega, {2, 5, true, 1}, 7, LocatedKind::stuck_switch},
      {Topology::omega, {2, 5, false, 0}, 7, LocatedKind::dead_switch},
      {Topology::baseline, {0, 3, true, 0}, 0, LocatedKind::stuck_switch},
      {Topology::banyan, {2, 15, false, 0}, 31, LocatedKind::dead_switch},  // the last round
  };
  for (const NamedCase& c : cases) {
    INFO(name(c.topology), " stage ", c.fault.stage, " switch ", c.fault.sw, " from round ", c.from_round);
    // ROUND_CHECK changes how a clean round is confirmed, not what is found, nor where.
    CHECK(job_names(c, true) == job_names(c, false));
  }
}

TEST_CASE("several hidden faults at once: two on one signal's path, and a third; every pair exactly once") {
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan}) {
    ControllerConfig config;
    config.topology = t;
    config.ports = 32;
    const AnySchedule schedule = plan_exchange(config).value();
    const Network net = schedule.network();
    // Round 0 sets every switch straight. Port 0's signal meets a switch stuck cross at
    // stage 1, which sends it on to a switch stuck cross at stage 3: four signals go
    // wrong, and no single element on port 0's path explains them. A dead switch of
    // stage 2 elsewhere joins in.
    const auto round0 = schedule.round(0);
    const std::uint32_t first = route(net, 0, round0).hops[1].switch_index;
    struct Crossed {
      decltype(round0) base;
      std::uint32_t y;
      [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t sw) const {
        return s == 1 && sw == y ? 1U : static_cast<std::uint32_t>(base.switch_state(s, sw));
      }
    };
    const std::uint32_t second = route(net, 0, Crossed{round0, first}).hops[3].switch_index;
    const std::uint32_t dead =
        (route(net, 0, round0).hops[2].switch_index + net.switches_per_stage() / 2) % net.switches_per_stage();
    const emulated::HiddenFault faults[] = {{1, first, true, 1}, {3, second, true, 1}, {2, dead, false, 0}};
    INFO(name(t), ": stuck cross 1:", first, " and 3:", second, ", dead 2:", dead);

    Simulated fabric;
    hal::FabricDriver<Simulated, Layout> driver(fabric);
    REQUIRE(driver.probe() == Errc::ok);
    REQUIRE(driver.configure(net, false) == Errc::ok);
    for (const emulated::HiddenFault& f : faults) REQUIRE(fabric.inject_hidden(f) == Errc::ok);
    auto storage = std::make_unique<FaultPlanStorage<64, 8>>();
    const std::array<PlanStorageSpan, 1> replan{storage->span()};
    std::vector<std::uint32_t> delivered(app::DeliveredMessages::words_for(32));
    std::array<std::uint16_t, 32> observation{};
    app::FoundFaults found;
    const app::JobResources resources{replan, delivered, FaultPlanOptions{}, observation, &found};
    NothingPlanted hooks;  // every fault is in from the start
    const app::ExchangeReport report =
        app::run_job(driver, configured_fabric(config).value(), schedule, resources, hooks, app::ExchangeOptions{});
    INFO("stopped in round ", report.failed_round, ": ", describe(report.error), "; located stops ",
         report.located_stops, ", test rounds ", report.test_rounds);
    REQUIRE(report.error == Errc::ok);
    CHECK(report.located_stops >= 2);  // one stop cannot name three faults from one wrong signal's path
    CHECK(report.test_rounds <= app::test_round_allowance(net));
    REQUIRE(report.found != nullptr);
    for (std::uint32_t k = 0; k < report.found->count; ++k) {  // the last stop's: planted ones
      const FaultCandidate& f = report.found->faults[k].fault;
      bool planted = false;
      for (const emulated::HiddenFault& h : faults)
        planted =
            planted || (f.stage == h.stage && f.index == h.sw && (f.kind == LocatedKind::stuck_switch) == h.stuck);
      CHECK(planted);
    }
    check_every_pair_once(fabric, 32, report.stranded);
  }
}

TEST_CASE("seeded sets of two to four hidden faults: the controller's job completes, every pair once") {
  // Dead switches (internal stages: one in the first or last stage cuts processors off)
  // and switches stuck either way (any stage), on distinct switches, all hidden, in the
  // simulated fabric from the start; run_job locates them and plans around them stop by
  // stop. Sets that no plan avoids even when the faults are told in advance are left out.
  std::uint32_t seed = 24;
  const auto next = [&seed] { return (seed = seed * 1664525U + 1013904223U) >> 8; };
  std::uint32_t jobs = 0, ok = 0, exact_once = 0, impossible = 0;
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan})
    for (std::uint32_t ports = 16; ports <= 32; ports *= 2) {
      ControllerConfig config;
      config.topology = t;
      config.ports = ports;
      const AnySchedule schedule = plan_exchange(config).value();
      const Network net = schedule.network();
      for (std::uint32_t k = 0; k < 12; ++k) {
        std::vector<emulated::HiddenFault> faults;
        while (faults.size() < 2 + k % 3) {
          // A dead switch of the first or last stage cuts two processors off: internal ones.
          const std::uint32_t kind = next() % 3, y = next() % net.switches_per_stage();
          const std::uint32_t s = kind == 0 ? 1 + next() % (net.stages - 2) : next() % net.stages;
          bool taken = false;
          for (const auto& f : faults) taken = taken || (f.stage == s && f.sw == y);
          if (!taken) faults.push_back({s, y, kind != 0, kind == 0 ? 0U : kind - 1});
        }
        auto storage = std::make_unique<FaultPlanStorage<64, 8>>();
        // Known in advance, could the faults be planned around at all?
        ControllerConfig told = config;
        for (const auto& f : faults)
          told.faults[told.fault_count++] = {static_cast<std::uint16_t>(f.stage), static_cast<std::uint16_t>(f.sw),
                                             false, static_cast<std::uint8_t>(f.stuck ? f.state + 1 : 0)};
        told.schedule = ScheduleKind::fault_tolerant;
        if (!plan_exchange(told, storage->span())) {
          ++impossible;
          continue;
        }
        Simulated fabric;
        hal::FabricDriver<Simulated, Layout> driver(fabric);
        REQUIRE(driver.probe() == Errc::ok);
        REQUIRE(driver.configure(net, false) == Errc::ok);
        for (const auto& f : faults) REQUIRE(fabric.inject_hidden(f) == Errc::ok);
        const std::array<PlanStorageSpan, 1> replan{storage->span()};
        std::vector<std::uint32_t> delivered(app::DeliveredMessages::words_for(ports));
        std::array<std::uint16_t, 64> observation{};
        app::FoundFaults found;
        const app::JobResources resources{replan, delivered, FaultPlanOptions{}, std::span(observation).first(ports),
                                          &found};
        NothingPlanted hooks;
        const app::ExchangeReport report =
            app::run_job(driver, configured_fabric(config).value(), schedule, resources, hooks, app::ExchangeOptions{});
        ++jobs;
        CHECK(report.test_rounds <= app::test_round_allowance(net));
        if (report.error != Errc::ok) {
          std::string set;
          for (const auto& f : faults)
            set += " " + std::to_string(f.stage) + ":" + std::to_string(f.sw) +
                   (!f.stuck       ? " dead"
                    : f.state != 0 ? " cross"
                                   : " straight");
          MESSAGE(name(t), " N = ", ports, ":", set, ": ", describe(report.error), " / ", describe(report.replan_error),
                  " after ", report.located_stops, " stops");
          continue;
        }
        ++ok;
        std::vector<host::Delivery> clean;
        for (const host::Delivery& d : fabric.deliveries())
          if (!d.flagged) clean.push_back(d);
        const DeliveryTally sum = host::summarize(clean, ports);
        const bool once = sum.delivered == ports * ports && sum.missing == 0 && sum.relay_errors == 0 &&
                          sum.duplicates + sum.left_in_store == report.stranded;
        CHECK(once);
        exact_once += once ? 1U : 0U;
      }
    }
  MESSAGE(impossible, " sets no plan avoids even when told; ", jobs, " jobs: ", ok, " ended ok, ", exact_once,
          " with every pair once");
  // Not every job yet (docs/fault-tolerance.md, "Several faults"): classes planned
  // around whole can take more of the configuration's 8 slots than the faults are. A
  // floor, so that it never gets worse unnoticed; every job that ends ok is exact.
  CHECK(jobs >= 48);
  CHECK(ok * 20 >= jobs * 19);
  CHECK(exact_once == ok);
}
