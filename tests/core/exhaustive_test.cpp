// Exhaustive switch-level verification of the Latin-square schedules: for every
// unique-path topology, every d and every N = d^n up to the sweep limit
// (A2A_TEST_MAX_PORTS: 1026 on the host, smaller on Cortex-M), every round is a
// permutation, every ordered pair (i = j included) is delivered exactly once in
// N rounds, and each claimed destination and tag is where route() arrives and
// the output ports it takes (check_exchange).
#include <a2a/digit_maps.hpp>
#include <a2a/digits.hpp>
#include <a2a/latin_square.hpp>
#include <a2a/network.hpp>
#include <a2a/route.hpp>
#include <a2a/schedule.hpp>
#include <a2a/topology.hpp>
#include <a2a/wiring.hpp>

#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;
using a2a::test::kSweepPorts;
using a2a::test::kUniquePath;

namespace {

void check_latin(Topology t, std::uint32_t d) {
  for (std::uint32_t n = d; n <= kSweepPorts; n *= d) {
    const Network net = make_network(t, n, d).value();
    for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      const auto schedule = LatinSquareSchedule<>::make(net, order).value();
      const ExchangeCheck c = check_fixed(schedule);
      INFO(name(t), " N=", n, " d=", d, order == RoundOrder::gray ? " gray: " : " natural: ", describe(c.violation),
           " round ", c.round, " port ", c.port);
      CHECK(c.ok());
      CHECK(c.rounds == n);
      CHECK(c.delivered == std::uint64_t{n} * n);
    }
  }
}

}  // namespace

TEST_CASE("Latin-square stage control, d = 2, every unique-path topology, every N = 2^n in range") {
  for (Topology t : kUniquePath) check_latin(t, 2);
}

TEST_CASE("Latin-square configurations M^x, d = 3 and d = 4, every N = d^n in range") {
  for (Topology t : kUniquePath) {
    check_latin(t, 3);
    check_latin(t, 4);
  }
}

TEST_CASE("Latin-square configurations M^x, d = 5..16, every N = d^n in range") {
  for (std::uint32_t d = 5; d <= 16; ++d)
    for (Topology t : kUniquePath) check_latin(t, d);
}

TEST_CASE("GSEN with N = 2^n under Latin-square stage control is the omega network") {
  for (std::uint32_t n = 4; n <= kSweepPorts; n *= 2) {
    const Network gsen = make_network(Topology::gsen, n).value();
    const Network omega = make_network(Topology::omega, n).value();
    const ExchangeCheck c = check_fixed(LatinSquareSchedule<>::make(gsen).value());
    INFO("gsen N=", n, ": ", describe(c.violation));
    CHECK(c.ok());
    for (std::uint32_t t = 0; t < n; ++t) CHECK(wiring::before_stage(gsen, 0, t) == wiring::before_stage(omega, 0, t));
  }
}

TEST_CASE("Gray order: exactly one stage changes between consecutive rounds, cyclically") {
  static std::array<bool, kSweepPorts> used;
  for (std::uint32_t d = 2; d <= 16; ++d) {
    for (std::uint32_t n = d; n <= kSweepPorts; n *= d) {
      const Network net = make_network(Topology::omega, n, d).value();
      const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
      used.fill(false);
      for (std::uint32_t r = 0; r < n; ++r) {
        const auto a = schedule.round(r);
        const auto b = schedule.round((r + 1) % n);
        std::uint32_t changed = 0;
        for (std::uint32_t s = 0; s < net.stages; ++s) changed += a.stage_state(s) != b.stage_state(s) ? 1U : 0U;
        INFO("d=", d, " N=", n, " round ", r);
        CHECK(changed == 1U);
        CHECK_FALSE(used[a.word()]);  // every configuration exactly once
        used[a.word()] = true;
      }
    }
  }
}

TEST_CASE("per-processor state (Port) gives the same sends as random access and as the route") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t d : {2U, 3U, 4U, 8U}) {
      std::uint32_t n = d;
      while (n * d <= kSweepPorts && n * d <= 512) n *= d;  // the largest d^k in range
      const Network net = make_network(t, n, d).value();
      const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
      for (std::uint32_t i = 0; i < n; ++i) {
        const auto port = schedule.port(i);
        for (std::uint32_t r = 0; r < n; r += 7) {
          const auto round = schedule.round(r);
          const PortSend s = port.send(round);
          CHECK(s == schedule.send(round, i));
          const Path p = route(net, i, round);
          CHECK(s.destination == p.destination);
          CHECK(s.tag == p.tag);
        }
      }
    }
  }
}
