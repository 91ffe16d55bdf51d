// The console of a host stand-in board (host tests only: it uses std::string): what
// the device print()s, collected for the test to take, and whether a reply has ended
// (its last line `ok` or `error: ...`, docs/protocol.md).
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace a2a::test {

class ConsoleText {
 public:
  template <class... Args>
  void print(const Args&... args) {
    (append(args), ...);
  }
  std::string take_output() { return std::exchange(output_, {}); }
  /// Bytes printed and not taken yet (a queued console's fill, QueuedHostBoard).
  [[nodiscard]] std::size_t pending() const { return output_.size(); }

 private:
  void append(std::string_view s) { output_ += s; }
  void append(const char* s) { output_ += s; }
  template <class T>
  requires std::is_integral_v<T>
  void append(T v) { output_ += std::to_string(v); }
  std::string output_;
};

/// Whether `text` ends with a whole reply's last line: `ok` or `error: ...`.
inline bool ends_reply(const std::string& text) {
  if (text.empty() || text.back() != '\n') return false;
  const std::size_t start = text.rfind('\n', text.size() - 2);
  const std::string last = text.substr(start == std::string::npos ? 0 : start + 1);
  return last == "ok\n" || last.starts_with("error: ");
}

}  // namespace a2a::test
