// The fault-plan storage the core's unit tests share: one object in .bss, so that
// core_units (one image on a board) fits the smallest board's RAM (the micro:bit's
// 16 KiB). A plan lives in it only while its test case runs.
#pragma once

#include <a2a/fault/plan_storage.hpp>

namespace a2a::test {

/// Storage for one fault on up to 16 ports.
inline FaultPlanStorage<16, 1>& unit_plan_storage() {
  static FaultPlanStorage<16, 1> storage;
  return storage;
}

}  // namespace a2a::test
