#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace a2a::tool {

ProgressBar::ProgressBar(std::string label)
    : label_(std::move(label)), terminal_(isatty(STDERR_FILENO) != 0), start_(Clock::now()), last_draw_(start_) {}

ProgressBar::~ProgressBar() {
  if (drawn_) std::fprintf(stderr, "\r%*s\r", 72, "");
}

void ProgressBar::update(std::uint32_t done, std::uint32_t total) {
  if (!terminal_ || total == 0) return;
  const auto now = Clock::now();
  if (now - start_ < std::chrono::milliseconds(500) || now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 40;
  const int filled = static_cast<int>(std::uint64_t{done} * kWidth / total);
  std::fprintf(stderr, "\r%s [%.*s%*s] %u/%u", label_.c_str(), filled, "########################################",
               kWidth - filled, "", done, total);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace a2a::tool
