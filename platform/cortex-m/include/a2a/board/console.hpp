// C++ front end of the board console (console.h): print(args...) formats
// strings, characters, bools and integers of any width without the heap, stdio
// or iostream.
//   a2a::board::println("round ", r, " word ", word);
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "a2a/board/console.h"

namespace a2a::board {

inline void print_one(std::string_view text) { a2a_console_write(text.data(), text.size()); }
inline void print_one(const char* text) { a2a_console_puts(text); }
inline void print_one(char c) { a2a_console_putc(c); }
inline void print_one(bool b) { a2a_console_puts(b ? "true" : "false"); }
template <std::integral T>
void print_one(T value) {
  if constexpr (std::is_signed_v<T>) {
    a2a_console_put_i64(static_cast<std::int64_t>(value));
  } else {
    a2a_console_put_u64(static_cast<std::uint64_t>(value));
  }
}
template <typename E>
requires std::is_enum_v<E>
void print_one(E value) { print_one(static_cast<std::underlying_type_t<E>>(value)); }

template <typename... Args>
void print(const Args&... args) {
  (print_one(args), ...);
}

template <typename... Args>
void println(const Args&... args) {
  (print_one(args), ...);
  a2a_console_putc('\n');
}

}  // namespace a2a::board
