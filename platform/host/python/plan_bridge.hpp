// What the Python module asks of the planner's tool, in plain C++ (no Python types):
// the tool's own schedule selection, dump reader and writer and verifier
// (platform/host/tool, target a2a_tool_lib), so a schedule, a dump and a verdict are
// the same in Python as with `a2a plan|dump|verify`, and so is every error message
// (a2a::tool::UsageError, which the module raises as a2a.Error).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plan.hpp"
#include "verifier.hpp"

namespace a2a::python {

/// The tool's schedule options by name ("topology", "ports", "schedule", "fault", ...)
/// with their values as the tool's command line would give them; a repeatable option
/// appears once per value.
using ToolOptions = std::vector<std::pair<std::string, std::string>>;

/// The network `a2a plan --topology T --ports N --radix d` would use.
Network network_from_options(const ToolOptions& options);
/// The plan `a2a dump` would write for these options.
std::unique_ptr<tool::Plan> plan_from_options(const ToolOptions& options);
/// A dump (docs/dump-format.md) read as `a2a verify --input` reads it; `source` names it in messages.
std::unique_ptr<tool::Plan> plan_from_json(const std::string& text, const std::string& source);
/// `a2a dump --input FILE`'s reading of FILE.
std::unique_ptr<tool::Plan> plan_from_file(const std::string& path);

/// `a2a dump --format json` / `--format csv` of the plan, as text.
std::string plan_json(const tool::Plan& plan);
std::string plan_csv(const tool::Plan& plan);

/// A verification as `a2a verify` runs it: the report, the replay's name, the first
/// `max_reports` violation lines (0: all) and how many more there were.
struct Verdict {
  tool::VerifyReport report;
  std::string backend;
  std::vector<std::string> violations;
  std::uint64_t unreported{0};
};
/// backend: "fabric", "route" or none (the tool's default: the fabric where it holds
/// the network, else route()); threads 1 .. tool::kMaxVerifyThreads.
Verdict verify(const tool::Plan& plan, const std::optional<std::string>& backend, std::uint32_t threads,
               std::uint32_t max_reports);

}  // namespace a2a::python
