// The standalone driver's command line (a2a_search_main); the tool's `a2a search`
// takes the same options.
#include <cstdlib>
#include <string>

#include "a2a/search/search.hpp"

namespace a2a::search {

const char* usage() {
  return "usage: a2a_search_main --ports N [--topology NAME] [--rounds R] [--stop-at R] [--budget SECONDS]\n"
         "                       [--total SECONDS] [--free K] [--out FILE] [--proof DIR] [--check-proof]\n"
         "                       [--solver PROGRAM] [--solver-arg ARG] [--seed S] [--from FILE | --from-schedule S]\n"
         "                       [--known-only] [--lns [--attempts N] [--attempt-budget S]\n"
         "                       [--attempt-conflicts C] [--resume]] [--periodic P [--sample K] [--columns]]\n"
         "  --topology NAME  gsen (default) or any binary topology of the core\n"
         "  --ports N        network size\n"
         "  --rounds R       first R to try (default: one below the best set known)\n"
         "  --stop-at R      stop once a set of at most R rounds is found\n"
         "  --budget S       solver time per R in seconds (default 600)\n"
         "  --total S        time for the whole search in seconds (default: no limit)\n"
         "  --free K         only K rounds free, the others fixed to the best set's (seeded; default: all free)\n"
         "  --out FILE       write the best set: FILE.json the JSON dump, else the stored-set format\n"
         "  --proof DIR      keep each CNF and, when no round is fixed, the DRAT proof of an UNSAT answer in DIR\n"
         "  --check-proof    let cadical check its proof as it solves (--check)\n"
         "  --solver PROGRAM the SAT solver program (default cadical); with --periodic, cbc: an ILP\n"
         "  --solver-arg ARG one more argument for the solver, e.g. --sat (repeatable)\n"
         "  --seed S         the solver's random seed (default 0)\n"
         "  --from FILE      start from this stored set instead of the best set the core knows\n"
         "  --from-schedule S  start from family S's configurations (e.g. gsen-stage-control: all 2^n words)\n"
         "  --known-only     no search: check and write the best set the core knows\n"
         "  --lns            large-neighbourhood search: free K rounds (--free, default 16) of the best set\n"
         "                   at a time and ask the solver for K - 1 (seed --seed; state in FILE.lns)\n"
         "  --attempts N     LNS attempts of this run (default: until --total or --stop-at)\n"
         "  --attempt-budget S  solver time per LNS attempt in seconds (default 30)\n"
         "  --attempt-conflicts C  solver conflicts per LNS attempt (default: no limit; repeats exactly)\n"
         "  --resume         go on with the LNS run that wrote --out FILE (and FILE.lns)\n"
         "  --periodic P     rounds in which input i takes input (i mod P)'s tag, all of them listed; each R\n"
         "                   a set cover over them (exactly once each pair at R = N); P divides N\n"
         "  --sample K       with --periodic: K of those rounds drawn at random (--seed), not all of them\n"
         "  --columns        with --periodic and --solver cbc: column generation first; from the drawn rounds\n"
         "                   (--sample, default 2000) add those the LP's duals price best until none would help\n";
}

namespace {

/// `value` as a whole number >= low into target, or false with `error` naming `arg`.
bool parse_whole(const std::string& arg, const std::string& value, std::uint32_t low, std::uint32_t& target,
                 std::string& error) {
  char* end = nullptr;
  const unsigned long parsed = std::strtoul(value.c_str(), &end, 10);
  if (value.empty() || value[0] == '-' || *end != '\0' || parsed > 1000000UL || parsed < low) {
    error = arg + " must be a whole number" + (low > 0 ? " >= " + std::to_string(low) : std::string()) + ", got \"" +
            value + "\"";
    return false;
  }
  target = static_cast<std::uint32_t>(parsed);
  return true;
}

/// `value` as seconds from 1 to `most` into target, or false with `error` naming `arg`.
bool parse_seconds(const std::string& arg, const std::string& value, double most, double& target, std::string& error) {
  char* end = nullptr;
  const double parsed = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !(parsed >= 1 && parsed <= most)) {
    error = arg + " must be a number of seconds from 1 to " + std::to_string(static_cast<long>(most)) + ", got \"" +
            value + "\"";
    return false;
  }
  target = parsed;
  return true;
}

/// One option that takes a value.
bool parse_valued(const std::string& arg, const std::string& value, SearchOptions& options, std::string& error) {
  if (arg == "--topology")
    options.topology = value;
  else if (arg == "--ports")
    return parse_whole(arg, value, 1, options.ports, error);
  else if (arg == "--rounds")
    return parse_whole(arg, value, 1, options.rounds, error);
  else if (arg == "--stop-at")
    return parse_whole(arg, value, 1, options.stop_at, error);
  else if (arg == "--free")
    return parse_whole(arg, value, 1, options.free_rounds, error);
  else if (arg == "--seed")
    return parse_whole(arg, value, 0, options.seed, error);
  else if (arg == "--budget")
    return parse_seconds(arg, value, 86400, options.budget_seconds, error);
  else if (arg == "--total")
    return parse_seconds(arg, value, 864000, options.total_seconds, error);
  else if (arg == "--attempts")
    return parse_whole(arg, value, 1, options.attempts, error);
  else if (arg == "--attempt-budget")
    return parse_seconds(arg, value, 86400, options.attempt_seconds, error);
  else if (arg == "--attempt-conflicts")
    return parse_whole(arg, value, 1, options.attempt_conflicts, error);
  else if (arg == "--periodic")
    return parse_whole(arg, value, 1, options.period, error);
  else if (arg == "--sample")
    return parse_whole(arg, value, 1, options.sample, error);
  else if (arg == "--from")
    options.from = value;
  else if (arg == "--from-schedule")
    options.from_schedule = value;
  else if (arg == "--out")
    options.out = value;
  else if (arg == "--proof")
    options.proof_dir = value;
  else if (arg == "--solver-arg")
    options.solver_args.push_back(value);
  else if (arg == "--solver")
    options.solver = value;
  else {
    error = "unknown option \"" + arg + "\"";
    return false;
  }
  return true;
}

}  // namespace

bool parse_arguments(int argc, const char* const* argv, SearchOptions& options, bool& help, std::string& error) {
  help = false;
  bool have_ports = false;
  for (int k = 1; k < argc; ++k) {
    const std::string arg = argv[k];
    if (arg == "--help" || arg == "-h") {
      help = true;
      return true;
    }
    if (arg == "--check-proof") {
      options.check_proof = true;
      continue;
    }
    if (arg == "--known-only") {
      options.search = false;
      continue;
    }
    if (arg == "--columns") {
      options.columns = true;
      continue;
    }
    if (arg == "--lns" || arg == "--resume") {
      (arg == "--lns" ? options.lns : options.resume) = true;
      continue;
    }
    if (k + 1 >= argc) {
      error = arg.rfind("--", 0) == 0 ? arg + " needs a value" : "unexpected argument \"" + arg + "\"";
      return false;
    }
    if (!parse_valued(arg, argv[++k], options, error)) return false;
    have_ports = have_ports || arg == "--ports";
  }
  if (!have_ports) {
    error = "--ports is required";
    return false;
  }
  return true;
}

}  // namespace a2a::search
