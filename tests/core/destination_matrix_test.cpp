// a2a/destination_matrix.hpp: paper 000's destination matrix D (Algorithm 2) against the
// matrix printed with it, and the table of any schedule.
#include <a2a/destination_matrix.hpp>

#include <a2a/alternating.hpp>
#include <a2a/gsen_broadcast.hpp>
#include <a2a/gsen_sets.hpp>
#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include "support.hpp"

namespace destination_matrix_unit {
using namespace a2a;

using a2a::test::gsen;

// The 10x10 destination matrix D printed with Algorithm 2 (row i, column k).
constexpr std::array<std::array<std::uint32_t, 10>, 10> kPaperD = {{
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
    {1, 0, 9, 8, 7, 6, 5, 4, 3, 2},
    {2, 3, 4, 5, 6, 7, 8, 9, 0, 1},
    {3, 2, 1, 0, 9, 8, 7, 6, 5, 4},
    {4, 5, 6, 7, 8, 9, 0, 1, 2, 3},
    {5, 4, 3, 2, 1, 0, 9, 8, 7, 6},
    {6, 7, 8, 9, 0, 1, 2, 3, 4, 5},
    {7, 6, 5, 4, 3, 2, 1, 0, 9, 8},
    {8, 9, 0, 1, 2, 3, 4, 5, 6, 7},
    {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
}};

template <std::uint32_t N, std::uint32_t R>
constexpr bool matches_paper_d(const DestinationMatrix<N, R>& table) {
  for (std::uint32_t i = 0; i < 10; ++i)
    for (std::uint32_t k = 0; k < 10; ++k)
      if (!table.sends(i, k) || table.at(i, k) != kPaperD[i][k]) return false;
  return true;
}

template <std::uint32_t N, std::uint32_t R>
constexpr std::uint32_t idle_entries(const DestinationMatrix<N, R>& table) {
  std::uint32_t idle = 0;
  for (std::uint32_t i = 0; i < N; ++i)
    for (std::uint32_t k = 0; k < R; ++k) idle += table.sends(i, k) ? 0U : 1U;
  return idle;
}

static_assert(matches_paper_d(algorithm2_destination_matrix<10>()));
static_assert(matches_paper_d(destination_matrix<10, 10>(AlternatingSchedule::make(gsen(10)).value()).value()));
static_assert(idle_entries(destination_matrix<20, 24>(GsenBroadcastSchedule::make(gsen(20)).value()).value()) == 80);
static_assert(sizeof(DestinationMatrix<10, 10>::Entry) == 1 && sizeof(DestinationMatrix<256, 8>::Entry) == 2);
}  // namespace destination_matrix_unit

TEST_CASE("destination matrices: Algorithm 2 and any schedule's table") {
  using namespace a2a;
  using namespace destination_matrix_unit;
  constexpr auto d10 = algorithm2_destination_matrix<10>();
  for (std::uint32_t i = 0; i < 10; ++i)
    for (std::uint32_t k = 0; k < 10; ++k) CHECK(d10.at(i, k) == kPaperD[i][k]);
  // Algorithm 2's table is what the round generator and the route say, for other N too.
  constexpr auto d14 = algorithm2_destination_matrix<14>();
  const auto alg4 = AlternatingSchedule::make(gsen(14)).value();
  for (std::uint32_t k = 0; k < 14; ++k)
    for (std::uint32_t i = 0; i < 14; ++i) CHECK(d14.at(i, k) == route(gsen(14), i, alg4.round(k)).destination);
  // Stage control on N = 12: 16 rounds, every pair once, the rest idle.
  const auto table = destination_matrix<12, 16>(a2a::test::all_gsen_words(12, GsenPattern::stage)).value();
  CHECK(idle_entries(table) == 16 * 12 - 144);
  using Table = DestinationMatrix<12, 16>;
  CHECK(Table::kIdle == 0xFF);
  CHECK((destination_matrix<12, 15>(a2a::test::all_gsen_words(12, GsenPattern::stage)).error() ==
         Errc::table_size_mismatch));
  CHECK((destination_matrix<14, 16>(a2a::test::all_gsen_words(12, GsenPattern::stage)).error() ==
         Errc::table_size_mismatch));
}
