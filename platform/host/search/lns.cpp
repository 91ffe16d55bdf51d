#include "a2a/search/lns.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <tuple>

#include "a2a/search/config_set.hpp"
#include "a2a/search/neighbourhood.hpp"
#include "a2a/search/solver.hpp"

namespace a2a::search {

std::string format_lns_state(const LnsState& state) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", state.seconds);
  return "a2a-lns-state 1\nseed " + std::to_string(state.seed) + "\nattempt " + std::to_string(state.attempt) +
         "\nfree " + std::to_string(state.free) + "\nseconds " + seconds + "\n";
}

bool read_lns_state(const std::string& path, LnsState& state, std::string& error) {
  std::ifstream file(path);
  if (!file) {
    error = "cannot read " + path + " (the state a run writes beside its --out set)";
    return false;
  }
  std::string line;
  if (!std::getline(file, line) || line != "a2a-lns-state 1") {
    error = path + ": line 1 must be \"a2a-lns-state 1\"";
    return false;
  }
  int seen = 0;
  for (int number = 2; std::getline(file, line); ++number) {
    std::istringstream fields(line);
    std::string key;
    double value = -1;
    fields >> key >> value;
    if (value < 0 || !fields.eof()) {
      error = path + ": line " + std::to_string(number) + ": expected \"<key> <number>\", got \"" + line + "\"";
      return false;
    }
    if (key == "seed")
      state.seed = static_cast<std::uint32_t>(value);
    else if (key == "attempt")
      state.attempt = static_cast<std::uint64_t>(value);
    else if (key == "free")
      state.free = static_cast<std::uint32_t>(value);
    else if (key == "seconds")
      state.seconds = value;
    else {
      error = path + ": line " + std::to_string(number) + ": unknown key \"" + key + "\"";
      return false;
    }
    ++seen;
  }
  if (seen != 4 || state.free < 2) {
    error = path + ": needs seed, attempt, free (at least 2) and seconds";
    return false;
  }
  return true;
}

namespace {

/// Neighbourhoods drawn per attempt; the solver gets the one with the fewest open pairs.
constexpr std::uint32_t kDraws = 8;
/// Rounds drawn to pick an attempt's target from.
constexpr std::uint32_t kTournament = 6;

/// One attempt's answer, for the progress line and K's adaptation.
enum class Answer : std::uint8_t { found, moved, none, unknown, does_not_fit, failed };

class Lns {
 public:
  Lns(const SearchOptions& options, const PathTrees& trees, std::string version, std::string folder,
      const LnsState& resumed, std::uint32_t floor, StoredSet& best, std::ostream& err)
      : options_(options),
        trees_(trees),
        n_(trees.net.ports),
        floor_(floor),
        version_(std::move(version)),
        folder_(std::move(folder)),
        state_(resumed),
        best_(best),
        err_(err),
        start_(std::chrono::steady_clock::now()),
        start_rounds_(best.set.rounds()) {
    if (state_.attempt == 0) {
      state_.seed = options.seed;
      state_.free = options.free_rounds != 0 ? options.free_rounds : 16;
    }
  }

  LnsOutcome run() {
    LnsOutcome outcome;
    err_ << "LNS: from " << best_.set.rounds() << " rounds, seed " << state_.seed << ", attempt " << state_.attempt + 1
         << ", K " << state_.free << ", per attempt " << seconds_text(options_.attempt_seconds)
         << (options_.attempt_conflicts != 0 ? " or " + std::to_string(options_.attempt_conflicts) + " conflicts" : "")
         << "; " << version_ << "\n";
    std::uint64_t made = 0;
    std::uint64_t since_found = 0;
    while (!done(made)) {
      ++made;
      ++state_.attempt;
      const Answer answer = attempt(outcome);
      if (answer == Answer::failed) return outcome;
      since_found = answer == Answer::found ? 0 : since_found + 1;
      adapt(answer);
      if (!save_state()) {
        outcome.status = 3;
        return outcome;
      }
    }
    outcome.improved = best_.set.rounds() < start_rounds_;
    const std::uint32_t below = best_.set.rounds() - 1;
    outcome.below = below < floor_ ? std::to_string(below) + " rounds: impossible (below the lower bound)"
                                   : std::to_string(below) + " rounds: not found by the LNS in " +
                                         std::to_string(since_found) + " attempts since its last set (seed " +
                                         std::to_string(state_.seed) + "; proves nothing about R)";
    return outcome;
  }

 private:
  [[nodiscard]] double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  [[nodiscard]] bool done(std::uint64_t made) const {
    if (options_.stop_at != 0 && best_.set.rounds() <= options_.stop_at) return true;
    if (best_.set.rounds() <= floor_) return true;
    if (options_.attempts != 0 && made >= options_.attempts) return true;
    return options_.total_seconds > 0 && elapsed() + 1 >= options_.total_seconds;
  }

  /// K after an answer: larger after UNSAT (that neighbourhood holds no K - 1 rounds)
  /// or when the freed rounds cannot fit by counting, smaller when the budget ran out.
  void adapt(Answer answer) {
    const std::uint32_t most = std::max<std::uint32_t>(2, best_.set.rounds() / 2);
    if ((answer == Answer::none || answer == Answer::does_not_fit) && state_.free < most) ++state_.free;
    if (answer == Answer::unknown && state_.free > 4) --state_.free;
    state_.free = std::min(state_.free, most);
  }

  /// One attempt: a drop (K rounds freed, K - 1 asked for) on even attempts, a shift
  /// (K freed, K asked for, and some pairs only one other round serves moved into them)
  /// on odd ones; the neighbourhood in turn.
  Answer attempt(LnsOutcome& outcome) {
    Random random(state_.seed, state_.attempt);
    const Coverage coverage(best_.set);
    const Move move = choose_move(coverage, random);
    const std::uint32_t asked = move.asked();
    const FreedShape shape = freed_shape(coverage, move.freed, move.moved);
    err_ << "attempt " << state_.attempt << " (" << (move.shift ? "shift, " : "drop, ") << name(move.neighbourhood)
         << "): R " << best_.set.rounds() << ", " << move.freed.size() << " freed, " << asked << " asked for";
    if (move.shift) err_ << ", " << move.moved.size() << " of round " << move.target << "'s pairs moved";
    err_ << ", " << shape.open << " open pairs";
    if (!fits(shape, asked)) {
      err_ << ": cannot fit " << asked << " rounds (an input, an output or a single-path port has more open pairs); "
           << seconds_text(elapsed()) << "\n";
      return Answer::does_not_fit;
    }
    ConfigSet fixed{best_.set.net, {}};
    for (std::uint32_t r = 0, f = 0; r < best_.set.rounds(); ++r) {
      if (f < move.freed.size() && move.freed[f] == r)
        ++f;
      else
        fixed.states.push_back(best_.set.states[r]);
    }
    Problem problem = make_problem(trees_, fixed, asked);
    for (const auto& [i, j] : move.moved) problem.open[static_cast<std::size_t>(i) * n_ + j] = true;
    SolveRequest request;
    request.solver = options_.solver;
    request.cnf_path = folder_ + "/lns-" + std::to_string(n_) + ".cnf";
    request.budget_seconds = options_.attempt_seconds;
    if (options_.total_seconds > 0)
      request.budget_seconds = std::max(1.0, std::min(request.budget_seconds, options_.total_seconds - elapsed()));
    request.conflict_limit = options_.attempt_conflicts;
    request.seed = static_cast<std::uint32_t>(random.next() & 0x7fffffffU);
    request.extra_args = options_.solver_args;
    const SolveResult result = solve(encode(trees_, problem), request);
    std::remove(request.cnf_path.c_str());
    if (result.status == SolveStatus::failed) {
      err_ << ": " << result.error << "\n";
      outcome.status = 3;
      return Answer::failed;
    }
    if (result.status == SolveStatus::satisfiable) return take(fixed, problem, result, outcome);
    err_ << (result.status == SolveStatus::unsatisfiable ? ": none (UNSAT) in " : ": not found within ")
         << seconds_text(result.seconds) << "; " << seconds_text(elapsed()) << "\n";
    return result.status == SolveStatus::unsatisfiable ? Answer::none : Answer::unknown;
  }

  struct Move {
    bool shift{false};
    Neighbourhood neighbourhood{Neighbourhood::random};
    std::vector<std::uint32_t> freed;
    std::uint32_t target{0};  ///< the round a drop frees, or whose pairs a shift moves
    std::vector<std::pair<std::uint32_t, std::uint32_t>> moved;  ///< shift: its pairs the new rounds must serve
    [[nodiscard]] std::uint32_t asked() const { return static_cast<std::uint32_t>(freed.size()) - (shift ? 0U : 1U); }
  };

  /// The attempt's rounds. Its target is, of a few rounds drawn, the one with the fewest
  /// pairs that only it serves and that have one path (those can move only where a
  /// single-path port is free), then the fewest such pairs in all: a drop frees it and
  /// K - 1 others, a shift frees K others and moves some of its only-once pairs into
  /// them, so that it empties over a few shifts and is dropped. The others: of a few
  /// draws of the neighbourhood, the one that fits, with the fewest tight ports, then
  /// the fewest open pairs.
  Move choose_move(const Coverage& coverage, Random& random) {
    Move move;
    move.shift = state_.attempt % 2 == 1;
    move.neighbourhood = static_cast<Neighbourhood>((state_.attempt / 2) % kNeighbourhoods);
    pick_target(coverage, random, move);
    const std::uint32_t k = std::min(state_.free, best_.set.rounds() - 1);
    std::tuple<bool, std::uint32_t, std::uint64_t> best_rank{};
    for (std::uint32_t draw = 0; draw < kDraws; ++draw) {
      // K others for a shift, K - 1 beside the target for a drop.
      std::vector<std::uint32_t> drawn =
          choose_rounds(coverage, move.neighbourhood, k + (move.shift ? 1U : 0U), random);
      if (std::erase(drawn, move.target) == 0) drawn.pop_back();
      if (!move.shift) drawn.insert(std::lower_bound(drawn.begin(), drawn.end(), move.target), move.target);
      const std::uint32_t asked = static_cast<std::uint32_t>(drawn.size()) - (move.shift ? 0U : 1U);
      const auto drawn_rank = rank(freed_shape(coverage, drawn, move.moved), asked);
      if (!move.freed.empty() && !(drawn_rank < best_rank)) continue;
      move.freed = std::move(drawn);
      best_rank = drawn_rank;
    }
    return move;
  }

  /// A draw's rank (lower is better): fitting by counting first (inputs, outputs and the
  /// ports of single paths), then the fewest inputs and outputs every new round must
  /// serve, then the fewest open pairs.
  [[nodiscard]] std::tuple<bool, std::uint32_t, std::uint64_t> rank(const FreedShape& shape,
                                                                    std::uint32_t asked) const {
    return {!fits(shape, asked), shape.tight(asked), shape.open};
  }
  [[nodiscard]] bool fits(const FreedShape& shape, std::uint32_t asked) const {
    return shape.fits(asked) && singles_.busiest_port(shape.pairs) <= asked;
  }

  void pick_target(const Coverage& coverage, Random& random, Move& move) const {
    // The best of a few rounds drawn at random (a tournament), not the best of all: a
    // target whose pairs found no place once is not tried again and again.
    std::pair<std::uint32_t, std::uint32_t> fewest{n_ + 1, n_ + 1};
    for (std::uint32_t draw = 0; draw < kTournament; ++draw) {
      const std::uint32_t r = random.below(coverage.rounds());
      std::pair<std::uint32_t, std::uint32_t> only{0, 0};  // (one-path, all) pairs only r serves
      for (std::uint32_t i = 0; i < n_; ++i)
        if (const std::uint32_t j = coverage.destination(r, i); j < n_ && coverage.covers(i, j) == 1) {
          only.first += singles_.single(i, j) ? 1U : 0U;
          ++only.second;
        }
      if (only < fewest) {
        fewest = only;
        move.target = r;
      }
    }
    if (!move.shift) return;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> two_paths;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> one_path;
    for (std::uint32_t i = 0; i < n_; ++i)
      if (const std::uint32_t j = coverage.destination(move.target, i); j < n_ && coverage.covers(i, j) == 1)
        (singles_.single(i, j) ? one_path : two_paths).emplace_back(i, j);
    for (auto* group : {&two_paths, &one_path})
      for (std::size_t m = 0; m + 1 < group->size(); ++m)
        std::swap((*group)[m], (*group)[m + random.below(static_cast<std::uint32_t>(group->size() - m))]);
    move.moved = std::move(two_paths);
    move.moved.insert(move.moved.end(), one_path.begin(), one_path.end());
    // Between one and half of them, at random: a few pairs find a place where many do not.
    const auto half = static_cast<std::uint32_t>(std::max<std::size_t>(1, (move.moved.size() + 1) / 2));
    const std::size_t keep = 1 + random.below(half);
    if (move.moved.size() > keep) move.moved.resize(keep);
  }

  /// The free rounds found: the whole set checked, rounds it does not need dropped,
  /// checked again, kept and written at once (a shift keeps R: the set moves on).
  Answer take(const ConfigSet& fixed, const Problem& problem, const SolveResult& result, LnsOutcome& outcome) {
    ConfigSet candidate = fixed;
    for (auto& round : decode(trees_, problem, result.model)) candidate.states.push_back(std::move(round));
    candidate = drop_unneeded_rounds(candidate);
    const ExchangeCheck check = verify_set(candidate);
    if (!check.ok()) {
      err_ << ": the solver's set fails check_exchange: " << describe_check(check, n_) << "\n";
      outcome.status = 3;
      return Answer::failed;
    }
    const bool fewer = candidate.rounds() < best_.set.rounds();
    err_ << ": " << (fewer ? "found " : "moved, ") << candidate.rounds() << " rounds in "
         << seconds_text(result.seconds) << "; check_exchange: " << describe_check(check, n_) << "; "
         << seconds_text(elapsed()) << "\n";
    best_.set = std::move(candidate);
    if (fewer)
      best_.note = "a2a search --lns, " + std::to_string(best_.set.rounds()) + " rounds, seed " +
                   std::to_string(state_.seed) + ", attempt " + std::to_string(state_.attempt) + ", " + version_ +
                   ", " + seconds_text(state_.seconds + elapsed()) + " of search";
    std::string error;
    if (!options_.out.empty() && !write_set_file(options_.out, best_, error)) {
      err_ << "a2a search: error: " << error << "\n";
      outcome.status = 3;
      return Answer::failed;
    }
    return fewer ? Answer::found : Answer::moved;
  }

  /// The state beside the set (`out`.lns), renamed over the old one.
  bool save_state() {
    if (options_.out.empty()) return true;
    LnsState saved = state_;
    saved.seconds += elapsed();
    const std::string path = options_.out + ".lns";
    std::ofstream(path + ".partial") << format_lns_state(saved);
    if (std::rename((path + ".partial").c_str(), path.c_str()) == 0) return true;
    err_ << "a2a search: error: cannot write " << path << "\n";
    return false;
  }

  const SearchOptions& options_;
  const PathTrees& trees_;
  SinglePaths singles_{trees_};
  std::uint32_t n_;
  std::uint32_t floor_;  ///< the proved lower bound: the run ends there
  std::string version_;
  std::string folder_;
  LnsState state_;
  StoredSet& best_;
  std::ostream& err_;
  std::chrono::steady_clock::time_point start_;
  std::uint32_t start_rounds_;
};

}  // namespace

LnsOutcome large_neighbourhood_search(const SearchOptions& options, const PathTrees& trees, const std::string& version,
                                      const std::string& folder, const LnsState& resumed, std::uint32_t floor,
                                      StoredSet& best, std::ostream& err) {
  Lns lns(options, trees, version, folder, resumed, floor, best, err);
  return lns.run();
}

}  // namespace a2a::search
