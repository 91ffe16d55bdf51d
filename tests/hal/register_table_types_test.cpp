// a2a/hal/register_table_types.hpp: the capacity-dependent quantities of the register
// table, as docs/register-map.md defines them, and their symbols.
#include <a2a/hal/register_table_types.hpp>

#include "a2a_test.hpp"

namespace register_table_types_unit {
using namespace a2a::hal::map;
// 256 ports, 8 stages: 128 switches; 8 idle words; 4 fault words a stage; 16 switch words a stage.
constexpr Capacity kCap{256, 8};
static_assert(kCap.max_switches() == 128 && kCap.value(Dim::idle_words) == 8);
static_assert(kCap.value(Dim::fault_words_per_stage) == 4 && kCap.value(Dim::switch_words_per_stage) == 16);
static_assert(kCap.value(Dim::max_ports) == 256 && kCap.value(Dim::max_stages) == 8 && kCap.value(Dim::one) == 1);
// An odd-sized block: 36 ports, 18 switches: 2 idle words, 1 fault word, 3 switch words a stage.
static_assert(Capacity{36, 6}.value(Dim::idle_words) == 2 && Capacity{36, 6}.value(Dim::fault_words_per_stage) == 1 &&
              Capacity{36, 6}.value(Dim::switch_words_per_stage) == 3);
static_assert(dim_symbol(Dim::idle_words) == "IdleWords" && dim_symbol(Dim::max_ports) == "MaxPorts");
static_assert(kArraysOffset == 0x080);
}  // namespace register_table_types_unit

TEST_CASE("register table types: every dimension has its own symbol") {
  using namespace a2a::hal::map;
  const Dim all[] = {Dim::one,        Dim::max_stages,
                     Dim::idle_words, Dim::fault_words_per_stage,
                     Dim::max_ports,  Dim::switch_words_per_stage};
  for (const Dim a : all)
    for (const Dim b : all) CHECK((a == b) == (dim_symbol(a) == dim_symbol(b)));
}
