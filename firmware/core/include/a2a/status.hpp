// Errors as values: every entry point of the core returns a Result<T> or an Errc
// (errc.hpp: the errors, grouped by layer, and their messages).
//
// Why no exceptions: the core runs on switch-controller boards built with
// -fno-exceptions; a refused parameter must be visible in the return type, so
// Result is [[nodiscard]] and reading the value of a failed Result is a
// contract violation (a compile error in a constant expression, the error
// policy hook at run time).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "a2a/errc.hpp"

namespace a2a {

/// The library's single error policy hook (ETL style): called when a contract
/// is broken at run time, e.g. value() of a failed Result. Not constexpr, so
/// the same mistake in a constant expression is a compile error instead.
/// A link-time function, one per program: a program (a board, a test, C firmware
/// through a2a.h) that defines `extern "C" void a2a_contract_violation(void)`, a
/// function that never returns, gets it called from every translation unit and from
/// the prebuilt C library alike; a program that defines none traps. The reference
/// is weak: no definition leaves its address null, which is the default's test.
// NOLINTNEXTLINE(readability-redundant-declaration): a2a.h declares it too
extern "C" [[gnu::noreturn, gnu::weak]] void a2a_contract_violation(void);

namespace detail {
// Out of line and cold: a broken contract costs its callers one call on a path they
// never take, not the hook's test inlined into every round loop that checks something.
[[noreturn, gnu::noinline, gnu::cold]] inline void contract_violation() {
  if (&a2a_contract_violation != nullptr) a2a_contract_violation();
  __builtin_trap();
}
}  // namespace detail

/// A value or the specific reason there is none. T must be default-constructible
/// and trivially copyable (all core types are small aggregates).
template <class T>
class [[nodiscard]] Result {
 public:
  constexpr Result(const T& value) : value_(value), error_(Errc::ok) {}  // NOLINT: implicit by design
  /// The value built in place from `args` (no temporary: a schedule is hundreds of
  /// bytes of a small board's stack).
  template <class... Args>
  constexpr explicit Result(std::in_place_t /*unused*/, Args&&... args)
      : value_(std::forward<Args>(args)...), error_(Errc::ok) {}
  constexpr Result(Errc error) : value_{}, error_(error) {  // NOLINT: implicit by design
    if (error == Errc::ok) detail::contract_violation();    // an error must name a problem
  }

  [[nodiscard]] constexpr bool ok() const { return error_ == Errc::ok; }
  constexpr explicit operator bool() const { return ok(); }
  [[nodiscard]] constexpr Errc error() const { return error_; }

  /// The value; only valid when ok().
  [[nodiscard]] constexpr const T& value() const {
    if (!ok()) detail::contract_violation();
    return value_;
  }
  [[nodiscard]] constexpr const T* operator->() const { return &value(); }
  [[nodiscard]] constexpr const T& operator*() const { return value(); }
  /// The value to change in place (a result built up where it will be returned, not
  /// copied out of it: a schedule is hundreds of bytes of a small board's stack).
  [[nodiscard]] constexpr T& value() {
    if (!ok()) detail::contract_violation();
    return value_;
  }
  [[nodiscard]] constexpr T* operator->() { return &value(); }

 private:
  T value_;
  Errc error_;
};

namespace detail {
constexpr Errc error_of(Errc e) { return e; }
template <class T>
constexpr Errc error_of(const Result<T>& r) {
  return r.error();
}
}  // namespace detail

}  // namespace a2a

/// The early return of errors as values: `A2A_TRY(expr);` returns expr's error
/// from the enclosing function (which returns Errc or a Result) when expr, an
/// Errc or a Result, is not ok; otherwise execution goes on. A macro because a
/// return from the caller cannot be written as a function; usable in constexpr.
#define A2A_TRY(expr)                                                                                        \
  do {                                                                                                       \
    if (const ::a2a::Errc a2a_try_error_ = ::a2a::detail::error_of(expr); a2a_try_error_ != ::a2a::Errc::ok) \
      return a2a_try_error_;                                                                                 \
  } while (false)
