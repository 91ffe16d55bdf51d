#include "device_protocol.hpp"

#include <cstdio>
#include <stdexcept>

namespace a2a::tool {
namespace {

using Clock = std::chrono::steady_clock;

bool allowed(unsigned char c) { return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\r' || c == '\n'; }

std::string hex(unsigned char c) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02x", c);
  return text;
}

[[noreturn]] void stopped_answering(const DeviceTimeouts& limits) {
  throw std::runtime_error("no reply within " + limits.text + " s (the device stopped answering)");
}

}  // namespace

bool LineReader::take_line(std::string& line) {
  const auto end = buffer_.find('\n');
  if (end == std::string::npos) return false;
  line.assign(buffer_, 0, end);
  buffer_.erase(0, end + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();  // CR LF
  return true;
}

bool LineReader::next_line(std::string& line, int silence_ms, Clock::time_point deadline, bool lenient) {
  char chunk[4096];
  for (;;) {
    if (take_line(line)) return true;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    const int wait = static_cast<int>(std::min<long long>(left, silence_ms));
    const std::size_t n = link_->read_some(chunk, sizeof chunk, wait);
    if (n == 0) return false;  // silent for silence_ms (or the deadline came): every byte restarts the wait
    for (std::size_t i = 0; i < n; ++i) {
      const auto c = static_cast<unsigned char>(chunk[i]);
      if (allowed(c)) {
        buffer_.push_back(chunk[i]);
      } else if (!lenient) {
        throw std::runtime_error("garbage from the device: byte " + hex(c) +
                                 " is not printable ASCII (wrong --baud, or not an a2a console?)");
      }
    }
    // Only the unfinished tail can be overlong: whole lines leave the buffer above.
    const auto last_end = buffer_.rfind('\n');
    const std::size_t tail = last_end == std::string::npos ? buffer_.size() : buffer_.size() - last_end - 1;
    if (tail > kMaxDeviceLine) {
      if (!lenient)
        throw std::runtime_error("garbage from the device: a line longer than " + std::to_string(kMaxDeviceLine) +
                                 " bytes (not an a2a console?)");
      buffer_.erase(buffer_.size() - tail);
    }
  }
}

ReplyEnd read_reply(LineReader& reader, const DeviceTimeouts& limits,
                    const std::function<void(const std::string&)>& on_line) {
  const auto deadline = Clock::now() + limits.total;
  std::string line;
  for (;;) {
    if (!reader.next_line(line, limits.silence_ms, deadline)) {
      if (Clock::now() >= deadline)
        throw std::runtime_error("the reply did not end within " + std::to_string(limits.total.count() / 1000) +
                                 " s (the total cap, 100 x --timeout)");
      stopped_answering(limits);
    }
    // A banner inside a reply: the device rebooted (watchdog, reset pin, power)
    // and the command's effect is unknown; its lines are not the reply.
    if (line.rfind(kBannerStart, 0) == 0) throw std::runtime_error("the device reset during the reply (banner seen)");
    on_line(line);
    if (line == "ok") return ReplyEnd{true, {}};
    if (line.rfind("error: ", 0) == 0) return ReplyEnd{false, line.substr(7)};
  }
}

std::vector<std::string> drain_console(LineReader& reader, const DeviceTimeouts& limits) {
  // Chatter that never pauses is given one --timeout, then the command goes anyway.
  auto deadline = Clock::now() + std::chrono::milliseconds(limits.silence_ms);
  std::vector<std::string> banner;
  bool in_banner = false;
  std::string line;
  for (;;) {
    // In a banner the device is busy booting (planning, probing the fabric):
    // allow it the whole silence bound before its `ready`.
    const int quiet = in_banner ? limits.silence_ms : kDrainQuietMs;
    if (!reader.next_line(line, quiet, deadline, /*lenient=*/!in_banner)) {
      if (in_banner) stopped_answering(limits);
      break;  // quiet, or a line chattering past the cap: send anyway
    }
    if (line.rfind(kBannerStart, 0) == 0) {
      banner.clear();  // a second reset: only the last banner counts
      in_banner = true;
      deadline = Clock::now() + limits.total;
    }
    if (in_banner) {
      banner.push_back(line);
      if (line == "ready") in_banner = false;
    }
  }
  reader.discard_partial();
  return banner;
}

std::vector<std::string> await_banner(LineReader& reader, const DeviceTimeouts& limits) {
  const auto deadline = Clock::now() + limits.total;
  std::vector<std::string> banner;
  std::string line;
  // Before the banner a UART may glitch while the board resets: dropped, not refused.
  while (reader.next_line(line, limits.silence_ms, deadline, /*lenient=*/banner.empty())) {
    if (line.rfind(kBannerStart, 0) == 0) banner.clear();
    if (line.rfind(kBannerStart, 0) == 0 || !banner.empty()) banner.push_back(line);
    if (!banner.empty() && line == "ready") return banner;
  }
  throw std::runtime_error("no banner within " + limits.text + " s after reboot (the device did not come back)");
}

}  // namespace a2a::tool
