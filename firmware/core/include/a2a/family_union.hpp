// The storage and the dispatch under AnySchedule: a union of the families'
// types, indexed by position in the family list, and a switch over that index.
//
// Why not std::variant: it is not freestanding, its visit may go through a
// table of function pointers (an indirect call on the controller's send() path),
// and its valueless state needs exceptions. Here the tag lives with the caller
// (AnySchedule's ScheduleKind), the union only holds one member at a time, and
// dispatch is a plain switch the compiler turns into a jump table.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

namespace a2a::detail {

/// Selects alternative I when constructing a FamilyUnion (the index is the family's code).
template <std::size_t I>
using AlternativeIndex = std::integral_constant<std::size_t, I>;

/// One alternative padded with zeros to the union's full size: every byte of the
/// union is then initialized whichever member is active, so copying it (a byte copy
/// of the whole union) reads no indeterminate bytes; GCC otherwise warns, rightly,
/// -Wmaybe-uninitialized. Costs zeroing the pad when a schedule or round is made.
template <class T, std::size_t Pad>
struct PaddedAlternative {
  T value;
  std::array<unsigned char, Pad> pad{};
};
template <class T>
struct PaddedAlternative<T, 0> {  // the largest alternative: nothing to pad
  T value;
};

/// A union of Ts... (each padded to Size bytes) whose active member is chosen by
/// index at construction. Every T is trivially copyable and trivially destructible
/// (checked below), so the union is too: copies are plain byte copies at run time,
/// and in a constant expression a copy carries the active member over. The members
/// are only ever made by a constructor (the member initializer starts the member's
/// lifetime), so constant evaluation never meets an inactive member; reading one is
/// a bug the compiler reports there.
template <std::size_t Size, class... Ts>
union FamilyUnion;

template <std::size_t Size>
union FamilyUnion<Size> {};

template <std::size_t Size, class T, class... Rest>
union FamilyUnion<Size, T, Rest...> {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "a family's schedule and round must be trivially copyable (they live in flash-sized unions)");

  /// The first alternative, value-initialized (AnySchedule's default: a Latin square).
  constexpr FamilyUnion() : head{} {}
  constexpr FamilyUnion(AlternativeIndex<0>, const T& value) : head{value} {}
  template <std::size_t I, class U>
  requires(I > 0) constexpr FamilyUnion(AlternativeIndex<I>, const U& value) : tail(AlternativeIndex<I - 1>{}, value) {}

  template <std::size_t I>
  [[nodiscard]] constexpr const auto& get() const {
    if constexpr (I == 0)
      // The tagged union's read: AnySchedule reads only the member its kind names.
      return head.value;  // NOLINT(cppcoreguidelines-pro-type-union-access)
    else
      return tail.template get<I - 1>();  // NOLINT(cppcoreguidelines-pro-type-union-access)
  }
  /// The same member, to change in place (AnySchedule plans a completion frame there).
  template <std::size_t I>
  [[nodiscard]] constexpr auto& get() {
    if constexpr (I == 0)
      return head.value;  // NOLINT(cppcoreguidelines-pro-type-union-access)
    else
      return tail.template get<I - 1>();  // NOLINT(cppcoreguidelines-pro-type-union-access)
  }

  PaddedAlternative<T, Size - sizeof(T)> head;
  FamilyUnion<Size, Rest...> tail;
};

/// The largest of Ts (the size every alternative is padded to).
template <class... Ts>
inline constexpr std::size_t kLargestOf = [] {
  std::size_t largest = 0;
  ((largest = sizeof(Ts) > largest ? sizeof(Ts) : largest), ...);
  return largest;
}();

/// Calls f(AlternativeIndex<I>{}) for the I == index, 0 <= index < N, through one
/// switch statement (a jump table, no indirect call). Precondition: index < N;
/// out of range calls the last alternative's f, which AnySchedule never asks for.
/// Up to 16 alternatives; the static_assert says when to add cases.
template <std::size_t N, class F>
constexpr decltype(auto) visit_index(std::size_t index, F&& f) {
  static_assert(N >= 1 && N <= 16, "visit_index handles 1..16 families: add cases for more");
#define A2A_VISIT_CASE(I)                                     \
  case I:                                                     \
    if constexpr ((I) < N) return f(AlternativeIndex<(I)>{}); \
    [[fallthrough]];
  switch (index) {
    A2A_VISIT_CASE(0)
    A2A_VISIT_CASE(1)
    A2A_VISIT_CASE(2)
    A2A_VISIT_CASE(3)
    A2A_VISIT_CASE(4)
    A2A_VISIT_CASE(5)
    A2A_VISIT_CASE(6)
    A2A_VISIT_CASE(7)
    A2A_VISIT_CASE(8)
    A2A_VISIT_CASE(9)
    A2A_VISIT_CASE(10)
    A2A_VISIT_CASE(11)
    A2A_VISIT_CASE(12)
    A2A_VISIT_CASE(13)
    A2A_VISIT_CASE(14)
    A2A_VISIT_CASE(15)
    default: break;
  }
#undef A2A_VISIT_CASE
  return f(AlternativeIndex<N - 1>{});
}

}  // namespace a2a::detail
