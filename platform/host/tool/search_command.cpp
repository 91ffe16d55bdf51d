// `a2a search`: the configuration-set search of platform/host/search (docs/search.md)
// as a subcommand. CLI11 declares and range-checks the options; the search's own
// parse_arguments() then checks what only it knows (topology names, budgets), so the
// standalone driver a2a_search_main and the tool accept exactly the same command lines.
#include <iostream>
#include <string>
#include <vector>

#include "a2a/search/search.hpp"
#include "cli_app.hpp"
#include "commands.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

constexpr const char* kValued[] = {"topology",      "ports",    "rounds",   "stop-at",        "budget",
                                   "total",         "free",     "out",      "proof",          "solver",
                                   "seed",          "from",     "attempts", "attempt-budget", "attempt-conflicts",
                                   "from-schedule", "periodic", "sample"};
constexpr const char* kFlags[] = {"check-proof", "known-only", "lns", "resume", "columns"};

int run_search(const Args& args) {
  std::vector<std::string> words{"a2a search"};
  for (const char* name : kValued)
    if (const auto v = args.value(name)) {
      words.push_back(std::string("--") + name);
      words.push_back(*v);
    }
  for (const std::string& arg : args.values("solver-arg")) {
    words.emplace_back("--solver-arg");
    words.push_back(arg);
  }
  for (const char* name : kFlags)
    if (args.has(name)) words.push_back(std::string("--") + name);
  std::vector<const char*> argv;
  argv.reserve(words.size());
  for (const std::string& w : words) argv.push_back(w.c_str());
  search::SearchOptions options;
  bool help = false;
  std::string error;
  if (!search::parse_arguments(static_cast<int>(argv.size()), argv.data(), options, help, error))
    throw UsageError(error);
  return search::run(options, std::cout, std::cerr);
}

}  // namespace

void add_search_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"search", "the fewest configurations that complete the exchange, found with a SAT or ILP solver",
       "a2a search --ports N [--topology T] [--rounds R] [--stop-at R] [--budget S] [--total S] [--free K]\n"
       "                  [--out FILE] [--proof DIR] [--check-proof] [--solver PROGRAM] [--solver-arg ARG]...\n"
       "                  [--seed S] [--from FILE | --from-schedule S] [--known-only]\n"
       "                  [--lns [--attempts N] [--attempt-budget S] [--attempt-conflicts C] [--resume]]\n"
       "                  [--periodic P [--sample K] [--columns]]",
       "Starting from the best set known (the default schedule's configurations, or --from), asks the SAT\n"
       "solver (cadical) for a set of R configurations, lowering R after each set found, until the solver\n"
       "finds none within the budget. Every set is checked at switch level before it is reported or\n"
       "written; a smaller R is said impossible only on an UNSAT answer with every round free.\n"
       "--lns: a large-neighbourhood search instead: K rounds of the best set freed at a time, the solver\n"
       "asked for K - 1 within a short budget; resumable (--resume) from the state it writes beside --out.\n"
       "--periodic P: a set cover over the rounds in which input i takes input (i mod P)'s tag (with\n"
       "--solver cbc an integer program); --sample K covers with K of them drawn at random instead;\n"
       "--columns adds the rounds the LP's duals price best first (column generation).\n"
       "Exit status 0: done; 2: bad options; 3: the solver could not run or a set failed its check.\n"
       "docs/search.md"},
      run_search);
  CommandLine::value(app, "topology", "T", "gsen (default) or any binary topology the core knows");
  CommandLine::number(app, "ports", "N", "network size", NumberRange{4, 256, "ports"});
  CommandLine::number(app, "rounds", "R", "first R to try (default: one below the best set known)",
                      NumberRange{1, 1000000, "rounds"});
  CommandLine::number(app, "stop-at", "R", "stop once a set of at most R rounds is found",
                      NumberRange{1, 1000000, "rounds"});
  CommandLine::value(app, "budget", "S", "solver time per R in seconds (default 600)");
  CommandLine::value(app, "total", "S", "time for the whole search in seconds (default: no limit)");
  CommandLine::number(app, "free", "K", "only K rounds free, the others fixed to the best set's (seeded)",
                      NumberRange{1, 1000000, "rounds"});
  CommandLine::value(app, "out", "FILE", "write the best set: FILE.json the JSON dump, else the stored-set format");
  CommandLine::value(app, "proof", "DIR", "keep each CNF and, with every round free, the DRAT proof of UNSAT");
  CommandLine::flag(app, "check-proof", "let cadical check its proof as it solves");
  CommandLine::value(app, "solver", "PROGRAM",
                     "the SAT solver program (default cadical); with --periodic, cbc: an ILP");
  CommandLine::repeated(app, "solver-arg", "ARG", "one more argument for the solver, e.g. --sat (repeatable)");
  CommandLine::number(app, "seed", "S", "the solver's random seed (default 0)");
  CommandLine::value(app, "from", "FILE", "start from this stored set instead of the best set the core knows");
  CommandLine::value(app, "from-schedule", "S", "start from family S's configurations (e.g. gsen-stage-control)");
  CommandLine::flag(app, "known-only", "no search: check and write the best set the core knows");
  CommandLine::flag(app, "lns", "large-neighbourhood search: free K rounds (--free, default 16), ask for K - 1");
  CommandLine::number(app, "attempts", "N", "LNS attempts of this run (default: until --total or --stop-at)",
                      NumberRange{1, 1000000, "attempts"});
  CommandLine::value(app, "attempt-budget", "S", "solver time per LNS attempt in seconds (default 30)");
  CommandLine::number(app, "attempt-conflicts", "C", "solver conflicts per LNS attempt (repeats exactly)",
                      NumberRange{1, 1000000, "conflicts"});
  CommandLine::flag(app, "resume", "go on with the LNS run that wrote --out FILE (and FILE.lns)");
  CommandLine::number(app, "periodic", "P", "cover with the rounds of period P (P divides N; --solver cbc: an ILP)",
                      NumberRange{1, 1000000, "period"});
  CommandLine::number(app, "sample", "K", "with --periodic: K of those rounds drawn at random (--seed)",
                      NumberRange{1, 1000000, "rounds"});
  CommandLine::flag(app, "columns",
                    "with --periodic and --solver cbc: column generation first; from the drawn rounds (--sample, "
                    "default 2000) add those the LP's duals price best until none would help");
}

}  // namespace a2a::tool
