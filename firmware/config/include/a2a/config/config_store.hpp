// The configuration store: the console's `save` and `erase` on the board's flash,
// so that what the user set survives a reset and a power cut at any write.
//
// Two copies, each at the start of an erase unit of its own (a sector, a page, a half
// of a RAM region), each a record of 19 words:
//
//   words 0..15  the 64-byte configuration block (config_block.hpp, its own CRC)
//   word  16     record magic "A2AS" (0x53413241)
//   word  17     sequence: one more than the copy it replaced
//   word  18     CRC-32 of words 0..17
//
// At boot the newest copy whose CRCs hold wins. `save` writes the copy that is *not*
// the newest (erase, program the block, then the trailer, read back) and never
// touches the newest, so a power cut at any erase or program step leaves the old
// configuration (the newest copy untouched, the torn one refused by its CRC) or the
// new (the record complete). `erase` erases the older copy first, then the newest: a
// cut between them leaves the newest, after them nothing. A block written by a probe
// (docs/flashing.md: a2a config encode) has no trailer: it counts as sequence 0.
//
// Every flash operation is started and polled (hal::NorFlash): step() does a bounded
// amount of work and returns; the caller's loop calls it again, feeding its watchdog.
// The store keeps no copy of the block being saved (the micro:bit has 16 KiB of RAM):
// the caller hands it to every step(), as it was given to start_save().
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/config/config_block.hpp"
#include "a2a/hal/nor_flash.hpp"

namespace a2a {

inline constexpr std::uint32_t kStoreRecordMagic = 0x53413241U;  // "A2AS" little-endian
inline constexpr std::size_t kStoreBlockWords = kConfigBlockSize / 4;
inline constexpr std::size_t kStoreRecordWords = kStoreBlockWords + 3;
inline constexpr std::size_t kStoreCopies = 2;

/// Where the two copies are: each address the start of an erase unit of its own.
struct ConfigRegion {
  std::array<std::uint32_t, kStoreCopies> copies{};
};

/// What a copy holds.
enum class CopyState : std::uint8_t {
  blank,        ///< never written or erased: all 0xFF (erased flash) or all 0x00 (zeroed RAM)
  torn,         ///< neither blank nor a whole record: a cut write, or something foreign
  provisioned,  ///< a block with no trailer (written by a probe): sequence 0
  saved,        ///< a whole record written by save
};

/// A record's 19 words, as programmed: the block, then the trailer.
using StoreRecord = std::array<std::uint32_t, kStoreRecordWords>;

/// The record that holds `block` with `sequence`.
constexpr StoreRecord make_store_record(std::span<const std::uint8_t, kConfigBlockSize> block, std::uint32_t sequence) {
  StoreRecord r{};
  for (std::size_t w = 0; w < kStoreBlockWords; ++w) r[w] = detail::load_le(block, 4 * w, 4);
  r[kStoreBlockWords] = kStoreRecordMagic;
  r[kStoreBlockWords + 1] = sequence;
  std::array<std::uint8_t, 4 * (kStoreRecordWords - 1)> bytes{};
  for (std::size_t w = 0; w + 1 < kStoreRecordWords; ++w) detail::store_le(bytes, 4 * w, 4, r[w]);
  r[kStoreBlockWords + 2] = crc32(bytes);
  return r;
}

/// A copy's words read back: what it holds, and its sequence (0 unless saved).
struct CopyInfo {
  CopyState state{CopyState::blank};
  Errc why{Errc::ok};  ///< torn: what failed (the block's framing, or config_crc_mismatch for its trailer)
  std::uint32_t sequence{0};
};
constexpr CopyInfo classify_copy(const StoreRecord& words) {
  bool ones = true;
  bool zeros = true;
  for (std::uint32_t w : words) {
    ones = ones && w == 0xFFFFFFFFU;
    zeros = zeros && w == 0;
  }
  if (ones || zeros) return {CopyState::blank, Errc::ok, 0};
  std::array<std::uint8_t, kConfigBlockSize> block{};
  for (std::size_t w = 0; w < kStoreBlockWords; ++w) detail::store_le(block, 4 * w, 4, words[w]);
  // The block's framing (magic, version, size, CRC); its fields are the device's to check.
  const Result<ControllerConfig> decoded = decode_config(block);
  if (!decoded && (decoded.error() == Errc::config_bad_magic || decoded.error() == Errc::config_unsupported_version ||
                   decoded.error() == Errc::config_crc_mismatch))
    return {CopyState::torn, decoded.error(), 0};
  const std::uint32_t magic = words[kStoreBlockWords];
  const std::uint32_t sequence = words[kStoreBlockWords + 1];
  const std::uint32_t crc = words[kStoreBlockWords + 2];
  const bool trailer_ones = magic == 0xFFFFFFFFU && sequence == 0xFFFFFFFFU && crc == 0xFFFFFFFFU;
  const bool trailer_zeros = magic == 0 && sequence == 0 && crc == 0;
  if (trailer_ones || trailer_zeros) return {CopyState::provisioned, Errc::ok, 0};
  if (make_store_record(block, sequence) != words) return {CopyState::torn, Errc::config_crc_mismatch, 0};
  return {CopyState::saved, Errc::ok, sequence};
}

/// Whether copy a is newer than copy b (sequence numbers compared as in RFC 1982, so a
/// wrap after 2^32 saves still orders them; at equal sequences copy 0 wins).
constexpr bool newer(const CopyInfo& a, std::size_t a_index, const CopyInfo& b, std::size_t b_index) {
  const auto ahead = static_cast<std::int32_t>(a.sequence - b.sequence);
  return ahead > 0 || (ahead == 0 && a_index < b_index);
}

/// What load() found: the newest usable copy, if any, and what each copy holds (its
/// block stays in the flash: ConfigStore::read_block).
struct StoredConfig {
  bool found{false};
  std::uint8_t copy{0};
  CopyInfo info{};
  std::array<CopyInfo, kStoreCopies> copies{};
};

/// The step of a save or an erase (what a failure names).
enum class StoreStep : std::uint8_t { unlock, erase, program, verify };
[[nodiscard]] constexpr std::string_view name(StoreStep s) {
  switch (s) {
    case StoreStep::unlock: return "unlocking the flash";
    case StoreStep::erase: return "erasing";
    case StoreStep::program: return "programming";
    case StoreStep::verify: return "verifying";
  }
  return "unknown";
}

/// Where a save or an erase is after step(): running, or ended (error ok: done).
struct StoreProgress {
  bool busy{false};
  Errc error{Errc::ok};
  StoreStep step{StoreStep::unlock};
  std::uint8_t copy{0};  ///< the copy the step was on
};

}  // namespace a2a

#include "a2a/config/config_store_ops.hpp"  // IWYU pragma: export
