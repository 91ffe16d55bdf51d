// One checker, one vocabulary: the same exchange, clean or faulty, gives the same
// DeliveryTally in check_exchange (the core's judge of a schedule), the emulated
// fabric behind a board's register block and the host simulated fabric. All three
// count with DeliveryLedger; the two fabrics route with the one walk_round.
//
// Host only: the simulated fabric uses the heap.
#include <a2a/a2a.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/hal.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "a2a_test.hpp"

using namespace a2a;

namespace {

constexpr std::uint32_t kPorts = 16;
constexpr std::uint32_t kPolls = 64;
using Layout = hal::FabricLayout<64, 6>;

/// A schedule with some of its rounds left out or sent again: rounds(k) = inner.round(order[k]).
struct Replayed {
  using Round = AnySchedule::Round;
  AnySchedule inner;
  std::vector<std::uint32_t> order;
  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] std::uint32_t rounds() const { return static_cast<std::uint32_t>(order.size()); }
  [[nodiscard]] Round round(std::uint32_t r) const { return inner.round(order[r]); }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const { return inner.send(round, i); }
};
static_assert(hal::ControlledSchedule<Replayed>);

/// Runs every round on a fresh fabric behind the driver (relay mode: PORT_MESSAGE).
template <class Driver>
void run_rounds(Driver& driver, const Replayed& schedule) {
  REQUIRE(driver.probe() == Errc::ok);
  REQUIRE(driver.configure(schedule.network(), false, true) == Errc::ok);
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r)
    REQUIRE(hal::execute_round(driver, schedule, r, kPolls) == Errc::ok);
}

DeliveryTally emulated_tally(const Replayed& schedule) {
  using Emulator = emulated::FabricEmulator<Layout, 64>;
  using Ram = emulated::RamBlock<Layout::kSize>;
  using Bus = emulated::ServicedBus<Emulator, Ram>;
  const auto ram = std::make_unique<Ram>();
  const auto emulator = std::make_unique<Emulator>();
  emulator->power_on(*ram);
  Bus bus(*emulator, *ram, 3);
  hal::FabricDriver<Bus, Layout> driver(bus);
  run_rounds(driver, schedule);
  DeliveryTally tally = driver.counters();  // what the registers say...
  CHECK(tally == emulator->tally());        // ...is the emulator's tally (missing is no register)
  tally.missing = emulator->missing(kPorts);
  return tally;
}

DeliveryTally simulated_tally(const Replayed& schedule) {
  using Fabric = host::SimulatedFabric<Layout>;
  const auto fabric = std::make_unique<Fabric>();
  hal::FabricDriver<Fabric, Layout> driver(*fabric);
  run_rounds(driver, schedule);
  return fabric->tally(kPorts);
}

DeliveryTally checked_tally(const Replayed& schedule, Violation expected) {
  std::vector<std::uint32_t> pairs(pair_words_needed(kPorts)), round(round_words_needed(kPorts));
  const ExchangeCheck check =
      check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
  CHECK(check.violation == expected);
  return check;
}

/// The paper 004 exchange around switch 2 of stage 1 of the 16-port omega network.
AnySchedule relayed() {
  return AnySchedule::make(make_network(Topology::omega, kPorts).value(), SwitchFault{1, 2}).value();
}

std::vector<std::uint32_t> all_rounds(const AnySchedule& s) {
  std::vector<std::uint32_t> order(s.rounds());
  for (std::uint32_t r = 0; r < s.rounds(); ++r) order[r] = r;
  return order;
}

}  // namespace

TEST_CASE("a clean relayed exchange: one tally in check_exchange and both fabrics") {
  const Replayed schedule{relayed(), all_rounds(relayed())};
  const DeliveryTally core = checked_tally(schedule, Violation::none);
  CHECK(core.exact(kPorts * kPorts));
  CHECK(core.relayed > 0);
  CHECK(emulated_tally(schedule) == core);
  CHECK(simulated_tally(schedule) == core);
}

TEST_CASE("a round with relay hops out left out: the same pairs missing and messages left in a store") {
  // The first round that takes messages out of relay stores and puts none in.
  const AnySchedule s = relayed();
  std::uint32_t dropped = s.rounds();
  for (std::uint32_t r = 0; r < s.rounds() && dropped == s.rounds(); ++r) {
    bool out = false, in = false;
    for (std::uint32_t i = 0; i < kPorts; ++i) {
      const PortSend send = s.send(s.round(r), i);
      if (!send.sends) continue;
      out = out || send.message_origin(i) != i;
      in = in || send.destination != send.message_final();
    }
    if (out && !in) dropped = r;
  }
  REQUIRE(dropped < s.rounds());
  Replayed schedule{s, all_rounds(s)};
  schedule.order.erase(schedule.order.begin() + dropped);
  const DeliveryTally core = checked_tally(schedule, Violation::pair_missing);
  CHECK(core.missing > 0);
  CHECK(core.left_in_store > 0);
  CHECK(core.delivered + core.missing == kPorts * kPorts);
  CHECK(emulated_tally(schedule) == core);
  CHECK(simulated_tally(schedule) == core);
}

TEST_CASE("a round sent twice: the same duplicates in both fabrics") {
  const AnySchedule s = relayed();
  Replayed schedule{s, all_rounds(s)};
  schedule.order.push_back(3);
  const DeliveryTally emulated = emulated_tally(schedule);
  CHECK(emulated.duplicates > 0);
  CHECK(emulated.delivered == kPorts * kPorts);
  CHECK(simulated_tally(schedule) == emulated);
  CHECK(checked_tally(schedule, Violation::pair_duplicated).duplicates == 1);  // the check stops at the first
}
