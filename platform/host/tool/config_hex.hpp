// Intel HEX for the configuration block: the form OpenOCD's `program`, vendor
// flashers and the micro:bit's USB drive take with the address included, so a
// block cannot be written to the wrong place by a forgotten command-line address.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace a2a::tool {

/// `v` as 0x and eight upper-case hex digits (an address in messages).
std::string hex32(std::uint32_t v);

/// `bytes` placed at `address`: a type 04 (extended linear address) record for each
/// 64 KiB page touched, type 00 data records of at most 16 bytes, and the type 01 end.
std::string write_intel_hex(std::span<const std::uint8_t> bytes, std::uint32_t address);

/// The bytes of a HEX file that run without a gap from the lowest address it holds.
struct HexRun {
  std::uint32_t address{0};
  std::vector<std::uint8_t> bytes;
};

/// Parses `text` (every record's syntax and checksum, record types 00-05, an end
/// record required) and returns its lowest contiguous run. Throws UsageError naming
/// `file` and the line for a malformed file, or one that holds no data.
HexRun read_intel_hex(std::string_view text, const std::string& file);

}  // namespace a2a::tool
