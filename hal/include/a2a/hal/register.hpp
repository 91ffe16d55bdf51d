// Typed register access (in the style of modm's register.hpp).
//
// A register is a type that names its access and reset value; a Field is a
// bit range of one register with its own access. A RegisterValue<R> is a
// 32-bit value of register R built field by field. The types make two kinds
// of mistakes compile errors instead of silent hardware bugs:
//  - setting a read-only field (or building a value for a read-only register),
//  - setting a field of another register than the one being built.
// Reading a write-only field is refused the same way. Everything is constexpr
// and compiles to the same shifts and masks as hand-written code.
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

#include "a2a/status.hpp"

namespace a2a::hal {

/// Access tags: what software may do with a register or field.
struct ReadOnly {};
struct WriteOnly {};
struct ReadWrite {};
/// Default access of a Field: the access of its register (resolved lazily, so
/// a register may declare its fields as nested aliases).
struct InheritAccess {};

template <class A>
inline constexpr bool kIsAccessTag =
    std::is_same_v<A, ReadOnly> || std::is_same_v<A, WriteOnly> || std::is_same_v<A, ReadWrite>;
template <class A>
inline constexpr bool kReadable = std::is_same_v<A, ReadOnly> || std::is_same_v<A, ReadWrite>;
template <class A>
inline constexpr bool kWritable = std::is_same_v<A, WriteOnly> || std::is_same_v<A, ReadWrite>;

/// Base of every register description: access and reset value.
/// Usage: struct Status : RegisterSpec<ReadOnly, 0x0> { using Busy = Field<Status, 0, 1>; };
template <class Access, std::uint32_t Reset = 0>
struct RegisterSpec {
  static_assert(kIsAccessTag<Access>, "a2a::hal: register access must be ReadOnly, WriteOnly or ReadWrite");
  using access = Access;
  static constexpr std::uint32_t reset = Reset;
};

/// A register description: a type with an access tag and a reset value.
template <class R>
concept RegisterDescription = requires {
  typename R::access;
  { R::reset } -> std::convertible_to<std::uint32_t>;
}
&&kIsAccessTag<typename R::access>;

/// Bits [Position, Position + Width) of register Reg.
template <class Reg, unsigned Position, unsigned Width, class Access = InheritAccess>
struct Field {
  static_assert(Width >= 1, "a2a::hal: a field must be at least one bit wide");
  static_assert(Position + Width <= 32, "a2a::hal: a field must lie inside its 32-bit register");

  using reg = Reg;
  using access = std::conditional_t<std::is_same_v<Access, InheritAccess>, typename Reg::access, Access>;
  static_assert(kIsAccessTag<access>, "a2a::hal: field access must be ReadOnly, WriteOnly or ReadWrite");
  // A field cannot grant more than its register: no writable field in a read-only register.
  static_assert(kWritable<typename Reg::access> || !kWritable<access>,
                "a2a::hal: a read-only register cannot have a writable field");
  static_assert(kReadable<typename Reg::access> || !kReadable<access>,
                "a2a::hal: a write-only register cannot have a readable field");

  static constexpr unsigned position = Position;
  static constexpr unsigned width = Width;
  /// Largest value the field holds.
  /// (Width % 32: the branch not taken must not shift by 32 either, which is undefined.)
  static constexpr std::uint32_t max = Width == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << (Width % 32)) - 1;
  /// The field's bits in place.
  static constexpr std::uint32_t mask = max << Position;
  /// The field's value in the register's reset value.
  static constexpr std::uint32_t reset = (Reg::reset & mask) >> Position;

  /// The field's value inside a raw register value (no access check: for decoders
  /// such as the simulated hardware, which sees every bit).
  [[nodiscard]] static constexpr std::uint32_t extract(std::uint32_t raw) { return (raw & mask) >> Position; }
  /// raw with the field replaced by value (value must fit; no access check).
  [[nodiscard]] static constexpr std::uint32_t insert(std::uint32_t raw, std::uint32_t value) {
    if (value > max) a2a::detail::contract_violation();  // callers validate first; a constant expression fails here
    return (raw & ~mask) | (value << Position);
  }
};

/// A field description (any Field<...> instantiation).
template <class F>
concept FieldDescription = requires {
  typename F::reg;
  typename F::access;
  { F::mask } -> std::convertible_to<std::uint32_t>;
  { F::position } -> std::convertible_to<unsigned>;
};

/// A value of register Reg, built field by field. Starts from the reset value.
template <class Reg>
class RegisterValue {
 public:
  static_assert(RegisterDescription<Reg>, "a2a::hal: RegisterValue needs a register description (RegisterSpec)");
  using reg = Reg;

  constexpr RegisterValue() = default;
  /// A value read from the hardware (for read-modify-write).
  [[nodiscard]] static constexpr RegisterValue from_raw(std::uint32_t raw) {
    RegisterValue v;
    v.raw_ = raw;
    return v;
  }

  /// Sets field F to `value` (which must fit in the field).
  template <class F>
  constexpr RegisterValue& set(std::uint32_t value) {
    static_assert(std::is_same_v<typename F::reg, Reg>, "a2a::hal: this field belongs to another register");
    static_assert(kWritable<typename F::access>, "a2a::hal: cannot write a read-only field");
    raw_ = F::insert(raw_, value);
    return *this;
  }
  /// Sets field F to a compile-time value, checked against the field's width.
  template <class F, std::uint32_t Value>
  constexpr RegisterValue& set() {
    static_assert(Value <= F::max, "a2a::hal: value does not fit in the field");
    return set<F>(Value);
  }
  /// Sets a one-bit field (a flag) to 1.
  template <class F>
  constexpr RegisterValue& flag() {
    static_assert(F::width == 1, "a2a::hal: flag() is for one-bit fields");
    return set<F>(1);
  }

  /// Field F of this value.
  template <class F>
  [[nodiscard]] constexpr std::uint32_t get() const {
    static_assert(std::is_same_v<typename F::reg, Reg>, "a2a::hal: this field belongs to another register");
    static_assert(kReadable<typename F::access>, "a2a::hal: cannot read a write-only field");
    return F::extract(raw_);
  }
  template <class F>
  [[nodiscard]] constexpr bool test() const {
    return get<F>() != 0;
  }

  [[nodiscard]] constexpr std::uint32_t raw() const { return raw_; }
  friend constexpr bool operator==(const RegisterValue&, const RegisterValue&) = default;

 private:
  std::uint32_t raw_{Reg::reset};
};

}  // namespace a2a::hal
