#include "a2a/search/search.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "a2a/any_schedule.hpp"
#include "a2a/gsen_sets.hpp"
#include "a2a/route.hpp"
#include "a2a/search/bounds.hpp"
#include "a2a/search/columns.hpp"
#include "a2a/search/catalogue.hpp"
#include "a2a/search/config_set.hpp"
#include "a2a/search/encoder.hpp"
#include "a2a/search/lns.hpp"
#include "a2a/search/ilp.hpp"
#include "a2a/search/periodic.hpp"
#include "a2a/search/seeding.hpp"
#include "a2a/search/solver.hpp"
#include "a2a/topology.hpp"

namespace a2a::search {
namespace {

/// --periodic lists every periodic round; more than this is refused (memory, and a
/// cover too large for the solver).
constexpr std::uint64_t kMostPeriodicRounds = 1U << 20;

/// --columns without --sample: the rounds drawn before the first LP (enough that the
/// artificial columns of pairs no drawn round serves are few).
constexpr std::uint32_t kFirstColumns = 2000;

bool is_json(const std::string& path) { return path.size() > 5 && path.substr(path.size() - 5) == ".json"; }

/// The set as a JSON dump (FILE.json) or in the stored form; false, said on `err`, on failure.
bool write_best(const std::string& path, const StoredSet& best, std::ostream& err) {
  std::string error;
  const bool written = write_set_file(path, best, error);
  if (!written) err << "a2a search: error: " << error << "\n";
  return written;
}

}  // namespace

namespace {

/// Paper 000's Theorem 5.4: R(N) = 2^n when N = 0 (mod 2^k) but not (mod 2^(k+1)) for
/// a k >= 2, and 2^(n-1) + 2^(n-k) <= N <= 2^n. It holds at every N = 0 (mod 4) up to
/// 128 that is not 2^n or 20, 36, 44, 68, 72, 76, 84, 92; up to 256 at all others but
/// 132, 136, 140, 148, 152, 156, 164, 172, 180 and 188 (docs/gsen-rounds.md).
bool theorem_5_4_holds(const Network& net) {
  const std::uint32_t n = net.ports;
  std::uint32_t k = 0;
  while (k < 31 && (n >> k) % 2 == 0) ++k;
  const std::uint32_t stages = net.stages;
  return k >= 2 && k < stages && (1U << (stages - 1)) + (1U << (stages - k)) <= n && n <= (1U << stages);
}

/// The note of the set the search starts from when the core knows one.
std::string known_note(const Network& net) {
  const std::uint32_t n = net.ports;
  const auto kind = default_schedule_kind(net);
  const PaperConfigurationSet* paper = net.topology == Topology::gsen ? paper_configuration_set(n) : nullptr;
  if (kind == ScheduleKind::table)
    return "the stored set the table family runs (data/gsen-sets/gsen-" + std::to_string(n) +
           ".txt, found by a2a search)";
  if (paper != nullptr && n == 20) return "paper 000's set (" + std::string(name(kind)) + ", R(20) = 24, Theorem 5.5)";
  if (paper != nullptr)
    return "paper 000's set (" + std::string(name(kind)) + ", R(" + std::to_string(n) +
           ") <= " + std::to_string(paper->paper_bound) + ")";
  if (kind == ScheduleKind::gsen_stage_control && theorem_5_4_holds(net))
    return "paper 000's stage-control set, all 2^n words (R(" + std::to_string(n) + ") = 2^n, Theorem 5.4)";
  if (kind == ScheduleKind::gsen_stage_control)
    return "paper 000's stage-control set, all 2^n words (R(" + std::to_string(n) +
           ") <= 2^n, Theorem 3.8; Theorem 5.4 does not hold here)";
  return "the core's default schedule (" + std::string(name(kind)) + ")";
}

/// One search: from the best set known (or --from), one R below the other, each an
/// encoding solved within its budget, until one is not found; then the verdict.
class Search {
 public:
  Search(const SearchOptions& options, const Network& net, std::string version, std::ostream& out, std::ostream& err)
      : options_(options),
        net_(net),
        n_(net.ports),
        version_(std::move(version)),
        out_(out),
        err_(err),
        trees_(build_path_trees(net)),
        start_(std::chrono::steady_clock::now()) {}

  /// The set to beat: the core's, or the --from file's; 0 or the exit status.
  int start_from() {
    best_.set = default_set(net_);
    if (best_.set.rounds() != 0 && !verify_set(best_.set).ok()) best_.set.states.clear();
    if (!options_.from.empty()) {
      std::string error;
      StoredSet from;
      if (!read_stored_set(options_.from, from, error)) return fail(2, error);
      if (from.set.net != net_)
        return fail(2, options_.from + " is a set for " + std::string(name(from.set.net.topology)) +
                           " with N = " + std::to_string(from.set.net.ports) + ", not for this network");
      const ExchangeCheck check = verify_set(from.set);
      if (!check.ok()) return fail(2, options_.from + " fails check_exchange: " + describe_check(check, n_));
      best_ = std::move(from);
    }
    if (best_.set.rounds() != 0 && options_.from.empty()) best_.note = known_note(net_);
    if (!options_.from_schedule.empty()) {
      const auto kind = parse_schedule_kind(options_.from_schedule);
      if (!kind) return fail(2, "--from-schedule: unknown schedule \"" + options_.from_schedule + "\"");
      best_.set = schedule_set(net_, *kind);
      const ExchangeCheck check = verify_set(best_.set);
      if (best_.set.rounds() == 0 || !check.ok())
        return fail(2, "--from-schedule " + options_.from_schedule + " gives no complete set for this network");
      best_.note =
          "the " + options_.from_schedule + " schedule's " + std::to_string(best_.set.rounds()) + " configurations";
    }
    out_ << "network: " << name(net_.topology) << ", N = " << n_ << ", " << net_.stages << " stages of "
         << net_.switches_per_stage() << " switches\n";
    if (best_.set.rounds() != 0) out_ << "known: " << best_.set.rounds() << " rounds (" << best_.note << ")\n";
    bound_ = counting_bound(net_);
    out_ << "lower bound: " << bound_.bound << " rounds (" << bound_.why << ")\n";
    return 0;
  }

  /// Every R from the first to try down to N, while each is found; 0 or the exit status.
  int search() {
    const std::uint32_t known = best_.set.rounds();
    r_ = options_.rounds != 0 ? options_.rounds : (known != 0 ? known - 1 : trees_.tags());
    if (const int status = make_folder(); status != 0) return status;
    if (options_.lns && options_.search) return neighbourhood_search();
    if (options_.period != 0 && options_.search) return periodic_search();
    int status = 0;
    for (; options_.search && r_ >= n_; --r_) {
      if (options_.stop_at != 0 && found_any_ && best_.set.rounds() <= options_.stop_at) break;
      if (r_ < bound_.bound) {
        below_ = std::to_string(r_) + " rounds: impossible, proved by counting (" + bound_text() + ")";
        break;
      }
      if (!try_rounds(status)) break;
    }
    remove_scratch();
    return status;
  }

  void remove_scratch() {
    if (scratch_.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(scratch_, ignored);
  }

  /// --lns: from the best set known (a set there must be), until the LNS ends.
  int neighbourhood_search() {
    int status = 0;
    if (best_.set.rounds() == 0) {
      status = fail(2, "--lns needs a set to start from: the core knows none for this network (give --from FILE)");
    } else if (best_.set.rounds() <= bound_.bound) {
      below_ =
          std::to_string(best_.set.rounds() - 1) + " rounds: impossible, proved by counting (" + bound_text() + ")";
    } else {
      LnsState resumed;
      if (options_.resume && !read_lns_state(options_.out + ".lns", resumed, below_)) {
        status = fail(2, below_);
      } else {
        const LnsOutcome outcome =
            large_neighbourhood_search(options_, trees_, version_, folder_, resumed, bound_.bound, best_, err_);
        status = outcome.status;
        found_any_ = outcome.improved;
        below_ = outcome.below;
        r_ = n_;  // finish() reads r_ < n_ as "went below N"
      }
    }
    remove_scratch();
    return status;
  }

  /// --periodic P: every periodic round listed, then for R from the first down to the
  /// lower bound the solver chooses R of them (periodic.hpp).
  int periodic_search() {
    PeriodicRounds rounds;
    std::string error;
    int status = 0;
    const std::uint32_t drawn = options_.sample != 0 ? options_.sample : (options_.columns ? kFirstColumns : 0);
    const bool listed = drawn == 0
                            ? list_periodic_rounds(trees_, options_.period, kMostPeriodicRounds, rounds, error)
                            : sample_periodic_rounds(trees_, options_.period, drawn, options_.seed, rounds, error);
    if (!listed) {
      status = fail(2, error);
    } else {
      err_ << "periodic rounds of period " << options_.period << ": " << rounds.count()
           << (drawn == 0 ? "" : " drawn at random (seed " + std::to_string(options_.seed) + ")") << "\n";
      std::uint32_t periodic_bound = 0;
      if (options_.columns && !generate(rounds, periodic_bound, status)) {
        remove_scratch();
        return status;
      }
      for (; r_ >= n_; --r_) {
        if (options_.stop_at != 0 && found_any_ && best_.set.rounds() <= options_.stop_at) break;
        if (r_ < bound_.bound) {
          below_ = std::to_string(r_) + " rounds: impossible, proved by counting (" + bound_text() + ")";
          break;
        }
        if (r_ < periodic_bound) {
          below_ = std::to_string(r_) + " rounds: no set of period-" + std::to_string(options_.period) +
                   " rounds (the LP over all of them needs " + std::to_string(periodic_bound) +
                   ": column generation converged; proves nothing about other rounds)";
          break;
        }
        if (!try_periodic(rounds, status)) break;
      }
    }
    remove_scratch();
    return status;
  }

  /// The LP solver, its scratch file (gsen-N-<what>.lp), budget and progress lines.
  [[nodiscard]] ColumnOptions column_options(const std::string& what) {
    ColumnOptions columns;
    columns.solver = options_.solver;
    columns.lp_path = folder_ + "/" + std::string(name(net_.topology)) + "-" + std::to_string(n_) + "-" + what + ".lp";
    columns.budget_seconds = options_.budget_seconds;
    columns.progress = [this](const std::string& line) { err_ << "columns: " << line << std::endl; };
    return columns;
  }

  /// --columns: the rounds the LP's duals price best added to `rounds` (columns.hpp);
  /// `periodic_bound` the LP's value rounded up when no round prices above 1, else 0.
  bool generate(PeriodicRounds& rounds, std::uint32_t& periodic_bound, int& status) {
    SolveRequest unused;
    if (!make_request(true, unused)) return false;  // --total already spent
    const ColumnOptions columns = column_options("relaxation");
    err_ << "column generation: the cover's LP over the " << rounds.count() << " drawn rounds, then the rounds "
         << "its duals price best, within " << options_.budget_seconds << " s\n";
    ColumnOutcome outcome = generate_columns(trees_, std::move(rounds), columns);
    if (!scratch_.empty()) std::remove(columns.lp_path.c_str());
    if (!outcome.ok) {
      status = fail(3, outcome.error);
      return false;
    }
    rounds = std::move(outcome.rounds);
    periodic_bound = outcome.converged ? static_cast<std::uint32_t>(std::ceil(outcome.lp_value - 1e-6)) : 0;
    std::ostringstream line;
    line << "columns: " << rounds.count() << " rounds after " << outcome.lps << " LPs ("
         << seconds_text(outcome.seconds) << "), LP value " << outcome.lp_value
         << (outcome.converged ? ": converged, no cover by period-" + std::to_string(options_.period) +
                                     " rounds has fewer than " + std::to_string(periodic_bound)
                               : ": stopped before it converged (budget), no bound");
    out_ << line.str() << "\n";
    return dive(rounds, status);
  }

  /// --columns: the dive's cover (a heuristic, columns.hpp), kept when it beats the best
  /// set; the rounds it priced join the integer program's candidates.
  bool dive(PeriodicRounds& rounds, int& status) {
    const ColumnOptions columns = column_options("dive");
    DiveOutcome outcome = dive_columns(trees_, std::move(rounds), columns);
    if (!scratch_.empty()) std::remove(columns.lp_path.c_str());
    if (!outcome.ok) {
      status = fail(3, outcome.error);
      return false;
    }
    rounds = std::move(outcome.rounds);
    out_ << "columns: the dive chose " << outcome.chosen << " rounds (" << outcome.lps << " LPs, "
         << seconds_text(outcome.seconds) << "); " << rounds.count() << " rounds for the integer program\n";
    if (best_.set.rounds() != 0 && outcome.chosen >= best_.set.rounds()) return true;
    r_ = outcome.chosen;
    const std::string how = "a2a search --periodic " + std::to_string(options_.period) + " --columns --solver cbc, " +
                            std::to_string(r_) + " rounds chosen by the dive over " + std::to_string(rounds.count()) +
                            " generated, " + version_ + ", seed " + std::to_string(options_.seed) + ", in " +
                            seconds_text(outcome.seconds);
    if (!keep_found(periodic_set(trees_, rounds, outcome.model), how, outcome.seconds, status)) return false;
    --r_;
    return true;
  }

  /// One R from the periodic rounds: true to go on to R - 1.
  bool try_periodic(const PeriodicRounds& rounds, int& status) {
    const bool ilp = is_ilp_solver(options_.solver);
    err_ << "R = " << r_ << ": " << (r_ == n_ ? "exactly once each pair" : "at most R") << " of " << rounds.count()
         << " periodic rounds; ";
    SolveRequest request;
    SolveResult result;
    if (ilp) {
      err_ << "an integer program (" << rounds.count() << " binaries); " << version_ << ", budget "
           << options_.budget_seconds << " s\n";
      if (!make_request(true, request)) return false;
      request.cnf_path = request.cnf_path.substr(0, request.cnf_path.size() - 4) + ".lp";
      result = solve_ilp(periodic_cover_lp(trees_, rounds, r_), rounds.count(), request);
      if (!scratch_.empty()) std::remove(request.cnf_path.c_str());
    } else {
      const Cnf cnf = encode_periodic_cover(trees_, rounds, r_);
      err_ << cnf.variables << " variables, " << cnf.clauses << " clauses; " << version_ << ", budget "
           << options_.budget_seconds << " s\n";
      if (!make_request(true, request)) return false;
      result = solve_once(cnf, request);
    }
    if (result.status == SolveStatus::failed) {
      status = fail(3, result.error);
      return false;
    }
    if (result.status == SolveStatus::satisfiable) {
      ConfigSet found = periodic_set(trees_, rounds, result.model);
      r_ = found.rounds();  // at most R were asked for
      const std::string sampled = options_.sample == 0 ? "" : " --sample " + std::to_string(options_.sample);
      const std::string how = "a2a search --periodic " + std::to_string(options_.period) + sampled +
                              (ilp ? " --solver cbc" : "") + ", " + std::to_string(r_) + " rounds of " +
                              std::to_string(rounds.count()) + (sampled.empty() ? " periodic, " : " drawn, ") +
                              version_ + ", seed " + std::to_string(options_.seed) + ", solved in " +
                              seconds_text(result.seconds);
      return keep_found(std::move(found), how, result.seconds, status);
    }
    below_ = std::to_string(r_) + " rounds: " +
             (result.status == SolveStatus::unsatisfiable
                  ? "no set of " + std::string(options_.sample == 0 ? "" : "the drawn ") + "period-" +
                        std::to_string(options_.period) + " rounds (" +
                        (ilp ? "cbc: infeasible, no proof to check, " : "UNSAT ") + "in " +
                        seconds_text(result.seconds) + "; proves nothing about other rounds)"
                  : "not found within " + seconds_text(request.budget_seconds) + " (not proved impossible)");
    err_ << "R = " << below_ << "\n";
    return false;
  }

  [[nodiscard]] std::string bound_text() const {
    return "R(" + std::to_string(n_) + ") >= " + std::to_string(bound_.bound) + ": " + bound_.why + "; docs/search.md";
  }

  /// The verdict: the best set checked, what is known below it, the set written.
  int finish() {
    if (options_.search && r_ < n_ && below_.empty())
      below_ = std::to_string(n_ - 1) + " rounds: impossible (a round serves at most N pairs)";
    if (options_.search && !options_.lns && !below_.empty() && best_.set.rounds() != 0)
      best_.note += (found_any_ ? "; " : "; a2a search: ") + below_;
    if (best_.set.rounds() == 0) {
      out_ << "best: none found\n";
    } else {
      const ExchangeCheck check = verify_set(best_.set);
      if (!check.ok()) return fail(3, "the best set fails check_exchange: " + describe_check(check, n_));
      out_ << "best: " << best_.set.rounds() << " rounds, " << (found_any_ ? "found" : "known")
           << "; check_exchange: " << describe_check(check, n_) << "\n";
    }
    if (!below_.empty()) out_ << "below: " << below_ << "\n";
    if (best_.set.rounds() != 0 && best_.set.rounds() == bound_.bound)
      out_ << "optimal: R(" << n_ << ") = " << bound_.bound << ", the lower bound (proved by counting)\n";
    if (!options_.out.empty() && best_.set.rounds() != 0 && (found_any_ || options_.write_known)) {
      if (!write_best(options_.out, best_, err_)) return 3;
      out_ << "wrote: " << options_.out << (is_json(options_.out) ? " (JSON dump)" : " (stored set)") << "\n";
    }
    return 0;
  }

 private:
  int fail(int status, const std::string& why) {
    err_ << "a2a search: error: " << why << "\n";
    return status;
  }

  /// Proofs go to --proof; without it the encodings go to a scratch folder, removed after.
  int make_folder() {
    if (options_.proof_dir.empty()) {
      char name_template[] = "/tmp/a2a-search-XXXXXX";
      const char* made_dir = mkdtemp(name_template);
      if (made_dir == nullptr) return fail(3, "cannot make a scratch folder in /tmp");
      scratch_ = made_dir;
    } else {
      std::error_code ignored;
      std::filesystem::create_directories(options_.proof_dir, ignored);
    }
    folder_ = scratch_.empty() ? options_.proof_dir : scratch_;
    return 0;
  }

  [[nodiscard]] double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  /// The solver's request for R = r_: its files, budget (within --total), progress lines.
  bool make_request(bool seeded, SolveRequest& request) {
    const std::string stem = folder_ + "/" + std::string(name(net_.topology)) + "-" + std::to_string(n_) + "-R" +
                             std::to_string(r_) + (seeded ? "-seeded" : "");
    request.solver = options_.solver;
    request.cnf_path = stem + ".cnf";
    if (!options_.proof_dir.empty() && !seeded) request.proof_path = stem + ".drat";
    request.check_proof = options_.check_proof;
    request.budget_seconds = options_.budget_seconds;
    if (options_.total_seconds > 0) {
      const double left = options_.total_seconds - elapsed();
      if (left < 1) {
        below_ = std::to_string(r_) + " rounds: not tried, the total time of " + seconds_text(options_.total_seconds) +
                 " is used up";
        return false;
      }
      if (left < request.budget_seconds) request.budget_seconds = left;
    }
    request.seed = options_.seed;
    request.extra_args = options_.solver_args;
    request.progress = [this, last = std::chrono::steady_clock::now()](const std::string& line) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(30)) return;
      last = now;
      err_ << "  R = " << r_ << ", " << seconds_text(elapsed()) << ": " << line << "\n";
    };
    return true;
  }

  /// The solver on `cnf`; a CNF in the scratch folder is removed after.
  SolveResult solve_once(const Cnf& cnf, const SolveRequest& request) {
    SolveResult result = solve(cnf, request);
    if (!scratch_.empty()) std::remove(request.cnf_path.c_str());
    return result;
  }

  /// One R: true to go on to R - 1; false to stop (status set when it failed).
  bool try_rounds(int& status) {
    const bool seeded = options_.free_rounds != 0 && options_.free_rounds < r_ && best_.set.rounds() != 0;
    const ConfigSet fixed = seeded ? pick_fixed(best_.set, r_ - options_.free_rounds, r_) : ConfigSet{net_, {}};
    const Problem problem = make_problem(trees_, fixed, r_ - fixed.rounds());
    const Cnf cnf = encode(trees_, problem);
    std::uint64_t open = 0;
    for (const bool o : problem.open) open += o ? 1U : 0U;
    err_ << "R = " << r_ << ": " << problem.free_rounds << " free rounds";
    if (seeded) err_ << ", " << fixed.rounds() << " fixed to the best set's";
    err_ << ", " << open << " open pairs; " << cnf.variables << " variables, " << cnf.clauses << " clauses; "
         << version_ << ", budget " << options_.budget_seconds << " s\n";
    SolveRequest request;
    if (!make_request(seeded, request)) return false;
    const SolveResult result = solve_once(cnf, request);
    if (result.status == SolveStatus::failed) {
      status = fail(3, result.error);
      return false;
    }
    if (result.status == SolveStatus::satisfiable) return take_found(fixed, problem, result, seeded, status);
    if (result.status == SolveStatus::unsatisfiable) {
      below_ = seeded ? std::to_string(r_) + " rounds: none with these " + std::to_string(fixed.rounds()) +
                            " fixed rounds (UNSAT in " + seconds_text(result.seconds) + "; proves nothing about R)"
                      : std::to_string(r_) + " rounds: impossible, proved (UNSAT in " + seconds_text(result.seconds) +
                            (request.proof_path.empty() ? "" : ", DRAT proof " + request.proof_path) +
                            (options_.check_proof ? ", checked by cadical --check" : "") + ")";
    } else {
      below_ = std::to_string(r_) + " rounds: not found within " + seconds_text(request.budget_seconds) +
               " (not proved impossible)";
    }
    err_ << "R = " << below_ << "\n";
    return false;
  }

  /// A set of R = r_ rounds the solver found: checked, kept as the best, written at once.
  bool take_found(const ConfigSet& fixed, const Problem& problem, const SolveResult& result, bool seeded, int& status) {
    ConfigSet candidate = fixed;
    for (auto& round : decode(trees_, problem, result.model)) candidate.states.push_back(std::move(round));
    const std::string how = "a2a search, " + std::to_string(r_) + " rounds" +
                            (seeded ? ", " + std::to_string(fixed.rounds()) + " fixed to the previous set's" : "") +
                            ", " + version_ + ", solved in " + seconds_text(result.seconds);
    return keep_found(std::move(candidate), how, result.seconds, status);
  }

  /// A set of R = r_ rounds: checked at switch level, kept as the best, written at once.
  bool keep_found(ConfigSet candidate, const std::string& how, double seconds, int& status) {
    const ExchangeCheck check = verify_set(candidate);
    if (!check.ok()) {
      status = fail(
          3, "the solver's set for R = " + std::to_string(r_) + " fails check_exchange: " + describe_check(check, n_));
      return false;
    }
    best_.set = std::move(candidate);
    best_.note = how;
    found_any_ = true;
    err_ << "R = " << r_ << ": found in " << seconds_text(seconds) << "; check_exchange: " << describe_check(check, n_)
         << "\n";
    // Written at once, so that a search stopped later still leaves its best set.
    if (!options_.out.empty() && !write_best(options_.out, best_, err_)) {
      status = 3;
      return false;
    }
    return true;
  }

  const SearchOptions& options_;
  Network net_;
  std::uint32_t n_;
  std::string version_;
  std::ostream& out_;
  std::ostream& err_;
  PathTrees trees_;
  std::chrono::steady_clock::time_point start_;
  StoredSet best_;
  std::uint32_t r_{0};
  std::string below_;  ///< what is known about the first R not found
  std::string scratch_;
  std::string folder_;
  bool found_any_{false};
  CountingBound bound_;
};

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
  if (options.rounds != 0 && options.rounds < net.ports) {
    err << "a2a search: error: --rounds " << options.rounds << " is below N = " << net.ports
        << ": a round serves at most N pairs, so no set has fewer than N rounds\n";
    return 2;
  }
  if (options.columns && (options.period == 0 || !is_ilp_solver(options.solver))) {
    err << "a2a search: error: --columns generates periodic rounds from the LP's duals: give --periodic P and "
           "--solver cbc with it\n";
    return 2;
  }
  if (options.sample != 0 && options.period == 0) {
    err << "a2a search: error: --sample " << options.sample << " draws periodic rounds: give --periodic P with it\n";
    return 2;
  }
  const bool ilp = is_ilp_solver(options.solver);
  if (options.search && ilp && (options.period == 0 || options.lns)) {
    err << "a2a search: error: --solver " << options.solver
        << " is an ILP solver: it answers the periodic cover only (give --periodic P, without --lns)\n";
    return 2;
  }
  const std::string version = !options.search
                                  ? std::string("none")
                                  : (ilp ? ilp_solver_version(options.solver) : solver_version(options.solver));
  if (version.empty()) {
    err << "a2a search: error: cannot run the " << (ilp ? "ILP" : "SAT") << " solver \"" << options.solver
        << "\" (Debian: apt-get install " << (ilp ? "coinor-cbc" : "cadical") << ")\n";
    return 3;
  }
  if (options.lns && options.free_rounds == 1) {
    err << "a2a search: error: --free 1 with --lns frees one round and asks for none: give --free 2 or more\n";
    return 2;
  }
  SearchOptions resolved = options;
  if (options.resume) {
    if (!options.lns || options.out.empty()) {
      err << "a2a search: error: --resume goes on with an --lns run: give --lns and the --out FILE it wrote\n";
      return 2;
    }
    resolved.from = options.out;
  }
  Search search(resolved, net, version, out, err);
  if (const int status = search.start_from(); status != 0) return status;
  if (const int status = search.search(); status != 0) return status;
  return search.finish();
}

}  // namespace a2a::search
