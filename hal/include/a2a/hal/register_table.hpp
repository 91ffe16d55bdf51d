// The register map of the fabric controller block as one constexpr table: the single
// description that the typed registers (fabric_fields.hpp, fabric_registers.hpp) are
// checked against at compile time (register_table_check.hpp), and from which the host
// program a2a_register_export prints the tables of docs/register-map.md and the
// CMSIS-SVD file docs/a2a-fabric.svd. Changing a register means changing this table,
// the typed register and the generated files together; a test fails otherwise.
//
// Freestanding and heap-free like the rest of hal/: plain arrays of string_views.
// Descriptions are short: they end up in the SVD a debugger shows; the prose with the
// why is docs/register-map.md. Array registers have no fixed offset: they follow each
// other from offset::kArrays in table order, with counts that depend on the block's
// capacity (Capacity, register_table_types.hpp), so the same table serves
// FabricLayout<MaxPorts, MaxStages> of every size.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/hal/register_table_types.hpp"
#include "a2a/topology.hpp"

namespace a2a::hal::map {

namespace detail {
/// Writes "0 omega, 1 baseline, ..." (every topology by its register code, from the
/// topology list) to out, or only counts it when out is empty; returns the length.
constexpr std::size_t write_topology_codes(std::span<char> out) {
  std::size_t length = 0;
  const auto put = [&](char c) {
    if (!out.empty()) out[length] = c;
    ++length;
  };
  for (std::uint32_t code = 0; code < 15; ++code) {
    for (const Topology t : kAllTopologies) {
      if (Topologies::register_code(t) != code) continue;
      if (length != 0) {
        put(',');
        put(' ');
      }
      if (code >= 10) put('1');
      put(static_cast<char>('0' + code % 10));
      put(' ');
      for (const char c : name(t)) put(c);
    }
  }
  return length;
}
}  // namespace detail

/// NET_SHAPE.TOPOLOGY's description: written from the topology list, so a new
/// topology documents its code in the doc tables and the SVD without a line here.
inline constexpr auto kTopologyCodesText = [] {
  std::array<char, detail::write_topology_codes({})> text{};
  detail::write_topology_codes(text);
  return text;
}();

inline constexpr Access RO = Access::read_only;
inline constexpr Access RW = Access::read_write;
inline constexpr Access WO = Access::write_only;

inline constexpr FieldInfo kVersionFields[] = {
    {"MINOR", 0, 8, RO, "minor version of the register map"},
    {"MAJOR", 8, 8, RO, "major version; it changes only with an incompatible map"},
};
inline constexpr FieldInfo kCapPortsFields[] = {
    {"MAX_PORTS", 0, 17, RO, "the largest N the block runs"},
};
inline constexpr FieldInfo kCapShapeFields[] = {
    {"MAX_STAGES", 0, 8, RO, "the most stages the block runs"},
    {"MIN_RADIX", 8, 8, RO, "smallest switch radix d (2)"},
    {"MAX_RADIX", 16, 8, RO, "largest switch radix d (16)"},
    {"OPTICAL", 24, 1, RO, "1: the block can check rounds for crosstalk"},
    {"INJECT", 25, 1, RO, "1: INJECT and INJECT_ROUND are implemented"},
    {"MONITOR", 26, 1, RO, "1: ARRIVED and NET_SHAPE.PROBE are implemented"},
    {"CHECK", 27, 1, RO, "1: ROUND_CHECK is implemented (map 2.2)"},
};
inline constexpr FieldInfo kNetPortsFields[] = {
    {"PORTS", 0, 17, RW, "N, the number of ports of the network"},
};
inline constexpr FieldInfo kNetShapeFields[] = {
    {"RADIX", 0, 5, RW, "switch radix d, 2..16"},
    {"STAGES", 8, 5, RW, "number of stages n"},
    {"TOPOLOGY", 16, 4, RW, std::string_view(kTopologyCodesText.data(), kTopologyCodesText.size())},
    {"OPTICAL", 24, 1, RW, "1: optical mode, one signal per switch and round"},
    {"RELAY", 25, 1, RW, "1: relay mode, PORT_MESSAGE is valid"},
    {"PROBE", 26, 1, RW, "1: test rounds: ARRIVED shows where signals went, nothing is kept or counted"},
};
inline constexpr FieldInfo kControlFields[] = {
    {"COMMIT", 0, 1, WO, "latch every shadow register and start the round"},
    {"ABORT", 1, 1, WO, "stop the running round; nothing of it is delivered"},
    {"RESET", 2, 1, WO, "every register to its reset value"},
    {"CLEAR_COUNTERS", 3, 1, WO, "zero the counters, LAST_ERROR and the relay stores"},
    {"TICKET", 8, 8, WO, "the writer's number for this action"},
};
inline constexpr FieldInfo kStatusFields[] = {
    {"BUSY", 0, 1, RO, "the round is running"},
    {"DONE", 1, 1, RO, "the round completed and ROUND_COUNTER advanced"},
    {"ERROR", 2, 1, RO, "the round did not run or was stopped"},
    {"CONFLICT", 3, 1, RO, "two signals met on one switch output"},
    {"CROSSTALK", 4, 1, RO, "optical mode: a switch carried two signals"},
    {"FAULT_CROSSED", 5, 1, RO, "a signal went through a switch that FAULT marks"},
    {"MISROUTE", 6, 1, RO, "a signal arrived elsewhere than its header's destination"},
    {"CONFIG_INVALID", 8, 1, RO, "the latched configuration is invalid; nothing ran"},
    {"OVERRUN", 9, 1, RO, "a COMMIT arrived while BUSY and was ignored"},
    {"ABORTED", 10, 1, RO, "ABORT stopped the round"},
    {"TICKET", 16, 8, RO, "ticket of the last CONTROL action taken up"},
};
inline constexpr FieldInfo kRoundCounterFields[] = {
    {"COUNT", 0, 32, RO, "rounds completed since reset (wraps)"},
};
inline constexpr FieldInfo kInjectFields[] = {
    {"STAGE", 0, 8, RW, "stage of the switch to fail"},
    {"SWITCH", 8, 16, RW, "switch index in that stage"},
    {"STATE", 24, 4, RW, "the state a stuck switch stays in"},
    {"STUCK", 28, 1, RW, "1: the switch sticks in STATE; 0: it is dead"},
    {"HIDDEN", 29, 1, RW, "1: FAULT does not mark the switch"},
    {"CLEAR", 30, 1, RW, "write 1: forget every injected fault"},
    {"ARM", 31, 1, RW, "write 1: the switch fails from INJECT_ROUND on"},
};
inline constexpr FieldInfo kInjectRoundFields[] = {
    {"ROUND", 0, 32, RW, "the ROUND_COUNTER value the next armed fault starts at"},
};
inline constexpr FieldInfo kRoundCheckFields[] = {
    {"FIRST", 0, 16, RO, "the lowest output a header named whose ARRIVED shows another signal or none"},
    {"MISMATCH", 30, 1, RO, "1: some signal did not arrive at the output its header named"},
    {"VALID", 31, 1, RO, "1: the fields describe the last round that ran (0 after RESET)"},
};
inline constexpr FieldInfo kCounterFields[] = {
    {"COUNT", 0, 32, RO, "saturating count (DELIVERED: 64 bits, LO and HI)"},
};
inline constexpr FieldInfo kStageControlFields[] = {
    {"MODE", 0, 3, RW, "0 individual, 1 stage, 2 alternating, 3 doubly, 4 quadruply alternating"},
    {"STATE", 8, 4, RW, "stage mode: the k-shift of every switch; alternating: a_s"},
};
inline constexpr FieldInfo kPortHeaderFields[] = {
    {"DESTINATION", 0, 16, RW, "the processor the message is for"},
    {"TAG", 16, 16, RW, "forward control tag, stage 0 most significant"},
};
inline constexpr FieldInfo kPortMessageFields[] = {
    {"ORIGIN", 0, 16, RW, "the processor that wrote the message"},
    {"FINAL", 16, 16, RW, "the processor the message is for"},
};
inline constexpr FieldInfo kArrivedFields[] = {
    {"SOURCE", 0, 16, RO, "the input port whose signal arrived"},
    {"VALID", 31, 1, RO, "1: a signal arrived in the last round"},
};
inline constexpr FieldInfo kSwitchStateFields[] = {
    {"SWITCH0", 0, 4, RW, "k-shift state of switch 8w"},    {"SWITCH1", 4, 4, RW, "k-shift state of switch 8w+1"},
    {"SWITCH2", 8, 4, RW, "k-shift state of switch 8w+2"},  {"SWITCH3", 12, 4, RW, "k-shift state of switch 8w+3"},
    {"SWITCH4", 16, 4, RW, "k-shift state of switch 8w+4"}, {"SWITCH5", 20, 4, RW, "k-shift state of switch 8w+5"},
    {"SWITCH6", 24, 4, RW, "k-shift state of switch 8w+6"}, {"SWITCH7", 28, 4, RW, "k-shift state of switch 8w+7"},
};

// Shorthands for the rows: a fixed register, a counter, a reserved gap, an array.
constexpr RegisterInfo reg_fixed(std::string_view name, std::uint32_t offset, Access access, std::uint32_t reset,
                                 std::string_view description, std::span<const FieldInfo> fields = {},
                                 bool shadow = false, std::string_view note = {}, ResetFrom from = ResetFrom::value) {
  return {name, Kind::fixed, offset, 1, access, shadow, note, reset, from, description, fields};
}
constexpr RegisterInfo reg_counter(std::string_view name, std::uint32_t offset, std::string_view description) {
  return reg_fixed(name, offset, RO, 0, description, kCounterFields);
}
constexpr RegisterInfo reg_gap(std::uint32_t offset, std::uint32_t words) {
  return {"reserved", Kind::reserved, offset, words, Access::reserved, false, {}, 0, ResetFrom::value, {}, {}};
}
constexpr RegisterInfo reg_array(std::string_view name, Access access, bool shadow, std::uint32_t reset,
                                 std::string_view description, std::span<const FieldInfo> fields, std::string_view base,
                                 Dim outer, std::string_view index0, Dim inner = Dim::one,
                                 std::string_view index1 = {}) {
  return {name,        Kind::array, 0,     1,     access, shadow, {},    reset, ResetFrom::value,
          description, fields,      outer, inner, base,   index0, index1};
}

inline constexpr std::array kRegisters = {
    reg_fixed("ID", 0x000, RO, 0x4132'4146, "identifies the block: A2AF in ASCII"),
    reg_fixed("VERSION", 0x004, RO, 0x0000'0202, "register-map version", kVersionFields),
    reg_fixed("CAP_PORTS", 0x008, RO, 0, "the largest N the block runs", kCapPortsFields, false, {},
              ResetFrom::cap_ports),
    reg_fixed("CAP_SHAPE", 0x00C, RO, 0, "the block's other limits", kCapShapeFields, false, {}, ResetFrom::cap_shape),
    reg_fixed("NET_PORTS", 0x010, RW, 0, "N of the configured network", kNetPortsFields, true),
    reg_fixed("NET_SHAPE", 0x014, RW, 0, "radix, stages, topology, optical and relay mode", kNetShapeFields, true),
    reg_fixed("CONTROL", 0x018, WO, 0, "write-1 actions with a ticket", kControlFields),
    reg_fixed("STATUS", 0x01C, RO, 0, "outcome of the last action taken up, and its ticket", kStatusFields),
    reg_fixed("ROUND_COUNTER", 0x020, RO, 0, "rounds completed since reset", kRoundCounterFields),
    reg_fixed("LAST_ERROR", 0x024, RO, 0, "STATUS of the last flagged round since CLEAR_COUNTERS or RESET"),
    reg_fixed("INJECT", 0x028, RW, 0, "fault injection (only when CAP_SHAPE.INJECT = 1)", kInjectFields, false,
              "only with CAP_SHAPE.INJECT"),
    reg_fixed("INJECT_ROUND", 0x02C, RW, 0, "the round an armed fault starts at", kInjectRoundFields),
    reg_fixed("ROUND_CHECK", 0x030, RO, 0, "the last round's arrivals against its headers, in one word",
              kRoundCheckFields, false, "only with CAP_SHAPE.CHECK"),
    reg_gap(0x034, 3),
    reg_counter("CNT_DELIVERED_LO", 0x040, "messages delivered the first time, low word"),
    reg_counter("CNT_DELIVERED_HI", 0x044, "messages delivered the first time, high word"),
    reg_counter("CNT_DUPLICATES", 0x048, "messages that arrived or were stored again"),
    reg_counter("CNT_MISROUTES", 0x04C, "signals that arrived elsewhere than their destination or tag"),
    reg_counter("CNT_CONFLICTS", 0x050, "signals garbled by a conflict"),
    reg_counter("CNT_CROSSTALK", 0x054, "optical mode: second signals through one switch"),
    reg_counter("CNT_RELAYED", 0x058, "hops into a relay's store"),
    reg_counter("CNT_RELAY_ERRORS", 0x05C, "hops out of a relay for a message no store holds"),
    reg_counter("CNT_HELD", 0x060, "messages in a relay store now"),
    reg_counter("CNT_FAULTED", 0x064, "rounds voided because a signal crossed a faulty switch"),
    reg_gap(0x068, 6),
    reg_array("STAGE_CTRL", RW, true, 0, "how stage s sets its switches", kStageControlFields, "STAGE", Dim::max_stages,
              "s"),
    reg_array("IDLE_MASK", RW, true, 0xFFFF'FFFF, "bit j = 1 keeps port 32w+j idle", {}, "IDLE", Dim::idle_words, "w"),
    reg_array("FAULT", RO, false, 0, "bit j = switch 32w+j of stage s is known faulty", {}, "FAULT", Dim::max_stages,
              "s", Dim::fault_words_per_stage, "w"),
    reg_array("PORT_HEADER", RW, true, 0, "header of the message injected at input i", kPortHeaderFields, "HEADER",
              Dim::max_ports, "i"),
    reg_array("PORT_MESSAGE", RW, true, 0, "the message port i injects (relay mode)", kPortMessageFields, "MESSAGE",
              Dim::max_ports, "i"),
    reg_array("SWITCH_STATE", RW, true, 0, "k-shift states of switches 8w..8w+7 of stage s", kSwitchStateFields,
              "SWITCH", Dim::max_stages, "s", Dim::switch_words_per_stage, "w"),
    reg_array("ARRIVED", RO, false, 0, "what output j received in the last round", kArrivedFields, "ARRIVED",
              Dim::max_ports, "j"),
};

// ---------------------------------------------------------------------------
// Look-ups for a block of a given capacity.

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
