// a2a/a2a.hpp, the umbrella: one include gives a program every part of the core (networks,
// schedule families, the checker, fault tolerance), as the README's example uses it.
#include <a2a/a2a.hpp>

#include "a2a_test.hpp"

namespace a2a_unit {
using namespace a2a;
// One name from each part the umbrella promises (a part it lost would not compile here).
static_assert(sizeof(LatinSquareSchedule<>) > 0 && sizeof(AlternatingSchedule) > 0 && sizeof(AnySchedule) > 0);
static_assert(sizeof(GsenSetSchedule) > 0 && sizeof(GsenBroadcastSchedule) > 0 && sizeof(OpticalSchedule) > 0);
static_assert(sizeof(ShiftSchedule) > 0 && sizeof(FaultTolerantSchedule) > 0 && sizeof(FaultSet<>) > 0);
static_assert(sizeof(FaultPlanOptions) > 0 && sizeof(SingleFaultPlanStorage<4>) > 0 && sizeof(GrayStepper<>) > 0);
static_assert(sizeof(StageReplay) > 0 && sizeof(DeliveryTally) > 0 && sizeof(DestinationMatrix<6, 6>) > 0);
static_assert(sizeof(StaticNetwork<Topology::omega, 8>) > 0 && sizeof(RoundSignal) > 0 && sizeof(DigitArithmetic) > 0);
}  // namespace a2a_unit

TEST_CASE("the umbrella: an exchange made, run and checked from one include") {
  using namespace a2a;
  const auto net = make_network(Topology::omega, 16);
  REQUIRE(net.ok());
  const auto schedule = AnySchedule::make(*net, default_schedule_kind(*net));
  REQUIRE(schedule.ok());
  static std::array<std::uint32_t, pair_words_needed(16)> pairs;
  static std::array<std::uint32_t, round_words_needed(16)> round;
  const ExchangeCheck check =
      check_exchange(*schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
  CHECK(check.ok());
  CHECK(check.delivered == 256);
}
