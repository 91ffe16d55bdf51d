// The cover's LP relaxation solved by cbc (its value, the rows' duals, the columns'
// values), column generation over it and the dive (columns.hpp).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "a2a/search/columns.hpp"
#include "a2a/search/solver.hpp"

namespace a2a::search {
namespace {

void write_terms(std::ostringstream& lp, const std::vector<std::string>& terms) {
  for (std::size_t k = 0; k < terms.size(); ++k) lp << (k == 0 ? " " : (k % 16 == 0 ? "\n + " : " + ")) << terms[k];
}

std::uint32_t served(const PathTrees& trees, const PeriodicRounds& rounds, std::size_t c, std::uint32_t i) {
  const std::uint32_t tag = rounds.tags[c * rounds.period + i % rounds.period];
  return trees.leaf[static_cast<std::size_t>(i) * trees.tags() + tag];
}

struct Relaxed {
  double value{0};
  std::vector<double> duals;  ///< [pair]
  std::vector<double> x;      ///< [candidate]
};

/// cbc's solution file: "Optimal - objective value 143.5", then "index name activity
/// dual" per row and "index name value reduced-cost" per column, "**" before an
/// infeasible one.
bool read_relaxation(const std::string& path, std::size_t pairs, std::size_t candidates, Relaxed& out,
                     std::string& error) {
  std::ifstream in(path);
  std::string head;
  if (!in || !std::getline(in, head)) {
    error = "the LP solver wrote no solution to " + path;
    return false;
  }
  if (head.rfind("Optimal", 0) != 0) {
    error = "the LP solver's solution says \"" + head + "\"";
    return false;
  }
  out.value = std::stod(head.substr(head.rfind(' ') + 1));
  out.duals.assign(pairs, 0.0);
  out.x.assign(candidates, 0.0);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("**", 0) == 0) line = line.substr(2);
    std::istringstream row(line);
    std::size_t index = 0;
    std::string name;
    double activity = 0, dual = 0;
    if (!(row >> index >> name >> activity >> dual) || name.size() < 2) continue;
    const std::size_t k = std::stoul(name.substr(1));
    if (name[0] == 'p' && k < pairs) out.duals[k] = dual;
    if (name[0] == 'x' && k >= 1 && k <= candidates) out.x[k - 1] = activity;
  }
  return true;
}

/// Rounds priced and added over the pairs not yet covered, LP after LP.
class Generator {
 public:
  Generator(const PathTrees& trees, const ColumnOptions& options, PeriodicRounds& rounds)
      : trees_(trees), options_(options), rounds_(rounds), start_(std::chrono::steady_clock::now()) {
    for (std::size_t c = 0; c < rounds_.count(); ++c) known_.insert(tags(c));
  }

  [[nodiscard]] double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  [[nodiscard]] std::uint32_t lps() const { return lps_; }

  /// Until no round prices above 1 (converged), `most_lps` LPs or the budget; the last
  /// LP's solution in `last`.
  bool run(const std::vector<bool>& covered, std::uint32_t most_lps, Relaxed& last, bool& converged,
           std::string& error) {
    converged = false;
    for (std::uint32_t k = 0; k < most_lps; ++k) {
      if (!solve(covered, last, error)) return false;
      const auto priced = price_periodic_rounds(trees_, rounds_.period, last.duals, 1.0 + 1e-6, options_.per_pricing);
      std::size_t added = 0;
      for (const PricedRound& round : priced)
        if (known_.insert(round.tags).second) {
          rounds_.tags.insert(rounds_.tags.end(), round.tags.begin(), round.tags.end());
          ++added;
        }
      report("LP " + std::to_string(lps_) + ": " + std::to_string(last.value) + " over " +
             std::to_string(rounds_.count() - added) + " rounds; best price " +
             std::to_string(priced.empty() ? 0.0 : priced.front().price) + ", " + std::to_string(added) +
             " rounds added");
      if (added == 0) {
        converged = priced.empty();
        return true;
      }
      if (elapsed() > options_.budget_seconds) return true;
    }
    return true;
  }

  void report(const std::string& what) const {
    if (options_.progress) options_.progress(what + " (" + std::to_string(static_cast<long>(elapsed())) + " s)");
  }

 private:
  std::vector<std::uint32_t> tags(std::size_t c) const {
    return {rounds_.tags.begin() + static_cast<std::ptrdiff_t>(c * rounds_.period),
            rounds_.tags.begin() + static_cast<std::ptrdiff_t>((c + 1) * rounds_.period)};
  }

  bool solve(const std::vector<bool>& covered, Relaxed& out, std::string& error) {
    {
      std::ofstream file(options_.lp_path);
      if (!(file << cover_relaxation_lp(trees_, rounds_, covered))) {
        error = "cannot write the LP to " + options_.lp_path;
        return false;
      }
    }
    const std::string solution = options_.lp_path + ".sol";
    std::remove(solution.c_str());
    const std::string command = shell_quote(options_.solver) + " " + shell_quote(options_.lp_path) +
                                " initialSolve printingOptions all solution " + shell_quote(solution) +
                                " < /dev/null > /dev/null 2>&1";
    const int exit_status = std::system(command.c_str());
    const std::size_t pairs = static_cast<std::size_t>(trees_.net.ports) * trees_.net.ports;
    const bool read = read_relaxation(solution, pairs, rounds_.count(), out, error);
    std::remove(solution.c_str());
    if (!read && exit_status != 0) error += " (exit status " + std::to_string(exit_status) + ")";
    lps_ += read ? 1U : 0U;
    return read;
  }

  const PathTrees& trees_;
  const ColumnOptions& options_;
  PeriodicRounds& rounds_;
  std::set<std::vector<std::uint32_t>> known_;
  std::chrono::steady_clock::time_point start_;
  std::uint32_t lps_{0};
};

}  // namespace

std::string cover_relaxation_lp(const PathTrees& trees, const PeriodicRounds& rounds,
                                const std::vector<bool>& covered) {
  const std::uint32_t n = trees.net.ports;
  const std::size_t pairs = static_cast<std::size_t>(n) * n;
  auto open = [&](std::size_t pair) { return covered.empty() || !covered[pair]; };
  std::vector<std::vector<std::string>> by_pair(pairs);
  std::vector<std::string> objective;
  for (std::size_t c = 0; c < rounds.count(); ++c) {
    const std::string x = "x" + std::to_string(c + 1);
    objective.push_back(x);
    for (std::uint32_t i = 0; i < n; ++i)
      if (const std::uint32_t j = served(trees, rounds, c, i); j < n) by_pair[std::size_t{i} * n + j].push_back(x);
  }
  for (std::size_t pair = 0; pair < pairs; ++pair)
    if (by_pair[pair].empty() && open(pair)) {
      const std::string a = "a" + std::to_string(pair);
      by_pair[pair].push_back(a);
      objective.push_back(std::to_string(n) + " " + a);
    }
  std::ostringstream lp;
  lp << "\\ a2a search --periodic " << rounds.period << " --columns: N = " << n << ", " << rounds.count()
     << " candidates, the LP relaxation\nMinimize\n rounds:";
  write_terms(lp, objective);
  lp << "\nSubject To\n";
  for (std::size_t pair = 0; pair < pairs; ++pair) {
    if (!open(pair)) continue;
    lp << " p" << pair << ":";
    write_terms(lp, by_pair[pair]);
    lp << " >= 1\n";
  }
  lp << "End\n";
  return lp.str();
}

ColumnOutcome generate_columns(const PathTrees& trees, PeriodicRounds first, const ColumnOptions& options) {
  ColumnOutcome outcome;
  outcome.rounds = std::move(first);
  Generator generator(trees, options, outcome.rounds);
  Relaxed last;
  outcome.ok = generator.run({}, ~0U, last, outcome.converged, outcome.error);
  outcome.lp_value = last.value;
  outcome.lps = generator.lps();
  outcome.seconds = generator.elapsed();
  return outcome;
}

DiveOutcome dive_columns(const PathTrees& trees, PeriodicRounds columns, const ColumnOptions& options,
                         std::uint32_t lps_a_step) {
  DiveOutcome outcome;
  outcome.rounds = std::move(columns);
  Generator generator(trees, options, outcome.rounds);
  const std::uint32_t n = trees.net.ports;
  std::vector<bool> covered(std::size_t{n} * n, false);
  std::size_t open = covered.size();
  std::vector<std::size_t> chosen;
  while (open > 0) {
    Relaxed last;
    bool converged = false;
    if (!generator.run(covered, lps_a_step, last, converged, outcome.error)) return outcome;
    std::vector<std::size_t> pick;
    std::size_t largest = 0;
    for (std::size_t c = 0; c < last.x.size(); ++c) {
      if (last.x[c] >= 1 - 1e-6) pick.push_back(c);
      if (last.x[c] > last.x[largest]) largest = c;
    }
    if (pick.empty() && (last.x.empty() || last.x[largest] <= 1e-9)) {
      outcome.error = "the dive's LP chose no round while " + std::to_string(open) + " pairs are open";
      return outcome;
    }
    if (pick.empty()) pick.push_back(largest);
    for (const std::size_t c : pick) {
      chosen.push_back(c);
      for (std::uint32_t i = 0; i < n; ++i)
        if (const std::uint32_t j = served(trees, outcome.rounds, c, i); j < n && !covered[std::size_t{i} * n + j]) {
          covered[std::size_t{i} * n + j] = true;
          --open;
        }
    }
    generator.report("dive: " + std::to_string(chosen.size()) + " rounds chosen, " + std::to_string(open) +
                     " pairs open, the LP of the rest " +
                     std::to_string(last.value - static_cast<double>(pick.size())));
  }
  outcome.model.assign(outcome.rounds.count() + 1, false);
  for (const std::size_t c : chosen) outcome.model[c + 1] = true;
  outcome.chosen = static_cast<std::uint32_t>(chosen.size());
  outcome.lps = generator.lps();
  outcome.seconds = generator.elapsed();
  outcome.ok = true;
  return outcome;
}

}  // namespace a2a::search
