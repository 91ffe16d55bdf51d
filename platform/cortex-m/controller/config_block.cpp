// The controller image's built-in default configuration, from the CMake cache
// variables A2A_FW_* (a bad name is a compile error). The board's CONFIG region
// (its linker script: __a2a_config_start) holds the provisioned block, written on
// its own (a2a config encode); while that region is blank the device runs this
// default. The image never carries the region's contents, so flashing a new
// image keeps the provisioned configuration.
#include <a2a/config/config_block.hpp>

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
  return a2a::encode_config(build_config());
}

}  // namespace

// C linkage: a plain symbol name in the map file.
extern "C" const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_default_config_block;
const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_default_config_block = build_block();
