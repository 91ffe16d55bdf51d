// Error messages composed at compile time from text and named limits, so that
// "radix d must be at most 16" is written with kMaxRadix and cannot go stale.
// Each message is a constexpr character array of exactly its own length in
// read-only storage (no heap, no formatting at run time).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace a2a::detail {

/// One piece of a message: text, or a number written in decimal.
struct MessagePiece {
  std::string_view text{};
  std::uint32_t number{0};
  bool is_number{false};
  constexpr MessagePiece(std::string_view t) : text(t) {}                  // NOLINT: implicit by design
  constexpr MessagePiece(const char* t) : text(t) {}                       // NOLINT: implicit by design
  constexpr MessagePiece(std::uint32_t n) : number(n), is_number(true) {}  // NOLINT
  constexpr MessagePiece(std::size_t n) : number(static_cast<std::uint32_t>(n)), is_number(true) {}  // NOLINT
};

constexpr std::size_t decimal_digits(std::uint32_t n) {
  std::size_t d = 1;
  while (n >= 10) {
    n /= 10;
    ++d;
  }
  return d;
}

template <std::size_t Pieces>
constexpr std::size_t message_size(const std::array<MessagePiece, Pieces>& pieces) {
  std::size_t size = 0;
  for (const MessagePiece& p : pieces) size += p.is_number ? decimal_digits(p.number) : p.text.size();
  return size;
}

template <std::size_t Size, std::size_t Pieces>
constexpr std::array<char, Size> compose_message(const std::array<MessagePiece, Pieces>& pieces) {
  std::array<char, Size> out{};
  std::size_t at = 0;
  for (const MessagePiece& p : pieces) {
    if (!p.is_number) {
      for (char c : p.text) out[at++] = c;
      continue;
    }
    const std::size_t digits = decimal_digits(p.number);
    std::uint32_t n = p.number;
    for (std::size_t i = digits; i > 0; --i, n /= 10) out[at + i - 1] = static_cast<char>('0' + n % 10);
    at += digits;
  }
  return out;
}

/// The message that `Pieces()` (a captureless lambda returning std::array<MessagePiece, K>) spells.
template <auto Pieces>
inline constexpr auto kMessage = compose_message<message_size(Pieces())>(Pieces());

template <auto Pieces>
constexpr std::string_view message() {
  return {kMessage<Pieces>.data(), kMessage<Pieces>.size()};
}

/// The pieces of one message, for message<[] { return pieces(...); }>().
template <class... P>
constexpr std::array<MessagePiece, sizeof...(P)> pieces(P... p) {
  return {MessagePiece(p)...};
}

}  // namespace a2a::detail
