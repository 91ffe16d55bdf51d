// Run-time overrides of the configuration block: "key=value" words, as the
// controller device's `set` command and the tool pass them (docs/console.md), e.g.
//   topology=gsen ports=10 order=gray
//   ports=32 fault=2:5
// The keys, their owners, parsers and help are one table, kSetKeys (set_keys.hpp).
// When topology, ports or radix change and schedule is not given, the schedule
// becomes the default family of the new network (default_schedule_kind). Every key
// but fault is given once: a second `ports=` is refused (argument_repeated), not
// silently taken over the first.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/any_schedule.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/config/set_keys.hpp"
#include "a2a/status.hpp"

namespace a2a {

namespace detail {
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

/// A word of the override text that was refused, and why.
struct OverrideError {
  Errc error{Errc::ok};
  std::string_view word{};
};

/// Whose keys a text may give: the block's overrides take the block's, `set` every key.
enum class KeysTaken : std::uint8_t { block, all };

/// Applies the words of `text` to `settings`, all or none: on error the result is the
/// error and `failure` names the offending word (a word of `text` itself).
constexpr Result<Settings> apply_settings(const Settings& settings, std::string_view text, KeysTaken taken,
                                          OverrideError* failure = nullptr) {
  Settings s = settings;
  s.seen = {};
  auto refuse = [&](Errc e, std::string_view word) -> Result<Settings> {
    if (failure != nullptr) *failure = OverrideError{e, word};
    return e;
  };
  std::string_view rest = text;
  for (std::string_view word = next_word(rest); !word.empty(); word = next_word(rest)) {
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos) return refuse(Errc::argument_bad_value, word);
    const std::string_view key(word.data(), eq);
    const SetKey* entry = find_set_key(key);
    if (entry == nullptr || (taken == KeysTaken::block && entry->owner != KeyOwner::block))
      return refuse(Errc::argument_unknown_key, word);
    const std::uint32_t bit = key_bit(key);
    if (!entry->repeatable && (s.seen.keys & bit) != 0) return refuse(Errc::argument_repeated, word);
    s.seen.keys |= bit;
    if (const Errc e = entry->parse(s, std::string_view(word.data() + eq + 1, word.size() - eq - 1)); e != Errc::ok)
      return refuse(e, word);
  }
  if (s.seen.network_changed && !s.seen.schedule_given) {
    const auto net = make_network(s.config.topology, s.config.ports, s.config.radix);
    if (net) s.config.schedule = default_schedule_kind(*net);
  }
  return s;
}

/// Applies the block's overrides in `text` to `config`. On error `config` is unchanged
/// and `failure` names the offending word.
constexpr Result<ControllerConfig> apply_overrides(const ControllerConfig& config, std::string_view text,
                                                   OverrideError* failure = nullptr) {
  const Result<Settings> applied = apply_settings(Settings{config, {}, {}}, text, KeysTaken::block, failure);
  A2A_TRY(applied);
  return applied->config;
}

}  // namespace a2a
