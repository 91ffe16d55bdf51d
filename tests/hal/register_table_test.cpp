// The register table (register_table.hpp) at run time: what the SVD and the doc are
// generated from. The static_asserts in fabric_registers.hpp already prove it equals
// the typed registers; this checks the table's own arithmetic against values worked
// out by hand from docs/register-map.md, on the host and on the boards (portable).
#include <a2a/hal/hal.hpp>
#include <a2a/hal/register_table.hpp>
#include <a2a/hal/register_table_check.hpp>
#include <a2a/hal/register_table_types.hpp>

#include <cstdint>

#include "a2a_test.hpp"

using namespace a2a::hal;

TEST_CASE("register table: every register is found by name, once") {
  std::uint32_t fixed = 0, arrays = 0, gaps = 0;
  for (const map::RegisterInfo& r : map::kRegisters) {
    if (r.kind == map::Kind::reserved) {
      ++gaps;
      continue;
    }
    CHECK(map::find(r.name) == &r);  // names are unique
    if (r.kind == map::Kind::array)
      ++arrays;
    else
      ++fixed;
  }
  CHECK(fixed == 23);  // 13 configuration and status registers (ROUND_CHECK: map 2.2), 10 counter words
  CHECK(arrays == 7);
  CHECK(gaps == 2);
  CHECK(map::find("NO_SUCH_REGISTER") == nullptr);
}

TEST_CASE("register table: array offsets and size of the doc's example blocks") {
  const map::Capacity small{256, 8};
  CHECK(map::offset_of(*map::find("IDLE_MASK"), small) == 0x0A0U);
  CHECK(map::offset_of(*map::find("FAULT"), small) == 0x0C0U);
  CHECK(map::offset_of(*map::find("PORT_HEADER"), small) == 0x140U);
  CHECK(map::offset_of(*map::find("SWITCH_STATE"), small) == 0x940U);
  CHECK(map::offset_of(*map::find("ARRIVED"), small) == 0xB40U);  // 256 words after SWITCH_STATE's 128
  CHECK(map::block_size(small) == 0xF40U);
  const map::Capacity large{65536, 16};
  CHECK(map::offset_of(*map::find("PORT_MESSAGE"), large) == 0x5'20C0U);
  CHECK(map::offset_of(*map::find("ARRIVED"), large) == 0xD'20C0U);
  CHECK(map::block_size(large) == 0x11'20C0U);
  CHECK(map::count(*map::find("FAULT"), large) == 16U * 1024U);
  CHECK(map::count(*map::find("CONTROL"), large) == 1U);
}

TEST_CASE("register table: reset values, capacity-dependent ones included") {
  const map::Capacity image{256, 16};
  CHECK(map::reset_of(*map::find("ID"), image) == 0x4132'4146U);
  CHECK(map::reset_of(*map::find("CAP_PORTS"), image) == 256U);
  CHECK(map::reset_of(*map::find("CAP_SHAPE"), map::Capacity{256, 8}) == 0x0110'0208U);
  CHECK(map::reset_of(*map::find("IDLE_MASK"), image) == 0xFFFF'FFFFU);
  const map::RegisterInfo& control = *map::find("CONTROL");
  CHECK(control.access == map::Access::write_only);
  REQUIRE(control.fields.size() == 5U);
  CHECK(control.fields[4].name == "TICKET");
  CHECK(control.fields[4].bit_offset == 8U);
  CHECK(control.fields[4].bit_width == 8U);
}
