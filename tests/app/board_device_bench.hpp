// A console device on a host board of the test's own (a BasicHostBoard with a switch
// path beside the block, say), booted, its banner taken, and one command at a time:
// what device_bench.hpp's DeviceBench does for the plain host board. Fault-plan storage
// for two faults (a configured one and one failing mid-exchange).
#pragma once

#include <a2a/app/device.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "console_text.hpp"

namespace a2a::test {

template <class Board, std::uint32_t Ports>
struct BoardDeviceBench {
  using Device = app::Device<Board, Ports>;
  std::unique_ptr<Board> board = std::make_unique<Board>();
  std::unique_ptr<FaultPlanStorage<Ports, 2>> storage = std::make_unique<FaultPlanStorage<Ports, 2>>();
  std::array<std::uint8_t, kConfigBlockSize> block = encode_config(ControllerConfig{});
  std::unique_ptr<Device> device = std::make_unique<Device>(*board, block, block, storage->span());
  std::string banner;

  BoardDeviceBench() {
    device->boot();
    for (std::uint32_t i = 0; i < 100000 && !banner.ends_with("ready\n"); ++i) {
      device->poll();
      banner += board->take_output();
    }
  }
  /// Sends one line and polls until its reply has ended (ok / error:); returns it.
  std::string command(std::string_view line) {
    board->type(line);
    board->type("\n");
    std::string text;
    for (std::uint32_t i = 0; i < 8000000 && !ends_reply(text); ++i) {
      device->poll();
      text += board->take_output();
    }
    return text;
  }
};

}  // namespace a2a::test
