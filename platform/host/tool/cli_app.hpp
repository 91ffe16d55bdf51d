// The tool's command line on CLI11 (Debian libcli11-dev): subcommands, their options
// (declared with a placeholder and a help text, checked while parsing), generated
// --help. What CLI11 parses lands in an Args (cli_args.hpp), the one form the
// modules read, so the Python module's keyword arguments and the command line go
// through the same checks. CLI11's own parse errors are reworded into the tool's
// messages ("option --ports needs a value", "unknown option --threads"), exit status 2.
//
// A subcommand is one small function: declare it with command(), its options with
// value()/number()/flag()/repeated(), and give the function that runs it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli_args.hpp"

namespace a2a::tool {

/// What a subcommand's --help says around the options CLI11 lists.
struct CommandText {
  std::string name;
  std::string summary;      ///< one line, in `a2a --help`'s list of commands
  std::string usage;        ///< "a2a plan --topology T ..." (more lines indented to match)
  std::string description;  ///< what it does, before the options
  std::string footer{};     ///< after the options (exit status, a table)
};

using CommandRun = std::function<int(const Args&)>;

/// The range a number option must be in, and what it counts ("--threads needs at least 1 thread").
struct NumberRange {
  std::uint32_t min{0};
  std::uint32_t max{0xFFFFFFFFU};
  std::string unit{};
};

class CommandLine {
 public:
  CommandLine();

  /// Declares a subcommand of `parent` (the tool itself when null); `run` gets what
  /// was parsed. A command with subcommands of its own (config) gives no run.
  CLI::App& command(const CommandText& text, CommandRun run, CLI::App* parent = nullptr);

  /// An option with a value, e.g. value(app, "format", "F", "json (default) ...").
  static CLI::Option* value(CLI::App& app, const std::string& name, const std::string& placeholder,
                            const std::string& help);
  /// A whole number below 2^32 ("--ports needs a whole number, got '8x'") in `range`
  /// ("--threads needs at least 1 thread, got 0", "--threads 65 is too many (at most 64)").
  static CLI::Option* number(CLI::App& app, const std::string& name, const std::string& placeholder,
                             const std::string& help, const NumberRange& range = NumberRange{});
  /// An option that may be given several times (--fault).
  static CLI::Option* repeated(CLI::App& app, const std::string& name, const std::string& placeholder,
                               const std::string& help);
  /// A flag: no value ("option --all takes no value").
  static CLI::Option* flag(CLI::App& app, const std::string& name, const std::string& help);
  /// The positional words (config decode's FILE, device's COMMAND); `prefix`: every word
  /// from the first positional on is the command's, options included (device; its help
  /// says so in the command's footer).
  static void words(CLI::App& app, const std::string& placeholder, const std::string& help, bool prefix = false);

  /// Parses argv and runs the subcommand; returns the exit status. Every failure is a
  /// message on stderr "a2a <command>: error: ..." and exit status 2.
  int run(int argc, char** argv);

 private:
  struct Entry {
    CommandText text;
    CommandRun run;
  };
  int dispatch(const CLI::App& app);
  void print_tool_usage(std::FILE* to) const;

  CLI::App app_;
  std::map<const CLI::App*, Entry> entries_;
};

}  // namespace a2a::tool
