// a2a/app/lookahead.hpp: the look-ahead mode's producer: the slot entries (one STAGE_CTRL
// store and the COMMIT) of every round, by step() and by fill() into a ring alike.
// Portable (heap-free): the Cortex-M builds run it too. lookahead_run_test.cpp runs the
// whole mode against the emulated fabric.
#include <a2a/app/lookahead.hpp>

#include <a2a/a2a.hpp>
#include <a2a/hal/hal.hpp>
#include <a2a/hal/slot_ring.hpp>

#include <cstdint>

#include "a2a_test.hpp"
#include "store_log.hpp"

namespace lookahead_unit {
using namespace a2a;
using namespace a2a::app;
using Layout = hal::FabricLayout<64, 6>;
using Ring = hal::SlotRing<8>;

using a2a::test::StoreLog;

/// The entries of every round of `schedule`, by step() alone and by step() for round 0
/// then fill() (a ring drained as it goes): the same stores, in the same order.
template <class S>
bool fill_matches_step(const S& schedule) {
  static Ring ring;
  SlotProducer<Layout, S> stepped(schedule, 7);
  SlotProducer<Layout, S> filled(schedule, 7);
  typename SlotProducer<Layout, S>::StageWrites extra;
  ring.reset();
  StoreLog log;
  (void)filled.step(extra);
  (void)stepped.step(extra);
  std::uint32_t r = 1;
  while (!filled.done()) {
    const std::uint32_t n = filled.fill(ring, 3);  // a few at a time, wrapping the ring
    if (n == 0) return false;
    for (std::uint32_t k = 0; k < n; ++k, ++r) {
      log.count = 0;
      if (ring.serve(log) != SlotServed::written) return false;
      const SlotEntry e = stepped.step(extra);
      if (extra.mask != 0 || log.offset[0] != e.stage_offset || log.value[0] != e.stage_value ||
          log.value[1] != e.control)
        return false;
    }
  }
  // step() after fill(): the producer picks the Round and the stages up again.
  return r == schedule.rounds() && stepped.done();
}

}  // namespace lookahead_unit

TEST_CASE("slot producer: fill() (the core's GrayStepper, or next()) makes step()'s entries") {
  using namespace a2a;
  using lookahead_unit::fill_matches_step;
  CHECK(fill_matches_step(
      LatinSquareSchedule<>::make(make_network(Topology::omega, 64).value(), RoundOrder::gray).value()));
  CHECK(fill_matches_step(
      LatinSquareSchedule<>::make(make_network(Topology::banyan, 64, 4).value(), RoundOrder::gray).value()));
  CHECK(fill_matches_step(
      LatinSquareSchedule<>::make(make_network(Topology::reverse_omega, 27, 3).value(), RoundOrder::gray).value()));
  CHECK(fill_matches_step(AlternatingSchedule::make(make_network(Topology::gsen, 18).value()).value()));
}
