// Compile-time proof that the typed registers (fabric_fields.hpp, fabric_registers.hpp)
// and the register table (register_table.hpp) describe the same block: every register's
// offset, access and reset value, every field's position, width and access (in table
// order, and no field missing on either side), and for several capacities every array
// offset and the block size. A change to one side only stops the build here, so the
// documentation and the SVD generated from the table cannot drift from the code.
// Included by fabric_registers.hpp: whoever uses the map compiles the proof.
#pragma once

#include <cstddef>
#include <type_traits>

#include "a2a/hal/register.hpp"
#include "a2a/hal/register_table.hpp"

namespace a2a::hal::map::check {

template <class Tag>
constexpr Access access_of() {
  if constexpr (std::is_same_v<Tag, ReadOnly>)
    return Access::read_only;
  else if constexpr (std::is_same_v<Tag, WriteOnly>)
    return Access::write_only;
  else
    return Access::read_write;
}

template <class F>
constexpr bool same_field(const FieldInfo& f) {
  return f.bit_offset == F::position && f.bit_width == F::width && f.access == access_of<typename F::access>();
}

/// Register `name` of the table is R with exactly the fields Fs (in table order).
/// Capacity-dependent resets (CAP_*) are 0 in the typed register: FabricLayout has them.
template <class R, class... Fs>
constexpr bool same_register(std::string_view name) {
  const RegisterInfo* r = find(name);
  if (r == nullptr || r->access != access_of<typename R::access>()) return false;
  if (r->reset_from == ResetFrom::value && r->reset != R::reset) return false;
  if (r->fields.size() != sizeof...(Fs)) return false;
  std::size_t i = 0;
  return (same_field<Fs>(r->fields[i++]) && ...);
}

/// Fixed register `name` sits at `offset`.
constexpr bool at(std::string_view name, std::uint32_t offset) {
  const RegisterInfo* r = find(name);
  return r != nullptr && r->kind == Kind::fixed && r->offset == offset;
}

/// The table's array offsets, counts, capability values and size equal FabricLayout's.
template <class L>
constexpr bool same_layout() {
  constexpr Capacity cap{L::kMaxPorts, L::kMaxStages};
  auto base = [&](std::string_view name) { return offset_of(*find(name), cap); };
  auto words = [&](std::string_view name) { return count(*find(name), cap); };
  return base("STAGE_CTRL") == L::stage_control(0) && words("STAGE_CTRL") == L::kMaxStages &&
         base("IDLE_MASK") == L::idle_mask(0) && words("IDLE_MASK") == L::kIdleWords &&
         base("FAULT") == L::fault(0, 0) && words("FAULT") == L::kMaxStages * L::kFaultWordsPerStage &&
         base("PORT_HEADER") == L::port_header(0) && words("PORT_HEADER") == L::kMaxPorts &&
         base("PORT_MESSAGE") == L::port_message(0) && words("PORT_MESSAGE") == L::kMaxPorts &&
         base("SWITCH_STATE") == L::switch_state(0, 0) &&
         words("SWITCH_STATE") == L::kMaxStages * L::kSwitchWordsPerStage && base("ARRIVED") == L::arrived(0) &&
         words("ARRIVED") == L::kMaxPorts && block_size(cap) == L::kSize &&
         reset_of(*find("CAP_PORTS"), cap) == L::kCapPortsValue &&
         reset_of(*find("CAP_SHAPE"), cap) == L::kCapShapeValue;
}

/// Fixed registers in offset order, none overlapping, the last one before the arrays.
constexpr bool fixed_part_ordered() {
  std::uint32_t next = 0;
  for (const RegisterInfo& r : kRegisters) {
    if (r.kind == Kind::array) continue;
    if (r.offset != next) return false;  // gaps are explicit reserved rows
    next = r.offset + 4 * r.words;
  }
  return next == kArraysOffset;
}

/// Fields inside 32 bits and not overlapping.
constexpr bool fields_disjoint() {
  for (const RegisterInfo& r : kRegisters) {
    std::uint64_t used = 0;
    for (const FieldInfo& f : r.fields) {
      if (f.bit_width == 0 || f.bit_offset + f.bit_width > 32) return false;
      const std::uint64_t mask = ((std::uint64_t{1} << f.bit_width) - 1) << f.bit_offset;
      if ((used & mask) != 0) return false;
      used |= mask;
    }
  }
  return true;
}

}  // namespace a2a::hal::map::check
