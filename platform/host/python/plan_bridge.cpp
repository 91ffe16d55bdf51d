#include "plan_bridge.hpp"

#include <algorithm>
#include <sstream>

#include "cli_args.hpp"
#include "dump_reader.hpp"
#include "dump_writer.hpp"
#include "schedule_select.hpp"
#include "switch_replay.hpp"
#include "tool_error.hpp"

namespace a2a::python {
namespace {

/// The options as the tool's parser gets them from a command line: "--name=value"
/// (so a value that starts with "--" is still a value), a flag as "--name". The one
/// place the module depends on the tool's option parsing.
tool::Args tool_args(const ToolOptions& options) {
  const std::vector<tool::OptionSpec> spec = tool::schedule_options();
  std::vector<std::string> argv;
  for (const auto& entry : options) {  // not a structured binding: clang 14 cannot capture one
    const std::string& option = entry.first;
    const auto found =
        std::find_if(spec.begin(), spec.end(), [&](const tool::OptionSpec& s) { return s.name == option; });
    const bool flag = found != spec.end() && !found->takes_value;
    argv.push_back("--" + option + (flag ? "" : "=" + entry.second));
  }
  return tool::Args::parse(argv, spec);
}

}  // namespace

Network network_from_options(const ToolOptions& options) { return tool::choose_network(tool_args(options)); }

std::unique_ptr<tool::Plan> plan_from_options(const ToolOptions& options) {
  return tool::load_plan(tool_args(options));
}

std::unique_ptr<tool::Plan> plan_from_json(const std::string& text, const std::string& source) {
  std::istringstream in(text);
  return tool::read_dump(in, source);
}

std::unique_ptr<tool::Plan> plan_from_file(const std::string& path) {
  // "-" is the tool's standard input; from Python, a file of that name.
  return tool::read_dump_file(path == "-" ? "./-" : path);
}

std::string plan_json(const tool::Plan& plan) {
  std::ostringstream out;
  tool::write_json_dump(plan, out);
  return out.str();
}

std::string plan_csv(const tool::Plan& plan) {
  std::ostringstream out;
  tool::write_csv_dump(plan, out);
  return out.str();
}

Verdict verify(const tool::Plan& plan, const std::optional<std::string>& backend, std::uint32_t threads,
               std::uint32_t max_reports) {
  // The checks and messages of `a2a verify --backend B --threads K`.
  if (backend && *backend != "fabric" && *backend != "route")
    throw tool::UsageError("unknown backend '" + *backend + "' (known: route, fabric)");
  if (threads == 0) throw tool::UsageError("threads needs at least 1 thread, got 0");
  if (threads > tool::kMaxVerifyThreads)
    throw tool::UsageError("threads " + std::to_string(threads) + " is too many (at most " +
                           std::to_string(tool::kMaxVerifyThreads) + ")");
  tool::ReplayFactory make_replay = tool::make_core_replay;
  if (backend != "route") {
    const std::string refusal = tool::fabric_replay_refusal(plan.info().net);
    if (refusal.empty()) {
      make_replay = tool::make_fabric_replay;
    } else if (backend) {
      throw tool::UsageError(refusal + " (use backend='route')");
    }
  }
  Verdict verdict;
  verdict.backend = std::string(make_replay()->backend());
  verdict.report = tool::verify_plan(
      plan, make_replay,
      [&](const std::string& line) {
        if (max_reports == 0 || verdict.violations.size() < max_reports) {
          verdict.violations.push_back(line);
        } else {
          ++verdict.unreported;
        }
      },
      {}, threads);
  return verdict;
}

}  // namespace a2a::python
