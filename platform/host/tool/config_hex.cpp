#include "config_hex.hpp"

#include <map>

#include "tool_error.hpp"

namespace a2a::tool {
namespace {

constexpr char kHexDigits[] = "0123456789ABCDEF";

/// One record: ":" count, address, type, data, then the two's-complement checksum
/// that makes the sum of all its bytes 0 (mod 256).
void append_record(std::string& out, std::uint8_t type, std::uint16_t offset, std::span<const std::uint8_t> data) {
  std::vector<std::uint8_t> record = {static_cast<std::uint8_t>(data.size()), static_cast<std::uint8_t>(offset >> 8),
                                      static_cast<std::uint8_t>(offset & 0xFFU), type};
  record.insert(record.end(), data.begin(), data.end());
  std::uint8_t sum = 0;
  for (std::uint8_t b : record) sum = static_cast<std::uint8_t>(sum + b);
  record.push_back(static_cast<std::uint8_t>(0x100U - sum));
  out += ':';
  for (std::uint8_t b : record) {
    out += kHexDigits[b >> 4];
    out += kHexDigits[b & 0xFU];
  }
  out += '\n';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string hex32(std::uint32_t v) {
  std::string s = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) s += kHexDigits[(v >> shift) & 0xFU];
  return s;
}

std::string write_intel_hex(std::span<const std::uint8_t> bytes, std::uint32_t address) {
  std::string out;
  std::uint32_t page = 0;
  bool page_written = false;
  for (std::size_t at = 0; at < bytes.size();) {
    const std::uint32_t here = address + static_cast<std::uint32_t>(at);
    // Always state the upper half, even when it is 0: a reader's base must not
    // depend on what came before this file.
    if (!page_written || here >> 16 != page) {
      page = here >> 16;
      page_written = true;
      const std::uint8_t upper[] = {static_cast<std::uint8_t>(page >> 8), static_cast<std::uint8_t>(page & 0xFFU)};
      append_record(out, 0x04, 0, upper);
    }
    // Stop a record at 16 bytes and at the end of the 64 KiB page (a 16-bit offset).
    std::size_t length = bytes.size() - at;
    if (length > 16) length = 16;
    const std::size_t to_page_end = 0x10000U - (here & 0xFFFFU);
    if (length > to_page_end) length = to_page_end;
    append_record(out, 0x00, static_cast<std::uint16_t>(here & 0xFFFFU), bytes.subspan(at, length));
    at += length;
  }
  append_record(out, 0x01, 0, {});
  return out;
}

HexRun read_intel_hex(std::string_view text, const std::string& file) {
  std::map<std::uint32_t, std::uint8_t> memory;
  std::uint32_t base = 0;  // from type 02 (segment << 4) or type 04 (upper << 16)
  bool ended = false;
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const std::string where = file + " line " + std::to_string(line_number);
    if (ended) throw UsageError(where + ": a record after the end-of-file record");
    if (line[0] != ':') throw UsageError(where + ": a record must start with ':'");
    line.remove_prefix(1);
    if (line.size() % 2 != 0 || line.size() < 10)
      throw UsageError(where + ": not a record (too short, or an odd number of hex digits)");
    std::vector<std::uint8_t> record;
    for (std::size_t i = 0; i < line.size(); i += 2) {
      const int high = hex_value(line[i]);
      const int low = hex_value(line[i + 1]);
      if (high < 0 || low < 0) throw UsageError(where + ": '" + std::string(line.substr(i, 2)) + "' is not hex");
      record.push_back(static_cast<std::uint8_t>(high * 16 + low));
    }
    if (record.size() != std::size_t{record[0]} + 5)
      throw UsageError(where + ": the byte count says " + std::to_string(record[0]) + " data bytes, the record has " +
                       std::to_string(record.size() - 5));
    std::uint8_t sum = 0;
    for (std::uint8_t b : record) sum = static_cast<std::uint8_t>(sum + b);
    if (sum != 0) throw UsageError(where + ": checksum mismatch");
    const std::uint32_t offset = (std::uint32_t{record[1]} << 8) | record[2];
    const std::span<const std::uint8_t> data = std::span<const std::uint8_t>(record).subspan(4, record[0]);
    switch (record[3]) {
      case 0x00:
        for (std::size_t i = 0; i < data.size(); ++i) {
          const std::uint32_t address = base + ((offset + static_cast<std::uint32_t>(i)) & 0xFFFFU);
          const auto [slot, fresh] = memory.emplace(address, data[i]);
          if (!fresh && slot->second != data[i])
            throw UsageError(where + ": writes " + hex32(address) + " a second time with another value");
        }
        break;
      case 0x01: ended = true; break;
      case 0x02:
      case 0x04:
        if (data.size() != 2) throw UsageError(where + ": an extended address record needs 2 data bytes");
        base = ((std::uint32_t{data[0]} << 8) | data[1]) << (record[3] == 0x02 ? 4 : 16);
        break;
      case 0x03:
      case 0x05: break;  // start address: where an image begins executing, nothing to a block
      default: throw UsageError(where + ": unknown record type " + std::to_string(record[3]));
    }
  }
  if (!ended) throw UsageError(file + ": no end-of-file record (type 01): the file is cut short");
  if (memory.empty()) throw UsageError(file + ": the HEX file holds no data");
  HexRun run;
  run.address = memory.begin()->first;
  std::uint32_t next = run.address;
  for (const auto& [address, value] : memory) {
    if (address != next) break;
    run.bytes.push_back(value);
    ++next;
  }
  return run;
}

}  // namespace a2a::tool
