// Board support smoke test (not under the test runner, which owns argv):
// static constructors, .data and .bss set up by Reset_Handler, the FPU usable
// on hard-float builds, the console's formatting, the command line and the
// exit status. board_smoke*.expect hold the expected output and status.
//   board_smoke <word> exit=<n>   prints, then returns n
//   board_smoke fault             executes an undefined instruction
#include <cstdint>
#include <limits>
#include <string_view>

#include "a2a/board/console.h"
#include "a2a/board/console.hpp"

namespace {

std::uint32_t g_initialized = 0xC0FFEEU;  // .data: copied from flash
std::uint32_t g_zeroed;                   // .bss: zeroed
bool g_constructed = false;

struct ConstructedAtStartup {
  ConstructedAtStartup() { g_constructed = true; }
};
const ConstructedAtStartup g_startup_object;

// volatile: computed at run time with the FPU's instructions on hard-float builds.
volatile float g_float_operand = 1.5F;
volatile double g_double_operand = 2.25;

int parse_status(std::string_view text) {
  int value = 0;
  for (char c : text) value = value * 10 + (c - '0');
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  using a2a::board::println;
  println("argc=", argc);
  for (int i = 1; i < argc; ++i) println("argv[", i, "]=", static_cast<const char*>(argv[i]));
  println("constructed=", g_constructed, " data=", g_initialized, " bss=", g_zeroed);

  const float f = g_float_operand * g_float_operand;
  const double d = g_double_operand * g_double_operand;
  println("float*100=", static_cast<int>(f * 100.0F), " double*10000=", static_cast<long>(d * 10000.0));

  println("limits ", std::numeric_limits<std::int64_t>::min(), " ", std::numeric_limits<std::uint64_t>::max(), " ",
          std::numeric_limits<std::int8_t>::min(), " ", 'c', " ", std::string_view("view"));
  a2a_console_put_hex32(0xDEADBEEFU);
  a2a_console_putc('\n');

  int status = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg == "fault") {
      a2a_console_flush();
      __builtin_trap();  // udf: UsageFault, escalated to HardFault
    }
    if (arg.substr(0, 5) == "exit=") status = parse_status(arg.substr(5));
  }
  println("returning ", status);
  return status;
}
