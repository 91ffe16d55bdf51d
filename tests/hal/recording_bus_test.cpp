// a2a/mock/recording_bus.hpp: the HAL's testing backend records every access in order,
// answers reads from what was written or scripted, and says when it ran out of room.
#include <a2a/mock/recording_bus.hpp>

#include <a2a/hal/bus.hpp>

#include "a2a_test.hpp"

static_assert(a2a::hal::RegisterBus<a2a::mock::RecordingBus<4>>);

TEST_CASE("the recording bus reports overflow instead of dropping events silently") {
  using namespace a2a;
  using namespace a2a::hal;
  mock::RecordingBus<4> small;
  for (std::uint32_t i = 0; i < 6; ++i) small.write32(4 * i, i);
  CHECK(small.size() == 4);
  CHECK(small.overflowed());
  CHECK(small.dropped() == 2);
  CHECK(small.read32(8) == 2);    // the last value written there
  CHECK(small.read32(100) == 0);  // never written
  mock::RecordingBus<4, 1> one_script;
  CHECK(one_script.script_constant(0, 1));
  CHECK(one_script.script_constant(0, 2));  // replaces the script of the same offset
  CHECK_FALSE(one_script.script_constant(4, 1));
  CHECK(one_script.read32(0) == 2);
}
