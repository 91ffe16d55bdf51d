// The light runner's own tests, passing half: registration order, the three
// check macros, INFO with every portable argument type, expressions with
// commas. Runs on the host and on the target; the failing half is
// light_runner_fail_test.cpp.
#include <array>
#include <cstdint>
#include <limits>
#include <string_view>

#include "a2a_test.hpp"

namespace {

int g_cases_run = 0;

enum class Color : std::uint8_t { red = 7 };

}  // namespace

TEST_CASE("registration order: first") {
  CHECK(g_cases_run == 0);
  ++g_cases_run;
}

TEST_CASE("registration order: second") {
  CHECK(g_cases_run == 1);
  ++g_cases_run;
}

TEST_CASE("CHECK, CHECK_FALSE and REQUIRE accept what holds") {
  const int two = 2;
  CHECK(two + two == 4);
  CHECK_FALSE(two + two == 5);
  REQUIRE(two > 1);
  // Unparenthesized commas reach the macros whole.
  CHECK(std::array<int, 3>{1, 2, 3} == std::array<int, 3>{1, 2, 3});
  CHECK_FALSE(std::array<int, 2>{1, 2} == std::array<int, 2>{2, 1});
}

TEST_CASE("INFO takes integers of every width, bool, char, enums and strings") {
  for (std::uint32_t i = 0; i < 3; ++i) {
    INFO("i=", i, " ", std::numeric_limits<std::int8_t>::min(), " ", std::numeric_limits<std::uint64_t>::max(), " ",
         std::numeric_limits<std::int64_t>::min(), " ", true, " ", 'c', " ", Color::red, " ", std::string_view("view"),
         " ", static_cast<const char*>(nullptr));
    CHECK(i < 3);
  }
}
