// The product's acknowledgements (acknowledgements.hpp) on a product's own
// RoundRunner over a circuit switch without delivery counters (circuit_fabric.hpp):
// every hop asked once, at most kPortsPerStep a step; a lost receipt reported by its
// pair, every round still run, nothing sent twice, the exchange ending
// exchange_unacknowledged. The switch's own record of what arrived is the ground truth.
#include <a2a/app/acknowledgements.hpp>
#include <a2a/app/round_runner.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/topology.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "circuit_fabric.hpp"

using namespace a2a;
using a2a::test::CircuitFabric;

namespace {

static_assert(!app::AcknowledgementHook{}.set(), "an unset hook is not asked");
static_assert(app::LostPair{}.received == app::kNoReceipt);

constexpr std::uint32_t kPorts = 64;

/// The receipts of a product's own runner, counted a step (a step asks at most kPortsPerStep).
struct CountedReceipts {
  CircuitFabric* fabric;
  std::uint32_t asked{0};
  static std::uint32_t received(void* self, std::uint32_t destination) {
    auto* r = static_cast<CountedReceipts*>(self);
    ++r->asked;
    return r->fabric->receipt(destination);
  }
};

/// A product's own RoundRunner over the circuit switch, with the receipts as its
/// acknowledgements: the lost pairs it reported, its outcome, the most a step asked.
struct OwnRunner {
  std::vector<app::LostPair> lost;
  app::ExchangeOutcome outcome;
  std::uint32_t acknowledged{0};
  std::uint32_t lost_count{0};
  std::uint32_t most_asked{0};
};
OwnRunner run_own(CircuitFabric& fabric, const LatinSquareSchedule<>& schedule) {
  CountedReceipts receipts{&fabric};
  app::ExchangeOptions options;
  options.acknowledgements = {&CountedReceipts::received, &receipts};
  app::RoundRunner runner(fabric, schedule, options);
  OwnRunner run;
  for (std::uint32_t i = 0; i < 100000 && !runner.finished(); ++i) {
    receipts.asked = 0;
    const app::RunnerStep s = runner.step();
    run.most_asked = std::max(run.most_asked, receipts.asked);
    if (s.event == app::RunnerEvent::lost) run.lost.push_back(runner.last_lost());
  }
  run.outcome = runner.outcome();
  run.acknowledged = runner.acknowledged();
  run.lost_count = runner.lost();
  return run;
}

}  // namespace

TEST_CASE("a product's own RoundRunner: the same acknowledgements verify it, a step asks at most 64") {
  CircuitFabric fabric;
  const Network net = make_network(Topology::omega, kPorts).value();
  REQUIRE(fabric.configure(net, false) == Errc::ok);
  const LatinSquareSchedule<> schedule = LatinSquareSchedule<>::make(net).value();
  SUBCASE("every hop acknowledged") {
    const OwnRunner run = run_own(fabric, schedule);
    CHECK(run.outcome.error == Errc::ok);
    CHECK(run.outcome.rounds_done == kPorts);
    CHECK(run.acknowledged == kPorts * kPorts);
    CHECK(run.lost_count == 0);
    CHECK(run.lost.empty());
    CHECK(run.most_asked == app::kPortsPerStep);  // 64 ports: one step asks them all, none asks more
  }
  SUBCASE("a lost receipt: reported once, every round still run, nothing sent twice") {
    fabric.lose_receipt(5, 17);
    const OwnRunner run = run_own(fabric, schedule);
    CHECK(run.outcome.error == Errc::exchange_unacknowledged);
    CHECK(run.outcome.rounds_done == kPorts);
    CHECK(run.acknowledged == kPorts * kPorts - 1);
    CHECK(run.lost_count == 1);
    REQUIRE(run.lost.size() == 1);
    CHECK(run.lost[0].round == 5);
    CHECK(run.lost[0].origin == fabric.lost_origin());
    CHECK(run.lost[0].destination == 17);
    CHECK(run.lost[0].received == app::kNoReceipt);
    CHECK(fabric.pairs_arrived_once() == kPorts * kPorts);
  }
}
