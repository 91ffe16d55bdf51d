// a2a/hal/bus.hpp: what a backend must provide (RegisterBus), and typed reads and writes
// through it: the raw words on the bus are the register values' bits.
#include <a2a/hal/bus.hpp>

#include <a2a/hal/fabric_fields.hpp>
#include <a2a/hal/fabric_registers.hpp>

#include <array>
#include <cstdint>

#include "a2a_test.hpp"

namespace bus_unit {
/// Eight words of RAM as a register block.
struct WordBus {
  std::array<std::uint32_t, 8> words{};
  constexpr std::uint32_t read32(std::uint32_t offset) { return words[offset / 4]; }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) { words[offset / 4] = value; }
};
struct NoWrite {
  std::uint32_t read32(std::uint32_t) { return 0; }
};
static_assert(a2a::hal::RegisterBus<WordBus> && !a2a::hal::RegisterBus<NoWrite>);
}  // namespace bus_unit

TEST_CASE("bus: a typed write puts the field's bits on the bus, a typed read decodes them") {
  using namespace a2a::hal;
  bus_unit::WordBus bus;
  // NET_SHAPE at 0x014: RADIX bits 0-4, STAGES bits 8-12 (docs/register-map.md).
  auto shape = RegisterValue<reg::NetShape>{};
  shape.set<reg::NetShape::Radix>(4).set<reg::NetShape::Stages>(3);
  write_register(bus, offset::kNetShape, shape);
  CHECK(bus.words[5] == (4U | (3U << 8)));
  bus.words[7] = (1U << 1) | (0x2AU << 16);  // STATUS at 0x01C: DONE, ticket 42
  const auto status = read_register<reg::Status>(bus, offset::kStatus);
  CHECK(status.get<reg::Status::Done>() == 1);
  CHECK(status.get<reg::Status::Ticket>() == 42);
}
