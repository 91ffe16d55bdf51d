// SPI chains over a start/complete transport (a2a/hal/transfer.hpp, issue 47): the
// chain model behind a wire that takes `Delay` looks to finish a transfer, completed by
// the driver's own service() (FIFO flags read once a step) or by an "interrupt" the test
// raises between steps. Under the round runner every round latches the schedule's
// states; no step starts more than one transfer, and steps return while one is in
// flight; a transfer that ends in an error, or a read-back that differs, stops the round
// with nothing latched. (The blocking adapter: tests/hal/transfer_test.cpp.)
#include <a2a/app/round_runner.hpp>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/hal/transfer.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "chain_model.hpp"
#include "switch_sink_bench.hpp"

using namespace a2a;
using a2a::test::ChainModel;

namespace {

constexpr std::uint32_t kMaxPorts = 256;

/// A start/complete wire over the chain model: start() takes the transfer; it ends after
/// `delay` looks (service() calls, or interrupts), the model shifting it then.
struct AsyncWireState {
  ChainModel* model;
  std::uint32_t delay{3};
  hal::TransferCompletion* done{nullptr};
  std::uint32_t chain{0};
  std::vector<std::uint8_t> tx;
  std::span<std::uint8_t> rx;
  std::uint32_t left{0};
  Errc fail_next{Errc::ok};
  std::uint64_t started{0};
  std::uint64_t starts_this_step{0};
  std::uint64_t most_starts_a_step{0};
  Errc start(std::uint32_t c, std::span<const std::uint8_t> t, std::span<std::uint8_t> r, hal::TransferCompletion& d) {
    if (left != 0) return Errc::bus_timeout;  // one transfer at a time
    done = &d;
    chain = c;
    tx.assign(t.begin(), t.end());
    rx = r;
    left = delay == 0 ? 1 : delay;
    ++started;
    ++starts_this_step;
    return Errc::ok;
  }
  /// One look: the transfer ends on the last.
  void look() {
    if (done == nullptr || left == 0 || delay == 0) return;  // delay 0: a transfer that never ends
    if (--left != 0) return;
    if (fail_next != Errc::ok) {
      done->complete(fail_next);
      fail_next = Errc::ok;
      return;
    }
    done->complete(model->write_read(chain, tx, rx));
  }
  void step_ends() {
    most_starts_a_step = starts_this_step > most_starts_a_step ? starts_this_step : most_starts_a_step;
    starts_this_step = 0;
  }
  [[nodiscard]] bool in_flight() const { return left != 0; }
};
/// A driver without an interrupt: service() reads its "FIFO flags" once.
struct ServicedWire : AsyncWireState {
  void service() { look(); }
};
/// A driver with an interrupt: the test raises it (irq()) between steps.
struct InterruptWire : AsyncWireState {
  void irq() { look(); }
};
static_assert(hal::AsyncSpiBus<ServicedWire> && hal::ServicedTransfer<ServicedWire>);
static_assert(hal::AsyncSpiBus<InterruptWire> && !hal::ServicedTransfer<InterruptWire>);

template <class Wire, spi_chain::ChainLayout Layout = spi_chain::ChainLayout::per_stage>
struct AsyncBench {
  static constexpr bool kSingle = Layout == spi_chain::ChainLayout::single;
  using Sink = spi_chain::ShiftChainSink<Wire, ChainModel, kMaxPorts, Layout>;
  using Fabric = hal::SwitchFabric<Sink, test::TickingClock, kMaxPorts / 2>;
  static_assert(hal::StartingSink<Sink, hal::RoundSwitches<kMaxPorts / 2>>);
  ChainModel model{kSingle ? 1U : kMaxStages};
  Wire wire{};
  Sink sink{wire, model};
  test::TickingClock clock;
  Fabric fabric{sink, clock, {2, 1}};
  std::uint64_t steps_in_flight{0};
  AsyncBench() { wire.model = &model; }

  /// The exchange under the runner; true when every delivered round latched as planned.
  bool run(const AnySchedule& schedule, app::ExchangeOutcome& outcome, std::uint32_t fail_in_round = ~0U,
           Errc fail = Errc::bus_timeout) {
    REQUIRE(fabric.configure(schedule.network(), false) == Errc::ok);
    app::ExchangeOptions options;
    options.max_polls = 1000;
    app::RoundRunner<Fabric, AnySchedule> runner(fabric, schedule, options);
    bool all = true;
    for (std::uint32_t k = 0; k < 50'000'000; ++k) {
      if (fail_in_round != ~0U && runner.outcome().rounds_done == fail_in_round) {
        wire.fail_next = fail;
        fail_in_round = ~0U;
      }
      if constexpr (requires { wire.irq(); }) wire.irq();  // between steps, as an interrupt comes
      const app::RunnerStep s = runner.step();
      wire.step_ends();
      steps_in_flight += wire.in_flight() ? 1U : 0U;
      if (s.event == app::RunnerEvent::delivered) all = all && latched_as_planned(schedule, s.round);
      if (s.finished()) break;
    }
    outcome = runner.outcome();
    return all;
  }
  bool latched_as_planned(const AnySchedule& schedule, std::uint32_t r) const {
    const Network net = schedule.network();
    const auto round = schedule.round(r);
    const std::uint32_t w = spi_chain::element_bits(net.radix);
    const std::uint32_t per_stage = net.switches_per_stage();
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < per_stage; ++y)
        if (model.element_state(kSingle ? 0 : s, kSingle ? s * per_stage + y : y, w) != round.switch_state(s, y))
          return false;
    return true;
  }
};

}  // namespace

TEST_CASE("spi chains, start/complete: every round latched as planned, no step waits for the bus") {
  for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
    const AnySchedule schedule = test::plan_for({Topology::omega, 256, 2, ScheduleKind::latin_square, order});
    auto serviced = std::make_unique<AsyncBench<ServicedWire>>();
    app::ExchangeOutcome out;
    CHECK(serviced->run(schedule, out));
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == 256);
    CHECK(serviced->wire.most_starts_a_step == 1);               // one transfer started a step at most
    CHECK(serviced->steps_in_flight >= serviced->wire.started);  // the runner returned while each ran
    CHECK(serviced->model.pulses() == 256);
    auto interrupt = std::make_unique<AsyncBench<InterruptWire>>();
    CHECK(interrupt->run(schedule, out));
    CHECK(out.error == Errc::ok);
    CHECK(out.rounds_done == 256);
    CHECK(interrupt->wire.most_starts_a_step == 1);
  }
  const AnySchedule baseline =
      test::plan_for({Topology::baseline, 64, 4, ScheduleKind::latin_square, RoundOrder::gray});
  auto single = std::make_unique<AsyncBench<ServicedWire, spi_chain::ChainLayout::single>>();
  app::ExchangeOutcome out;
  CHECK(single->run(baseline, out));
  CHECK(out.rounds_done == baseline.rounds());
  CHECK(single->wire.started == baseline.rounds() + 1);  // the whole chain a round, loaded twice at first
}

TEST_CASE("spi chains, start/complete: a transfer that ends in an error, or reads back different, stops its round") {
  const AnySchedule schedule =
      test::plan_for({Topology::omega, 64, 2, ScheduleKind::latin_square, RoundOrder::natural});
  auto b = std::make_unique<AsyncBench<ServicedWire>>();
  app::ExchangeOutcome out;
  CHECK(b->run(schedule, out, 9, Errc::bus_nack));
  CHECK(out.error == Errc::bus_nack);
  CHECK(out.rounds_done == 9);
  CHECK(b->model.pulses() == 9);  // nothing of round 9 latched
  CHECK(b->sink.readback_fault().transfer);
  auto flipped = std::make_unique<AsyncBench<InterruptWire>>();
  flipped->model.flip_readback(5, 3, 12);  // the last stage's chain, its 13th shift: round 12's
  CHECK(flipped->run(schedule, out));
  CHECK(out.error == Errc::bus_readback_mismatch);
  CHECK(out.rounds_done == 11);
  CHECK(flipped->sink.readback_fault().found);
  CHECK(flipped->sink.readback_fault().stage == 5);
}
