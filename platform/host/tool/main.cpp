// a2a: the planner's host command-line tool. Dispatches to the subcommands and
// turns every failure into a message naming the problem and exit status 2.
//
//   a2a list | plan | dump | verify | render | table | config | device | budget  [options]   (a2a <command> --help)
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "tool_error.hpp"

namespace {

struct Command {
  std::string_view name;
  int (*run)(std::span<const std::string>);
  const char* summary;
};

constexpr Command kCommands[] = {
    {"list", a2a::tool::run_list, "topologies and schedules, and the N and d each applies to"},
    {"plan", a2a::tool::run_plan, "a readable per-round table of a schedule"},
    {"dump", a2a::tool::run_dump, "the schedule as JSON or CSV, or exported: openoptics, mpi, matchings (docs/dump-format.md)"},
    {"verify", a2a::tool::run_verify, "replay a schedule or a dump switch by switch and judge it"},
    {"render", a2a::tool::run_render, "draw rounds as SVG"},
    {"table", a2a::tool::run_table, "rounds per N next to paper 000's R(N) and R_sc(N)"},
    {"config", a2a::tool::run_config, "encode or check a controller's configuration block (provisioning)"},
    {"device", a2a::tool::run_device, "send commands to a controller's console (serial, pty, tcp:, unix:)"},
    {"budget", a2a::tool::run_budget, "whether a slot fits the direct round loop or the look-ahead mode"},
};

void print_usage(std::FILE* to) {
  std::fprintf(to, "usage: a2a <command> [options]   (a2a <command> --help for its options)\n\ncommands:\n");
  for (const Command& c : kCommands) std::fprintf(to, "  %-8s %s\n", std::string(c.name).c_str(), c.summary);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::fprintf(stderr, "a2a: error: missing command\n");
    print_usage(stderr);
    return a2a::tool::kExitUsage;
  }
  if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_usage(stdout);
    return a2a::tool::kExitClean;
  }
  for (const Command& c : kCommands) {
    if (c.name != words[0]) continue;
    try {
      return c.run(std::span<const std::string>(words).subspan(1));
    } catch (const a2a::tool::UsageError& e) {
      std::fprintf(stderr, "a2a %s: error: %s\n", words[0].c_str(), e.what());
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr, "a2a %s: error: out of memory (the input or N is too large)\n", words[0].c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "a2a %s: error: %s\n", words[0].c_str(), e.what());
    }
    return a2a::tool::kExitUsage;
  }
  std::fprintf(stderr, "a2a: error: unknown command '%s'\n", words[0].c_str());
  print_usage(stderr);
  return a2a::tool::kExitUsage;
}
