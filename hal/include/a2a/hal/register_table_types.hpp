// The types of the register table (register_table.hpp): a register, its fields, and
// the capacity-dependent quantities its arrays are sized by. Freestanding.
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
  bool shadow;                   ///< software writes a shadow copy that COMMIT latches
  std::string_view access_note;  ///< printed after the access in the Markdown table
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
