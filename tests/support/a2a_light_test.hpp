// The light test runner: the portable subset of doctest with no heap, no
// exceptions and no iostream, so the same test sources run on Cortex-M under
// QEMU (tests/target) and, for its own tests, on the host.
//
//   TEST_CASE("name") { ... }   registered at static-initialization time; all run in order
//   CHECK(expr), CHECK_FALSE(expr)   record a failure and go on
//   REQUIRE(expr)                    record a failure and abort the current test case
//   INFO(args...)                    integers of any width, bool, char, enums (as
//                                    integers), const char*, std::string_view;
//                                    formatted into a fixed buffer in the current
//                                    scope and printed only when a check fails there
//
// Output: one line per test case ("[ok] name" / "[FAILED] name"), each failed
// check as "file:line: CHECK(expr) failed" plus the INFO lines in scope, and a
// last line exactly "N passed, M failed" (test cases). Exit status: 0 when all
// ran test cases passed, 1 when one failed, 2 when none ran.
// Command line: -tc=<pattern> runs only the test cases whose name matches
// (doctest-style wildcards * and ?), --list prints the names.
//
// REQUIRE leaves the test case with longjmp: the test body's automatic objects
// must be trivially destructible (true of the portable heap-free sources; the
// INFO stack is reset by the runner). The runner's output goes through
// a2a_light_test_write(), defined per platform (POSIX write() on the host, the
// semihosting console on Cortex-M).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

extern "C" void a2a_light_test_write(const char* text, std::size_t length);

namespace a2a::light {

using TestFunction = void (*)();

/// One TEST_CASE; the constructor appends it to the runner's list (no heap:
/// the list is intrusive and every node is a static object).
class TestCase {
 public:
  TestCase(TestFunction function, const char* name, const char* file, int line) noexcept;
  TestCase(const TestCase&) = delete;
  TestCase& operator=(const TestCase&) = delete;

  TestFunction function;
  const char* name;
  const char* file;
  int line;
  TestCase* next{nullptr};
};

/// Bytes of text one INFO keeps (longer messages are cut and end in "...").
inline constexpr std::size_t kInfoCapacity = 160;

/// Context for the checks of one scope; see INFO.
class Info {
 public:
  template <typename... Args>
  explicit Info(const Args&... args) noexcept {
    (append(args), ...);
    push();
  }
  ~Info() { pop(); }
  Info(const Info&) = delete;
  Info& operator=(const Info&) = delete;

  [[nodiscard]] std::string_view text() const { return {text_, length_}; }
  [[nodiscard]] const Info* previous() const { return previous_; }

 private:
  void append(std::string_view text) noexcept;
  void append(const char* text) noexcept { append(std::string_view(text == nullptr ? "(null)" : text)); }
  void append(char c) noexcept { append(std::string_view(&c, 1)); }
  void append(bool b) noexcept { append(std::string_view(b ? "true" : "false")); }
  void append_unsigned(std::uint64_t value, bool negative) noexcept;
  template <std::integral T>
  void append(T value) noexcept {
    if constexpr (std::is_signed_v<T>) {
      // Magnitude without overflow for the most negative value.
      const auto wide = static_cast<std::int64_t>(value);
      append_unsigned(wide < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(wide) : static_cast<std::uint64_t>(wide),
                      wide < 0);
    } else {
      append_unsigned(static_cast<std::uint64_t>(value), false);
    }
  }
  template <typename E>
  requires std::is_enum_v<E>
  void append(E value) noexcept { append(static_cast<std::underlying_type_t<E>>(value)); }
  void push() noexcept;
  void pop() noexcept;

  char text_[kInfoCapacity];
  std::size_t length_{0};
  const Info* previous_{nullptr};
};

/// Records the outcome of one CHECK/CHECK_FALSE/REQUIRE; a failed REQUIRE
/// leaves the current test case (longjmp back into the runner).
void assertion(bool passed, const char* macro, const char* expression, const char* file, int line,
               bool abort_test_case) noexcept;

/// Runs the registered test cases (see the command line above); the status for main().
int run(int argc, char** argv) noexcept;

}  // namespace a2a::light

#define A2A_LIGHT_CAT_(a, b) a##b
#define A2A_LIGHT_CAT(a, b) A2A_LIGHT_CAT_(a, b)

#define A2A_LIGHT_TEST_CASE_(function, name)                                                                 \
  static void function();                                                                                    \
  static ::a2a::light::TestCase A2A_LIGHT_CAT(function, _registration){&function, name, __FILE__, __LINE__}; \
  static void function()
#define TEST_CASE(name) A2A_LIGHT_TEST_CASE_(A2A_LIGHT_CAT(a2a_light_test_case_, __COUNTER__), name)

// Variadic so that expressions with unparenthesized commas (template
// arguments, braced lists) pass through whole.
#define A2A_LIGHT_ASSERT_(macro, expected, abort_test_case, ...)                                                 \
  ::a2a::light::assertion(static_cast<bool>(__VA_ARGS__) == (expected), macro, #__VA_ARGS__, __FILE__, __LINE__, \
                          abort_test_case)
#define CHECK(...) A2A_LIGHT_ASSERT_("CHECK", true, false, __VA_ARGS__)
#define CHECK_FALSE(...) A2A_LIGHT_ASSERT_("CHECK_FALSE", false, false, __VA_ARGS__)
#define REQUIRE(...) A2A_LIGHT_ASSERT_("REQUIRE", true, true, __VA_ARGS__)

#define INFO(...) const ::a2a::light::Info A2A_LIGHT_CAT(a2a_light_info_, __COUNTER__)(__VA_ARGS__)
