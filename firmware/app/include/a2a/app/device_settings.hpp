// What the device runs next: the exchange configuration (from the flash block,
// changed by `set`), the device's own settings, and the faults `inject` arms in
// an emulated fabric for the next exchange.
//
// `set` takes every key of kSetKeys (a2a/config/set_keys.hpp: the configuration
// block's keys and the device's own, DeviceKnobs), all on one line, and applies
// them together or not at all.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/config/config_block.hpp"
#include "a2a/config/config_overrides.hpp"
#include "a2a/config/set_keys.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// Longest command line the console takes (characters, without the end of line).
inline constexpr std::size_t kMaxLineLength = 160;
/// Largest COUNT of `run COUNT`.
inline constexpr std::uint32_t kMaxRunCount = 1000;
/// Faults `inject` can arm before one exchange.
inline constexpr std::size_t kMaxInjections = 8;

/// The part of `text` from `at` for `count` characters (clamped): substr() without
/// its out_of_range throw, which firmware cannot take.
constexpr std::string_view slice(std::string_view text, std::size_t at, std::size_t count = std::string_view::npos) {
  if (at > text.size()) at = text.size();
  if (count > text.size() - at) count = text.size() - at;
  return {text.data() + at, count};
}

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

/// Applies the words of `text` (a `set` command's arguments) to `config` and `knobs`:
/// the block's keys and the device's, from one table (kSetKeys). No word at all is
/// argument_bad_value naming the whole text.
constexpr SetResult apply_set(const ControllerConfig& config, const DeviceKnobs& knobs, std::string_view text) {
  std::string_view words = text;
  if (next_word(words).empty()) return {Errc::argument_bad_value, text, config, knobs};
  OverrideError why;
  const Result<Settings> applied = apply_settings(Settings{config, knobs, {}}, text, KeysTaken::all, &why);
  if (!applied) return {why.error, why.word, config, knobs};
  return {Errc::ok, {}, applied->config, applied->knobs};
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
