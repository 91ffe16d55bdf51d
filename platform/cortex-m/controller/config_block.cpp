// The controller image's configuration block: built from the CMake cache
// variables A2A_FW_* (a bad name is a compile error) and placed at the board's
// fixed configuration address (section .a2a_config, the board's linker
// script), where a provisioning tool may overwrite it without rebuilding.
#include <a2a/config_block.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace {

constexpr a2a::ControllerConfig build_config() noexcept {
  a2a::ControllerConfig c;
  c.topology = a2a::parse_topology(A2A_FW_TOPOLOGY).value();
  c.ports = A2A_FW_PORTS;
  c.radix = A2A_FW_RADIX;
  c.order = std::string_view(A2A_FW_ORDER) == "gray" ? a2a::RoundOrder::gray : a2a::RoundOrder::natural;
  const auto net = a2a::make_network(c.topology, c.ports, c.radix);
  c.schedule = std::string_view(A2A_FW_SCHEDULE) == "auto" ? a2a::default_schedule_kind(net.value())
                                                             : a2a::parse_schedule_kind(A2A_FW_SCHEDULE).value();
  return c;
}

constexpr std::array<std::uint8_t, a2a::kConfigBlockSize> build_block() noexcept {
  auto block = a2a::encode_config(build_config());
#ifdef A2A_FW_CORRUPT_CONFIG
  block[12] ^= 0x40U;  // a test image: one flipped bit the CRC must catch
#endif
  return block;
}

}  // namespace

// C linkage: a plain symbol name for the map file and for provisioning tools.
extern "C" const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_config_block;
__attribute__((section(".a2a_config"), used))
const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_config_block = build_block();
