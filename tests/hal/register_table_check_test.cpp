// a2a/hal/register_table_check.hpp: the compile-time proof that the typed registers and
// the register table agree; here each check must also say no to a register, an offset or
// a layout that differs.
#include <a2a/hal/register_table_check.hpp>

#include <a2a/hal/fabric_fields.hpp>
#include <a2a/hal/fabric_registers.hpp>

#include "a2a_test.hpp"

namespace register_table_check_unit {
using namespace a2a::hal;
namespace check = a2a::hal::map::check;
static_assert(check::at("ID", 0x000) && check::at("STATUS", 0x01C));
static_assert(!check::at("STATUS", 0x018) && !check::at("NO_SUCH_REGISTER", 0x000));
static_assert(check::same_layout<FabricLayout<256, 8>>() && check::same_layout<FabricLayout<36, 6>>());
/// FabricLayout<64, 6> with IDLE_MASK one word further on.
struct ShiftedIdle : FabricLayout<64, 6> {
  static constexpr std::uint32_t idle_mask(std::uint32_t w) { return FabricLayout<64, 6>::idle_mask(w) + 4; }
};
static_assert(!check::same_layout<ShiftedIdle>());
static_assert(check::fixed_part_ordered() && check::fields_disjoint());
// A register that names other fields than the table's is not the same register.
static_assert(!check::same_register<reg::Status, reg::Status::Busy>("STATUS"));
static_assert(!check::same_register<reg::Id>("STATUS"));
}  // namespace register_table_check_unit

TEST_CASE("register table check: the access tags map to the table's access") {
  using namespace a2a::hal;
  CHECK(map::check::access_of<ReadOnly>() == map::Access::read_only);
  CHECK(map::check::access_of<WriteOnly>() == map::Access::write_only);
  CHECK(map::check::access_of<ReadWrite>() == map::Access::read_write);
}
