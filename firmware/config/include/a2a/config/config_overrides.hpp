// Run-time overrides of the configuration block: "key=value" words, as the
// controller device's `set` command passes them (docs/console.md), e.g.
//   topology=gsen ports=10 order=gray
//   ports=32 fault=2:5
// Keys: topology, ports, radix, schedule, order, fault (stage:switch, or
// Lstage:terminal for a dead link; repeatable; fault=none clears the list),
// degraded (on|off: leave out the pairs no relay reaches instead of refusing),
// settle_us and guard_us (switch hardware's settle and guard times, microseconds),
// fabric (a2a | spi-chain: what sets the switches).
// When topology, ports or radix change and schedule is not given, the schedule
// becomes the default family of the new network (default_schedule_kind). Every key
// but fault is given once: a second `ports=` is refused (argument_repeated), not
// silently taken over the first.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/any_schedule.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/status.hpp"

namespace a2a {

namespace detail {
constexpr bool parse_u32(std::string_view text, std::uint32_t& out) {
  if (text.empty() || text.size() > 10) return false;
  std::uint64_t v = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(ch - '0');
  }
  if (v > 0xFFFFFFFFULL) return false;
  out = static_cast<std::uint32_t>(v);
  return true;
}
constexpr bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }
}  // namespace detail

/// The one word splitter of the overrides, `set` and the console's commands: splits off
/// the first word of `text` (words are separated by spaces, tabs and line ends) and
/// leaves the rest in `text`; empty when no word is left. Sub-views are built from a
/// pointer and a length: substr() may throw, and firmware has no exceptions.
constexpr std::string_view next_word(std::string_view& text) {
  std::size_t at = 0;
  while (at < text.size() && detail::is_space(text[at])) ++at;
  std::size_t end = at;
  while (end < text.size() && !detail::is_space(text[end])) ++end;
  const std::string_view word(text.data() + at, end - at);
  text = std::string_view(text.data() + end, text.size() - end);
  return word;
}

/// A bit per key of the overrides (and of the device's `set`), to find a key given twice.
constexpr std::uint32_t key_bit(std::string_view key) {
  constexpr std::string_view kKeys[] = {"topology", "ports", "radix", "schedule",  "order",    "degraded",
                                        "slot_us",  "mode",  "trace", "settle_us", "guard_us", "fabric"};
  for (std::uint32_t k = 0; k < std::size(kKeys); ++k)
    if (kKeys[k] == key) return std::uint32_t{1} << k;
  return 0;  // unknown keys are refused for themselves
}

/// A word of the override text that was refused, and why.
struct OverrideError {
  Errc error{Errc::ok};
  std::string_view word{};
};

namespace detail {

/// One `fault=` value (STAGE:SWITCH, or Lstage:terminal for a dead link) added to
/// c's list; `none` clears it.
constexpr Errc add_fault(ControllerConfig& c, std::string_view value) {
  if (value == "none") {  // fault=none: no faulty switch (clears the list)
    c.fault_count = 0;
    return Errc::ok;
  }
  const bool link = !value.empty() && value[0] == 'L';  // L1:6: the dead link behind stage 1, terminal 6
  const std::string_view position(value.data() + (link ? 1 : 0), value.size() - (link ? 1 : 0));
  const std::size_t colon = position.find(':');
  std::uint32_t stage = 0;
  std::uint32_t sw = 0;
  if (colon == std::string_view::npos || !parse_u32(std::string_view(position.data(), colon), stage) ||
      !parse_u32(std::string_view(position.data() + colon + 1, position.size() - colon - 1), sw) ||
      stage >= kConfigLinkBit || sw > 0xFFFFU)
    return Errc::argument_bad_value;
  if (c.fault_count >= kMaxConfigFaults) return Errc::config_too_many_faults;
  c.faults[c.fault_count++] = {static_cast<std::uint16_t>(stage), static_cast<std::uint16_t>(sw), link};
  return Errc::ok;
}

/// What the words given so far changed, for the defaults applied at the end.
struct OverridesSeen {
  std::uint32_t keys{0};  ///< key_bit() of every key given so far
  bool network_changed{false};
  bool schedule_given{false};
  bool faults_given{false};
};

/// One key=value applied to c.
constexpr Errc apply_override(ControllerConfig& c, std::string_view key, std::string_view value, OverridesSeen& seen) {
  if (key == "topology") {
    const auto t = parse_topology(value);
    A2A_TRY(t);
    c.topology = *t;
    seen.network_changed = true;
  } else if (key == "ports" || key == "radix") {
    std::uint32_t v = 0;
    if (!parse_u32(value, v)) return Errc::argument_bad_value;
    (key == "ports" ? c.ports : c.radix) = v;
    seen.network_changed = true;
  } else if (key == "schedule") {
    const auto k = parse_schedule_kind(value);
    A2A_TRY(k);
    c.schedule = *k;
    seen.schedule_given = true;
  } else if (key == "order") {
    if (value != "natural" && value != "gray") return Errc::config_bad_order;
    c.order = value == "gray" ? RoundOrder::gray : RoundOrder::natural;
  } else if (key == "fault") {
    if (!seen.faults_given) c.fault_count = 0;  // overrides replace the block's fault list
    seen.faults_given = true;
    return add_fault(c, value);
  } else if (key == "degraded") {
    if (value != "on" && value != "off") return Errc::argument_bad_value;
    c.degraded = value == "on";
  } else if (key == "settle_us" || key == "guard_us") {
    std::uint32_t v = 0;
    if (!parse_u32(value, v)) return Errc::argument_bad_value;
    if (v > kMaxSwitchTimeMicros) return Errc::config_time_out_of_range;
    (key == "settle_us" ? c.settle_us : c.guard_us) = v;
  } else if (key == "fabric") {
    bool known = false;
    for (FabricBackend f : kAllFabricBackends)
      if (name(f) == value) {
        c.fabric = f;
        known = true;
      }
    if (!known) return Errc::config_unknown_fabric;
  } else {
    return Errc::argument_unknown_key;
  }
  return Errc::ok;
}

}  // namespace detail

/// Applies the overrides in `text` to `config`. On error `config` is unchanged and
/// `failure` names the offending word.
constexpr Result<ControllerConfig> apply_overrides(const ControllerConfig& config, std::string_view text,
                                                   OverrideError* failure = nullptr) {
  ControllerConfig c = config;
  detail::OverridesSeen seen;
  auto refuse = [&](Errc e, std::string_view word) -> Result<ControllerConfig> {
    if (failure != nullptr) *failure = OverrideError{e, word};
    return e;
  };
  std::string_view rest = text;
  for (std::string_view word = next_word(rest); !word.empty(); word = next_word(rest)) {
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos) return refuse(Errc::argument_bad_value, word);
    const std::string_view key(word.data(), eq);
    const std::string_view value(word.data() + eq + 1, word.size() - eq - 1);
    if (key != "fault") {
      const std::uint32_t bit = key_bit(key);
      if ((seen.keys & bit) != 0) return refuse(Errc::argument_repeated, word);
      seen.keys |= bit;
    }
    if (const Errc e = detail::apply_override(c, key, value, seen); e != Errc::ok) return refuse(e, word);
  }
  if (seen.network_changed && !seen.schedule_given) {
    const auto net = make_network(c.topology, c.ports, c.radix);
    if (net) c.schedule = default_schedule_kind(*net);
  }
  return c;
}

}  // namespace a2a
