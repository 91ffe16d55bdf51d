#include "a2a/search/ilp.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace a2a::search {
namespace {

/// "x1 + x7 + x9": the sum of the chosen variables of `list`, broken into lines (the
/// LP format allows 255 characters a line in some readers).
void write_sum(std::ostringstream& lp, const std::vector<std::int32_t>& list) {
  for (std::size_t k = 0; k < list.size(); ++k) lp << (k == 0 ? " x" : (k % 16 == 0 ? "\n + x" : " + x")) << list[k];
}

/// What the solution file's first line says: "Optimal - objective value 80", "Stopped
/// on time - objective value 82", "Infeasible - objective value 79.5", ...
SolveStatus read_solution(const std::string& path, std::vector<bool>& model, std::string& error) {
  std::ifstream in(path);
  std::string head;
  if (!in || !std::getline(in, head)) {
    error = "the ILP solver wrote no solution to " + path;
    return SolveStatus::failed;
  }
  if (head.rfind("Infeasible", 0) == 0 || head.rfind("Integer infeasible", 0) == 0) return SolveStatus::unsatisfiable;
  const bool optimal = head.rfind("Optimal", 0) == 0;
  if (!optimal && head.rfind("Stopped", 0) != 0) {
    error = "the ILP solver's solution says \"" + head + "\"";
    return SolveStatus::failed;
  }
  // index name value reduced-cost; a stopped run gives the LP's values when it has no
  // integer solution: accepted only when every value is 0 or 1.
  std::string line;
  bool integral = true;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::size_t index = 0;
    std::string name;
    double value = 0;
    if (!(row >> index >> name >> value) || name.size() < 2 || name[0] != 'x') continue;
    const std::size_t v = std::stoul(name.substr(1));
    if (std::fabs(value - std::round(value)) > 1e-6) integral = false;
    if (v < model.size() && value > 0.5) model[v] = true;
  }
  return integral ? SolveStatus::satisfiable : SolveStatus::unknown;
}

}  // namespace

bool is_ilp_solver(const std::string& solver) {
  const std::size_t slash = solver.rfind('/');
  return solver.substr(slash == std::string::npos ? 0 : slash + 1) == "cbc";
}

std::string ilp_solver_version(const std::string& solver) {
  // cbc has no --version, and without -quit it reads commands from its input.
  const std::string command = shell_quote(solver) + " -quit < /dev/null 2>/dev/null";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string version;
  char line[200] = {};
  while (std::fgets(line, sizeof line, pipe) != nullptr) {
    const std::string text(line);
    if (text.rfind("Version: ", 0) == 0 && version.empty()) {
      version = text.substr(9);
      while (!version.empty() && (version.back() == '\n' || version.back() == '\r' || version.back() == ' '))
        version.pop_back();
    }
  }
  pclose(pipe);
  return version.empty() ? "" : "cbc " + version;
}

std::string periodic_cover_lp(const PathTrees& trees, const PeriodicRounds& rounds, std::uint32_t r) {
  const std::size_t candidates = rounds.count();
  const bool exact = r == trees.net.ports;
  std::ostringstream lp;
  std::vector<std::int32_t> all(candidates);
  for (std::size_t c = 0; c < candidates; ++c) all[c] = static_cast<std::int32_t>(c + 1);
  lp << "\\ a2a search --periodic " << rounds.period << ": N = " << trees.net.ports << ", R = " << r << ", "
     << candidates << " candidates\nMinimize\n rounds:";
  write_sum(lp, all);
  lp << "\nSubject To\n";
  std::size_t row = 0;
  for (const auto& list : pair_servers(trees, rounds)) {
    lp << " p" << row++ << ":";
    write_sum(lp, list);
    lp << (exact ? " = 1\n" : " >= 1\n");
  }
  lp << " count:";
  write_sum(lp, all);
  lp << " <= " << r << "\nBinary\n";
  for (std::size_t c = 0; c < candidates; ++c) lp << (c % 16 == 0 ? (c == 0 ? " x" : "\n x") : " x") << c + 1;
  lp << "\nEnd\n";
  return lp.str();
}

SolveResult solve_ilp(const std::string& lp, std::size_t candidates, const SolveRequest& request) {
  SolveResult result;
  const auto start = std::chrono::steady_clock::now();
  {
    std::ofstream file(request.cnf_path);
    if (!(file << lp)) {
      result.error = "cannot write the integer program to " + request.cnf_path;
      return result;
    }
  }
  const std::string solution = request.cnf_path + ".sol";
  std::remove(solution.c_str());
  const auto limit = static_cast<long>(std::ceil(request.budget_seconds));
  std::ostringstream command;
  command << shell_quote(request.solver) << " " << shell_quote(request.cnf_path) << " sec " << (limit < 1 ? 1 : limit)
          << " randomCbcSeed " << request.seed + 1;  // cbc's seed 0 means "from the clock"
  for (const std::string& arg : request.extra_args) command << " " << shell_quote(arg);
  command << " solve solution " << shell_quote(solution) << " < /dev/null 2>&1";
  std::FILE* pipe = popen(command.str().c_str(), "r");
  if (pipe == nullptr) {
    result.error = "cannot start " + request.solver;
    return result;
  }
  char chunk[4096];
  while (std::fgets(chunk, sizeof chunk, pipe) != nullptr) {
    // Its progress: "Cbc0010I After 1000 nodes, ..." and "Cbc0012I Integer solution of 82 ...".
    const std::string line(chunk);
    if (request.progress && (line.rfind("Cbc0010I", 0) == 0 || line.rfind("Cbc0012I", 0) == 0))
      request.progress(line.substr(0, line.find_last_not_of("\r\n") + 1));
  }
  const int exit_status = pclose(pipe);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.model.assign(candidates + 1, false);
  result.status = read_solution(solution, result.model, result.error);
  std::remove(solution.c_str());
  if (result.status == SolveStatus::failed && exit_status != 0)
    result.error += " (exit status " + std::to_string(exit_status) + "); is it installed? (apt-get install coinor-cbc)";
  if (result.status != SolveStatus::satisfiable) result.model.clear();
  return result;
}

}  // namespace a2a::search
