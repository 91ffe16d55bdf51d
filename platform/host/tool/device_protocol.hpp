// `a2a device`: the console protocol of docs/console.md seen from the host. The
// device answers each command line with lines ending in LF (CR LF accepted); the
// last line of a reply is exactly `ok` or starts with `error: `. A banner whose
// first line starts `a2a controller ` and whose last line is `ready` means the
// device (re)booted.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "device_link.hpp"

namespace a2a::tool {

inline constexpr std::size_t kMaxDeviceLine = 4096;  ///< longer: garbage (the device's are < 300)
inline constexpr std::string_view kBannerStart = "a2a controller ";
inline constexpr int kDrainQuietMs = 200;  ///< silence that ends the drain before the first command

/// The bounds of every wait: `silence_ms` is the longest quiet allowed while a
/// reply is due (a reply that keeps streaming is never cut off by it); `total_ms`
/// caps one reply (or the drain) however busy the line is. `text` is --timeout as
/// typed, for messages.
struct DeviceTimeouts {
  int silence_ms{30000};
  std::chrono::milliseconds total{3000000};
  std::string text{"30"};
};

/// Splits the byte stream into lines and rejects what an a2a console never sends.
class LineReader {
 public:
  explicit LineReader(DeviceLink& link) : link_(&link) {}
  /// The next whole line (without CR/LF), or false after `silence_ms` with no
  /// byte at all or once `deadline` has passed (a line trickling in byte by byte
  /// must not hold the tool forever). Throws on garbage (not printable ASCII, tab,
  /// CR or LF; a line over kMaxDeviceLine) unless `lenient`: then they are dropped.
  bool next_line(std::string& line, int silence_ms, std::chrono::steady_clock::time_point deadline,
                 bool lenient = false);
  /// Forgets a partial line (what the drain read but nobody will answer).
  void discard_partial() { buffer_.clear(); }

 private:
  bool take_line(std::string& line);
  DeviceLink* link_;
  std::string buffer_;
};

/// How a reply ended.
struct ReplyEnd {
  bool ok{false};
  std::string error;  ///< the text after "error: " when !ok
};

/// Reads one reply, handing every line (the last included) to `on_line` as it
/// arrives so that long replies stream. Throws std::runtime_error (exit 2) when the
/// device stops answering, resets (its banner), sends garbage or closes.
ReplyEnd read_reply(LineReader& reader, const DeviceTimeouts& limits,
                    const std::function<void(const std::string&)>& on_line);

/// Before the first command: reads until the line has been quiet for kDrainQuietMs
/// (at most one --timeout), and if a banner is in progress until its `ready`. Returns
/// the banner's lines when one was seen (the rest is discarded). Boot noise is
/// dropped, not refused: a UART may glitch at power-on.
std::vector<std::string> drain_console(LineReader& reader, const DeviceTimeouts& limits);

/// After `reboot`'s `ok`: reads the banner of the next boot through its `ready` and
/// returns its lines, so the next command goes to the booted device. Throws when no
/// banner comes within the bounds.
std::vector<std::string> await_banner(LineReader& reader, const DeviceTimeouts& limits);

}  // namespace a2a::tool
