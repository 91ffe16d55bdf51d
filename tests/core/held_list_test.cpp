// HeldList (held_list.hpp): the messages a fault held, kept in a plan storage's scratch
// before their completion is planned. Its capacity follows from the storage (the
// completion planner's layout: work16 = 2N pending ranges, N tallies, 3 per message;
// work32 = a link per message and four arrays of N; two hops per message), a full list
// refuses the next message and keeps what it has, the origin scan finds only a message
// still at its origin, and removing one moves the last into its place.
#include <a2a/fault/held_list.hpp>

#include "support.hpp"

TEST_CASE("held list: capacity from the storage, refusal when full, the origin scan, removal") {
  static a2a::SingleFaultPlanStorage<32> storage;  // 12N work16, 6N work32, 5N hops
  a2a::HeldList list(storage.span(), 32);
  // (12N - 3N) / 3 = 96, 6N - 4N = 64, 5N / 2 = 80: the arrays of N leave 2N messages.
  CHECK(list.capacity() == 64);
  CHECK(list.max_rounds() == 96);  // 3N vectors (fewer than 8N, and than 4N offsets)
  for (std::uint16_t k = 0; k < 64; ++k)
    REQUIRE(list.add(a2a::HeldMessage{k, k, static_cast<std::uint16_t>(31 - k % 32)}));
  CHECK_FALSE(list.add(a2a::HeldMessage{1, 1, 1}));  // full: refused, nothing overwritten
  CHECK(list.size() == 64);
  CHECK(list.at(63) == a2a::HeldMessage{63, 63, 0});
  CHECK(list.at_origin(5, 26));             // held at origin 5 for 26
  CHECK_FALSE(list.at_origin(5, 25));       // no such message
  list.set(5, a2a::HeldMessage{9, 5, 26});  // now a copy in relay 9's store
  CHECK_FALSE(list.at_origin(5, 26));
  list.remove(0);
  CHECK(list.size() == 63);
  CHECK(list.at(0) == a2a::HeldMessage{63, 63, 0});  // the last took its place
  // A storage too small for the arrays of N holds nothing.
  a2a::PlanStorageSpan small = storage.span();
  small.work32 = small.work32.first(4 * 32);
  CHECK(a2a::HeldList(small, 32).capacity() == 0);
}
