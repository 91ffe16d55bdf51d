// The keys of `set` (and of the tool's and the block's overrides), in one table:
// each key's owner (the configuration block, or the device's own settings), its
// parser and its help text. apply_settings() (config_overrides.hpp) looks words up
// here, the console's `help` prints this table, and a key given twice is found by
// its position here (key_bit()).
//
// The device keys say how a device runs rounds (pacing, look-ahead, trace), not
// which exchange: they are not in the configuration block, so a block stays valid
// on any board, whatever its slot timer, and its format (version 1) stays.
#pragma once

#include <array>
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
}  // namespace detail

/// Largest slot period (`set slot_us=`): one second.
inline constexpr std::uint32_t kMaxSlotMicros = 1000000;

/// How the device's `run` drives the rounds (`set mode=`).
enum class RunMode : std::uint8_t {
  direct,     ///< the round loop: program, commit, wait for STATUS (round_runner.hpp)
  lookahead,  ///< the board's slot timer commits each round (lookahead.hpp; needs slot_us > 0)
};

constexpr std::string_view name(RunMode m) { return m == RunMode::lookahead ? "lookahead" : "direct"; }

/// The device's own keys of `set`: how it runs rounds, kept beside the block.
struct DeviceKnobs {
  std::uint32_t slot_us{0};  ///< 0: rounds back to back; else one round per slot of this many microseconds
  RunMode mode{RunMode::direct};
  bool trace{true};  ///< print a line per round
  friend constexpr bool operator==(const DeviceKnobs&, const DeviceKnobs&) = default;
};

/// What the words given so far changed, for the defaults applied at the end.
struct SettingsSeen {
  std::uint32_t keys{0};  ///< key_bit() of every key given so far
  bool network_changed{false};
  bool schedule_given{false};
  bool faults_given{false};
};

/// What `set`'s words change: the block's configuration and the device's knobs.
struct Settings {
  ControllerConfig config{};
  DeviceKnobs knobs{};
  SettingsSeen seen{};
};

/// Who keeps a key: the configuration block (saved, planned) or the device.
enum class KeyOwner : std::uint8_t { block, device };

/// Values a key takes that the help lists from the build (the names a2a knows).
enum class KeyChoices : std::uint8_t { none, topologies, schedules, fabrics };

/// One key of `set`: its parser takes the text after '=' (argument_bad_value, or a
/// more specific code, when it does not parse).
struct SetKey {
  std::string_view name;
  KeyOwner owner;
  bool repeatable;  ///< fault= may be given again (each adds to the list)
  Errc (*parse)(Settings&, std::string_view value);
  std::string_view values;  ///< the value's form, for the help
  KeyChoices choices;
  std::string_view help;
};

namespace detail {

constexpr Errc parse_topology_key(Settings& s, std::string_view value) {
  const auto t = parse_topology(value);
  A2A_TRY(t);
  s.config.topology = *t;
  s.seen.network_changed = true;
  return Errc::ok;
}

template <std::uint32_t ControllerConfig::*Field>
constexpr Errc parse_network_size(Settings& s, std::string_view value) {
  if (!parse_u32(value, s.config.*Field)) return Errc::argument_bad_value;
  s.seen.network_changed = true;
  return Errc::ok;
}

constexpr Errc parse_schedule_key(Settings& s, std::string_view value) {
  const auto k = parse_schedule_kind(value);
  A2A_TRY(k);
  s.config.schedule = *k;
  s.seen.schedule_given = true;
  return Errc::ok;
}

constexpr Errc parse_order_key(Settings& s, std::string_view value) {
  if (value != "natural" && value != "gray") return Errc::config_bad_order;
  s.config.order = value == "gray" ? RoundOrder::gray : RoundOrder::natural;
  return Errc::ok;
}

/// One `fault=` value (STAGE:SWITCH, or Lstage:terminal for a dead link) added to the
/// list, which the first fault= of the words replaces; `none` clears it.
constexpr Errc parse_fault_key(Settings& s, std::string_view value) {
  ControllerConfig& c = s.config;
  if (!s.seen.faults_given) c.fault_count = 0;  // the words replace the block's fault list
  s.seen.faults_given = true;
  if (value == "none") {
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

/// on|off into `flag`.
constexpr Errc parse_on_off(std::string_view value, bool& flag) {
  if (value != "on" && value != "off") return Errc::argument_bad_value;
  flag = value == "on";
  return Errc::ok;
}

constexpr Errc parse_degraded_key(Settings& s, std::string_view value) {
  return parse_on_off(value, s.config.degraded);
}

template <std::uint32_t ControllerConfig::*Field>
constexpr Errc parse_switch_time(Settings& s, std::string_view value) {
  std::uint32_t v = 0;
  if (!parse_u32(value, v)) return Errc::argument_bad_value;
  if (v > kMaxSwitchTimeMicros) return Errc::config_time_out_of_range;
  s.config.*Field = v;
  return Errc::ok;
}

constexpr Errc parse_fabric_key(Settings& s, std::string_view value) {
  for (FabricBackend f : kAllFabricBackends)
    if (name(f) == value) {
      s.config.fabric = f;
      return Errc::ok;
    }
  return Errc::config_unknown_fabric;
}

constexpr Errc parse_slot_key(Settings& s, std::string_view value) {
  std::uint32_t v = 0;
  if (!parse_u32(value, v) || v > kMaxSlotMicros) return Errc::argument_bad_value;
  s.knobs.slot_us = v;
  return Errc::ok;
}

constexpr Errc parse_mode_key(Settings& s, std::string_view value) {
  if (value != "direct" && value != "lookahead") return Errc::argument_bad_value;
  s.knobs.mode = value == "lookahead" ? RunMode::lookahead : RunMode::direct;
  return Errc::ok;
}

constexpr Errc parse_trace_key(Settings& s, std::string_view value) { return parse_on_off(value, s.knobs.trace); }

}  // namespace detail

/// Every key of `set`, in the order `help` lists them (and key_bit() numbers them).
inline constexpr auto kSetKeys = std::to_array<SetKey>({
    {"topology", KeyOwner::block, false, detail::parse_topology_key, "", KeyChoices::topologies, "the network"},
    {"ports", KeyOwner::block, false, detail::parse_network_size<&ControllerConfig::ports>, "N", KeyChoices::none,
     "processors"},
    {"radix", KeyOwner::block, false, detail::parse_network_size<&ControllerConfig::radix>, "D", KeyChoices::none,
     "switch size (D x D)"},
    {"schedule", KeyOwner::block, false, detail::parse_schedule_key, "", KeyChoices::schedules,
     "the family (default: the network's own)"},
    {"order", KeyOwner::block, false, detail::parse_order_key, "natural|gray", KeyChoices::none, "round order"},
    {"fault", KeyOwner::block, true, detail::parse_fault_key, "STAGE:SWITCH|Lstage:terminal|none", KeyChoices::none,
     "a faulty switch or dead link (repeatable)"},
    {"degraded", KeyOwner::block, false, detail::parse_degraded_key, "on|off", KeyChoices::none,
     "leave out the pairs no relay reaches"},
    {"settle_us", KeyOwner::block, false, detail::parse_switch_time<&ControllerConfig::settle_us>, "0..1000000",
     KeyChoices::none, "switch settle time after a latch"},
    {"guard_us", KeyOwner::block, false, detail::parse_switch_time<&ControllerConfig::guard_us>, "0..1000000",
     KeyChoices::none, "least time from a round done to the next latch"},
    {"fabric", KeyOwner::block, false, detail::parse_fabric_key, "", KeyChoices::fabrics, "what sets the switches"},
    {"slot_us", KeyOwner::device, false, detail::parse_slot_key, "0..1000000", KeyChoices::none,
     "0: rounds back to back; else a round per slot"},
    {"mode", KeyOwner::device, false, detail::parse_mode_key, "direct|lookahead", KeyChoices::none,
     "lookahead: the slot timer commits each round"},
    {"trace", KeyOwner::device, false, detail::parse_trace_key, "on|off", KeyChoices::none, "a line per round"},
});

/// The entry of `key`, or nullptr (argument_unknown_key).
constexpr const SetKey* find_set_key(std::string_view key) {
  for (const SetKey& k : kSetKeys)
    if (k.name == key) return &k;
  return nullptr;
}

/// A bit per key, by its place in kSetKeys, to find a key given twice; 0 when unknown.
constexpr std::uint32_t key_bit(std::string_view key) {
  for (std::uint32_t k = 0; k < kSetKeys.size(); ++k)
    if (kSetKeys[k].name == key) return std::uint32_t{1} << k;
  return 0;
}

static_assert(kSetKeys.size() <= 32, "key_bit() keeps a key per bit of a 32-bit word");

}  // namespace a2a
