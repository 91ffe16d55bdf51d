// The controller firmware with one faulty switch (paper 004): the configuration
// block's fault plans the fault-tolerant schedule, and the in-firmware fabric
// model confirms every message (origin, final) exactly once from the header side
// information (relay hops counted by message, hop in before hop out).
#include <a2a/app/firmware_main.hpp>
#include <doctest/doctest.h>

#include "string_console.hpp"

#include <string>

using namespace a2a;

namespace {

using Layout = hal::FabricLayout<256, 16>;
using Model = app::FabricModel<Layout, 256>;
using Raw = app::RamBus<Layout::kSize>;

using a2a::test::StringConsole;

struct Run {
  int status;
  std::string output;
};

/// Runs the controller; `relay_storage` as the board image gives it (for faults in
/// baseline/banyan networks, which plan their relays) unless false.
Run run(std::string_view overrides, bool relay_storage = true) {
  static Raw raw;
  static Model model;
  static RelayPlanStorage<256> storage;
  model.power_on(raw);
  const auto block = encode_config(ControllerConfig{});  // 16-port omega, Latin square
  StringConsole console;
  const int status = app::controller_main(console, raw, model, block, overrides,
                                          relay_storage ? storage.span() : RelayPlanSpan{});
  return {status, console.text};
}

bool has(const Run& r, std::string_view text) { return r.output.find(text) != std::string::npos; }

/// The fault-tolerant schedule with its relay rounds run backwards: every hop out
/// of a relay then comes before the hop in (a schedule the model must refuse).
struct RelaysReversed {
  FaultTolerantSchedule inner;
  using Round = FaultTolerantSchedule::Round;
  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] std::uint32_t rounds() const { return inner.rounds(); }
  [[nodiscard]] Round round(std::uint32_t r) const {
    const std::uint32_t n = inner.regular_rounds();
    return inner.round(r < n ? r : n + (inner.rounds() - 1 - r));
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t port) const { return inner.send(round, port); }
};

/// Runs `schedule` through the model (with or without header side information).
template <class S>
app::ModelTally run_model(const S& schedule, bool side_information, std::uint64_t* held = nullptr) {
  static Raw raw;
  static Model model;
  model.power_on(raw);
  app::ModelledBus<Raw, Model, Layout> bus(raw, model);
  hal::FabricDriver<decltype(bus), Layout> fabric(bus);
  REQUIRE(fabric.probe() == Errc::ok);
  REQUIRE(fabric.configure(schedule.network(), false) == Errc::ok);
  const auto ignore = [](std::uint32_t, const auto&) {};
  app::ExchangeOutcome outcome;
  if (side_information)
    outcome = app::run_exchange(fabric, app::HeaderSideInfo<S, Model>(schedule, model), ignore);
  else
    outcome = app::run_exchange(fabric, schedule, ignore);
  CHECK(outcome.error == Errc::ok);
  if (held != nullptr) *held = model.held();
  return model.tally();
}

}  // namespace

TEST_CASE("fault=1:2 on the 16-port omega: every message exactly once, relays counted by message") {
  const Run r = run("fault=1:2");
  INFO(r.output);
  CHECK(r.status == app::kExitOk);
  CHECK(has(r, "schedule fault-tolerant, natural order, 33 rounds"));
  // 2N = 32 blocked messages, each relayed once: 32 hops in and 32 hops out.
  CHECK(has(r, "rounds 16 regular + 17 relay; messages relayed 32, relay errors 0, left in a store 0"));
  CHECK(has(r, "pairs delivered 256/256, missing 0, duplicates 0, misroutes 0, conflicts 0"));
  CHECK(has(r, "verified by the fabric model"));
}

TEST_CASE("the mirrored stage (n-2) and a 64-port omega run verified too") {
  const Run mirrored = run("fault=2:5");
  INFO(mirrored.output);
  CHECK(mirrored.status == app::kExitOk);
  CHECK(has(mirrored, "pairs delivered 256/256, missing 0, duplicates 0"));
  const Run big = run("ports=64 fault=4:10");
  INFO(big.output);
  CHECK(big.status == app::kExitOk);
  CHECK(has(big, "129 rounds"));
  CHECK(has(big, "messages relayed 128, relay errors 0, left in a store 0"));
  CHECK(has(big, "pairs delivered 4096/4096, missing 0, duplicates 0"));
}

TEST_CASE("a middle stage (2 of 5 and 3 of 6): fewer relay rounds, every message exactly once") {
  const Run middle = run("ports=32 fault=2:5");
  INFO(middle.output);
  CHECK(middle.status == app::kExitOk);
  CHECK(has(middle, "schedule fault-tolerant, natural order, 59 rounds"));
  CHECK(has(middle, "rounds 32 regular + 27 relay; messages relayed 64, relay errors 0, left in a store 0"));
  CHECK(has(middle, "pairs delivered 1024/1024, missing 0, duplicates 0, misroutes 0, conflicts 0"));
  CHECK(has(middle, "verified by the fabric model"));
  const Run gsen = run("topology=gsen ports=64 fault=3:17");
  INFO(gsen.output);
  CHECK(gsen.status == app::kExitOk);
  CHECK(has(gsen, "99 rounds"));
  CHECK(has(gsen, "messages relayed 128, relay errors 0, left in a store 0"));
  CHECK(has(gsen, "pairs delivered 4096/4096, missing 0, duplicates 0"));
}

TEST_CASE("faults the firmware cannot plan around are refused with their specific error") {
  const Run cut = run("fault=0:3");
  CHECK(cut.status == app::kExitConfigRefused);
  CHECK(has(cut, "cuts processors off"));
  CHECK(has(cut, "no register written"));
  const Run last = run("fault=3:0");
  CHECK(last.status == app::kExitConfigRefused);
  CHECK(has(last, "cuts processors off"));
  const Run small = run("ports=8 fault=1:2");  // N = 8: no construction
  CHECK(small.status == app::kExitConfigRefused);
  CHECK(has(small, "no fault-tolerant schedule exists"));
  const Run radix4 = run("ports=64 radix=4 fault=1:0");  // 4x4 switches: no construction
  CHECK(radix4.status == app::kExitConfigRefused);
  CHECK(has(radix4, "no fault-tolerant schedule exists"));
  const Run two = run("fault=1:2 fault=2:3");
  CHECK(two.status == app::kExitConfigRefused);
  CHECK(has(two, "no fault-tolerant schedule exists"));
  const Run range = run("fault=1:8");
  CHECK(range.status == app::kExitConfigRefused);
  CHECK(has(range, "fault position out of range"));
  const Run no_storage = run("topology=baseline fault=1:2", false);  // planned relays need storage
  CHECK(no_storage.status == app::kExitConfigRefused);
  CHECK(has(no_storage, "needs relay-plan storage"));
  const Run asked = run("schedule=fault-tolerant");
  CHECK(asked.status == app::kExitConfigRefused);
  CHECK(has(asked, "needs exactly one faulty switch"));
}

TEST_CASE("the controller plans relays around a fault in banyan and baseline networks") {
  // Paper 004's own 16 x 16 banyan with E_21 faulty, and a baseline middle stage.
  for (const char* overrides : {"topology=banyan fault=2:1", "topology=banyan ports=32 fault=1:1",
                                "topology=baseline ports=32 fault=2:5", "topology=reverse-banyan fault=1:3"}) {
    INFO(overrides);
    const Run r = run(overrides);
    CHECK(r.status == 0);
    CHECK(has(r, "missing 0, duplicates 0, misroutes 0, conflicts 0"));
    CHECK(has(r, "relay errors 0, left in a store 0"));
  }
}

TEST_CASE("the model counts relays by message only with the header side information") {
  const auto net = make_network(Topology::omega, 16);
  REQUIRE(net.ok());
  const auto f = FaultTolerantSchedule::make(*net, SwitchFault{1, 2});
  REQUIRE(f.ok());
  std::uint64_t held = 99;
  const app::ModelTally with = run_model(*f, true, &held);
  CHECK(with.delivered == 256);
  CHECK(with.duplicates == 0);
  CHECK(with.relayed == 32);
  CHECK(with.relay_errors == 0);
  CHECK(held == 0);
  // Physical pairs alone: hop-ins repeat pairs the regular rounds delivered.
  const app::ModelTally without = run_model(*f, false);
  CHECK(without.duplicates != 0);
  CHECK(without.relayed == 0);
}

TEST_CASE("a hop out of a relay before its hop in is caught") {
  const auto net = make_network(Topology::omega, 16);
  REQUIRE(net.ok());
  const auto f = FaultTolerantSchedule::make(*net, SwitchFault{1, 2});
  REQUIRE(f.ok());
  std::uint64_t held = 0;
  const app::ModelTally t = run_model(RelaysReversed{*f}, true, &held);
  CHECK(t.relay_errors != 0);
  CHECK(t.delivered < 256);
  CHECK(held != 0);  // the late hops in leave messages in the stores
}
