// Exhaustive switch-level verification of the optical families: for every
// network they apply to and every N = 2^n up to 1024 (A2A_TEST_MAX_PORTS
// caps it on Cortex-M), check_exchange traces every signal of every pass with
// route() and checks destinations and tags, one signal per output, every ordered
// pair (i = j included) exactly once, and, since both schedules are optical,
// that no switch carries two signals in a pass.
#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::kSweepPorts;
using a2a::test::kUniquePath;

namespace {

/// The largest N = 2^n the sweeps reach: 1024, or less where the board's RAM is smaller.
constexpr std::uint32_t largest_power_of_two(std::uint32_t limit) {
  std::uint32_t n = 1;
  while (n * 2 <= limit && n * 2 <= 1024) n *= 2;
  return n;
}
constexpr std::uint32_t kLargest = largest_power_of_two(kSweepPorts);

/// Gray order is checked up to this N (natural order everywhere): the order changes
/// which passes come when, not what a pass does, so the large sizes add little
/// (64 on the boards, to keep the QEMU run to seconds).
constexpr std::uint32_t kGrayUpTo = kLargest >= 1024 ? 256 : 64;

void check_optical(Topology t, std::uint32_t n, RoundOrder order) {
  const auto schedule = OpticalSchedule::make(make_network(t, n).value(), order).value();
  const ExchangeCheck c = check_fixed<kLargest>(schedule);
  INFO(name(t), " N=", n, order == RoundOrder::gray ? " gray: " : " natural: ", describe(c.violation), " pass ",
       c.round, " port ", c.port, " other ", c.other);
  CHECK(c.ok());
  CHECK(c.rounds == 2 * n);
  CHECK(c.delivered == std::uint64_t{n} * n);
}

}  // namespace

TEST_CASE("optical (paper 002): every unique-path topology, every N = 2^n, crosstalk-free in 2N passes") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t n = 2; n <= kLargest; n *= 2) {
      check_optical(t, n, RoundOrder::natural);
      if (n <= kGrayUpTo) check_optical(t, n, RoundOrder::gray);
    }
  }
}

TEST_CASE("optical (paper 002) on GSEN with N = 2^n (the omega network)") {
  for (std::uint32_t n = 4; n <= kLargest; n *= 2) check_optical(Topology::gsen, n, RoundOrder::natural);
}

TEST_CASE("optical passes: senders are the pass's set, receivers the set the stage word predicts") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t n = 2; n <= kLargest && n <= kGrayUpTo; n *= 2) {
      const Network net = make_network(t, n).value();
      const auto schedule = OpticalSchedule::make(net).value();
      std::uint32_t wrong = 0;
      for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
        const auto round = schedule.round(r);
        for (std::uint32_t i = 0; i < n; ++i) {
          const bool sends = schedule.send(round, i).sends;
          if (sends != (input_set(i) == round.senders())) ++wrong;
          if (sends && input_set(route(net, i, round).destination) != round.receivers()) ++wrong;
        }
      }
      INFO(name(t), " N=", n);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("shift (paper 003): every N = 2^m, every pair once in N passes, crosstalk-free") {
  for (std::uint32_t n = 2; n <= kLargest; n *= 2) {
    for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      const auto schedule = ShiftSchedule::make(make_network(Topology::shift, n).value(), order).value();
      const ExchangeCheck c = check_fixed<kLargest>(schedule);
      INFO("shift N=", n, order == RoundOrder::gray ? " gray: " : " natural: ", describe(c.violation), " pass ",
           c.round, " port ", c.port);
      CHECK(c.ok());
      CHECK(c.rounds == n);
      CHECK(c.delivered == std::uint64_t{n} * n);
    }
  }
}

TEST_CASE("shift (paper 003): the route of every message from (source, destination) alone") {
  for (std::uint32_t n = 2; n <= kLargest; n *= 2) {
    const Network net = make_network(Topology::shift, n).value();
    const auto schedule = ShiftSchedule::make(net).value();
    std::uint32_t wrong = 0;
    for (std::uint32_t s = 0; s < n; ++s) {
      for (std::uint32_t d = 0; d < n; ++d) {
        const ShiftRoute r = shift_route(net, s, d).value();
        const Path p = route(net, s, schedule.round(r.shift));
        bool same = r.shift == (d + n - s) % n && p.destination == d && r.path.tag == p.tag &&
                    r.path.backward_tag == p.backward_tag;
        for (std::uint32_t k = 0; k < net.stages; ++k) same = same && r.path.hops[k] == p.hops[k];
        wrong += same ? 0U : 1U;
      }
    }
    INFO("shift N=", n);
    CHECK(wrong == 0);
  }
}
