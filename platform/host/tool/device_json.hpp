// `a2a device --json`: one reply as one JSON object on one line, with the
// device's stable lines (docs/console.md) parsed into fields:
//   {"command": "...", "ok": true|false, "error": null|"...", "lines": [...],
//    "status": {...}, "config": {...}, "summaries": [{...}, ...]}
// The mapping is documented in docs/host-tool.md (`a2a device`).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "device_protocol.hpp"

namespace a2a::tool {

/// The words of a `status: ` or `config: ` line (after that prefix): key=value,
/// separated by spaces. Digits become numbers, `A/B` becomes {"done": A, "of": B},
/// anything else stays a string; a word without '=' is kept under its own name as true.
nlohmann::json parse_key_values(std::string_view words);

/// The items of a `summary: ` line (after that prefix): "NAME VALUE" separated by
/// ", ", NAME one or more words joined by '_'. A whole number VALUE is a number;
/// `A/B` gives NAME = A and a second field for B: `rounds` -> rounds_planned,
/// `pairs_delivered` -> pairs_expected, any other NAME -> NAME_of.
nlohmann::json parse_summary(std::string_view items);

/// The object for one reply: `lines` holds every line but the last (the ok/error line).
nlohmann::json reply_json(const std::string& command, const std::vector<std::string>& lines, const ReplyEnd& end);

}  // namespace a2a::tool
