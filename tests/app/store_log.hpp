// A bus that records the stores a slot makes, as the board's slot interrupt would make
// them (the look-ahead tests: lookahead_test.cpp, lookahead_run_test.cpp).
#pragma once

#include <cstdint>

namespace a2a::test {

/// The first eight stores, and how many there were.
struct StoreLog {
  std::uint32_t count{0};
  std::uint32_t offset[8]{};
  std::uint32_t value[8]{};
  std::uint32_t read32(std::uint32_t) { return 0; }
  void write32(std::uint32_t o, std::uint32_t v) {
    if (count < 8) offset[count] = o, value[count] = v;
    ++count;
  }
};

}  // namespace a2a::test
