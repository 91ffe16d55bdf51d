// The register map of the fabric controller block as one constexpr table: the single
// description that the typed registers (fabric_fields.hpp, fabric_registers.hpp) are
// checked against at compile time (register_table_check.hpp), and from which the host
// program a2a_register_export prints the tables of docs/register-map.md and the
// CMSIS-SVD file docs/a2a-fabric.svd. Changing a register means changing this table,
// the typed register and the generated files together; a test fails otherwise.
//
// Freestanding and heap-free like the rest of hal/: plain arrays of string_views.
// Array registers have no fixed offset: they follow each other from offset::kArrays in
// table order, with counts that depend on the block's capacity (Capacity below), so
// the same table serves FabricLayout<MaxPorts, MaxStages> of every size.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace a2a::hal::map {

enum class Access : std::uint8_t { read_only, read_write, write_only, reserved };

/// A quantity that follows from the capacity (the symbols of docs/register-map.md).
enum class Dim : std::uint8_t { one, max_stages, idle_words, fault_words_per_stage, max_ports, switch_words_per_stage };

[[nodiscard]] constexpr std::string_view dim_symbol(Dim d) {
  switch (d) {
    case Dim::one: return "1";
    case Dim::max_stages: return "MaxStages";
    case Dim::idle_words: return "IdleWords";
    case Dim::fault_words_per_stage: return "FaultWordsPerStage";
    case Dim::max_ports: return "MaxPorts";
    case Dim::switch_words_per_stage: return "SwitchWordsPerStage";
  }
  return "?";
}

/// A block's capacity; the same formulas as FabricLayout (checked against it).
struct Capacity {
  std::uint32_t max_ports;
  std::uint32_t max_stages;

  [[nodiscard]] constexpr std::uint32_t max_switches() const { return max_ports / 2; }
  [[nodiscard]] constexpr std::uint32_t value(Dim d) const {
    switch (d) {
      case Dim::one: return 1;
      case Dim::max_stages: return max_stages;
      case Dim::idle_words: return (max_ports + 31) / 32;
      case Dim::fault_words_per_stage: return (max_switches() + 31) / 32;
      case Dim::max_ports: return max_ports;
      case Dim::switch_words_per_stage: return (max_switches() + 7) / 8;
    }
    return 0;
  }
};

struct FieldInfo {
  std::string_view name;
  std::uint8_t bit_offset;
  std::uint8_t bit_width;
  Access access;
  std::string_view description;
};

enum class Kind : std::uint8_t { fixed, reserved, array };

/// Where the reset value comes from: a constant, or the block's capacity.
enum class ResetFrom : std::uint8_t { value, cap_ports, cap_shape };

struct RegisterInfo {
  std::string_view name;
  Kind kind;
  std::uint32_t offset;  ///< fixed and reserved; arrays: 0 (they follow each other from offset::kArrays)
  std::uint32_t words;   ///< reserved: how many words; otherwise 1
  Access access;
  bool shadow;                  ///< software writes a shadow copy that COMMIT latches
  std::string_view access_note; ///< printed after the access in the Markdown table
  std::uint32_t reset;
  ResetFrom reset_from;
  std::string_view description;
  std::span<const FieldInfo> fields;
  // Arrays: REG[index0] or REG[index0][index1], dims outer x inner, base named base_symbol.
  Dim outer{Dim::one};
  Dim inner{Dim::one};
  std::string_view base_symbol{};
  std::string_view index0{};
  std::string_view index1{};
};

/// The fixed registers start here; the arrays start at 0x080 (offset::kArrays).
inline constexpr std::uint32_t kArraysOffset = 0x080;

}  // namespace a2a::hal::map

#include "a2a/hal/register_table_data.hpp"

namespace a2a::hal::map {

/// The entry named `name`, or nullptr.
[[nodiscard]] constexpr const RegisterInfo* find(std::string_view name) {
  for (const RegisterInfo& r : kRegisters)
    if (r.name == name) return &r;
  return nullptr;
}

/// Words an array entry holds in a block of capacity `cap` (1 for a fixed register).
[[nodiscard]] constexpr std::uint32_t count(const RegisterInfo& r, Capacity cap) {
  if (r.kind == Kind::reserved) return r.words;
  return cap.value(r.outer) * cap.value(r.inner);
}

/// Offset of the first word of `r` in a block of capacity `cap`.
[[nodiscard]] constexpr std::uint32_t offset_of(const RegisterInfo& r, Capacity cap) {
  if (r.kind != Kind::array) return r.offset;
  std::uint32_t at = kArraysOffset;
  for (const RegisterInfo& e : kRegisters) {
    if (e.kind != Kind::array) continue;
    if (&e == &r) return at;
    at += 4 * count(e, cap);
  }
  return 0;
}

/// Bytes the block occupies: the end of the last array.
[[nodiscard]] constexpr std::uint32_t block_size(Capacity cap) {
  std::uint32_t end = kArraysOffset;
  for (const RegisterInfo& e : kRegisters)
    if (e.kind == Kind::array) end = offset_of(e, cap) + 4 * count(e, cap);
  return end;
}

/// The reset value in a block of capacity `cap` (CAP_SHAPE without INJECT: a block
/// that implements injection sets that bit too, so the SVD leaves it out of the mask).
[[nodiscard]] constexpr std::uint32_t reset_of(const RegisterInfo& r, Capacity cap) {
  switch (r.reset_from) {
    case ResetFrom::value: return r.reset;
    case ResetFrom::cap_ports: return cap.max_ports;
    case ResetFrom::cap_shape: return cap.max_stages | 2U << 8 | 16U << 16 | 1U << 24;
  }
  return 0;
}

}  // namespace a2a::hal::map
