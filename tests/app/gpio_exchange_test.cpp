// Whole exchanges on a small fabric whose element bits are GPIO lines behind a
// strobe: a2a's round runner over SwitchFabric over GpioSink, the lines played by a
// model written from docs/switch-backends.md (line numbering: element e of stage s,
// d = 2^w, drives lines (s S + e) w ..). After every delivered round the strobed
// lines set exactly the schedule's states; a line write that fails stops the
// exchange at its round with nothing strobed; too many lines are refused.
#include <a2a/gpio/gpio_sink.hpp>
#include <a2a/hal/switch_fabric.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "gpio_model.hpp"
#include "switch_sink_bench.hpp"

using namespace a2a;

namespace {

constexpr std::uint32_t kLines = test::kModelLines;
using test::LinesModel;

using Sink = gpio::GpioSink<LinesModel, LinesModel, kLines>;
using Fabric = hal::SwitchFabric<Sink, test::TickingClock, 64>;
static_assert(hal::FabricController<Fabric>);

struct GpioBench {
  LinesModel pins;
  Sink sink{pins, pins};
  test::TickingClock clock;
  Fabric fabric{sink, clock};
  std::uint32_t rounds_differing(const AnySchedule& schedule, app::ExchangeOutcome& out,
                                 std::uint32_t fail_in_round = ~0U) {
    const Network net = schedule.network();
    return test::run_counting_differences(
        fabric, schedule, out,
        [&](std::uint32_t r) {
          const auto round = schedule.round(r);
          for (std::uint32_t s = 0; s < net.stages; ++s)
            for (std::uint32_t e = 0; e < net.switches_per_stage(); ++e)
              if (pins.element_state(net, s, e) != round.switch_state(s, e)) return false;
          return true;
        },
        [&](const app::ExchangeOutcome& so_far) {
          if (so_far.rounds_done == fail_in_round) pins.fail_word = 0;
        });
  }
};

}  // namespace

TEST_CASE("gpio lines: every round strobes exactly the schedule's states (small fabrics)") {
  const test::FamilyCase cases[] = {
      {Topology::omega, 16, 2, ScheduleKind::latin_square, RoundOrder::natural},  // 32 lines
      {Topology::baseline, 32, 2, ScheduleKind::latin_square, RoundOrder::gray},  // 80 lines
      {Topology::omega, 64, 4, ScheduleKind::latin_square, RoundOrder::natural},  // 96 lines, 2 a element
      {Topology::gsen, 10, 2, ScheduleKind::alternating, RoundOrder::natural},    // 20 lines
      {Topology::gsen, 12, 2, ScheduleKind::quadruply_alternating, RoundOrder::natural},
  };
  for (const auto& c : cases) {
    const AnySchedule schedule = test::plan_for(c);
    INFO(name(c.topology), " N = ", c.ports, " d = ", c.radix, " ", name(c.kind));
    GpioBench b;
    app::ExchangeOutcome out;
    CHECK(b.rounds_differing(schedule, out) == 0);
    CHECK(out.error == Errc::ok);
    CHECK(b.pins.pulses == schedule.rounds());
  }
}

TEST_CASE("gpio lines: a failed line write stops the exchange with nothing strobed; too many lines are refused") {
  const AnySchedule schedule =
      test::plan_for({Topology::omega, 16, 2, ScheduleKind::latin_square, RoundOrder::natural});
  GpioBench b;
  app::ExchangeOutcome out;
  CHECK(b.rounds_differing(schedule, out, 3) == 0);
  CHECK(out.error == Errc::bus_timeout);
  CHECK(out.rounds_done == 3);
  CHECK(b.pins.pulses == 3);
  CHECK(b.fabric.configure(make_network(Topology::omega, 128).value(), false) == Errc::fabric_capacity_exceeded);
  CHECK(b.fabric.configure(make_network(Topology::reverse_baseline, 27, 3).value(), false) ==
        Errc::fabric_device_mismatch);
}
