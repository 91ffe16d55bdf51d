// a2a/delivery_tally.hpp: the relay-aware ledger counts every ordered pair once, at its
// final destination, however many hops it took; the pair bitmaps' helpers.
#include <a2a/delivery_tally.hpp>

#include <array>

#include "a2a_test.hpp"

namespace delivery_tally_unit {
using namespace a2a;
static_assert(pair_bitmap_words(4) == 1 && pair_bitmap_words(6) == 2 && pair_words_needed(6) == 4);
static_assert(pair_bitmap_words(65536) == 134217728);  // 2^32 bits: 64-bit arithmetic
static_assert(DeliveryTally{}.exact(0) && !DeliveryTally{1, 0, 0, 0, 0, 0, 0, 0, 0, 0}.exact(2));

/// N = 3 ledger with its own storage.
struct Ledger3 {
  std::array<std::uint32_t, pair_bitmap_words(3)> delivered{};
  std::array<std::uint32_t, pair_bitmap_words(3)> stored{};
  DeliveryLedger<> ledger{delivered, StoreBits(stored, 3), 3};
  DeliveryTally tally{};
};
}  // namespace delivery_tally_unit

TEST_CASE("delivery ledger: a direct hop delivers once, again is a duplicate") {
  using namespace a2a;
  delivery_tally_unit::Ledger3 l;
  CHECK(l.ledger.hop(0, 2, 0, 2, l.tally) == HopOutcome::delivered);
  CHECK(l.ledger.hop(0, 2, 0, 2, l.tally) == HopOutcome::duplicate);
  CHECK(l.tally.delivered == 1);
  CHECK(l.tally.duplicates == 1);
  CHECK(l.ledger.delivered(0, 2));
  CHECK(!l.ledger.delivered(2, 0));
  CHECK(l.ledger.missing() == 8);
  CHECK(l.ledger.first_missing() == 0);  // pair (0, 0)
}

TEST_CASE("delivery ledger: a relayed message counts when its last hop arrives") {
  using namespace a2a;
  delivery_tally_unit::Ledger3 l;
  // 0's message for 2 goes to relay 1 first: stored, put after the round.
  CHECK(l.ledger.hop(0, 1, 0, 2, l.tally) == HopOutcome::stored);
  l.ledger.put(0, 2, 1, l.tally);
  CHECK(l.tally.relayed == 1);
  CHECK(l.tally.left_in_store == 1);
  CHECK(!l.ledger.delivered(0, 2));
  // Relay 1 sends it on to 2: delivered, the store is empty.
  CHECK(l.ledger.hop(1, 2, 0, 2, l.tally) == HopOutcome::delivered);
  CHECK(l.tally.left_in_store == 0);
  CHECK(l.ledger.delivered(0, 2));
  // A second hop out of the store: no store holds it any more.
  CHECK(l.ledger.hop(1, 2, 0, 2, l.tally) == HopOutcome::relay_error);
  CHECK(l.tally.relay_errors == 1);
  // A message beyond N is no message.
  CHECK(l.ledger.hop(0, 1, 0, 3, l.tally) == HopOutcome::relay_error);
  CHECK(l.tally.delivered == 1);
}

TEST_CASE("delivery ledger: the whole exchange is exact, a missing pair is named") {
  using namespace a2a;
  delivery_tally_unit::Ledger3 l;
  for (std::uint32_t i = 0; i < 3; ++i)
    for (std::uint32_t j = 0; j < 3; ++j)
      if (!(i == 2 && j == 1)) CHECK(l.ledger.hop(i, j, i, j, l.tally) == HopOutcome::delivered);
  CHECK(l.ledger.first_missing() == 2 * 3 + 1);
  CHECK(l.ledger.missing() == 1);
  l.tally.count_missing(9);
  CHECK(l.tally.missing == 1);
  CHECK(!l.tally.exact(9));
  CHECK(l.ledger.hop(2, 1, 2, 1, l.tally) == HopOutcome::delivered);
  l.tally.count_missing(9);
  CHECK(l.tally.exact(9));
  CHECK(l.ledger.first_missing() == 9);  // none: N * N
  l.ledger.clear();
  CHECK(l.ledger.missing() == 9);
}
