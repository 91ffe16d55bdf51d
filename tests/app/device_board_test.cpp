// a2a/app/device_board.hpp: what a board provides (the concept), the reset causes' names,
// and the words the device leaves across a reset.
#include <a2a/app/device_board.hpp>

#include <a2a/mock/recording_bus.hpp>

#include <cstdint>
#include <string_view>

#include "a2a_test.hpp"

namespace device_board_unit {
using namespace a2a::app;
/// The least a board must do, in words of this header.
struct MinimalBoard {
  a2a::mock::RecordingBus<8> fabric;
  int read_byte() { return -1; }
  std::uint32_t console_overruns() { return 0; }
  void print(const char*, std::string_view, std::uint32_t) {}
  std::uint64_t micros() { return 0; }
  std::uint32_t fabric_polls() { return 1; }
  void feed_watchdog() {}
  std::uint32_t watchdog_ms() { return 0; }
  std::string_view name() { return "minimal"; }
  ResetCause reset_cause() { return ResetCause::power_on; }
  std::uint32_t crumb(std::uint32_t) { return 0; }
  void set_crumb(std::uint32_t, std::uint32_t) {}
  a2a::mock::RecordingBus<8>& bus() { return fabric; }
};
struct NoWatchdog : MinimalBoard {
  void feed_watchdog() = delete;
};
static_assert(DeviceBoard<MinimalBoard> && !DeviceBoard<NoWatchdog>);
static_assert(name(ResetCause::watchdog) == "watchdog" && name(ResetCause::pin) == "reset-pin");
// The boot-loop guard's word: the magic with a count of resets in its low byte.
static_assert(crumb::applying(crumb::kApplyingMagic) && crumb::applying(crumb::kApplyingMagic | 2U));
static_assert(!crumb::applying(0) && !crumb::applying(crumb::kExchangeRunning));
static_assert(crumb::kExchange != crumb::kExchangeRound && crumb::kExchangeRound != crumb::kApplying);
}  // namespace device_board_unit

TEST_CASE("device board: every reset cause has its own name") {
  using namespace a2a::app;
  const ResetCause all[] = {ResetCause::power_on, ResetCause::watchdog, ResetCause::software, ResetCause::pin,
                            ResetCause::lockup};
  for (const ResetCause a : all)
    for (const ResetCause b : all) CHECK((a == b) == (name(a) == name(b)));
  CHECK(DeviceRecord{}.exchanges == 0);
}
