// a2a/schedule.hpp: PortSend's relay fields, the Schedule concept, the checked accessors and
// the optical promise, on a two-round toy schedule written here.
#include <a2a/schedule.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace schedule_unit {
using namespace a2a;

/// N = 2 on one 2x2 switch: round 0 straight (i -> i), round 1 cross (i -> 1 - i).
class TwoRounds : public CheckedAccess<TwoRounds> {
 public:
  struct Round {
    std::uint32_t r{0};
    [[nodiscard]] constexpr std::uint32_t word() const { return r; }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return r; }
  };
  [[nodiscard]] constexpr Network network() const { return make_network(Topology::omega, 2).value(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return 2; }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const { return {r}; }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    return {true, i ^ round.r, round.r};
  }
};
struct Optical : TwoRounds {
  [[nodiscard]] constexpr bool optical() const { return true; }
};
static_assert(Schedule<TwoRounds>);
static_assert(!is_optical(TwoRounds{}) && is_optical(Optical{}));

// A direct send: the message is the port's own and goes where the hop goes.
static_assert(PortSend{true, 5, 0}.message_origin(3) == 3 && PortSend{true, 5, 0}.message_final() == 5);
// A relay hop: it carries 7's message for 9 through 5.
static_assert(PortSend{true, 5, 0, 7, 9}.message_origin(3) == 7 && PortSend{true, 5, 0, 7, 9}.message_final() == 9);
static_assert(!PortSend{}.sends && PortSend{}.origin == kDirect);
}  // namespace schedule_unit

TEST_CASE("schedule: checked accessors refuse what round() and send() only assume") {
  using namespace a2a;
  const schedule_unit::TwoRounds s;
  CHECK(s.checked_round(1).value().word() == 1);
  CHECK(s.checked_round(2).error() == Errc::round_out_of_range);
  const auto round = s.round(1);
  CHECK(s.checked_send(round, 1).value().destination == 0);
  CHECK(s.checked_send(round, 2).error() == Errc::port_out_of_range);
}
