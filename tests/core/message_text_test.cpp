// a2a/message_text.hpp: messages composed at compile time from text and numbers, each
// exactly its own length.
#include <a2a/message_text.hpp>

#include "a2a_test.hpp"

namespace message_text_unit {
using a2a::detail::decimal_digits;
using a2a::detail::message;
using a2a::detail::pieces;
static_assert(decimal_digits(0) == 1 && decimal_digits(9) == 1 && decimal_digits(10) == 2 &&
              decimal_digits(65536) == 5 && decimal_digits(4294967295U) == 10);
constexpr std::string_view kAtMost = message<[] { return pieces("at most ", std::uint32_t{16}, " ports"); }>();
static_assert(kAtMost == "at most 16 ports");
static_assert(message<[] { return pieces(std::uint32_t{0}); }>() == "0");
static_assert(message<[] { return pieces(std::size_t{8}, "N (", std::uint32_t{3}, ")"); }>() == "8N (3)");
}  // namespace message_text_unit

TEST_CASE("message_text: a composed message is its exact characters, no terminator counted") {
  CHECK(message_text_unit::kAtMost.size() == 16);
  CHECK(message_text_unit::kAtMost.back() == 's');
}
