// Exhaustive switch-level verification: for every topology and schedule and every
// size in range, every round is a permutation, every ordered pair (i = j included)
// is delivered exactly once in N rounds, and each claimed destination and tag is
// where route() arrives and the output ports it takes (check_exchange).
#include "support.hpp"

#include <algorithm>
#include <random>

using namespace a2a;
using a2a::test::check_large;
using a2a::test::explain;
using a2a::test::label;

namespace {

constexpr Topology kUniquePath[] = {Topology::omega,         Topology::baseline,
                                    Topology::banyan,        Topology::reverse_omega,
                                    Topology::reverse_baseline, Topology::reverse_banyan};

/// Every N = d^n with n >= 1 up to `limit`.
std::vector<std::uint32_t> powers(std::uint32_t d, std::uint32_t limit) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n = d; n <= limit; n *= d) out.push_back(n);
  return out;
}

void check_latin(Topology t, std::uint32_t d, std::uint32_t limit) {
  for (std::uint32_t n : powers(d, limit)) {
    const Network net = make_network(t, n, d).value();
    for (RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
      const auto schedule = LatinSquareSchedule<>::make(net, order).value();
      const ExchangeCheck c = check_large(schedule);
      INFO(label(net), order == RoundOrder::gray ? " gray" : " natural", ": ", explain(c));
      CHECK(c.ok());
      CHECK(c.rounds == n);
      CHECK(c.delivered == std::uint64_t{n} * n);
    }
  }
}

}  // namespace

TEST_CASE("Latin-square stage control, d = 2, every unique-path topology, N = 2..1024") {
  for (Topology t : kUniquePath) check_latin(t, 2, 1024);
}

TEST_CASE("Latin-square configurations M^x, d = 3, N = 3..729") {
  for (Topology t : kUniquePath) check_latin(t, 3, 729);
}

TEST_CASE("Latin-square configurations M^x, d = 4, N = 4..1024") {
  for (Topology t : kUniquePath) check_latin(t, 4, 1024);
}

TEST_CASE("Latin-square configurations M^x, d = 5..16, N = d, d^2 and d^3 up to 1024") {
  for (std::uint32_t d = 5; d <= 16; ++d)
    for (Topology t : kUniquePath) check_latin(t, d, std::max(1024U, d * d));
}

TEST_CASE("GSEN with N = 2^n under Latin-square stage control is the omega network") {
  for (std::uint32_t n = 4; n <= 1024; n *= 2) {
    const auto schedule = LatinSquareSchedule<>::make(make_network(Topology::gsen, n).value()).value();
    const ExchangeCheck c = check_large(schedule);
    INFO("gsen N=", n, ": ", explain(c));
    CHECK(c.ok());
    const Network gsen = make_network(Topology::gsen, n).value();
    const Network omega = make_network(Topology::omega, n).value();
    for (std::uint32_t t = 0; t < n; ++t)
      CHECK(wiring::before_stage(gsen, 0, t) == wiring::before_stage(omega, 0, t));
  }
}

TEST_CASE("Gray order: exactly one stage changes between consecutive rounds, cyclically") {
  for (std::uint32_t d = 2; d <= 16; ++d) {
    for (std::uint32_t n : powers(d, 4096)) {
      const Network net = make_network(Topology::omega, n, d).value();
      const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
      std::vector<bool> used(n, false);
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
  // GSEN's alternating words A_k = k xor k/2 change one stage per round too.
  const auto alt = AlternatingSchedule::make(make_network(Topology::gsen, 1026).value()).value();
  for (std::uint32_t k = 0; k + 1 < alt.rounds(); ++k) {
    const std::uint32_t diff = alt.round(k).word() ^ alt.round(k + 1).word();
    CHECK((diff != 0 && (diff & (diff - 1)) == 0));
  }
}

TEST_CASE("per-processor state (Port) gives the same sends as random access and as the route") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t d : {2U, 3U, 4U, 8U}) {
      const std::uint32_t n = d == 2 ? 256 : d * d * d;
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
  for (std::uint32_t n = 6; n <= 258; n += 4) {
    const auto schedule = AlternatingSchedule::make(make_network(Topology::gsen, n).value()).value();
    for (std::uint32_t i = 0; i < n; ++i) {
      auto port = schedule.port(i);
      for (std::uint32_t k = 0; k < n; ++k, port.advance()) {
        INFO("N=", n, " port ", i, " round ", k);
        REQUIRE(port.round() == k);
        CHECK(port.send() == schedule.send(schedule.round(k), i));
      }
    }
  }
}
