// plan, dump, verify, render and table: each subcommand's declaration on the
// command line (add_*_command) and its run around the modules that do the work
// (schedule_select, plan_printer, dump_writer, verifier, svg_render, chart, paper_table).
#include "commands.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "chart.hpp"
#include "cli_app.hpp"
#include "cli_args.hpp"
#include "dump_writer.hpp"
#include "export_writer.hpp"
#include "paper_table.hpp"
#include "plan_printer.hpp"
#include "progress.hpp"
#include "schedule_select.hpp"
#include "svg_render.hpp"
#include "tool_error.hpp"
#include "verifier.hpp"

namespace a2a::tool {
namespace {

/// Runs `write` on the --out file, or on stdout when there is none.
template <class Write>
void write_output(const Args& args, Write write) {
  const auto path = args.value("out");
  if (!path || *path == "-") {
    write(std::cout);
    std::cout.flush();
    return;
  }
  std::ofstream file(*path, std::ios::binary | std::ios::trunc);
  if (!file) throw UsageError("cannot write '" + *path + "'");
  write(file);
  file.flush();
  if (!file) throw UsageError("error while writing '" + *path + "'");
}

/// --backend of verify and render: which SwitchReplay replays the switch states.
constexpr const char* kBackendHelp =
    "replay on: fabric (default) = the host simulated fabric, programmed\n"
    "through the HAL's registers as on a board; route = the core's route(),\n"
    "about twice as fast (the default too where the fabric cannot hold N)";

/// --backend, checked before any work is done: "fabric", "route", or none given.
std::optional<std::string> backend_option(const Args& args) {
  const auto backend = args.value("backend");
  if (backend && *backend != "fabric" && *backend != "route")
    throw UsageError("unknown backend '" + *backend + "' (known: route, fabric)");
  return backend;
}

/// The replays --backend names (one for each thread of verify); by default the fabric,
/// or the core's route() (with a note) for a network the fabric's register block cannot hold.
ReplayFactory replay_factory(const std::optional<std::string>& backend, const Network& net) {
  if (backend == "route") return make_core_replay;
  const std::string refusal = fabric_replay_refusal(net);
  if (refusal.empty()) return make_fabric_replay;
  if (backend) throw UsageError(refusal + " (use --backend route)");
  std::fprintf(stderr, "a2a: note: %s; replaying with the core's route() instead\n", refusal.c_str());
  return make_core_replay;
}

/// a2a render --chart: the chart's options checked, drawn into memory, then written.
int render_chart(const Args& args) {
  for (const char* option : {"ports", "round", "all", "input", "order", "fault", "fault-link", "degraded", "backend"})
    if (args.has(option))
      throw UsageError(std::string("--") + option +
                       " does not apply to --chart (a chart runs over N: --from N1 --to N2)");
  const std::string kind = *args.value("chart");
  const bool fault = kind == "fault";
  if (!fault && kind != "rounds") throw UsageError("unknown chart '" + kind + "' (known: rounds, fault)");
  const Topology topology = choose_topology(args);
  const std::uint32_t radix = args.number("radix", 2);
  const std::optional<ScheduleKind> schedule = named_schedule(args);
  if (fault && radix != 2)
    throw UsageError("--chart fault is for binary networks (d = 2), got --radix " + std::to_string(radix));
  if (fault && schedule)
    throw UsageError(
        "--schedule does not apply to --chart fault (the plan around a fault is the fault-tolerant schedule)");
  const std::uint32_t from = args.number("from", fault ? 16 : 4);
  // rounds: to the boards' largest GSEN (256); fault: to 128, about 4 s of planning.
  const std::uint32_t to = args.number("to", fault ? 128 : 256);
  const std::uint32_t largest = fault ? kFaultChartMaxPorts : kChartMaxPorts;
  if (from > to) throw UsageError("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  if (to > largest)
    throw UsageError("--to " + std::to_string(to) + " is above the largest N of --chart " + kind + " (" +
                     std::to_string(largest) + ")");
  const Chart chart = fault ? fault_chart(topology, from, to) : rounds_chart(topology, radix, schedule, from, to);
  std::ostringstream svg;
  write_chart_svg(chart, svg);
  write_output(args, [&](std::ostream& out) { out << svg.str(); });
  return kExitClean;
}

int run_plan(const Args& args) {
  const auto plan = load_plan(args);
  warn_about_faults(*plan);
  print_plan_table(*plan, std::cout);
  return kExitClean;
}

int run_dump(const Args& args) {
  const std::string format = args.value("format").value_or("json");
  using Writer = void (*)(const Plan&, std::ostream&);
  // The exports (export_writer) state each round as a matching; json and csv also
  // write a bad dump read back as it is, for verify to judge.
  struct Format {
    const char* name;
    Writer write;
    bool matchings_only;
  };
  static constexpr Format kFormats[] = {{"json", write_json_dump, false},
                                        {"csv", write_csv_dump, false},
                                        {"openoptics", write_openoptics_export, true},
                                        {"mpi", write_mpi_export, true},
                                        {"matchings", write_matchings_export, true}};
  const Format* chosen = nullptr;
  std::string known;
  for (const Format& f : kFormats) {
    if (f.name == format) chosen = &f;
    known += (known.empty() ? "" : ", ") + std::string(f.name);
  }
  if (chosen == nullptr) throw UsageError("unknown format '" + format + "' (known: " + known + ")");
  const auto plan = load_plan(args);
  warn_about_faults(*plan);
  if (chosen->matchings_only) check_exportable(*plan);  // before --out is opened: no partial file
  write_output(args, [&](std::ostream& out) { chosen->write(*plan, out); });
  return kExitClean;
}

int run_verify(const Args& args) {
  const std::uint32_t max_reports = args.number("max-reports", 100);
  const auto backend = backend_option(args);
  const std::uint32_t threads = args.number("threads", 1);  // 1 .. kMaxVerifyThreads (checked by the parser)
  const auto plan = load_plan(args);
  const ReplayFactory make_replay = replay_factory(backend, plan->info().net);
  const auto replay = make_replay();  // names the backend in the summary
  std::uint64_t reported = 0;
  std::uint64_t unreported = 0;
  VerifyReport report;
  {
    ProgressBar bar("verify");
    report = verify_plan(
        *plan, make_replay,
        [&](const std::string& message) {
          if (max_reports == 0 || reported < max_reports) {
            std::cout << "violation: " << message << '\n';
            ++reported;
          } else {
            ++unreported;
          }
        },
        [&](std::uint32_t done, std::uint32_t total) { bar.update(done, total); }, threads);
  }
  if (unreported != 0) std::cout << "(" << unreported << " more violations not shown; see --max-reports)\n";
  const Network& net = plan->info().net;
  std::cout << "verify " << name(net.topology) << " N = " << net.ports << " d = " << net.radix << " ("
            << plan->info().origin << ", replayed by " << replay->backend()
            << "): " << (report.clean() ? "clean: " : "FAILED: ") << summary_line(report) << '\n';
  return report.clean() ? kExitClean : kExitViolations;
}

int run_render(const Args& args) {
  if (args.has("chart")) return render_chart(args);
  for (const char* option : {"from", "to"})
    if (args.has(option)) throw UsageError(std::string("--") + option + " applies to --chart only");
  if (args.has("round") == args.has("all")) throw UsageError("give exactly one of --round K and --all");
  const std::optional<std::uint32_t> round = args.optional_number("round");
  const auto backend = backend_option(args);
  const auto plan = load_plan(args);
  warn_about_faults(*plan);
  const auto replay = replay_factory(backend, plan->info().net)();
  // Validate and draw into memory first, so a refused drawing leaves no half-written file.
  std::ostringstream svg;
  render_svg(*plan, round, *replay, svg);
  write_output(args, [&](std::ostream& out) { out << svg.str(); });
  return kExitClean;
}

int run_table(const Args& args) {
  std::optional<ScheduleKind> only;
  if (const auto text = args.value("schedule")) {
    const auto kind = parse_schedule_kind(*text);
    if (!kind) throw UsageError("unknown schedule '" + *text + "' (known: latin-square, alternating)");
    only = *kind;
  }
  const std::uint32_t from = args.number("from", 4);
  const std::uint32_t to = args.number("to", 128);
  if (from > to) throw UsageError("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  if (to > kMaxPorts) throw UsageError("--to " + std::to_string(to) + " is above the largest network (65536 ports)");
  print_round_table(from, to, only, std::cout);
  return kExitClean;
}

struct OptionHelp {
  std::string_view name;
  const char* placeholder;
  const char* help;
};

/// The help of the options every schedule-driven subcommand shares (their names:
/// schedule_options(), schedule_select.hpp).
constexpr OptionHelp kScheduleOptionHelp[] = {
    {"topology", "T",
     "omega, baseline, banyan, reverse-omega, reverse-baseline,\nreverse-banyan, gsen or shift (see a2a list)"},
    {"ports", "N", "number of processors (N = d^n; gsen: any even N >= 4; shift: 2^m)"},
    {"radix", "d", "switch size d x d (default 2; gsen, shift and optical need 2)"},
    {"schedule", "S",
     "latin-square, alternating, gsen-stage-control, doubly-alternating,\nquadruply-alternating, broadcast, ... (see "
     "a2a "
     "list; default: the\nfewest rounds known for the network)"},
    {"order", "O",
     "round order of latin-square, optical, shift and the GSEN\nfamilies over all 2^n words: natural "
     "(default) or gray"},
    {"fault", "STAGE:SWITCH[:stuck=K]",
     "a faulty switch (repeatable; with --fault-link at most 8); stuck=K:\nthe switch stays in state K (0 straight, 1 "
     "cross) and the plan\nuses it in that state only. Without\n--schedule (or with fault-tolerant) the plan "
     "relays around every\nfault: binary omega, baseline, banyan, their reverses or gsen\nN = 2^n >= 16; a fault no "
     "relay avoids is refused with its pair.\nWith another --schedule the faults are only marked and verify\nreports "
     "the messages that cross them"},
    {"fault-link", "STAGE:TERMINAL",
     "a dead link leaving stage STAGE (0 .. n-2) on TERMINAL\n(repeatable): planned around like a faulty switch"},
    {"degraded", "",
     "around faults that cut processors off or separate them: deliver\nevery other pair once and list "
     "those left out (else refused)"},
    {"input", "FILE", "read the schedule from a JSON dump instead (- = stdin)"},
};

}  // namespace

void add_schedule_options(CLI::App& app, bool with_input) {
  for (const OptionSpec& spec : schedule_options()) {
    if (spec.name == "input" && !with_input) continue;
    const auto* help = std::find_if(std::begin(kScheduleOptionHelp), std::end(kScheduleOptionHelp),
                                    [&](const OptionHelp& h) { return h.name == spec.name; });
    if (help == std::end(kScheduleOptionHelp)) throw std::logic_error("no help for --" + std::string(spec.name));
    const std::string name(spec.name);
    if (!spec.takes_value) {
      CommandLine::flag(app, name, help->help);
    } else if (spec.repeatable) {
      CommandLine::repeated(app, name, help->placeholder, help->help);
    } else if (name == "ports" || name == "radix") {
      CommandLine::number(app, name, help->placeholder, help->help);
    } else {
      CommandLine::value(app, name, help->placeholder, help->help);
    }
  }
}

void add_plan_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"plan", "a readable per-round table of a schedule",
       "a2a plan --topology T --ports N [--radix d] [--schedule S] [--order gray|natural] [--fault S:W]...\n"
       "       a2a plan --input dump.json",
       "Prints the schedule as a table: one row per round with its configuration (stage word,\n"
       "alternating configuration or per-switch states) and each port's destination/tag, or idle."},
      run_plan);
  add_schedule_options(app);
}

void add_dump_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"dump", "the schedule as JSON or CSV, or exported: openoptics, mpi, matchings (docs/dump-format.md)",
       "a2a dump --topology T --ports N [schedule options] [--format F] [--out FILE]",
       "Writes the complete schedule: JSON as in docs/conventions.md \"The schedule dump\", or CSV with one\n"
       "row per (round, port), or an export for the programs that run exchanges elsewhere. Every form\n"
       "is specified in docs/dump-format.md."},
      run_dump);
  add_schedule_options(app);
  CommandLine::value(app, "format", "F",
                     "json (default): the stable dump; csv: one row per (round, port);\n"
                     "openoptics: OpenOptics' slice table (a row per time slice, each\n"
                     "node's destination, -1 none) with its guard slices noted;\n"
                     "mpi: per step and rank the peer sent to and received from;\n"
                     "matchings: a line per round, each port's destination, - idle");
  CommandLine::value(app, "out", "FILE", "write to FILE instead of standard output");
}

void add_verify_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"verify", "replay a schedule or a dump switch by switch and judge it",
       "a2a verify --topology T --ports N [schedule options] [--max-reports K] [--backend B] [--threads K]\n"
       "       a2a verify --input dump.json",
       "Replays the schedule switch by switch from each round's switch states (not from the\n"
       "schedule's formulas), prints every violation and one summary line. Exit status 0 only\n"
       "when every ordered pair is delivered exactly once and nothing else is wrong, 1 otherwise."},
      run_verify);
  add_schedule_options(app);
  CommandLine::number(app, "max-reports", "K", "print at most K violations (default 100; 0: all)");
  CommandLine::value(app, "backend", "B", kBackendHelp);
  CommandLine::number(app, "threads", "K",
                      "replay the rounds on K threads (default 1, at most 64); the\nreport is the same as with one",
                      {1, kMaxVerifyThreads, "thread"});
}

void add_render_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"render", "draw rounds as SVG",
       "a2a render --topology T --ports N [schedule options] (--round K | --all) [--out FILE.svg] [--backend B]\n"
       "       a2a render --input dump.json (--round K | --all) [--out FILE.svg]\n"
       "       a2a render --chart rounds|fault --topology T [--radix d] [--schedule S] [--from N1] [--to N2]"
       " [--out FILE.svg]",
       "Draws rounds as SVG in the style of the papers' figures: stages as columns of switches\n"
       "with their states, the wiring between them, and every message's path in its own colour.\n"
       "With --chart, a line chart over N instead (docs/host-tool.md): rounds = the rounds of the\n"
       "schedule for every N of the family against the lower bound N (gsen: and paper 000's\n"
       "R(N), R_sc(N)); fault = rounds with one faulty switch, worst and best over its positions,\n"
       "against the lower bounds and paper 004's 3N."},
      run_render);
  add_schedule_options(app);
  CommandLine::number(app, "round", "K", "the round to draw (0-based)");
  CommandLine::flag(app, "all", "every round on one sheet");
  CommandLine::value(app, "out", "FILE", "write to FILE instead of standard output");
  CommandLine::value(app, "backend", "B", kBackendHelp);
  CommandLine::value(app, "chart", "C", "rounds or fault: a chart over N (no --ports, --round, --all)");
  CommandLine::number(app, "from", "N1", "the chart's first N (default 4; fault: 16)");
  CommandLine::number(app, "to", "N2", "the chart's last N (default 256, fault: 128; at most 4096, fault: 512)");
}

void add_table_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"table", "rounds per N next to paper 000's R(N) and R_sc(N)", "a2a table [--schedule S] [--from N1] [--to N2]",
       "For each even N from N1 to N2 (default 4..128): the rounds a GSEN all-to-all personalized\n"
       "exchange takes with each schedule available (- : none yet), next to R(N) and R_sc(N) from\n"
       "paper 000, Fig. 14 (- outside N = 4..128)."},
      run_table);
  CommandLine::value(app, "schedule", "S", "only this schedule's column (latin-square or alternating)");
  CommandLine::number(app, "from", "N1", "first N (default 4)");
  CommandLine::number(app, "to", "N2", "last N (default 128; at most 65536)");
}

}  // namespace a2a::tool
