// The controller's configuration block: what fabric to drive and how.
//
// A board keeps it at a fixed flash location, protected by a CRC-32, so that a
// half-written or foreign block is refused before any register is written. The
// layout is fixed, little-endian, 64 bytes (docs/configuration.md):
//
//   off size field
//    0   4   magic        "A2AC" = 0x43413241
//    4   2   version      1
//    6   2   size         64
//    8   1   topology     a2a::Topology value
//    9   1   schedule     a2a::ScheduleKind value
//   10   1   order        0 natural, 1 gray
//   11   1   fault_count  0..8
//   12   4   ports        N
//   16   4   radix        d
//   20  32   faults[8]    {u16 stage, u16 switch}; stage bit 15 set: a dead link
//                         {stage, terminal} (docs/configuration.md); bit 14: the switch
//                         is stuck, in state 1 if bit 13 is set, else 0
//   52   1   flags        bit 0: degraded (leave out the pairs no relay reaches)
//   53   3   settle_us    switch elements' settle time after a latch, us (u24, at most 10^6)
//   56   3   guard_us     least time from a round done to the next latch, us (u24, at most 10^6)
//   59   1   fabric       the switch path: 0 the a2a block, 1 an SPI chain (FabricBackend)
//   60   4   crc32        CRC-32 (IEEE 802.3, reflected) of bytes 0..59
// A block of before settle_us and guard_us (bytes 53..58 zero) reads as both 0, and one
// of before fabric (byte 59 zero) as the a2a block.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/any_schedule.hpp"
#include "a2a/limits.hpp"  // kMaxConfigFaults: the block's fault slots
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

inline constexpr std::uint32_t kConfigMagic = 0x43413241U;  // "A2AC" little-endian
inline constexpr std::uint16_t kConfigVersion = 1;
inline constexpr std::size_t kConfigBlockSize = 64;

/// A fault slot's stage field with this bit set names a dead link, not a switch.
inline constexpr std::uint16_t kConfigLinkBit = 0x8000U;
/// With this bit the switch is stuck (in state 1 if kConfigStateBit is set too, else 0).
inline constexpr std::uint16_t kConfigStuckBit = 0x4000U;
inline constexpr std::uint16_t kConfigStateBit = 0x2000U;

/// One faulty switching element: stage s, switch l (paper 004's E_sl, 0-based); or,
/// with `link`, the dead link leaving stage s on terminal l of the column behind it.
struct FaultPosition {
  std::uint16_t stage{0};
  std::uint16_t switch_index{0};  ///< the switch, or the terminal of a dead link
  bool link{false};
  std::uint8_t stuck{0};  ///< a switch: 0 dead, 1 + k stuck in state k (k = 0 straight, 1 cross)
  friend constexpr bool operator==(const FaultPosition&, const FaultPosition&) = default;
};

/// Which hardware sets the switches (byte 59): the a2a block's switch registers, or
/// elements on SPI shift-register chains (a board with a switch path; the a2a block
/// stays the far side's endpoints and counters).
enum class FabricBackend : std::uint8_t { a2a_block = 0, spi_chain = 1 };
inline constexpr std::array kAllFabricBackends = {FabricBackend::a2a_block, FabricBackend::spi_chain};
/// The configuration's name of a backend (`fabric=` on the console, `--fabric`).
[[nodiscard]] constexpr std::string_view name(FabricBackend f) {
  return f == FabricBackend::spi_chain ? "spi-chain" : "a2a";
}

/// The decoded contents of a configuration block (not yet checked against the network).
struct ControllerConfig {
  Topology topology{Topology::omega};
  std::uint32_t ports{16};
  std::uint32_t radix{2};
  ScheduleKind schedule{ScheduleKind::latin_square};
  RoundOrder order{RoundOrder::natural};
  std::uint8_t fault_count{0};
  std::array<FaultPosition, kMaxConfigFaults> faults{};
  bool degraded{false};  ///< plan every deliverable pair around the faults, leave the others out
  /// Switch hardware (hal::SwitchFabric): the elements' settle time after a latch and the
  /// guard time before the next, in microseconds (at most kMaxSwitchTimeMicros each).
  std::uint32_t settle_us{0};
  std::uint32_t guard_us{0};
  FabricBackend fabric{FabricBackend::a2a_block};
  friend constexpr bool operator==(const ControllerConfig&, const ControllerConfig&) = default;
};

/// CRC-32 (IEEE 802.3, reflected, init and final xor 0xFFFFFFFF), nibble-table
/// variant: 64 bytes of flash instead of 1 KiB, fast enough for a 60-byte block.
constexpr std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
  constexpr std::array<std::uint32_t, 16> table = {
      0x00000000U, 0x1DB71064U, 0x3B6E20C8U, 0x26D930ACU, 0x76DC4190U, 0x6B6B51F4U, 0x4DB26158U, 0x5005713CU,
      0xEDB88320U, 0xF00F9344U, 0xD6D6A3E8U, 0xCB61B38CU, 0x9B64C2B0U, 0x86D3D2D4U, 0xA00AE278U, 0xBDBDF21CU};
  std::uint32_t crc = 0xFFFFFFFFU;
  for (std::uint8_t b : bytes) {
    crc = (crc >> 4) ^ table[(crc ^ b) & 0xFU];
    crc = (crc >> 4) ^ table[(crc ^ (static_cast<std::uint32_t>(b) >> 4)) & 0xFU];
  }
  return ~crc;
}

namespace detail {
constexpr std::uint32_t load_le(std::span<const std::uint8_t> b, std::size_t at, std::size_t size) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < size; ++i) v |= static_cast<std::uint32_t>(b[at + i]) << (8 * i);
  return v;
}
constexpr void store_le(std::span<std::uint8_t> b, std::size_t at, std::size_t size, std::uint32_t v) {
  for (std::size_t i = 0; i < size; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
}  // namespace detail

/// The 64-byte block for `config`, CRC included.
constexpr std::array<std::uint8_t, kConfigBlockSize> encode_config(const ControllerConfig& config) {
  std::array<std::uint8_t, kConfigBlockSize> block{};
  const std::span<std::uint8_t> b(block);
  detail::store_le(b, 0, 4, kConfigMagic);
  detail::store_le(b, 4, 2, kConfigVersion);
  detail::store_le(b, 6, 2, kConfigBlockSize);
  b[8] = static_cast<std::uint8_t>(config.topology);
  b[9] = static_cast<std::uint8_t>(config.schedule);
  b[10] = static_cast<std::uint8_t>(config.order);
  b[11] = config.fault_count;
  detail::store_le(b, 12, 4, config.ports);
  detail::store_le(b, 16, 4, config.radix);
  for (std::size_t f = 0; f < kMaxConfigFaults; ++f) {
    const FaultPosition& p = config.faults[f];
    const std::uint32_t stuck = p.stuck == 0 ? 0U : kConfigStuckBit | (p.stuck == 2 ? kConfigStateBit : 0U);
    detail::store_le(b, 20 + 4 * f, 2, p.stage | (p.link ? kConfigLinkBit : 0U) | stuck);
    detail::store_le(b, 22 + 4 * f, 2, config.faults[f].switch_index);
  }
  b[52] = config.degraded ? 1U : 0U;
  detail::store_le(b, 53, 3, config.settle_us);
  detail::store_le(b, 56, 3, config.guard_us);
  b[59] = static_cast<std::uint8_t>(config.fabric);
  detail::store_le(b, 60, 4, crc32(std::span<const std::uint8_t>(block).first(60)));
  return block;
}

/// Decodes a block: framing (size, magic, version, CRC) first, then each field's range.
/// Whether the parameters make a valid network is plan_exchange()'s job.
constexpr Result<ControllerConfig> decode_config(std::span<const std::uint8_t> b) {
  if (b.size() < kConfigBlockSize) return Errc::config_too_short;
  if (detail::load_le(b, 0, 4) != kConfigMagic) return Errc::config_bad_magic;
  if (detail::load_le(b, 4, 2) != kConfigVersion || detail::load_le(b, 6, 2) != kConfigBlockSize)
    return Errc::config_unsupported_version;
  if (detail::load_le(b, 60, 4) != crc32(b.first(60))) return Errc::config_crc_mismatch;
  if ((b[52] & ~1U) != 0) return Errc::config_reserved_not_zero;  // flags: bit 0 only
  if (b[59] > static_cast<std::uint8_t>(FabricBackend::spi_chain)) return Errc::config_unknown_fabric;
  ControllerConfig c;
  bool topology_known = false;
  for (Topology t : kAllTopologies) topology_known = topology_known || static_cast<std::uint8_t>(t) == b[8];
  if (!topology_known) return Errc::topology_unknown;
  c.topology = static_cast<Topology>(b[8]);
  if (b[9] >= std::size(kAllScheduleKinds)) return Errc::schedule_unknown;
  c.schedule = static_cast<ScheduleKind>(b[9]);
  if (b[10] > 1) return Errc::config_bad_order;
  c.order = static_cast<RoundOrder>(b[10]);
  if (b[11] > kMaxConfigFaults) return Errc::config_too_many_faults;
  c.fault_count = b[11];
  c.ports = detail::load_le(b, 12, 4);
  c.radix = detail::load_le(b, 16, 4);
  for (std::size_t f = 0; f < kMaxConfigFaults; ++f) {
    const auto stage = static_cast<std::uint16_t>(detail::load_le(b, 20 + 4 * f, 2));
    const bool stuck = (stage & kConfigStuckBit) != 0;
    // Refused, not dropped: a block must re-encode to its own bytes.
    if ((!stuck && (stage & kConfigStateBit) != 0) || (stuck && (stage & kConfigLinkBit) != 0))
      return Errc::config_fault_flags_invalid;
    c.faults[f].link = (stage & kConfigLinkBit) != 0;
    c.faults[f].stuck = !stuck ? 0 : (stage & kConfigStateBit) != 0 ? 2 : 1;
    c.faults[f].stage = static_cast<std::uint16_t>(stage & ~(kConfigLinkBit | kConfigStuckBit | kConfigStateBit));
    c.faults[f].switch_index = static_cast<std::uint16_t>(detail::load_le(b, 22 + 4 * f, 2));
  }
  c.degraded = (b[52] & 1U) != 0;
  c.settle_us = detail::load_le(b, 53, 3);
  c.guard_us = detail::load_le(b, 56, 3);
  c.fabric = static_cast<FabricBackend>(b[59]);
  if (c.settle_us > kMaxSwitchTimeMicros || c.guard_us > kMaxSwitchTimeMicros) return Errc::config_time_out_of_range;
  return c;
}

}  // namespace a2a

// What a configuration describes, as a network, a fault set and a plan (config_faults,
// configured_fabric, plan_exchange): kept beside the block, included with it.
#include "a2a/config/fabric_plan.hpp"  // IWYU pragma: export
