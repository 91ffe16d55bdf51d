// a2a/app/exchange_job.hpp: the history of what an exchange delivered (one bit per
// message) and a resumed plan that leaves out exactly those messages.
#include <a2a/app/exchange_job.hpp>

#include <array>

#include "a2a_test.hpp"

TEST_CASE("exchange job: the rounds that ran are recorded, and a resumed plan skips them") {
  using namespace a2a;
  using namespace a2a::app;
  static std::array<std::uint32_t, DeliveredMessages::words_for(16)> words;
  CHECK(DeliveredMessages::words_for(16) == 8);
  DeliveredMessages history;
  CHECK_FALSE(history.start(std::span<std::uint32_t>(words).first(7), 16));  // too small: refused
  REQUIRE(history.start(words, 16));
  const AnySchedule plan =
      AnySchedule::make(make_network(Topology::omega, 16).value(), ScheduleKind::latin_square).value();
  CHECK(history.record(plan, 5, nullptr) == 0);  // direct sends: nothing left in a store
  std::uint32_t delivered = 0;
  for (std::uint32_t i = 0; i < 16; ++i)
    for (std::uint32_t j = 0; j < 16; ++j) delivered += history.delivered(i, j) ? 1U : 0U;
  CHECK(delivered == 5 * 16);
  // The same plan resumed after that history: the first five rounds send nothing, the rest all.
  const ResumedAfterHistory resumed(history, plan);
  for (std::uint32_t r = 0; r < plan.rounds(); ++r)
    for (std::uint32_t i = 0; i < 16; ++i) CHECK(resumed.send(resumed.round(r), i).sends == (r >= 5));
}
