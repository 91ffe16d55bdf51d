// The options of one subcommand, as the modules read them: filled by the tool's
// command line (CLI11, cli_app.cpp) or parsed here from "--name value", "--name=value"
// and bare flags, each checked against a list of known options (the Python module's
// keyword arguments, platform/host/python).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace a2a::tool {

struct OptionSpec {
  std::string_view name;  ///< without the leading "--"
  bool takes_value{true};
  bool repeatable{false};
};

class Args {
 public:
  /// Parses `argv` (the words after the subcommand). Throws UsageError naming
  /// the problem: unknown option, missing value, option given twice, stray word.
  static Args parse(std::span<const std::string> argv, std::span<const OptionSpec> spec);

  [[nodiscard]] bool help() const { return help_; }
  [[nodiscard]] bool has(std::string_view name) const;
  /// The value of a single-valued option, if given.
  [[nodiscard]] std::optional<std::string> value(std::string_view name) const;
  /// Every value of a repeatable option, in command-line order.
  [[nodiscard]] std::vector<std::string> values(std::string_view name) const;
  /// A whole number option; `fallback` when absent. Throws on malformed numbers.
  [[nodiscard]] std::uint32_t number(std::string_view name, std::uint32_t fallback) const;
  [[nodiscard]] std::optional<std::uint32_t> optional_number(std::string_view name) const;

  /// What another parser found (CLI11, cli_app.cpp): one value of option `name`, "" for a flag.
  void add(const std::string& name, std::string value) { options_[name].push_back(std::move(value)); }
  /// A word that is no option (config decode's FILE, device's COMMAND and its arguments).
  void add_word(std::string word) { words_.push_back(std::move(word)); }
  [[nodiscard]] const std::vector<std::string>& words() const { return words_; }

 private:
  bool help_{false};
  std::map<std::string, std::vector<std::string>, std::less<>> options_;
  std::vector<std::string> words_;
};

/// A decimal whole number below 2^32; throws UsageError("<what> needs a whole number, got '<text>'").
std::uint32_t parse_number(std::string_view what, std::string_view text);

}  // namespace a2a::tool
