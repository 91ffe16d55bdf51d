// A host stand-in for a board running the controller device (device.hpp): a
// scripted console, a clock that advances with every look at it, words that
// survive a "reset", and the fabric's register block in RAM served by the
// emulated fabric from the far side, as the board's interrupt would: every
// few register reads, never from inside the controller's calls. Its slot timer
// (look-ahead mode) is played on the look-ahead loop's waits (played_slot_timer.hpp).
#pragma once

#include <a2a/app/device.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "console_text.hpp"
#include "played_slot_timer.hpp"

namespace a2a::test {

/// The bench's capacity by default (the MPS2 and STM32 images'); the capacity sweeps
/// (device_capacity_test.cpp) take 1024.
inline constexpr std::uint32_t kDevicePorts = 256;

/// The controller's view of the block: the emulator's interrupt runs every third
/// read (ServicedBus), so a STATUS read right after COMMIT is stale. A test hook:
/// `stubborn_writes` writes to `stubborn_offset` do not take (bit 0 flipped).
template <class ServicedBus>
struct InterruptedBus {
  ServicedBus inner;
  std::uint32_t stubborn_offset{~0U};
  std::uint32_t stubborn_writes{0};
  std::uint32_t read32(std::uint32_t offset) { return inner.read32(offset); }
  void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset == stubborn_offset && stubborn_writes > 0) {
      --stubborn_writes;
      value ^= 1U;
    }
    inner.write32(offset, value);
  }
};

/// A board whose controller image drives a fabric block of `Ports` ports.
template <std::uint32_t Ports>
class BasicHostBoard : public ConsoleText {
 public:
  using Layout = hal::FabricLayout<Ports, kMaxStages>;
  using Emulator = emulated::FabricEmulator<Layout, Ports>;
  using RamBlock = emulated::RamBlock<Layout::kSize>;
  using ServicedBus = emulated::ServicedBus<Emulator, RamBlock>;
  using Bus = InterruptedBus<ServicedBus>;

  BasicHostBoard()
      : ram_(std::make_unique<RamBlock>()),
        fabric_(std::make_unique<Emulator>()),
        bus_{ServicedBus(*fabric_, *ram_, 3)} {
    fabric_->power_on(*ram_);
  }
  // --- DeviceBoard ---
  int read_byte() {
    if (input_.empty()) return -1;
    const auto byte = static_cast<unsigned char>(input_.front());
    input_.erase(0, 1);
    return byte;
  }
  std::uint64_t micros() { return now_ += tick_us; }
  void feed_watchdog() { ++feeds; }
  std::uint32_t watchdog_ms() const { return 2000; }
  std::uint32_t fabric_polls() const { return 1000; }
  std::uint32_t console_overruns() const { return 0; }  // the host's console loses nothing
  std::string_view name() const { return "host"; }
  app::ResetCause reset_cause() const { return cause; }
  std::uint32_t crumb(std::uint32_t i) { return crumbs[i]; }
  void set_crumb(std::uint32_t i, std::uint32_t v) { crumbs[i] = v; }
  Bus& bus() { return bus_; }
  // --- SlotTimerBoard ---
  PlayedSlotTimer<BasicHostBoard, ServicedBus> slot_timer(std::uint32_t period_ns) {
    return {*this, bus_.inner, *ring_, period_ns};
  }

  // --- the test's side ---
  void type(std::string_view text) { input_ += text; }
  Emulator& fabric() { return *fabric_; }
  Bus& raw_bus() { return bus_; }
  HostSlotRing& slot_ring() { return *ring_; }

  std::uint64_t tick_us{10};  ///< the clock advances this much per look
  std::uint64_t feeds{0};
  app::ResetCause cause{app::ResetCause::power_on};
  std::array<std::uint32_t, 8> crumbs{};

 private:
  std::unique_ptr<RamBlock> ram_;
  std::unique_ptr<Emulator> fabric_;
  Bus bus_;
  std::unique_ptr<HostSlotRing> ring_ = std::make_unique<HostSlotRing>();
  std::string input_;
  std::uint64_t now_{0};
};

using HostBoard = BasicHostBoard<kDevicePorts>;
using DeviceLayout = HostBoard::Layout;
using Emulator = HostBoard::Emulator;
using RamBlock = HostBoard::RamBlock;
using ServicedBus = HostBoard::ServicedBus;
using HostDevice = app::Device<HostBoard, kDevicePorts>;
/// The host's slice stack: the planners' frames with AddressSanitizer's redzones.
inline constexpr std::size_t kSliceStackBytes = 512 * 1024;

/// A device of capacity `Ports` on a fresh board, booted, its banner taken; its plan
/// storage is `Storage` (the relay planner's by default: one fault).
template <std::uint32_t Ports, class Storage = SingleFaultPlanStorage<Ports>>
struct BasicDeviceBench {
  using Board = BasicHostBoard<Ports>;
  using Device = app::Device<Board, Ports>;
  Board board;
  std::unique_ptr<Storage> storage = std::make_unique<Storage>();
  std::array<std::uint8_t, kConfigBlockSize> block = encode_config(ControllerConfig{});  ///< the provisioned region
  /// The image's built-in default: a 4-port omega, so a test sees which one ran.
  static constexpr ControllerConfig kDefault{Topology::omega, 4};
  std::array<std::uint8_t, kConfigBlockSize> fallback = encode_config(kDefault);
  std::unique_ptr<Device> device;
  /// Planning and diagnosis run in slices on it, as on the boards (one planning step a poll()).
  std::unique_ptr<std::array<std::byte, kSliceStackBytes>> slice_stack =
      std::make_unique<std::array<std::byte, kSliceStackBytes>>();
  std::string banner;
  std::uint32_t banner_polls{0};  ///< the poll()s until the banner's `ready` (its planning's slices)

  explicit BasicDeviceBench(const std::array<std::uint8_t, kConfigBlockSize>& b = encode_config(ControllerConfig{}),
                            bool sliced = true)
      : block(b) {
    device = std::make_unique<Device>(board, block, fallback, storage->span());
    if (sliced && !device->slice_on(*slice_stack)) throw std::logic_error("slice stack refused");
    device->boot();
    banner = board.take_output();
    while (!banner.ends_with("ready\n") && banner_polls < 1000000) {
      device->poll();
      ++banner_polls;
      banner += checked_step(board.take_output());
    }
  }
  /// Sends one line and polls until the reply has ended (ok / error: line); returns it.
  std::string command(std::string_view line) {
    board.type(line);
    board.type("\n");
    return reply();
  }
  /// Polls until a reply has ended (or a bound is reached); returns what was printed.
  /// Every poll's output must fit the console room the device waits for before a step
  /// (app::kReplyReserve): else a board's transmit ring could not hold it.
  std::string reply(std::uint32_t max_polls = 2000000) {
    std::string text;
    for (std::uint32_t i = 0; i < max_polls; ++i) {
      device->poll();
      text += checked_step(board.take_output());
      if (ends_reply(text)) break;
    }
    return text;
  }
  static std::string checked_step(std::string step) {
    if (step.size() > app::kReplyReserve)
      throw std::logic_error("one poll() printed " + std::to_string(step.size()) +
                             " bytes, more than kReplyReserve:\n" + step);
    return step;
  }
};

using DeviceBench = BasicDeviceBench<kDevicePorts>;

inline bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace a2a::test
