// The controller image for a Cortex-M board: the configuration block in flash,
// the fabric's register block at a fixed address, the semihosting console and
// command line. Everything else is controller_main (firmware_main.hpp).
#include <a2a/app/firmware_main.hpp>
#include <a2a/board/console.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace {

using Layout = a2a::hal::FabricLayout<A2A_FW_MAX_PORTS, a2a::kMaxStages>;
using Model = a2a::app::FabricModel<Layout, A2A_FW_MAX_PORTS>;

/// The build-time configuration (CMake cache variables A2A_FW_*); a bad name is a compile error.
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

struct BoardConsole {
  template <class... Args>
  void print(const Args&... args) {
    a2a::board::print(args...);
  }
};

}  // namespace

// At a fixed flash location (section .a2a_config, see platform/cortex-m/ld/sections.ld).
__attribute__((section(".a2a_config"), used))
const std::array<std::uint8_t, a2a::kConfigBlockSize> a2a_config_block = build_block();

// The register block at a fixed address (section .a2a_fabric; plain RAM under QEMU).
__attribute__((section(".a2a_fabric"), used, aligned(16)))
std::array<std::uint32_t, Layout::kSize / 4> a2a_fabric_block;

int main(int argc, char** argv) {
  // The command line (QEMU -append) holds key=value overrides.
  // Words beyond its capacity are cut off (then refused as overrides), never written past it.
  static std::array<char, 256> overrides;
  std::size_t used = 0;
  for (int a = 1; a < argc && used < overrides.size(); ++a) {
    for (const char* p = argv[a]; *p != '\0' && used + 1 < overrides.size(); ++p) overrides[used++] = *p;
    overrides[used++] = ' ';
  }
  a2a::mmio::MmioBus raw(reinterpret_cast<std::uintptr_t>(a2a_fabric_block.data()));
  static Model model;
  model.power_on(raw);  // under QEMU the model plays the fabric: its reset state
  // Relay plans for a faulty switch in baseline/banyan networks (106 bytes per port).
  static a2a::RelayPlanStorage<A2A_FW_MAX_PORTS> relay_storage;
  BoardConsole console;
  const int status = a2a::app::controller_main(console, raw, model, a2a_config_block,
                                               std::string_view(overrides.data(), used), relay_storage.span());
  a2a::board::println("exit status ", status);
  return status;
}
