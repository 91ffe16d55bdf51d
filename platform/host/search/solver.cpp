#include "a2a/search/solver.hpp"

#include <sys/wait.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace a2a::search {
std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string solver_version(const std::string& solver) {
  const std::string command = shell_quote(solver) + " --version 2>/dev/null";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  char line[200] = {};
  const bool got = std::fgets(line, sizeof line, pipe) != nullptr;
  pclose(pipe);
  if (!got) return "";
  std::string version(line);
  while (!version.empty() && (version.back() == '\n' || version.back() == '\r')) version.pop_back();
  return solver + " " + version;
}

SolveResult solve(const Cnf& cnf, const SolveRequest& request) {
  SolveResult result;
  const auto start = std::chrono::steady_clock::now();
  if (!write_dimacs(cnf, request.cnf_path)) {
    result.error = "cannot write the CNF to " + request.cnf_path;
    return result;
  }
  const auto limit = static_cast<long>(std::ceil(request.budget_seconds));
  std::ostringstream command;
  command << shell_quote(request.solver) << " -t " << (limit < 1 ? 1 : limit) << " --seed=" << request.seed;
  if (request.conflict_limit != 0) command << " -c " << request.conflict_limit;
  if (request.check_proof) command << " --check";
  for (const std::string& arg : request.extra_args) command << " " << shell_quote(arg);
  command << " " << shell_quote(request.cnf_path);
  if (!request.proof_path.empty()) command << " " << shell_quote(request.proof_path);
  command << " 2>&1";
  std::FILE* pipe = popen(command.str().c_str(), "r");
  if (pipe == nullptr) {
    result.error = "cannot start " + request.solver;
    return result;
  }
  result.model.assign(static_cast<std::size_t>(cnf.variables) + 1, false);
  std::string line;
  char chunk[4096];
  bool said = false;
  while (std::fgets(chunk, sizeof chunk, pipe) != nullptr) {
    line += chunk;
    if (line.empty() || line.back() != '\n') continue;  // a long "v" line comes in pieces
    line.pop_back();
    if (line.rfind("s SATISFIABLE", 0) == 0) {
      result.status = SolveStatus::satisfiable;
      said = true;
    } else if (line.rfind("s UNSATISFIABLE", 0) == 0) {
      result.status = SolveStatus::unsatisfiable;
      said = true;
    } else if (line.rfind("s UNKNOWN", 0) == 0) {
      result.status = SolveStatus::unknown;
      said = true;
    } else if (line.rfind("v ", 0) == 0) {
      std::istringstream values(line.substr(2));
      long lit = 0;
      while (values >> lit)
        if (lit > 0 && static_cast<std::size_t>(lit) < result.model.size())
          result.model[static_cast<std::size_t>(lit)] = true;
    } else if (request.progress && line.size() > 5 && line.rfind("c ", 0) == 0 && line[2] != ' ' && line[3] == ' ' &&
               std::isdigit(static_cast<unsigned char>(line[line.find_first_not_of(' ', 3)])) != 0) {
      // A report line ("c - 29.07 146 71 ..."): the solver's time, conflicts, clauses.
      request.progress(line);
    }
    line.clear();
  }
  const int status = pclose(pipe);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Stopped by its time limit, cadical 1.5 says no "s" line and exits 0: unknown.
  if (!said && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    result.status = SolveStatus::unknown;
    said = true;
  }
  if (!said) {
    result.status = SolveStatus::failed;
    result.error = request.solver + " gave no answer (exit status " +
                   std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                   "); is it installed? (apt-get install cadical)";
    result.model.clear();
  }
  if (result.status != SolveStatus::satisfiable) result.model.clear();
  return result;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

}  // namespace a2a::search
