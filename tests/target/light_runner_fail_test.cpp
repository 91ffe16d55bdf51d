// The light runner's own tests, failing half: every case but one fails on
// purpose. light_runner_fail_test.expect lists what the output must (+) and
// must not (-) contain; the run must end with status 1.
#include <cstdint>
#include <limits>
#include <string_view>

#include "a2a_test.hpp"

namespace {

bool g_after_require = false;

}  // namespace

TEST_CASE("failing CHECK shows its expression and the INFOs in scope") {
  INFO("outer scope ", 42);
  {
    INFO("ended scope");  // out of scope at the failure: must not be shown
    CHECK(true);
  }
  INFO("values ", std::numeric_limits<std::int8_t>::min(), " ", std::numeric_limits<std::uint64_t>::max(), " ",
       std::numeric_limits<std::int64_t>::min(), " ", false, " ", 'x', " ", std::string_view("view"), " ", "literal");
  const int one = 1;
  CHECK(one + one == 3);
}

TEST_CASE("failing CHECK_FALSE") {
  const int two = 2;
  CHECK_FALSE(two > 1);
}

TEST_CASE("failing REQUIRE leaves the test case") {
  REQUIRE(g_after_require);
  g_after_require = true;  // must not run
  CHECK(false);
}

TEST_CASE("the test case after a REQUIRE abort runs normally") { CHECK_FALSE(g_after_require); }

TEST_CASE("a long INFO is cut, many failures are counted but not all shown") {
  INFO("long ",
       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  for (int i = 0; i < 30; ++i) CHECK(i < 0);
}
