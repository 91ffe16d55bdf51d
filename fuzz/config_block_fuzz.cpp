// Fuzz target: the controller's configuration block (decode_config, plan_exchange)
// and its key=value overrides (apply_overrides), the input the firmware reads
// from flash and from its command line before it writes any register.
//
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//  - a block that decodes re-encodes to the very same 64 bytes;
//  - every refusal names an error that has its own message;
//  - a configuration that plans gives a schedule whose sends stay in range;
//  - a refused override names a word of the text, and the error it reports.
// Most random blocks fail the CRC; the target also decodes a copy with the
// framing (magic, version, size, CRC) repaired, so the fields behind it are explored.
#include <a2a/config/config_block.hpp>
#include <a2a/config/config_overrides.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace {

/// Largest N planned here. Some families verify their configuration set at
/// planning time in O(N^2) (the GSEN broadcast: more than 2 minutes under ASan
/// for N = 59258, a finding of this fuzzer); the firmware refuses N above its image
/// capacity before it plans (device.hpp), so larger N are only decoded.
constexpr std::uint32_t kMaxPlannedPorts = 1024;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

void require_described(a2a::Errc e) {
  require(e != a2a::Errc::ok);
  require(a2a::describe(e) != "unknown error");
}

/// A planned exchange must stay inside its network.
void check_plan(const a2a::ControllerConfig& config) {
  if (config.ports > kMaxPlannedPorts) return;
  const a2a::Result<a2a::AnySchedule> planned = a2a::plan_exchange(config);
  if (!planned) return require_described(planned.error());
  const a2a::Network net = planned->network();
  require(net.ports == config.ports && net.radix == config.radix && net.topology == config.topology);
  require(planned->rounds() >= net.ports);
  for (std::uint32_t r : {0U, planned->rounds() / 2, planned->rounds() - 1}) {
    const auto round = planned->round(r);
    for (std::uint32_t port : {0U, net.ports / 2, net.ports - 1}) {
      const a2a::PortSend s = planned->send(round, port);
      require(!s.sends || (s.destination < net.ports && s.tag < net.stage_words()));
    }
  }
  require(planned->checked_round(planned->rounds()).error() == a2a::Errc::round_out_of_range);
}

void check_block(std::span<const std::uint8_t> bytes) {
  const a2a::Result<a2a::ControllerConfig> decoded = a2a::decode_config(bytes);
  if (!decoded) return require_described(decoded.error());
  const auto again = a2a::encode_config(*decoded);
  require(std::equal(again.begin(), again.end(), bytes.begin()));
  require(a2a::decode_config(again).ok() && *a2a::decode_config(again) == *decoded);
  check_plan(*decoded);
}

void check_overrides(std::string_view text) {
  a2a::OverrideError why;
  const a2a::ControllerConfig base{};
  const a2a::Result<a2a::ControllerConfig> applied = a2a::apply_overrides(base, text, &why);
  if (!applied) {
    require_described(applied.error());
    require(why.error == applied.error());
    require(!why.word.empty() && why.word.data() >= text.data() &&
            why.word.data() + why.word.size() <= text.data() + text.size());
    return;
  }
  check_plan(*applied);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, size);
  check_block(input);

  // The same bytes with valid framing: magic, version, size and CRC repaired.
  std::array<std::uint8_t, a2a::kConfigBlockSize> block{};
  std::copy_n(input.begin(), std::min(size, block.size()), block.begin());
  const std::span<std::uint8_t> b(block);
  a2a::detail::store_le(b, 0, 4, a2a::kConfigMagic);
  a2a::detail::store_le(b, 4, 2, a2a::kConfigVersion);
  a2a::detail::store_le(b, 6, 2, a2a::kConfigBlockSize);
  a2a::detail::store_le(b, 60, 4, a2a::crc32(std::span<const std::uint8_t>(block).first(60)));
  check_block(block);

  check_overrides(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
