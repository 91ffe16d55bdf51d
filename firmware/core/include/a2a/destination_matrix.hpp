// The destination matrix D = (d_{i,k}) of paper 000, Algorithm 2, as an optional
// compile-time table, for users who want one (say, to burn into a ROM).
//
// The schedules themselves never need it: they compute each destination on the
// fly (Algorithm 4 folds Algorithm 2 into the round loop). A table costs N x R
// entries, so it is a template on N and R, built in a constant expression:
//   constexpr auto D = a2a::algorithm2_destination_matrix<10>();   // paper's D
//   constexpr auto T = a2a::destination_matrix<20, 24>(schedule);  // any schedule
// Entries use the smallest unsigned type that holds N - 1 and the idle marker.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "a2a/schedule.hpp"
#include "a2a/status.hpp"

namespace a2a {

/// d[i][k]: the processor port i sends to in round k, or kIdle.
template <std::uint32_t N, std::uint32_t Rounds>
struct DestinationMatrix {
  static_assert(N >= 1 && Rounds >= 1, "a2a: a destination matrix needs at least one port and one round");
  using Entry =
      std::conditional_t<(N <= 0xFFU), std::uint8_t, std::conditional_t<(N <= 0xFFFFU), std::uint16_t, std::uint32_t>>;
  /// Marks a port that stays idle in a round (no processor has this number: N - 1 < kIdle).
  static constexpr Entry kIdle = static_cast<Entry>(~Entry{0});

  std::array<std::array<Entry, Rounds>, N> d{};

  [[nodiscard]] constexpr std::uint32_t ports() const { return N; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return Rounds; }
  [[nodiscard]] constexpr bool sends(std::uint32_t i, std::uint32_t k) const { return d[i][k] != kIdle; }
  /// The destination of port i in round k (only meaningful when sends(i, k)).
  [[nodiscard]] constexpr std::uint32_t at(std::uint32_t i, std::uint32_t k) const { return d[i][k]; }
};

/// Algorithm 2, literally: n = ceil(log2 N), power = 2^n; m = (i * power) mod N for
/// even i, ((i + 1) * power - 1) mod N for odd i; d_{i,k} = (m + k) mod N (even i),
/// (m - k) mod N (odd i). It describes Algorithm 3's rounds (the alternating
/// configurations A_k), so it exists for N = 2 (mod 4) only.
template <std::uint32_t N>
constexpr DestinationMatrix<N, N> algorithm2_destination_matrix() {
  static_assert(N % 4 == 2 && N >= 6, "a2a: Algorithm 2 (paper 000) needs N = 2 (mod 4), N >= 6");
  static_assert(N <= 65536, "a2a: N is above the supported maximum of 65536 ports");
  std::uint64_t power = 1;
  while (power < N) power *= 2;
  DestinationMatrix<N, N> table;
  for (std::uint32_t i = 0; i < N; ++i) {  // 64-bit products: (i + 1) * 2^n exceeds 32 bits for N = 65536
    const bool even = i % 2 == 0;
    const std::uint64_t m = even ? (i * power) % N : ((i + 1) * power - 1) % N;
    for (std::uint32_t k = 0; k < N; ++k) {
      const std::uint64_t j = even ? (m + k) % N : (m + N - k) % N;
      table.d[i][k] = static_cast<typename DestinationMatrix<N, N>::Entry>(j);
    }
  }
  return table;
}

/// The table of any schedule: row i, column k = schedule.send(round(k), i).
/// The schedule must have exactly N ports and Rounds rounds (table_size_mismatch otherwise).
template <std::uint32_t N, std::uint32_t Rounds, Schedule S>
constexpr Result<DestinationMatrix<N, Rounds>> destination_matrix(const S& schedule) {
  if (schedule.network().ports != N || schedule.rounds() != Rounds) return Errc::table_size_mismatch;
  using Table = DestinationMatrix<N, Rounds>;
  Table table;
  for (std::uint32_t k = 0; k < Rounds; ++k) {
    const auto round = schedule.round(k);
    for (std::uint32_t i = 0; i < N; ++i) {
      const PortSend send = schedule.send(round, i);
      table.d[i][k] = send.sends ? static_cast<typename Table::Entry>(send.destination) : Table::kIdle;
    }
  }
  return table;
}

}  // namespace a2a
