#include "a2a/search/search.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "a2a/any_schedule.hpp"
#include "a2a/gsen_sets.hpp"
#include "a2a/route.hpp"
#include "a2a/search/catalogue.hpp"
#include "a2a/search/config_set.hpp"
#include "a2a/search/encoder.hpp"
#include "a2a/search/solver.hpp"
#include "a2a/topology.hpp"

namespace a2a::search {
namespace {

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

/// At most `count` rounds of `best`, chosen greedily by the pairs they add (the seed
/// of a search with fixed rounds). Every input needs a round of its own for each of
/// its open pairs, and so does every output: rounds are given back (the last picked
/// first) until no input or output has more open pairs than the rounds left free.
ConfigSet pick_fixed(const ConfigSet& best, std::uint32_t count, std::uint32_t total) {
  const Network& net = best.net;
  const std::uint32_t n = net.ports;
  std::vector<std::uint32_t> reach(static_cast<std::size_t>(best.rounds()) * n);
  const SetSchedule schedule(best);
  for (std::uint32_t r = 0; r < best.rounds(); ++r)
    for (std::uint32_t i = 0; i < n; ++i)
      reach[static_cast<std::size_t>(r) * n + i] = route(net, i, schedule.round(r)).destination;
  std::vector<bool> served(static_cast<std::size_t>(n) * n, false);
  std::vector<bool> taken(best.rounds(), false);
  ConfigSet fixed;
  fixed.net = net;
  while (fixed.rounds() < count && fixed.rounds() < best.rounds()) {
    std::uint32_t pick = 0;
    std::int64_t gain = -1;
    for (std::uint32_t r = 0; r < best.rounds(); ++r) {
      if (taken[r]) continue;
      std::int64_t g = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t j = reach[static_cast<std::size_t>(r) * n + i];
        if (j < n && !served[static_cast<std::size_t>(i) * n + j]) ++g;
      }
      if (g > gain) {
        gain = g;
        pick = r;
      }
    }
    taken[pick] = true;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t j = reach[static_cast<std::size_t>(pick) * n + i];
      if (j < n) served[static_cast<std::size_t>(i) * n + j] = true;
    }
    fixed.states.push_back(best.states[pick]);
  }
  while (fixed.rounds() != 0) {
    std::vector<std::uint32_t> from(n, 0);
    std::vector<std::uint32_t> to(n, 0);
    const SetSchedule kept(fixed);
    std::vector<bool> covered(static_cast<std::size_t>(n) * n, false);
    for (std::uint32_t r = 0; r < fixed.rounds(); ++r)
      for (std::uint32_t i = 0; i < n; ++i)
        if (const PortSend send = kept.send(kept.round(r), i); send.sends)
          covered[static_cast<std::size_t>(i) * n + send.destination] = true;
    std::uint32_t most = 0;
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t j = 0; j < n; ++j)
        if (!covered[static_cast<std::size_t>(i) * n + j]) most = std::max({most, ++from[i], ++to[j]});
    if (most <= total - fixed.rounds()) break;
    fixed.states.pop_back();
  }
  return fixed;
}

bool is_json(const std::string& path) { return path.size() > 5 && path.substr(path.size() - 5) == ".json"; }

/// The set as a JSON dump (FILE.json) or in the stored form; false, said on `err`, on failure.
bool write_best(const std::string& path, const StoredSet& best, std::ostream& err) {
  std::string error;
  const bool written = is_json(path) ? write_dump(path, best.set, error) : write_stored_set(path, best, error);
  if (!written) err << "a2a search: error: " << error << "\n";
  return written;
}

}  // namespace

int run(const SearchOptions& options, std::ostream& out, std::ostream& err) {
  const auto topology = parse_topology(options.topology);
  if (!topology) {
    err << "a2a search: error: unknown topology \"" << options.topology << "\"\n";
    return 2;
  }
  const auto made = make_network(*topology, options.ports);
  if (!made) {
    err << "a2a search: error: " << describe(made.error()) << "\n";
    return 2;
  }
  const Network net = *made;
  if (net.radix != 2) {
    err << "a2a search: error: the encoding has one Boolean variable per switch, so it needs 2 x 2 switches (d = 2)\n";
    return 2;
  }
  const std::uint32_t n = net.ports;
  if (options.rounds != 0 && options.rounds < n) {
    err << "a2a search: error: --rounds " << options.rounds << " is below N = " << n
        << ": a round serves at most N pairs, so no set has fewer than N rounds\n";
    return 2;
  }
  const std::string version = options.search ? solver_version(options.solver) : std::string("none");
  if (version.empty()) {
    err << "a2a search: error: cannot run the SAT solver \"" << options.solver
        << "\" (Debian: apt-get install cadical)\n";
    return 3;
  }

  StoredSet best;
  best.set = default_set(net);
  if (best.set.rounds() != 0 && !verify_set(best.set).ok()) best.set.states.clear();
  if (!options.from.empty()) {
    std::string error;
    StoredSet from;
    if (!read_stored_set(options.from, from, error)) {
      err << "a2a search: error: " << error << "\n";
      return 2;
    }
    if (from.set.net != net) {
      err << "a2a search: error: " << options.from << " is a set for " << name(from.set.net.topology) << " with N = "
          << from.set.net.ports << ", not for this network\n";
      return 2;
    }
    const ExchangeCheck check = verify_set(from.set);
    if (!check.ok()) {
      err << "a2a search: error: " << options.from << " fails check_exchange: " << describe_check(check, n) << "\n";
      return 2;
    }
    best = std::move(from);
  }
  const std::uint32_t known = best.set.rounds();
  if (known != 0 && options.from.empty()) {
    const auto kind = default_schedule_kind(net);
    const PaperConfigurationSet* paper = net.topology == Topology::gsen ? paper_configuration_set(n) : nullptr;
    if (kind == ScheduleKind::table)
      best.note = "the stored set the table family runs (data/gsen-sets/gsen-" + std::to_string(n) +
                  ".txt, found by a2a search)";
    else if (paper != nullptr && n == 20)
      best.note = "paper 000's set (" + std::string(name(kind)) + ", R(20) = 24, Theorem 5.5)";
    else if (paper != nullptr)
      best.note = "paper 000's set (" + std::string(name(kind)) + ", R(" + std::to_string(n) +
                  ") <= " + std::to_string(paper->paper_bound) + ")";
    else if (kind == ScheduleKind::gsen_stage_control)
      best.note = "paper 000's stage-control set, all 2^n words (R(" + std::to_string(n) + ") = 2^n, Theorem 5.4)";
    else
      best.note = "the core's default schedule (" + std::string(name(kind)) + ")";
  }
  out << "network: " << name(net.topology) << ", N = " << n << ", " << net.stages << " stages of "
      << net.switches_per_stage() << " switches\n";
  if (known != 0) out << "known: " << known << " rounds (" << best.note << ")\n";

  const PathTrees trees = build_path_trees(net);
  std::uint32_t r = options.rounds != 0 ? options.rounds : (known != 0 ? known - 1 : trees.tags());
  std::string below;  // what is known about the first R not found
  const auto start = std::chrono::steady_clock::now();
  std::string scratch;
  if (options.proof_dir.empty()) {
    char name_template[] = "/tmp/a2a-search-XXXXXX";
    const char* made_dir = mkdtemp(name_template);
    if (made_dir == nullptr) {
      err << "a2a search: error: cannot make a scratch folder in /tmp\n";
      return 3;
    }
    scratch = made_dir;
  } else {
    std::error_code ignored;
    std::filesystem::create_directories(options.proof_dir, ignored);
  }
  const std::string folder = scratch.empty() ? options.proof_dir : scratch;
  bool found_any = false;
  int status = 0;
  for (; options.search && r >= n; --r) {
    if (options.stop_at != 0 && found_any && best.set.rounds() <= options.stop_at) break;
    const bool seeded = options.free_rounds != 0 && options.free_rounds < r && best.set.rounds() != 0;
    const ConfigSet fixed = seeded ? pick_fixed(best.set, r - options.free_rounds, r) : ConfigSet{net, {}};
    const Problem problem = make_problem(trees, fixed, r - fixed.rounds());
    const Cnf cnf = encode(trees, problem);
    std::uint64_t open = 0;
    for (const bool o : problem.open) open += o ? 1U : 0U;
    err << "R = " << r << ": " << problem.free_rounds << " free rounds";
    if (seeded) err << ", " << fixed.rounds() << " fixed to the best set's";
    err << ", " << open << " open pairs; " << cnf.variables << " variables, " << cnf.clauses << " clauses; "
        << version << ", budget " << options.budget_seconds << " s\n";
    const std::string stem = folder + "/" + std::string(name(net.topology)) + "-" + std::to_string(n) + "-R" +
                             std::to_string(r) + (seeded ? "-seeded" : "");
    SolveRequest request;
    request.solver = options.solver;
    request.cnf_path = stem + ".cnf";
    if (!options.proof_dir.empty() && !seeded) request.proof_path = stem + ".drat";
    request.check_proof = options.check_proof;
    request.budget_seconds = options.budget_seconds;
    if (options.total_seconds > 0) {
      const double left =
          options.total_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left < 1) {
        below = std::to_string(r) + " rounds: not tried, the total time of " + seconds_text(options.total_seconds) +
                " is used up";
        break;
      }
      if (left < request.budget_seconds) request.budget_seconds = left;
    }
    request.seed = options.seed;
    request.extra_args = options.solver_args;
    auto last = std::chrono::steady_clock::now();
    request.progress = [&](const std::string& line) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(30)) return;
      last = now;
      err << "  R = " << r << ", " << seconds_text(std::chrono::duration<double>(now - start).count())
          << ": " << line << "\n";
    };
    const SolveResult result = solve(cnf, request);
    if (!scratch.empty()) std::remove(request.cnf_path.c_str());
    if (result.status == SolveStatus::failed) {
      err << "a2a search: error: " << result.error << "\n";
      status = 3;
      break;
    }
    if (result.status == SolveStatus::satisfiable) {
      ConfigSet candidate = fixed;
      for (auto& round : decode(trees, problem, result.model)) candidate.states.push_back(std::move(round));
      const ExchangeCheck check = verify_set(candidate);
      if (!check.ok()) {
        err << "a2a search: error: the solver's set for R = " << r
            << " fails check_exchange: " << describe_check(check, n) << "\n";
        status = 3;
        break;
      }
      best.set = std::move(candidate);
      best.note = "a2a search, " + std::to_string(r) + " rounds" +
                  (seeded ? ", " + std::to_string(fixed.rounds()) + " fixed to the previous set's" : "") + ", " +
                  version + ", solved in " + seconds_text(result.seconds);
      found_any = true;
      err << "R = " << r << ": found in " << seconds_text(result.seconds) << "; check_exchange: "
          << describe_check(check, n) << "\n";
      // Written at once, so that a search stopped later still leaves its best set.
      if (!options.out.empty() && !write_best(options.out, best, err)) {
        status = 3;
        break;
      }
      continue;
    }
    if (result.status == SolveStatus::unsatisfiable) {
      below = seeded ? std::to_string(r) + " rounds: none with these " + std::to_string(fixed.rounds()) +
                           " fixed rounds (UNSAT in " + seconds_text(result.seconds) + "; proves nothing about R)"
                     : std::to_string(r) + " rounds: impossible, proved (UNSAT in " + seconds_text(result.seconds) +
                           (request.proof_path.empty() ? "" : ", DRAT proof " + request.proof_path) +
                           (options.check_proof ? ", checked by cadical --check" : "") + ")";
    } else {
      below = std::to_string(r) + " rounds: not found within " + seconds_text(request.budget_seconds) +
              " (not proved impossible)";
    }
    err << "R = " << below << "\n";
    break;
  }
  if (!scratch.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(scratch, ignored);
  }
  if (status != 0) return status;
  if (options.search && r < n && below.empty())
    below = std::to_string(n - 1) + " rounds: impossible (a round serves at most N pairs)";
  if (options.search && !below.empty() && best.set.rounds() != 0)
    best.note += (found_any ? "; " : "; a2a search: ") + below;
  if (best.set.rounds() == 0) {
    out << "best: none found\n";
  } else {
    const ExchangeCheck check = verify_set(best.set);
    if (!check.ok()) {
      err << "a2a search: error: the best set fails check_exchange: " << describe_check(check, n) << "\n";
      return 3;
    }
    out << "best: " << best.set.rounds() << " rounds, " << (found_any ? "found" : "known") << "; check_exchange: "
        << describe_check(check, n) << "\n";
  }
  if (!below.empty()) out << "below: " << below << "\n";
  if (!options.out.empty() && best.set.rounds() != 0 && (found_any || options.write_known)) {
    if (!write_best(options.out, best, err)) return 3;
    out << "wrote: " << options.out << (is_json(options.out) ? " (JSON dump)" : " (stored set)") << "\n";
  }
  return 0;
}

}  // namespace a2a::search
