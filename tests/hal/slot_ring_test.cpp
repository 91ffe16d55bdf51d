// a2a/hal/slot_ring.hpp: the look-ahead mode's ring: each entry pushed is written to the
// bus exactly once, in order (STAGE_CTRL then CONTROL), an empty ring counts an underrun
// and writes nothing, and after finish() the consumer reports finished.
#include <a2a/hal/slot_ring.hpp>

#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"

namespace slot_ring_unit {
static_assert(sizeof(a2a::hal::SlotEntry) == 16);
a2a::hal::SlotRing<4> g_ring;  // the ring's indices point into itself: static storage, as on a board
a2a::mock::RecordingBus<32> g_bus;
}  // namespace slot_ring_unit

TEST_CASE("slot ring: entries go out once, in order; underruns are counted; finish drains") {
  using namespace a2a::hal;
  using slot_ring_unit::g_bus;
  using slot_ring_unit::g_ring;
  g_ring.reset();
  g_bus.reset();
  CHECK(g_ring.space() == 3);  // one slot stays free to tell full from empty
  CHECK(g_ring.serve(g_bus) == SlotServed::underrun);
  CHECK(g_bus.writes() == 0);
  for (std::uint32_t k = 0; k < 3; ++k) CHECK(g_ring.push(SlotEntry{0x80 + 4 * k, k, commit_control(k)}));
  CHECK_FALSE(g_ring.push(SlotEntry{}));  // full: refused, nothing changes
  CHECK(g_ring.pushed() == 3);
  CHECK(g_ring.serve(g_bus) == SlotServed::written);
  CHECK(g_bus.writes() == 2);
  CHECK(g_bus.read32(0x80) == 0);
  g_ring.finish();
  CHECK_FALSE(g_ring.drained());
  CHECK(g_ring.serve(g_bus) == SlotServed::written);
  CHECK(g_ring.serve(g_bus) == SlotServed::written);
  CHECK(g_ring.serve(g_bus) == SlotServed::finished);
  CHECK(g_ring.drained());
  CHECK(g_ring.written() == 3);
  CHECK(g_ring.underruns() == 1);
  CHECK(g_bus.read32(0x88) == 2);
  CHECK(g_bus.writes() == 6);
}
