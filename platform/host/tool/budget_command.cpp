// a2a budget: whether a slot of --slot-us microseconds on a --cpu at --mhz fits
// the direct round loop or the look-ahead mode (docs/PERFORMANCE.md, "Look-ahead
// mode"), with the margin in cycles and percent.
//
// The counts are the measured ones: bench/results/slot-budget.json, which
// `bench/run-benchmarks.sh target` writes from its QEMU instruction counts
// (bench/target/collect.py lookahead). The build embeds that file
// (CMakeLists.txt: slot_budget_table.hpp); --table reads another one.
//  - direct loop: one round through the HAL (figure 1's HAL column: the
//    RoundStepper's two stores), and the same with the round's STATUS read and
//    checked before the next (what a loop that confirms each round costs);
//  - look-ahead: the board's slot interrupt (its instructions plus the exception
//    entry and return) and the producer's round in the main loop, both on the
//    one core within each slot;
//  - --ports N: the N port headers the main loop writes each round too (this
//    register block takes them from the controller).
// One cycle per instruction is assumed; the exception cycles per core are the
// table's (collect.py states them).
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <span>
#include <sstream>
#include <string>

#include "cli_args.hpp"
#include "commands.hpp"
#include "slot_budget_table.hpp"  // generated from bench/results/slot-budget.json (CMakeLists.txt)
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "a2a-slot-budget 1";

std::string known(const json& object);
std::string list(const json& array);

/// A decimal number above 0 (digits and one optional point; a leading minus reads as
/// a number, refused for being below 0): --mhz and --slot-us.
double positive_number(const std::string& option, const std::string& text, const char* unit) {
  bool digits = false;
  bool point = false;
  bool well_formed = !text.empty();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !point) {
      point = true;
    } else if (!(c == '-' && i == 0)) {
      well_formed = false;
    }
  }
  if (!well_formed || !digits) throw UsageError(option + " needs a number (" + unit + "), got '" + text + "'");
  const double value = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(value)) throw UsageError(option + " is too large: '" + text + "'");
  if (value <= 0) throw UsageError(option + " must be above 0, got '" + text + "'");
  return value;
}

json load_table(const std::optional<std::string>& path) {
  std::string text = kSlotBudgetTable;
  std::string where = "the built-in table (bench/results/slot-budget.json)";
  if (path) {
    std::ifstream in(*path);
    if (!in) throw UsageError("cannot read the table '" + *path + "'");
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    where = "'" + *path + "'";
  }
  json table;
  try {
    table = json::parse(text);
  } catch (const json::exception&) {
    throw UsageError(where + " is not valid JSON");
  }
  if (!table.is_object() || table.value("format", "") != kFormat)
    throw UsageError(where + " is not an a2a slot-budget table (format \"" + kFormat + "\")");
  if (!table.contains("cores") || !table["cores"].is_object() || table["cores"].empty() ||
      !table.contains("topologies") || !table["topologies"].is_array())
    throw UsageError(where + ": cores or topologies missing");
  return table;
}

std::string known(const json& object) {
  std::string names;
  for (const auto& item : object.items()) names += (names.empty() ? "" : ", ") + item.key();
  return names;
}

std::string list(const json& array) {
  std::string names;
  for (const auto& item : array) names += (names.empty() ? "" : ", ") + item.get<std::string>();
  return names;
}

/// "12", "52.8": a count as the table holds it.
std::string count(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

std::string cycles(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  std::string s = text;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

/// "fits, margin 6 cycles (4.2 %)" or "does not fit: 12 cycles over (8.3 %)".
std::string verdict(double need, double slot, bool& fits) {
  char text[96];
  fits = need <= slot;
  const double margin = slot - need;
  if (fits)
    std::snprintf(text, sizeof text, "fits, margin %s cycles (%.1f %%)", cycles(margin).c_str(), 100.0 * margin / slot);
  else
    std::snprintf(text, sizeof text, "does not fit: %s cycles over (%.1f %%)", cycles(-margin).c_str(),
                  100.0 * -margin / slot);
  return text;
}

double number_at(const json& object, const std::string& key, const std::string& where) {
  if (!object.contains(key) || !object[key].is_number()) throw UsageError("the table has no " + where + key);
  return object[key].get<double>();
}

int run_budget(const Args& args) {
  const json table = load_table(args.value("table"));
  const json& cores = table["cores"];
  const auto cpu = args.value("cpu");
  if (!cpu) throw UsageError("missing --cpu CPU (known: " + known(cores) + ")");
  if (!cores.contains(*cpu)) throw UsageError("unknown cpu '" + *cpu + "' (known: " + known(cores) + ")");
  const auto mhz_text = args.value("mhz");
  if (!mhz_text) throw UsageError("missing --mhz F (the clock in MHz)");
  const double mhz = positive_number("--mhz", *mhz_text, "MHz");
  const auto slot_text = args.value("slot-us");
  if (!slot_text) throw UsageError("missing --slot-us T (the slot in microseconds)");
  const double slot_us = positive_number("--slot-us", *slot_text, "microseconds");
  const std::string topology = args.value("topology").value_or("omega");
  bool measured = false;
  for (const auto& t : table["topologies"]) measured = measured || t == topology;
  if (!measured)
    throw UsageError("no counts for topology '" + topology + "' (measured: " + list(table["topologies"]) + ")");
  std::uint32_t ports = 0;
  if (args.has("ports")) {
    ports = args.number("ports", 0);
    if (ports == 0) throw UsageError("--ports must be at least 1 (leave it out for the switch settings alone)");
  }

  const json& core = cores[*cpu];
  const double slot = mhz * slot_us;  // cycles a slot, at one cycle per instruction
  const double exception = number_at(core, "exception_cycles", *cpu + ".");
  const double direct = number_at(core["direct_round"], topology, *cpu + ".direct_round.");
  const double confirmed = number_at(core["direct_confirmed"], topology, *cpu + ".direct_confirmed.");
  const double producer = number_at(core["producer_round"], topology, *cpu + ".producer_round.");
  const double per_port = number_at(core, "port_header", *cpu + ".");
  const double headers = ports * per_port;

  std::printf(
      "%s at %s MHz, slot %s us: %s cycles a slot; %s, %s\n", cpu->c_str(), count(mhz).c_str(), count(slot_us).c_str(),
      cycles(slot).c_str(), topology.c_str(),
      ports == 0 ? "the switch settings alone" : ("with " + std::to_string(ports) + " port headers a round").c_str());
  std::printf("counts measured under QEMU on %s (%s), one cycle per instruction\n",
              core.value("measured_on", "?").c_str(),
              args.value("table") ? args.value("table")->c_str() : "bench/results/slot-budget.json");
  if (ports != 0)
    std::printf("port headers: %u x %s = %s cycles a round, in either mode\n", ports, count(per_port).c_str(),
                cycles(headers).c_str());
  bool any = false;
  bool fits = false;
  const double direct_need = direct + headers;
  std::printf("direct loop: %s cycles a round (through the HAL%s): %s\n", cycles(direct_need).c_str(),
              ports == 0 ? "" : (" " + count(direct) + " + the headers").c_str(),
              verdict(direct_need, slot, fits).c_str());
  any = any || fits;
  const double confirmed_need = confirmed + headers;
  std::printf("direct loop, each round's STATUS checked: %s cycles a round: %s\n", cycles(confirmed_need).c_str(),
              verdict(confirmed_need, slot, fits).c_str());
  any = any || fits;
  for (const auto& isr : core["slot_interrupts"]) {
    const double instructions = number_at(isr, "instructions", *cpu + ".slot_interrupts[].");
    const double need = instructions + exception + producer + headers;
    std::printf(
        "look-ahead (%s's slot timer): %s cycles a slot (interrupt %s + %s exception entry and return, "
        "producer %s%s): %s\n",
        isr.value("board", "?").c_str(), cycles(need).c_str(), count(instructions).c_str(), count(exception).c_str(),
        count(producer).c_str(), ports == 0 ? "" : " + the headers", verdict(need, slot, fits).c_str());
    any = any || fits;
  }
  return any ? kExitClean : kExitViolations;
}

}  // namespace

void add_budget_command(CommandLine& cli) {
  const json table = json::parse(kSlotBudgetTable);
  CLI::App& app = cli.command(
      {"budget", "whether a slot fits the direct round loop or the look-ahead mode",
       "a2a budget --cpu CPU --mhz F --slot-us T [--topology T] [--ports N] [--table FILE]",
       "Whether one round per slot of T microseconds fits a CPU at F MHz: the direct round loop (a round\n"
       "through the HAL, alone and with its STATUS checked) and the look-ahead mode (a timer interrupt writes each "
       "slot's STAGE_CTRL word and\n"
       "COMMIT from a ring the main loop fills ahead), from the instruction counts measured under QEMU\n"
       "(bench/results/slot-budget.json, written by bench/run-benchmarks.sh target), assuming one cycle per\n"
       "instruction plus the exception entry and return. Exit status 0: a mode fits; 1: neither does."},
      run_budget);
  CommandLine::value(app, "cpu", "CPU", "the core (known: " + known(table["cores"]) + ")");
  CommandLine::value(app, "mhz", "F", "its clock in MHz (a number above 0, e.g. 72 or 16.5)");
  CommandLine::value(app, "slot-us", "T", "the slot in microseconds (a number above 0, e.g. 2 or 0.5)");
  CommandLine::value(app, "topology", "T", "the network (default omega; measured: " + list(table["topologies"]) + ")");
  CommandLine::number(app, "ports", "N",
                      "the main loop also writes the N port headers each round (the controller's\n"
                      "register block takes them from it); default: the switch settings alone");
  CommandLine::value(app, "table", "FILE", "another table of counts (bench/target/collect.py lookahead --json)");
}

}  // namespace a2a::tool
