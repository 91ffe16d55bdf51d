// `a2a device`: sends command lines to a controller's console (docs/console.md)
// over a serial port, a pty, TCP or a Unix socket, and prints the replies.
// Exit status: 0 every reply ended `ok`; 1 a reply ended `error: ...`; 2 usage,
// connection, timeout, reset, garbage (thrown, reported by main()).
#include <csignal>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cli_args.hpp"
#include "commands.hpp"
#include "device_json.hpp"
#include "device_link.hpp"
#include "device_protocol.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

DeviceTimeouts parse_timeout(const std::optional<std::string>& text) {
  DeviceTimeouts limits;
  if (!text) return limits;
  char* end = nullptr;
  const double seconds = std::strtod(text->c_str(), &end);
  if (text->empty() || *end != '\0' || !(seconds > 0.0) || seconds > 86400.0)
    throw UsageError("--timeout needs seconds, more than 0 and at most 86400, got '" + *text + "'");
  limits.silence_ms = static_cast<int>(std::ceil(seconds * 1000.0));
  limits.total = std::chrono::milliseconds(100LL * limits.silence_ms);
  limits.text = *text;
  return limits;
}

std::vector<std::string> read_script(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read script file '" + path + "'");
  std::vector<std::string> commands;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    commands.push_back(line);
  }
  return commands;
}

void print_line(const std::string& line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);  // stream: a long run shows its rounds as they come
}

/// Whether `command` is `reboot` (its first word).
bool is_reboot(const std::string& command) {
  const auto start = command.find_first_not_of(' ');
  if (start == std::string::npos) return false;
  const auto end = command.find(' ', start);
  return command.substr(start, end == std::string::npos ? std::string::npos : end - start) == "reboot";
}

int run_device(const Args& args) {
  const auto target_text = args.value("connect");
  if (!target_text) throw UsageError("missing --connect TARGET (a serial device, tcp:HOST:PORT or unix:PATH)");
  const DeviceTarget target = parse_device_target(*target_text);
  const DeviceTimeouts limits = parse_timeout(args.value("timeout"));
  const unsigned baud = args.number("baud", 115200);
  const bool json = args.has("json");
  std::string command_line;  // the words after the options, whatever they look like (`set ports=32`)
  for (const std::string& word : args.words()) command_line += (command_line.empty() ? "" : " ") + word;
  const auto script = args.value("script");
  if (script && !command_line.empty()) throw UsageError("give either COMMAND or --script FILE, not both");
  if (!script && command_line.empty()) throw UsageError("no command to send: give COMMAND [ARGS...] or --script FILE");
  const std::vector<std::string> commands = script ? read_script(*script) : std::vector<std::string>{command_line};

  std::signal(SIGPIPE, SIG_IGN);  // a closed socket is an error to report, not a silent death
  DeviceLink link(target, baud, limits.silence_ms);
  LineReader reader(link);
  const std::vector<std::string> banner = drain_console(reader, limits);
  if (json && !banner.empty()) print_line(nlohmann::json{{"banner", banner}}.dump());

  for (std::size_t k = 0; k < commands.size(); ++k) {
    link.write_all(commands[k] + "\n", limits.silence_ms);
    std::vector<std::string> lines;
    const ReplyEnd end = read_reply(reader, limits, [&](const std::string& line) {
      if (json)
        lines.push_back(line);  // one object per reply: held until its last line
      else
        print_line(line);
    });
    if (json) print_line(reply_json(commands[k], lines, end).dump());
    if (end.ok && is_reboot(commands[k])) {  // the board resets after the reply: its banner next
      const std::vector<std::string> next = await_banner(reader, limits);
      if (json)
        print_line(nlohmann::json{{"banner", next}}.dump());
      else
        for (const std::string& line : next) print_line(line);
    }
    if (!end.ok) {
      if (script && k + 1 < commands.size())
        std::fprintf(stderr,
                     "a2a device: stopped at '%s' (script %s): the device answered error: %s; "
                     "%zu command(s) not sent\n",
                     commands[k].c_str(), script->c_str(), end.error.c_str(), commands.size() - k - 1);
      return kExitViolations;
    }
  }
  return kExitClean;
}

}  // namespace

void add_device_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"device", "send commands to a controller's console (serial, pty, tcp:, unix:)",
       "a2a device --connect TARGET [--timeout S] [--baud B] [--json] [--script FILE] [COMMAND [ARGS...]]",
       "Send command lines to a controller's console (docs/console.md) and print the replies.",
       "COMMAND [ARGS...]: one console command line, e.g. run or set ports=32 (the words after the\n"
       "options, whatever they look like)\n\n"
       "exit status: 0 every reply ok, 1 a reply was an error, 2 usage, connection, timeout, reset or garbage\n"},
      run_device);
  CommandLine::value(app, "connect", "TARGET", "/dev/ttyUSB0 or a pty path (raw 8N1), tcp:HOST:PORT, unix:PATH");
  CommandLine::value(app, "timeout", "S",
                     "longest silence while a reply is due, seconds (default 30);\none reply may last at most 100 x S");
  CommandLine::number(app, "baud", "B", "serial speed (default 115200)");
  CommandLine::flag(app, "json", "each reply as one JSON object per line");
  CommandLine::value(app, "script", "FILE", "send each line of FILE (blank and # lines skipped); stop at an error");
  CommandLine::words(app, "COMMAND", "", true);
}

}  // namespace a2a::tool
