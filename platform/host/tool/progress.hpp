// A progress bar on stderr for long runs: drawn only when stderr is a terminal
// (never in pipes, files or CTest logs) and only once the run has taken longer
// than half a second, so short runs print nothing extra.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace a2a::tool {

class ProgressBar {
 public:
  explicit ProgressBar(std::string label);
  ~ProgressBar();  ///< erases the bar if it was drawn
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint32_t done, std::uint32_t total);

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  bool terminal_{false};
  bool drawn_{false};
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace a2a::tool
