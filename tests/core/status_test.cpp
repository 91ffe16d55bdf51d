// a2a/status.hpp: Result (a value or the reason there is none) and A2A_TRY's early return.
#include <a2a/status.hpp>

#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace status_unit {
using namespace a2a;
constexpr Errc first_of_two(Errc a, Errc b) {
  A2A_TRY(a);
  A2A_TRY(b);
  return Errc::ok;
}
constexpr Result<std::uint32_t> stages_plus_one(Topology t, std::uint32_t ports) {
  const Result<Network> net = make_network(t, ports);
  A2A_TRY(net);
  return net->stages + 1;
}
constexpr Result<std::uint32_t> kSeven = 7U;
constexpr Result<std::uint32_t> kRefused = Errc::port_out_of_range;
static_assert(kSeven.ok() && *kSeven == 7 && kSeven.error() == Errc::ok);
static_assert(!kRefused && kRefused.error() == Errc::port_out_of_range);
// Reading the value of a failed Result is a contract violation: in a constant expression
// it does not compile, which `requires` can observe.
template <const Result<std::uint32_t>& R>
constexpr bool value_is_constant = requires {
  typename std::integral_constant<std::uint32_t, R.value()>;
};
static_assert(value_is_constant<kSeven> && !value_is_constant<kRefused>);
}  // namespace status_unit

TEST_CASE("A2A_TRY returns the first error and goes on when ok") {
  using namespace a2a;
  using status_unit::first_of_two;
  using status_unit::stages_plus_one;
  static_assert(first_of_two(Errc::ok, Errc::ok) == Errc::ok);
  static_assert(first_of_two(Errc::ok, Errc::port_out_of_range) == Errc::port_out_of_range);
  static_assert(first_of_two(Errc::ports_odd, Errc::port_out_of_range) == Errc::ports_odd);
  static_assert(stages_plus_one(Topology::omega, 16).value() == 5);
  static_assert(stages_plus_one(Topology::omega, 12).error() == Errc::ports_not_power_of_radix);
  CHECK(stages_plus_one(Topology::gsen, 7).error() == Errc::ports_odd);
}
