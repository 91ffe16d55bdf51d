// The recording bus the HAL's unit tests share: one object in .bss, so that hal_units
// (one image on a board) fits the smallest board's RAM (the micro:bit's 16 KiB with a
// 4 KiB stack); each test case takes it afresh.
#pragma once

#include <a2a/mock/recording_bus.hpp>

namespace a2a::test {

using UnitBus = mock::RecordingBus<512>;

/// The shared bus, emptied (no events, no scripts, no round marker).
inline UnitBus& unit_bus() {
  static UnitBus bus;
  bus.reset();
  return bus;
}

}  // namespace a2a::test
