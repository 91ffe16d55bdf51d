#include "a2a/search/columns.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "a2a/search/solver.hpp"
#include "stage_check.hpp"

namespace a2a::search {
namespace {

/// Best-first descent over the stages, class by class, as the sampler goes: `bound_` is
/// the sum over the classes of the best tag price under each class's prefix so far, so
/// a branch whose bound cannot beat the K-th best round found is cut.
class Pricer {
 public:
  Pricer(const PathTrees& trees, std::uint32_t period, const std::vector<double>& duals, double above, std::size_t most)
      : check_(trees, period), period_(period), stages_(trees.net.stages), above_(above), most_(most) {
    const std::uint32_t tags = trees.tags();
    const std::uint32_t n = trees.net.ports;
    best_.assign(static_cast<std::size_t>(period) * (2 * tags - 1), 0.0);
    // Leaves (depth n) first: what class r's tag t serves, then each prefix's best.
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t t = 0; t < tags; ++t) {
        const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * tags + t];
        if (j < n) at(i % period, stages_, t) += duals[static_cast<std::size_t>(i) * n + j];
      }
    for (std::uint32_t r = 0; r < period; ++r)
      for (std::uint32_t depth = stages_; depth-- > 0;)
        for (std::uint32_t p = 0; p < (1U << depth); ++p)
          at(r, depth, p) = std::max(at(r, depth + 1, 2 * p), at(r, depth + 1, 2 * p + 1));
  }

  std::vector<PricedRound> run() {
    std::vector<std::uint32_t> prefixes(period_, 0);
    bound_ = 0;
    for (std::uint32_t r = 0; r < period_; ++r) bound_ += at(r, 0, 0);
    descend(0, 0, prefixes);
    std::sort(found_.begin(), found_.end(), [](const PricedRound& a, const PricedRound& b) {
      return a.price != b.price ? a.price > b.price : a.tags < b.tags;
    });
    return std::move(found_);
  }

 private:
  double& at(std::uint32_t r, std::uint32_t depth, std::uint32_t prefix) {
    return best_[static_cast<std::size_t>(r) * (best_.size() / period_) + (1U << depth) - 1U + prefix];
  }

  /// The price a round must beat to be kept: `above`, or the worst kept once `most` are.
  [[nodiscard]] double threshold() const { return found_.size() < most_ ? above_ : std::max(above_, worst_); }

  void keep(const std::vector<std::uint32_t>& tags) {
    if (found_.size() < most_) {
      found_.push_back({tags, bound_});
    } else {
      auto low = std::min_element(found_.begin(), found_.end(),
                                  [](const PricedRound& a, const PricedRound& b) { return a.price < b.price; });
      *low = {tags, bound_};
    }
    if (found_.size() == most_)
      worst_ = std::min_element(found_.begin(), found_.end(), [](const PricedRound& a, const PricedRound& b) {
                 return a.price < b.price;
               })->price;
  }

  void descend(std::uint32_t depth, std::uint32_t cls, std::vector<std::uint32_t>& prefixes) {
    if (cls == period_) {
      cls = 0;
      if (++depth == stages_) {
        keep(prefixes);
        return;
      }
    }
    const std::uint32_t kept = prefixes[cls];
    const double here = at(cls, depth, kept);
    const double child[2] = {at(cls, depth + 1, 2 * kept), at(cls, depth + 1, 2 * kept + 1)};
    const std::uint32_t first = child[1] > child[0] ? 1U : 0U;
    for (std::uint32_t k = 0; k < 2; ++k) {
      const std::uint32_t bit = first ^ k;
      const double bound = bound_ - here + child[bit];
      if (bound <= threshold() + 1e-9) continue;
      prefixes[cls] = (kept << 1) | bit;
      if (!check_.consistent(depth, cls, prefixes)) continue;
      const double saved = bound_;
      bound_ = bound;
      descend(depth, cls + 1, prefixes);
      bound_ = saved;
    }
    prefixes[cls] = kept;
  }

  StageCheck check_;
  std::uint32_t period_, stages_;
  double above_;
  std::size_t most_;
  std::vector<double> best_;  ///< [r][node]: class r's best tag price under a prefix
  double bound_{0};
  double worst_{0};
  std::vector<PricedRound> found_;
};

void write_terms(std::ostringstream& lp, const std::vector<std::string>& terms) {
  for (std::size_t k = 0; k < terms.size(); ++k) lp << (k == 0 ? " " : (k % 16 == 0 ? "\n + " : " + ")) << terms[k];
}

/// The LP's value and the rows' duals from cbc's solution file ("Optimal - objective
/// value 143.5", then "index name activity dual" per row, "**" before an infeasible one).
bool read_duals(const std::string& path, std::size_t pairs, double& value, std::vector<double>& duals,
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
  value = std::stod(head.substr(head.rfind(' ') + 1));
  duals.assign(pairs, 0.0);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("**", 0) == 0) line = line.substr(2);
    std::istringstream row(line);
    std::size_t index = 0;
    std::string name;
    double activity = 0, dual = 0;
    if (!(row >> index >> name >> activity >> dual) || name.size() < 2 || name[0] != 'p') continue;
    const std::size_t pair = std::stoul(name.substr(1));
    if (pair < pairs) duals[pair] = dual;
  }
  return true;
}

}  // namespace

std::vector<PricedRound> price_periodic_rounds(const PathTrees& trees, std::uint32_t period,
                                               const std::vector<double>& duals, double above, std::size_t most) {
  if (most == 0 || period == 0 || trees.net.ports % period != 0) return {};
  return Pricer(trees, period, duals, above, most).run();
}

std::string cover_relaxation_lp(const PathTrees& trees, const PeriodicRounds& rounds) {
  const std::uint32_t n = trees.net.ports;
  std::vector<std::vector<std::string>> by_pair(static_cast<std::size_t>(n) * n);
  std::vector<std::string> objective;
  for (std::size_t c = 0; c < rounds.count(); ++c) {
    const std::string x = "x" + std::to_string(c + 1);
    objective.push_back(x);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t tag = rounds.tags[c * rounds.period + i % rounds.period];
      const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * trees.tags() + tag];
      if (j < n) by_pair[static_cast<std::size_t>(i) * n + j].push_back(x);
    }
  }
  for (std::size_t pair = 0; pair < by_pair.size(); ++pair)
    if (by_pair[pair].empty()) {
      const std::string a = "a" + std::to_string(pair);
      by_pair[pair].push_back(a);
      objective.push_back(std::to_string(n) + " " + a);
    }
  std::ostringstream lp;
  lp << "\\ a2a search --periodic " << rounds.period << " --columns: N = " << n << ", " << rounds.count()
     << " candidates, the LP relaxation\nMinimize\n rounds:";
  write_terms(lp, objective);
  lp << "\nSubject To\n";
  for (std::size_t pair = 0; pair < by_pair.size(); ++pair) {
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
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const std::uint32_t period = outcome.rounds.period;
  const std::size_t pairs = static_cast<std::size_t>(trees.net.ports) * trees.net.ports;
  std::set<std::vector<std::uint32_t>> known;
  for (std::size_t c = 0; c < outcome.rounds.count(); ++c)
    known.insert({outcome.rounds.tags.begin() + static_cast<std::ptrdiff_t>(c * period),
                  outcome.rounds.tags.begin() + static_cast<std::ptrdiff_t>((c + 1) * period)});
  const std::string solution = options.lp_path + ".sol";
  std::vector<double> duals;
  while (true) {
    {
      std::ofstream file(options.lp_path);
      if (!(file << cover_relaxation_lp(trees, outcome.rounds))) {
        outcome.error = "cannot write the LP to " + options.lp_path;
        return outcome;
      }
    }
    std::remove(solution.c_str());
    const std::string command = shell_quote(options.solver) + " " + shell_quote(options.lp_path) +
                                " initialSolve printingOptions all solution " + shell_quote(solution) +
                                " < /dev/null > /dev/null 2>&1";
    const int exit_status = std::system(command.c_str());
    if (!read_duals(solution, pairs, outcome.lp_value, duals, outcome.error)) {
      if (exit_status != 0) outcome.error += " (exit status " + std::to_string(exit_status) + ")";
      return outcome;
    }
    ++outcome.lps;
    const auto priced = price_periodic_rounds(trees, period, duals, 1.0 + 1e-6, options.per_pricing);
    std::size_t added = 0;
    for (const PricedRound& round : priced)
      if (known.insert(round.tags).second) {
        outcome.rounds.tags.insert(outcome.rounds.tags.end(), round.tags.begin(), round.tags.end());
        ++added;
      }
    if (options.progress) {
      std::ostringstream line;
      line << "LP " << outcome.lps << ": " << outcome.lp_value << " over " << outcome.rounds.count() - added
           << " rounds; best price " << (priced.empty() ? 0.0 : priced.front().price) << ", " << added
           << " rounds added (" << static_cast<long>(elapsed()) << " s)";
      options.progress(line.str());
    }
    if (added == 0) {
      outcome.converged = priced.empty();
      break;
    }
    if (elapsed() > options.budget_seconds) break;
  }
  std::remove(solution.c_str());
  outcome.seconds = elapsed();
  outcome.ok = true;
  return outcome;
}

}  // namespace a2a::search
