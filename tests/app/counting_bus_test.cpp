// a2a/app/counting_bus.hpp: every access passes through unchanged and is counted.
#include <a2a/app/counting_bus.hpp>

#include <a2a/mock/recording_bus.hpp>

#include "a2a_test.hpp"

TEST_CASE("counting bus: reads and writes pass through and are counted apart") {
  static a2a::mock::RecordingBus<16> inner;
  inner.reset();
  a2a::app::CountingBus<a2a::mock::RecordingBus<16>> bus(inner);
  static_assert(a2a::hal::RegisterBus<decltype(bus)>);
  bus.write32(0x10, 7);
  bus.write32(0x14, 9);
  CHECK(bus.read32(0x10) == 7);
  CHECK(inner.read32(0x14) == 9);
  CHECK(inner.writes() == 2);
  CHECK(bus.writes() == 2);
  CHECK(bus.reads() == 1);
}
