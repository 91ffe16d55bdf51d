// a2a/family_union.hpp: the union under AnySchedule holds one alternative by index, padded
// to the largest, trivially copyable, and visit_index dispatches to the index asked for.
#include <a2a/family_union.hpp>

#include <cstdint>
#include <type_traits>

#include "a2a_test.hpp"

namespace family_union_unit {
using a2a::detail::AlternativeIndex;
using a2a::detail::FamilyUnion;
using a2a::detail::kLargestOf;
using a2a::detail::visit_index;

struct Small {
  std::uint8_t v;
};
struct Large {
  std::uint32_t a, b, c;
};
using Two = FamilyUnion<kLargestOf<Small, Large>, Small, Large>;
static_assert(kLargestOf<Small, Large> == sizeof(Large) && kLargestOf<Large, Small> == sizeof(Large));
static_assert(std::is_trivially_copyable_v<Two> && sizeof(Two) == sizeof(Large));

// The alternative made is the one read back, also after a copy in a constant expression.
static_assert(Two(AlternativeIndex<0>{}, Small{7}).get<0>().v == 7);
static_assert([] {
  const Two made(AlternativeIndex<1>{}, Large{1, 2, 3});
  const Two copy = made;
  return copy.get<1>().c;
}() == 3);

constexpr std::size_t which(std::size_t index) {
  return visit_index<5>(index, [](auto i) { return decltype(i)::value * 10; });
}
static_assert(which(0) == 0 && which(3) == 30 && which(4) == 40);
static_assert(which(9) == 40);  // out of range: the last alternative (AnySchedule never asks)
}  // namespace family_union_unit

TEST_CASE("family union: the dispatch at run time reaches the index asked for") {
  for (std::size_t i = 0; i < 5; ++i) CHECK(family_union_unit::which(i) == i * 10);
}
