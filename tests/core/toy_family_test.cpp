// docs/extending.md "Adding a schedule family", done the documented way in the test
// tree: the family's own schedule and descriptor, then one line that lists it
// (here AppendFamilies after the product's ScheduleFamilies, since a test may not
// edit the core's list). The union, its dispatch and make() come from the list.
#include "support.hpp"

using namespace a2a;

namespace {

/// The toy: the Latin square with its rounds rotated by `shift` (round r runs the
/// Latin square's round (r + shift) mod N). A rotation of a complete exchange is one
/// too; shift = N would be the Latin square itself. `Broken` repeats round 0 instead,
/// so the checker must refuse it.
template <bool Broken>
class RotatedLatinSquare {
 public:
  using Inner = LatinSquareSchedule<>;
  class Round {
   public:
    constexpr Round() = default;
    constexpr Round(std::uint32_t index, const Inner::Round& inner) : index_(index), inner_(inner) {}
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr ControlMode control() const { return inner_.control(); }
    [[nodiscard]] constexpr std::uint32_t word() const { return inner_.word(); }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return inner_.switch_state(stage, sw);
    }
    [[nodiscard]] constexpr const Inner::Round& inner() const { return inner_; }

   private:
    std::uint32_t index_{0};
    Inner::Round inner_{};
  };

  static constexpr Result<RotatedLatinSquare> make(const Network& net, RoundOrder order) {
    const auto inner = Inner::make(net, order);
    A2A_TRY(inner);
    RotatedLatinSquare s;
    s.inner_ = *inner;
    return s;
  }
  [[nodiscard]] constexpr Network network() const { return inner_.network(); }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return inner_.rounds(); }
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    return Round(r, inner_.round(Broken ? 0 : (r + 1) % inner_.rounds()));
  }
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    return inner_.send(round.inner(), i);
  }

 private:
  Inner inner_{};
};

inline constexpr auto kToyCode = static_cast<ScheduleKind>(ScheduleFamilies::size);

template <bool Broken>
struct ToyRotated {
  static constexpr ScheduleKind kind = kToyCode;  // the next free code
  static constexpr std::string_view name = Broken ? "toy-broken" : "toy-rotated";
  static constexpr std::string_view summary = "the Latin square, rounds rotated by one (a test's toy)";
  using Schedule = RotatedLatinSquare<Broken>;
  static constexpr Result<Schedule> make(const Network& net, RoundOrder order) { return Schedule::make(net, order); }
};

// The one line that lists the family.
using ToyFamilies = AppendFamilies<ScheduleFamilies, ToyRotated<false>>;
using ToyAnySchedule = BasicAnySchedule<ToyFamilies>;
using BrokenAnySchedule = BasicAnySchedule<AppendFamilies<ScheduleFamilies, ToyRotated<true>>>;

static_assert(Schedule<RotatedLatinSquare<false>>);
static_assert(Schedule<ToyAnySchedule>);
static_assert(ToyFamilies::size == ScheduleFamilies::size + 1);
// Still a tagged union: the toy is smaller than the largest family, so nothing grows.
static_assert(sizeof(ToyAnySchedule) == sizeof(AnySchedule));

constexpr Network net_of(Topology t, std::uint32_t ports) { return make_network(t, ports).value(); }

}  // namespace

TEST_CASE("toy family: added by one list line, it runs a complete exchange") {
  for (Topology t : {Topology::omega, Topology::baseline, Topology::banyan, Topology::reverse_omega}) {
    for (std::uint32_t ports : {8U, 16U, 64U}) {
      const auto toy = ToyAnySchedule::make(net_of(t, ports), kToyCode, RoundOrder::gray);
      REQUIRE(toy.ok());
      CHECK(toy->kind() == kToyCode);
      CHECK(toy->rounds() == ports);
      CHECK(test::check_fixed(*toy).ok());
      // Rotated by one: its round 0 is the Latin square's round 1 (stage words compared).
      const auto latin = LatinSquareSchedule<>::make(net_of(t, ports), RoundOrder::gray).value();
      CHECK(toy->round(0).word() == latin.round(1).word());
      CHECK(toy->round(ports - 1).word() == latin.round(0).word());
    }
  }
}

TEST_CASE("toy family: the list's other families still work in the extended union") {
  const auto gsen = ToyAnySchedule::make(net_of(Topology::gsen, 10), ScheduleKind::alternating);
  REQUIRE(gsen.ok());
  CHECK(test::check_fixed(*gsen).ok());
  CHECK(ToyAnySchedule::make(net_of(Topology::omega, 8), static_cast<ScheduleKind>(ToyFamilies::size)).error() ==
        Errc::schedule_unknown);
}

TEST_CASE("toy family: a broken family is caught by check_exchange") {
  const auto broken = BrokenAnySchedule::make(net_of(Topology::omega, 16), kToyCode);
  REQUIRE(broken.ok());
  const ExchangeCheck check = test::check_fixed(*broken);
  CHECK_FALSE(check.ok());
}
