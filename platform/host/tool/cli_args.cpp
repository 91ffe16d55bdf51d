#include "cli_args.hpp"

#include <algorithm>

#include "tool_error.hpp"

namespace a2a::tool {

std::uint32_t parse_number(std::string_view what, std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw UsageError(std::string(what) + " needs a whole number, got " + quoted);
  std::uint64_t value = 0;
  for (char c : text) {
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    if (value > 0xFFFFFFFFULL) throw UsageError(std::string(what) + " is too large: " + quoted);
  }
  return static_cast<std::uint32_t>(value);
}

Args Args::parse(std::span<const std::string> argv, std::span<const OptionSpec> spec) {
  Args args;
  for (std::size_t a = 0; a < argv.size(); ++a) {
    const std::string& word = argv[a];
    if (word == "--help" || word == "-h") {
      args.help_ = true;
      continue;
    }
    if (word.rfind("--", 0) != 0 || word.size() == 2)
      throw UsageError("unexpected argument '" + word + "' (options start with --; see --help)");
    std::string name = word.substr(2);
    std::optional<std::string> inline_value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const auto found = std::find_if(spec.begin(), spec.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (found == spec.end()) throw UsageError("unknown option --" + name + " (see --help)");
    if (!found->repeatable && args.options_.count(name) != 0) throw UsageError("option --" + name + " given twice");
    auto& slot = args.options_[name];
    if (!found->takes_value) {
      if (inline_value) throw UsageError("option --" + name + " takes no value");
      slot.emplace_back();
      continue;
    }
    if (inline_value) {
      slot.push_back(*inline_value);
    } else {
      if (a + 1 >= argv.size() || argv[a + 1].rfind("--", 0) == 0)
        throw UsageError("option --" + name + " needs a value");
      slot.push_back(argv[++a]);
    }
  }
  return args;
}

bool Args::has(std::string_view name) const { return options_.find(name) != options_.end(); }

std::optional<std::string> Args::value(std::string_view name) const {
  const auto it = options_.find(name);
  if (it == options_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::values(std::string_view name) const {
  const auto it = options_.find(name);
  return it == options_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<std::uint32_t> Args::optional_number(std::string_view name) const {
  const auto text = value(name);
  if (!text) return std::nullopt;
  return parse_number("--" + std::string(name), *text);
}

std::uint32_t Args::number(std::string_view name, std::uint32_t fallback) const {
  return optional_number(name).value_or(fallback);
}

}  // namespace a2a::tool
