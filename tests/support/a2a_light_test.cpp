// The light test runner's registry, reporting and main() (see a2a_light_test.hpp).
// Heap-free: test cases form an intrusive list of static objects, INFO texts
// live in the Info objects on the stack, and all output is formatted here into
// small fixed buffers and handed to a2a_light_test_write().
#include "a2a_light_test.hpp"

#include <csetjmp>

// REQUIRE's way out of a test case. With GCC: the built-in nonlocal goto, whose
// caller saves every call-saved register in its prologue, FPU registers d8-d15
// included (newlib's setjmp for Cortex-M4F/M7 does not save them, so a test
// that used them could leave the runner with clobbered registers).
#if defined(__GNUC__) && !defined(__clang__)
#define A2A_LIGHT_SETJMP(buffer) __builtin_setjmp(buffer)
#define A2A_LIGHT_LONGJMP(buffer) __builtin_longjmp(buffer, 1)
using A2aLightJumpBuffer = void* [5];
#else
#define A2A_LIGHT_SETJMP(buffer) setjmp(buffer)
#define A2A_LIGHT_LONGJMP(buffer) std::longjmp(buffer, 1)
using A2aLightJumpBuffer = std::jmp_buf;
#endif

namespace a2a::light {
namespace {

// Registration order = run order (appended at the tail).
TestCase* g_first = nullptr;
TestCase* g_last = nullptr;

// The innermost INFO of the running test case.
const Info* g_info_top = nullptr;

// Per test case; reset by run_test().
const TestCase* g_current = nullptr;
std::uint32_t g_failed_checks_in_case = 0;
A2aLightJumpBuffer g_abort_test_case;

// Totals over the whole run.
std::uint64_t g_checks = 0;
std::uint64_t g_failed_checks = 0;

// A test case with a failing check inside a long loop would otherwise spend
// most of its time (and the log) printing; the count is still exact.
constexpr std::uint32_t kReportedFailuresPerCase = 20;

void write(std::string_view text) { a2a_light_test_write(text.data(), text.size()); }

void write_unsigned(std::uint64_t value) {
  char digits[20];
  std::size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  char text[20];
  for (std::size_t i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
  write(std::string_view(text, n));
}

/// doctest-style wildcard match: * any run of characters, ? any one character.
bool matches(const char* pattern, const char* text) {
  if (*pattern == '\0') return *text == '\0';
  if (*pattern == '*') return matches(pattern + 1, text) || (*text != '\0' && matches(pattern, text + 1));
  if (*text == '\0') return false;
  return (*pattern == '?' || *pattern == *text) && matches(pattern + 1, text + 1);
}

bool starts_with(const char* text, std::string_view prefix) {
  return std::string_view(text).substr(0, prefix.size()) == prefix;
}

void write_infos() {
  // Outermost first, as doctest prints them.
  constexpr std::size_t kMaxShown = 16;
  const Info* scopes[kMaxShown];
  std::size_t n = 0;
  for (const Info* info = g_info_top; info != nullptr && n < kMaxShown; info = info->previous()) scopes[n++] = info;
  while (n > 0) {
    write("  info: ");
    write(scopes[--n]->text());
    write("\n");
  }
}

/// Runs one test case; true when none of its checks failed. The only place
/// with setjmp: nothing here lives across it but globals. Not inlined, so that
/// the registers saved for the jump are this function's alone.
__attribute__((noinline)) bool run_test(const TestCase& test) {
  g_current = &test;
  g_failed_checks_in_case = 0;
  g_info_top = nullptr;
  if (A2A_LIGHT_SETJMP(g_abort_test_case) == 0) {
    test.function();
  } else {
    // A failed REQUIRE: Info destructors were skipped by longjmp.
    g_info_top = nullptr;
  }
  return g_failed_checks_in_case == 0;
}

}  // namespace

TestCase::TestCase(TestFunction function_, const char* name_, const char* file_, int line_) noexcept
    : function(function_), name(name_), file(file_), line(line_) {
  if (g_last == nullptr) {
    g_first = this;
  } else {
    g_last->next = this;
  }
  g_last = this;
}

void Info::append(std::string_view text) noexcept {
  constexpr std::string_view kCut = "...";
  for (char c : text) {
    if (length_ == kInfoCapacity) {
      // Full: mark the cut in the last bytes (once).
      for (std::size_t i = 0; i < kCut.size(); ++i) text_[kInfoCapacity - kCut.size() + i] = kCut[i];
      return;
    }
    text_[length_++] = c;
  }
}

void Info::append_unsigned(std::uint64_t value, bool negative) noexcept {
  char digits[21];
  std::size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  if (negative) digits[n++] = '-';
  char text[21];
  for (std::size_t i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
  append(std::string_view(text, n));
}

void Info::push() noexcept {
  previous_ = g_info_top;
  g_info_top = this;
}

void Info::pop() noexcept {
  // Scopes end in reverse order; after a REQUIRE abort the stack was reset.
  if (g_info_top == this) g_info_top = previous_;
}

void assertion(bool passed, const char* macro, const char* expression, const char* file, int line,
               bool abort_test_case) noexcept {
  ++g_checks;
  if (passed) return;
  ++g_failed_checks;
  ++g_failed_checks_in_case;
  if (g_failed_checks_in_case <= kReportedFailuresPerCase) {
    write(file);
    write(":");
    write_unsigned(static_cast<std::uint64_t>(line));
    write(": ");
    write(macro);
    write("( ");
    write(expression);
    write(" ) failed");
    if (g_current != nullptr) {
      write(" in test case \"");
      write(g_current->name);
      write("\"");
    }
    write("\n");
    write_infos();
  } else if (g_failed_checks_in_case == kReportedFailuresPerCase + 1) {
    write("  (further failed checks of this test case are counted, not shown)\n");
  }
  if (abort_test_case && g_current != nullptr) A2A_LIGHT_LONGJMP(g_abort_test_case);
}

int run(int argc, char** argv) noexcept {
  const char* pattern = nullptr;
  bool list_only = false;
  for (int i = 1; i < argc; ++i) {
    if (starts_with(argv[i], "-tc=") || starts_with(argv[i], "--test-case=")) {
      pattern = argv[i] + std::string_view(argv[i]).find('=') + 1;
    } else if (std::string_view(argv[i]) == "--list" || std::string_view(argv[i]) == "-ltc") {
      list_only = true;
    } else {
      write("unknown argument: ");
      write(argv[i]);
      write("\nusage: [-tc=<name pattern with * and ?>] [--list]\n");
      return 2;
    }
  }

  std::uint32_t passed = 0;
  std::uint32_t failed = 0;
  for (const TestCase* test = g_first; test != nullptr; test = test->next) {
    if (pattern != nullptr && !matches(pattern, test->name)) continue;
    if (list_only) {
      write(test->name);
      write("\n");
      continue;
    }
    if (run_test(*test)) {
      ++passed;
      write("[ok] ");
    } else {
      ++failed;
      write("[FAILED] ");
    }
    write(test->name);
    write("\n");
  }
  g_current = nullptr;
  if (list_only) return 0;

  const bool none_ran = passed + failed == 0;
  if (none_ran) {
    write(pattern != nullptr ? "error: no test case matches the pattern\n" : "error: no test case registered\n");
  }
  write("checks: ");
  write_unsigned(g_checks);
  write(" evaluated, ");
  write_unsigned(g_failed_checks);
  write(" did not hold\n");
  // The summary is the last line, alone (CI reads it).
  write_unsigned(passed);
  write(" passed, ");
  write_unsigned(failed);
  write(" failed\n");
  if (none_ran) return 2;
  return failed == 0 ? 0 : 1;
}

}  // namespace a2a::light

int main(int argc, char** argv) { return a2a::light::run(argc, argv); }
