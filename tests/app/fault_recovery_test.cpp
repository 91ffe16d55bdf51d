// Host: the controller's round loop over the simulated fabric with faults
// injected in the middle of an exchange (read-back corruption, hung commits, a
// switch that becomes faulty), on several networks and schedule families. The
// verdict comes from the fabric's own delivery records: after the stop and the
// resume, every (source, destination) pair was delivered exactly once by a round
// the fabric completed clean; rounds it flagged or aborted count for nothing.
#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/app/exchange_job.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "resumed_schedule.hpp"

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<256, 8>;
using Fabric = host::SimulatedFabric<Layout>;
using Driver = hal::FabricDriver<Fabric, Layout>;
constexpr std::uint32_t kPolls = 16;
constexpr std::uint32_t kNever = Fabric::kNever;

struct Case {
  const char* name;
  Topology topology;
  std::uint32_t ports;
  std::uint32_t radix;
  ScheduleKind kind;
  RoundOrder order;
};

constexpr Case kCases[] = {
    {"omega 16", Topology::omega, 16, 2, ScheduleKind::latin_square, RoundOrder::natural},
    {"omega 64, d = 4", Topology::omega, 64, 4, ScheduleKind::latin_square, RoundOrder::natural},
    {"reverse-banyan 27, d = 3, gray", Topology::reverse_banyan, 27, 3, ScheduleKind::latin_square, RoundOrder::gray},
    {"gsen 10, alternating", Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural},
};

AnySchedule schedule_of(const Case& c) {
  return AnySchedule::make(make_network(c.topology, c.ports, c.radix).value(), c.kind, c.order).value();
}

/// A fresh fabric and a verifying driver configured for the schedule's network.
struct Bench {
  Fabric fabric;
  Driver driver{fabric};
  explicit Bench(const Network& net, bool verify = true) {
    driver.set_write_verification(verify);
    REQUIRE(driver.probe() == Errc::ok);
    REQUIRE(driver.configure(net, false) == Errc::ok);
  }
};

/// What the fabric delivered in rounds it completed clean.
DeliveryTally accepted(const Fabric& fabric, std::uint32_t ports) {
  std::vector<host::Delivery> clean;
  for (const host::Delivery& d : fabric.deliveries())
    if (!d.flagged) clean.push_back(d);
  return host::summarize(clean, ports);
}

/// Pairs (source, destination) the fabric delivered clean so far.
std::vector<bool> delivered_pairs(const Fabric& fabric, std::uint32_t ports) {
  std::vector<bool> seen(std::size_t{ports} * ports, false);
  for (const host::Delivery& d : fabric.deliveries())
    if (!d.flagged && !d.collided && !d.wrong_destination) seen[std::size_t{d.source} * ports + d.output] = true;
  return seen;
}

/// The stop report is exact: the pending messages, enumerated from the schedule
/// (rounds >= the failed round), are precisely the pairs the fabric has not delivered.
void check_report(const AnySchedule& schedule, const Fabric& fabric, const app::ExchangeOutcome& out) {
  const std::uint32_t n = schedule.network().ports;
  const std::vector<bool> seen = delivered_pairs(fabric, n);
  std::uint64_t pending = 0;
  bool pending_undelivered = true;
  for (std::uint32_t r = out.rounds_done; r < schedule.rounds(); ++r) {
    const auto round = schedule.round(r);
    for (std::uint32_t i = 0; i < n; ++i) {
      const PortSend s = schedule.send(round, i);
      if (!s.sends) continue;
      ++pending;
      pending_undelivered = pending_undelivered && !seen[std::size_t{i} * n + s.destination];
    }
  }
  CHECK(pending == out.messages_pending);
  CHECK(pending_undelivered);
  std::uint64_t delivered = 0;
  for (bool b : seen) delivered += b ? 1U : 0U;
  CHECK(delivered + pending == std::uint64_t{n} * n);  // nothing lost between the two
}

void check_exact(const DeliveryTally& sum, std::uint32_t ports) {
  CHECK(sum.delivered == std::uint64_t{ports} * ports);
  CHECK(sum.duplicates == 0);
  CHECK(sum.missing == 0);
  CHECK(sum.conflicts == 0);
  CHECK(sum.misroutes == 0);
}

/// Runs `schedule` with `inject(r)` called after each delivered round r; expects a
/// stop at `stop_round` with `error`, checks the report, then resumes after `repair`.
template <class Inject, class Repair>
void stop_and_resume(const AnySchedule& schedule, Errc error, std::uint32_t stop_round, Inject inject, Repair repair) {
  const Network net = schedule.network();
  Bench b(net);
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule, [&](std::uint32_t r, const auto&) { inject(b.fabric, r); },
      app::ExchangeOptions{0, 2, kPolls});
  CHECK(out.error == error);
  CHECK(out.rounds_done == stop_round);
  check_report(schedule, b.fabric, out);
  repair(b.fabric);
  const app::ExchangeOutcome resumed = app::run_exchange(
      b.driver, schedule, [](std::uint32_t, const auto&) {}, app::ExchangeOptions{out.rounds_done, 2, kPolls});
  CHECK(resumed.error == Errc::ok);
  CHECK(resumed.rounds_done == schedule.rounds());
  CHECK(resumed.attempts == schedule.rounds() - out.rounds_done);
  check_exact(accepted(b.fabric, net.ports), net.ports);
}

}  // namespace

TEST_CASE("read-back corruption that persists: stop, report the pending messages, resume exactly") {
  for (const Case& c : kCases) {
    INFO(c.name);
    const AnySchedule schedule = schedule_of(c);
    const std::uint32_t k = schedule.rounds() / 2;
    stop_and_resume(
        schedule, Errc::fabric_readback_mismatch, k,
        [&](Fabric& f, std::uint32_t r) {
          if (r + 1 == k) f.corrupt_writes(Layout::port_header(1), 0x1, 3);  // all 3 attempts of round k
        },
        [](Fabric&) {});
  }
}

TEST_CASE("a commit that hangs for good: abort, stop, resume once the fabric answers again") {
  for (const Case& c : kCases) {
    INFO(c.name);
    const AnySchedule schedule = schedule_of(c);
    const std::uint32_t k = schedule.rounds() - 3;
    stop_and_resume(
        schedule, Errc::fabric_timeout, k,
        [&](Fabric& f, std::uint32_t r) {
          if (r + 1 == k) f.set_latency(kNever);
        },
        [](Fabric& f) { f.set_latency(2); });
  }
}

TEST_CASE("a switch fault flag raised mid-exchange: the flagged round is discarded, the exchange resumes") {
  for (const Case& c : kCases) {
    INFO(c.name);
    const AnySchedule schedule = schedule_of(c);
    const std::uint32_t k = 3;
    stop_and_resume(
        schedule, Errc::fabric_round_faulted, k,
        [&](Fabric& f, std::uint32_t r) {
          if (r + 1 == k) REQUIRE(f.inject_faulty(1, 1) == Errc::ok);
        },
        [](Fabric& f) { f.clear_faults(); });
  }
  // The report names the switch, and the flagged round was attempted once only.
  const AnySchedule schedule = schedule_of(kCases[0]);
  Bench b(schedule.network());
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule,
      [&](std::uint32_t r, const auto&) {
        if (r == 6) REQUIRE(b.fabric.inject_faulty(2, 5) == Errc::ok);
      },
      app::ExchangeOptions{});
  CHECK(out.fault_located);
  CHECK(out.faulty_stage == 2);
  CHECK(out.faulty_switch == 5);
  CHECK(out.attempts == 8);
  std::size_t flagged = 0;
  for (const host::Delivery& d : b.fabric.deliveries()) flagged += d.flagged ? 1U : 0U;
  CHECK(flagged == 16);  // round 7 ran once, flagged: its 16 signals do not count
}

TEST_CASE("a switch that fails mid-exchange: re-planned around it, the exchange completes without resending") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule latin = AnySchedule::make(net, ScheduleKind::latin_square).value();
  Bench b(net);
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, latin,
      [&](std::uint32_t r, const auto&) {
        if (r == 4) REQUIRE(b.fabric.inject_faulty(1, 2) == Errc::ok);  // stays faulty from here on
      },
      app::ExchangeOptions{});
  REQUIRE(out.error == Errc::fabric_round_faulted);
  REQUIRE(out.fault_located);
  CHECK(out.rounds_done == 5);
  const std::vector<bool> before = delivered_pairs(b.fabric, 16);
  const std::size_t deliveries_before = b.fabric.deliveries().size();

  // Re-plan: the fault-tolerant schedule around the reported switch, minus what
  // rounds 0..4 of the Latin square delivered.
  const AnySchedule ft = AnySchedule::make(net, SwitchFault{out.faulty_stage, out.faulty_switch}).value();
  const test::ResumedSchedule resumed(latin, out.rounds_done, ft);
  CHECK(app::messages_from_round(resumed, 0) == out.messages_pending);  // exactly the pending ones
  const app::ExchangeOutcome done = app::run_exchange(
      b.driver, resumed, [](std::uint32_t, const auto&) {}, app::ExchangeOptions{});
  REQUIRE(done.error == Errc::ok);
  CHECK(done.retries == 0);

  // The fabric: every hop of the re-planned rounds arrived where its header said,
  // through no faulty switch and without collision.
  std::size_t hops = 0;
  for (std::uint32_t r = 0; r < resumed.rounds(); ++r)
    for (std::uint32_t i = 0; i < 16; ++i) hops += resumed.send(resumed.round(r), i).sends ? 1U : 0U;
  const auto& all = b.fabric.deliveries();
  CHECK(all.size() - deliveries_before == hops);
  for (std::size_t k = deliveries_before; k < all.size(); ++k) {
    CHECK_FALSE(all[k].flagged);
    CHECK_FALSE(all[k].collided);
    CHECK_FALSE(all[k].wrong_destination);
  }
  // By message (origin, final): the ones delivered before plus the ones the
  // re-planned rounds complete make every pair exactly once; relays in order.
  std::vector<int> count(256, 0);
  std::vector<int> first_hop_round(256, -1);
  for (std::uint32_t p = 0; p < 256; ++p) count[p] = before[p] ? 1 : 0;
  for (std::uint32_t r = 0; r < resumed.rounds(); ++r) {
    for (std::uint32_t i = 0; i < 16; ++i) {
      const PortSend s = resumed.send(resumed.round(r), i);
      if (!s.sends) continue;
      const std::uint32_t message = s.message_origin(i) * 16 + s.message_final();
      if (!app::completes_message(s)) {
        first_hop_round[message] = static_cast<int>(r);
        continue;
      }
      ++count[message];
      if (s.message_origin(i) != i)
        CHECK((first_hop_round[message] >= 0 && first_hop_round[message] < static_cast<int>(r)));
    }
  }
  std::size_t ft_hops = 0;
  for (std::uint32_t r = 0; r < ft.rounds(); ++r)
    for (std::uint32_t i = 0; i < 16; ++i) ft_hops += ft.send(ft.round(r), i).sends ? 1U : 0U;
  CHECK(hops < ft_hops);  // the delivered messages were left out
  CHECK(std::count_if(first_hop_round.begin(), first_hop_round.end(), [](int r) { return r >= 0; }) > 0);  // relays
  for (std::uint32_t p = 0; p < 256; ++p) {
    INFO("message ", p / 16, " -> ", p % 16);
    CHECK(count[p] == 1);
  }
}

TEST_CASE("transient faults are retried within the exchange: exact, nothing duplicated") {
  for (const Case& c : kCases) {
    INFO(c.name);
    const AnySchedule schedule = schedule_of(c);
    const Network net = schedule.network();
    Bench b(net);
    const app::ExchangeOutcome out = app::run_exchange(
        b.driver, schedule,
        [&](std::uint32_t r, const auto&) {
          if (r == 1) b.fabric.corrupt_writes(Layout::port_header(0), 0x10000, 1);
          if (r == 3) b.fabric.hang_commits(2);
        },
        app::ExchangeOptions{0, 2, kPolls});
    CHECK(out.error == Errc::ok);
    CHECK(out.retries == 3);
    CHECK(b.fabric.deliveries().size() == std::size_t{net.ports} * net.ports);  // aborted rounds: nothing
    check_exact(b.fabric.tally(net.ports), net.ports);
  }
}

TEST_CASE("without read-back verification a corrupted header reaches the fabric, is flagged and retried") {
  const AnySchedule schedule = schedule_of(kCases[0]);
  Bench b(schedule.network(), false);
  b.fabric.corrupt_writes(Layout::port_header(2), 0x1, 1);  // destination off by one: a misroute
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule, [](std::uint32_t, const auto&) {}, app::ExchangeOptions{});
  CHECK(out.error == Errc::ok);
  CHECK(out.retries == 1);
  CHECK(b.fabric.tally(16).misroutes == 1);  // the fabric saw the bad round...
  check_exact(accepted(b.fabric, 16), 16);   // ...and the controller did not count it
}

TEST_CASE("a fabric that ignores ABORT: the round is in doubt, the controller stops at once") {
  const AnySchedule schedule = schedule_of(kCases[0]);
  Bench b(schedule.network());
  b.fabric.set_latency(kNever);
  b.fabric.ignore_abort(true);
  const app::ExchangeOutcome out = app::run_exchange(
      b.driver, schedule, [](std::uint32_t, const auto&) {}, app::ExchangeOptions{0, 5, kPolls});
  CHECK(out.error == Errc::fabric_round_in_doubt);
  CHECK(out.attempts == 1);
  CHECK(out.rounds_done == 0);
}
