// The host side of the register table (a2a/hal/register_table.hpp): what the program
// a2a_register_export prints. Hosted C++ (std::string): a build tool, never firmware.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "a2a/hal/register_table.hpp"

namespace a2a::hal::map::exporter {

/// The generated regions of docs/register-map.md, each between
/// <!-- NAME:begin --> and <!-- NAME:end --> lines.
inline constexpr std::array<std::string_view, 2> kRegions = {"register-table", "register-fields"};

/// The Markdown of region `name` (empty if there is no such region).
[[nodiscard]] std::string markdown(std::string_view name);

/// Where the block sits and how large it is, for the SVD.
struct SvdOptions {
  Capacity capacity{256, 16};              ///< the controller image's block (A2A_FW_MAX_PORTS, kMaxStages)
  std::uint64_t base_address{0x20300000};  ///< the FABRIC region of the MPS2 boards
};

/// A CMSIS-SVD 1.3 device file with the block as its one peripheral.
[[nodiscard]] std::string svd(const SvdOptions& options);

/// Upper-case hex digits of value, at least `digits` of them (no prefix).
[[nodiscard]] std::string hex_digits(std::uint64_t value, unsigned digits);

/// Hex as the doc writes it: upper case, at least `digits` digits, '_' every 4 digits.
[[nodiscard]] std::string doc_hex(std::uint64_t value, unsigned digits);

}  // namespace a2a::hal::map::exporter
