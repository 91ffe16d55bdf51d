// The standalone driver's command line (a2a_search_main); the tool's `a2a search`
// takes the same options.
#include <cstdlib>
#include <string>

#include "a2a/search/search.hpp"

namespace a2a::search {

const char* usage() {
  return "usage: a2a_search_main --ports N [--topology NAME] [--rounds R] [--stop-at R] [--budget SECONDS]\n"
         "                       [--total SECONDS] [--free K] [--out FILE] [--proof DIR] [--check-proof]\n"
         "                       [--solver PROGRAM] [--solver-arg ARG] [--seed S] [--from FILE]\n"
         "                       [--known-only]\n"
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
         "  --solver PROGRAM the SAT solver program (default cadical)\n"
         "  --solver-arg ARG one more argument for the solver, e.g. --sat (repeatable)\n"
         "  --seed S         the solver's random seed (default 0)\n"
         "  --from FILE      start from this stored set instead of the best set the core knows\n"
         "  --known-only     no search: check and write the best set the core knows\n";
}

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
    if (k + 1 >= argc) {
      error = arg.rfind("--", 0) == 0 ? arg + " needs a value" : "unexpected argument \"" + arg + "\"";
      return false;
    }
    const std::string value = argv[++k];
    auto whole = [&](std::uint32_t& target, std::uint32_t low) {
      char* end = nullptr;
      const unsigned long parsed = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || value[0] == '-' || *end != '\0' || parsed > 1000000UL || parsed < low) {
        error = arg + " must be a whole number" + (low > 0 ? " >= " + std::to_string(low) : std::string()) +
                ", got \"" + value + "\"";
        return false;
      }
      target = static_cast<std::uint32_t>(parsed);
      return true;
    };
    if (arg == "--topology") {
      options.topology = value;
    } else if (arg == "--ports") {
      if (!whole(options.ports, 1)) return false;
      have_ports = true;
    } else if (arg == "--rounds") {
      if (!whole(options.rounds, 1)) return false;
    } else if (arg == "--stop-at") {
      if (!whole(options.stop_at, 1)) return false;
    } else if (arg == "--free") {
      if (!whole(options.free_rounds, 1)) return false;
    } else if (arg == "--seed") {
      if (!whole(options.seed, 0)) return false;
    } else if (arg == "--budget") {
      char* end = nullptr;
      const double parsed = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(parsed >= 1 && parsed <= 86400)) {
        error = "--budget must be a number of seconds from 1 to 86400, got \"" + value + "\"";
        return false;
      }
      options.budget_seconds = parsed;
    } else if (arg == "--total") {
      char* end = nullptr;
      const double parsed = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(parsed >= 1 && parsed <= 864000)) {
        error = "--total must be a number of seconds from 1 to 864000, got \"" + value + "\"";
        return false;
      }
      options.total_seconds = parsed;
    } else if (arg == "--from") {
      options.from = value;
    } else if (arg == "--out") {
      options.out = value;
    } else if (arg == "--proof") {
      options.proof_dir = value;
    } else if (arg == "--solver-arg") {
      options.solver_args.push_back(value);
    } else if (arg == "--solver") {
      options.solver = value;
    } else {
      error = "unknown option \"" + arg + "\"";
      return false;
    }
  }
  if (!have_ports) {
    error = "--ports is required";
    return false;
  }
  return true;
}

}  // namespace a2a::search
