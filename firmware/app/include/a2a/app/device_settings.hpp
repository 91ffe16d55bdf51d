// What the device runs next: the exchange configuration (from the flash block,
// changed by `set`), the device's own settings, and the faults `inject` arms in
// an emulated fabric for the next exchange.
//
// `set` takes the configuration block's override keys (config_overrides.hpp:
// topology, ports, radix, schedule, order, fault) and the device keys below, all
// on one line, and applies them together or not at all.
//
// The device keys say how this device runs rounds (pacing, look-ahead, trace),
// not which exchange: they are not in the configuration block, so a block stays
// valid on any board, whatever its slot timer, and its format (version 1) stays.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "a2a/config/config_block.hpp"
#include "a2a/config/config_overrides.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Longest command line the console takes (characters, without the end of line).
inline constexpr std::size_t kMaxLineLength = 160;
/// Largest COUNT of `run COUNT`.
inline constexpr std::uint32_t kMaxRunCount = 1000;
/// Largest slot period (`set slot_us=`): one second.
inline constexpr std::uint32_t kMaxSlotMicros = 1000000;
/// Faults `inject` can arm before one exchange.
inline constexpr std::size_t kMaxInjections = 8;

/// The part of `text` from `at` for `count` characters (clamped): substr() without
/// its out_of_range throw, which firmware cannot take.
constexpr std::string_view slice(std::string_view text, std::size_t at, std::size_t count = std::string_view::npos) {
  if (at > text.size()) at = text.size();
  if (count > text.size() - at) count = text.size() - at;
  return {text.data() + at, count};
}

/// How `run` drives the rounds (`set mode=`).
enum class RunMode : std::uint8_t {
  direct,     ///< the round loop: program, commit, wait for STATUS (round_runner.hpp)
  lookahead,  ///< the board's slot timer commits each round (lookahead.hpp; needs slot_us > 0)
};

constexpr std::string_view name(RunMode m) { return m == RunMode::lookahead ? "lookahead" : "direct"; }

/// The device's own keys of `set`.
struct DeviceKnobs {
  std::uint32_t slot_us{0};  ///< 0: rounds back to back; else one round per slot of this many microseconds
  RunMode mode{RunMode::direct};
  bool trace{true};  ///< print a line per round
  friend constexpr bool operator==(const DeviceKnobs&, const DeviceKnobs&) = default;
};

/// A fault armed with `inject`: switch `switch_index` of `stage` fails from `round` of
/// the next exchange: dead, or stuck in `state` (stuck); hidden: FAULT does not mark it.
struct Injection {
  std::uint32_t stage{0};
  std::uint32_t switch_index{0};
  std::uint32_t round{0};
  bool stuck{false};
  std::uint32_t state{0};
  bool hidden{false};
};

/// The result of `set`: the new configuration and knobs, or the word refused and why.
struct SetResult {
  Errc error{Errc::ok};
  std::string_view word{};
  ControllerConfig config{};
  DeviceKnobs knobs{};
};

/// Applies the words of `text` (a `set` command's arguments) to `config` and `knobs`.
/// Device keys are taken here; the rest go to apply_overrides() in one piece, so its
/// rule (a new network gets its default family unless schedule= is given) holds.
constexpr SetResult apply_set(const ControllerConfig& config, const DeviceKnobs& knobs, std::string_view text) {
  SetResult out{Errc::ok, {}, config, knobs};
  std::array<char, kMaxLineLength> rest{};
  std::size_t used = 0;
  bool any = false;
  std::uint32_t device_keys = 0;  // key_bit() of the device keys given (the others: apply_overrides)
  std::string_view words = text;
  for (std::string_view word = next_word(words); !word.empty(); word = next_word(words)) {
    any = true;
    const std::size_t eq = word.find('=');
    const std::uint32_t bit = eq == std::string_view::npos ? 0U : key_bit(slice(word, 0, eq));
    if ((device_keys & bit) != 0) return {Errc::argument_repeated, word, config, knobs};
    if (word.starts_with("slot_us=")) {
      std::uint32_t v = 0;
      if (!a2a::detail::parse_u32(slice(word, 8), v) || v > kMaxSlotMicros)
        return {Errc::argument_bad_value, word, config, knobs};
      out.knobs.slot_us = v;
      device_keys |= bit;
    } else if (word.starts_with("mode=")) {
      const std::string_view v = slice(word, 5);
      if (v != "direct" && v != "lookahead") return {Errc::argument_bad_value, word, config, knobs};
      out.knobs.mode = v == "lookahead" ? RunMode::lookahead : RunMode::direct;
      device_keys |= bit;
    } else if (word.starts_with("trace=")) {
      const std::string_view v = slice(word, 6);
      if (v != "on" && v != "off") return {Errc::argument_bad_value, word, config, knobs};
      out.knobs.trace = v == "on";
      device_keys |= bit;
    } else {
      if (used + word.size() + 1 > rest.size()) return {Errc::argument_bad_value, word, config, knobs};
      for (char ch : word) rest[used++] = ch;
      rest[used++] = ' ';
    }
  }
  if (!any) return {Errc::argument_bad_value, text, config, knobs};
  OverrideError why;
  const Result<ControllerConfig> applied = apply_overrides(config, std::string_view(rest.data(), used), &why);
  if (!applied) {
    // why.word points into `rest`: name the same word in the caller's text instead.
    const std::size_t pos = text.find(why.word);
    const std::string_view word = pos == std::string_view::npos ? text : slice(text, pos, why.word.size());
    return {why.error, word, config, knobs};
  }
  out.config = *applied;
  return out;
}

/// Parses "STAGE:SWITCH" and an optional round of `inject`.
constexpr Result<Injection> parse_injection(std::string_view position, std::string_view round) {
  const std::size_t colon = position.find(':');
  Injection in;
  if (colon == std::string_view::npos || !a2a::detail::parse_u32(slice(position, 0, colon), in.stage) ||
      !a2a::detail::parse_u32(slice(position, colon + 1), in.switch_index))
    return Errc::argument_bad_value;
  if (!round.empty() && !a2a::detail::parse_u32(round, in.round)) return Errc::argument_bad_value;
  return in;
}

/// One more word of `inject` after STAGE:SWITCH [ROUND]: `dead`, `stuck=K` or `hidden`
/// (argument_bad_value: none of them; argument_repeated: a kind given twice).
constexpr Errc parse_injection_word(std::string_view word, Injection& in, bool& kind_given) {
  if (word == "hidden") {
    if (in.hidden) return Errc::argument_repeated;
    in.hidden = true;
    return Errc::ok;
  }
  if (kind_given) return Errc::argument_repeated;
  kind_given = true;
  if (word == "dead") return Errc::ok;
  if (word.substr(0, 6) == "stuck=" && a2a::detail::parse_u32(word.substr(6), in.state) && in.state < 2) {
    in.stuck = true;
    return Errc::ok;
  }
  return Errc::argument_bad_value;
}

}  // namespace a2a::app
