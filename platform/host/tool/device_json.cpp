#include "device_json.hpp"

#include <algorithm>

namespace a2a::tool {
namespace {

bool all_digits(std::string_view text) {
  return !text.empty() && text.size() <= 18 &&  // fits an int64 without overflow
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

long long to_number(std::string_view digits) {
  long long value = 0;
  for (char c : digits) value = value * 10 + (c - '0');
  return value;
}

// "A/B" with both whole numbers: the progress form the device prints (rounds=16/16).
bool split_fraction(std::string_view text, long long& a, long long& b) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return false;
  const std::string_view left = text.substr(0, slash);
  const std::string_view right = text.substr(slash + 1);
  if (!all_digits(left) || !all_digits(right)) return false;
  a = to_number(left);
  b = to_number(right);
  return true;
}

std::vector<std::string_view> split(std::string_view text, std::string_view separator) {
  std::vector<std::string_view> parts;
  while (!text.empty()) {
    const auto at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + separator.size());
  }
  return parts;
}

// The second field of a summary's "A/B": what B counts, named for the two the
// device prints today, generically otherwise.
std::string fraction_name(const std::string& name) {
  if (name == "rounds") return "rounds_planned";
  if (name == "pairs_delivered") return "pairs_expected";
  return name + "_of";
}

}  // namespace

nlohmann::json parse_key_values(std::string_view words) {
  nlohmann::json fields = nlohmann::json::object();
  for (std::string_view word : split(words, " ")) {
    if (word.empty()) continue;
    const auto eq = word.find('=');
    if (eq == std::string_view::npos) {
      fields[std::string(word)] = true;
      continue;
    }
    const std::string key(word.substr(0, eq));
    const std::string_view value = word.substr(eq + 1);
    long long a = 0;
    long long b = 0;
    if (all_digits(value))
      fields[key] = to_number(value);
    else if (split_fraction(value, a, b))
      fields[key] = {{"done", a}, {"of", b}};
    else
      fields[key] = std::string(value);
  }
  return fields;
}

nlohmann::json parse_summary(std::string_view items) {
  nlohmann::json fields = nlohmann::json::object();
  for (std::string_view item : split(items, ", ")) {
    const auto space = item.rfind(' ');
    if (space == std::string_view::npos) continue;  // not "NAME VALUE": left to "lines"
    std::string name(item.substr(0, space));
    std::replace(name.begin(), name.end(), ' ', '_');
    const std::string_view value = item.substr(space + 1);
    long long a = 0;
    long long b = 0;
    if (all_digits(value)) {
      fields[name] = to_number(value);
    } else if (split_fraction(value, a, b)) {
      fields[name] = a;
      fields[fraction_name(name)] = b;
    } else {
      fields[name] = std::string(value);
    }
  }
  return fields;
}

nlohmann::json reply_json(const std::string& command, const std::vector<std::string>& lines, const ReplyEnd& end) {
  nlohmann::json reply = {{"command", command}, {"ok", end.ok}};
  reply["error"] = end.ok ? nlohmann::json(nullptr) : nlohmann::json(end.error);
  const std::size_t body = lines.empty() ? 0 : lines.size() - 1;
  reply["lines"] = std::vector<std::string>(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(body));
  nlohmann::json summaries = nlohmann::json::array();
  for (std::size_t i = 0; i < body; ++i) {
    const std::string_view line = lines[i];
    if (line.rfind("status: ", 0) == 0) reply["status"] = parse_key_values(line.substr(8));
    if (line.rfind("config: ", 0) == 0) reply["config"] = parse_key_values(line.substr(8));
    if (line.rfind("summary: ", 0) == 0) summaries.push_back(parse_summary(line.substr(9)));
  }
  if (!summaries.empty()) reply["summaries"] = summaries;
  return reply;
}

}  // namespace a2a::tool
