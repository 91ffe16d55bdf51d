// The controller's O(1) round step that the benchmarks measure (next(),
// changed_stage()), checked against what it replaces: random-access round(r),
// the stage states themselves, and switch-level routes.
#include <cstdint>

#include "a2a/a2a.hpp"
#include "a2a_test.hpp"

using namespace a2a;

namespace {

constexpr Topology kUniquePath[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                    Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan};

/// The first stage whose state differs between two rounds, found by looking at
/// every stage (n if none differs).
template <class R>
std::uint32_t first_differing_stage(const R& a, const R& b, std::uint32_t stages) {
  for (std::uint32_t s = 0; s < stages; ++s)
    if (a.stage_state(s) != b.stage_state(s)) return s;
  return stages;
}

void check_steps(const Network& net, RoundOrder order) {
  const auto schedule = LatinSquareSchedule<>::make(net, order).value();
  const bool gray = order == RoundOrder::gray;
  auto stepped = schedule.round(0);
  // Round 0 follows the last round (cyclically): stage 0 changes in both orders.
  CHECK(stepped.changed_stage() == first_differing_stage(schedule.round(net.ports - 1), stepped, net.stages));
  for (std::uint32_t r = 1; r < net.ports; ++r) {
    const auto before = stepped;
    stepped = schedule.next(stepped);
    const auto direct = schedule.round(r);
    INFO(name(net.topology), " N=", net.ports, " d=", net.radix, gray ? " gray" : " natural", " round ", r);
    REQUIRE(stepped.index() == r);
    REQUIRE(stepped.word() == direct.word());
    const std::uint32_t first = first_differing_stage(before, stepped, net.stages);
    REQUIRE(stepped.changed_stage() == first);
    REQUIRE(schedule.changed_stage(r) == first);
    REQUIRE(direct.changed_stage() == first);
    if (gray) {  // exactly one stage changes
      for (std::uint32_t s = first + 1; s < net.stages; ++s) REQUIRE(before.stage_state(s) == stepped.stage_state(s));
    }
    // Every port's claim from the stepped round is where the signal really goes.
    const std::uint32_t stride = net.ports > 64 ? 7 : 1;
    for (std::uint32_t i = 0; i < net.ports; i += stride) {
      const PortSend claim = schedule.port(i).send(stepped);
      const Path path = route(net, i, direct);
      REQUIRE(claim.destination == path.destination);
      REQUIRE(claim.tag == path.tag);
    }
  }
}

}  // namespace

TEST_CASE("LatinSquareSchedule::next steps every round as round(r) does, every topology and d") {
  for (Topology t : kUniquePath) {
    for (std::uint32_t d = 2; d <= 16; ++d) {
      for (std::uint32_t n = d; n <= 1024; n *= d) {
        const Network net = make_network(t, n, d).value();
        check_steps(net, RoundOrder::gray);
        check_steps(net, RoundOrder::natural);
      }
    }
  }
}

TEST_CASE("LatinSquareSchedule::next at N = 65536 (d = 2, 4, 16), Gray order, omega and banyan") {
  for (Topology t : {Topology::omega, Topology::banyan, Topology::reverse_omega}) {
    for (std::uint32_t d : {2U, 4U, 16U}) {
      const Network net = make_network(t, 65536, d).value();
      const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
      auto stepped = schedule.round(0);
      std::uint32_t mismatches = 0;
      for (std::uint32_t r = 1; r < net.ports; ++r) {
        stepped = schedule.next(stepped);
        const auto direct = schedule.round(r);
        const PortSend a = schedule.port(r).send(stepped);
        const PortSend b = schedule.send(direct, r);
        if (stepped.word() != direct.word() || stepped.changed_stage() != direct.changed_stage() || !(a == b))
          ++mismatches;
      }
      INFO(name(t), " d=", d);
      CHECK(mismatches == 0U);
    }
  }
}

TEST_CASE("AlternatingSchedule::next and changed_stage: A_k is a Gray code of k") {
  for (std::uint32_t n = 6; n <= 1026; n += 4) {
    const Network net = make_network(Topology::gsen, n).value();
    const auto schedule = AlternatingSchedule::make(net).value();
    auto stepped = schedule.round(0);
    CHECK(stepped.changed_stage() == 0U);
    for (std::uint32_t k = 1; k < n; ++k) {
      const auto before = stepped;
      stepped = schedule.next(stepped);
      INFO("N=", n, " k=", k);
      REQUIRE(stepped.index() == k);
      REQUIRE(stepped.word() == schedule.round(k).word());
      const std::uint32_t first = first_differing_stage(before, stepped, net.stages);
      REQUIRE(stepped.changed_stage() == first);
      REQUIRE(schedule.changed_stage(k) == first);
      for (std::uint32_t s = first + 1; s < net.stages; ++s) REQUIRE(before.stage_state(s) == stepped.stage_state(s));
    }
  }
}

TEST_CASE("AlternatingSchedule::Port walks Algorithm 4 as random access does") {
  for (std::uint32_t n : {6U, 10U, 18U, 66U, 1026U}) {
    const Network net = make_network(Topology::gsen, n).value();
    const auto schedule = AlternatingSchedule::make(net).value();
    std::uint32_t mismatches = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      auto port = schedule.port(i);
      for (std::uint32_t k = 0; k < n; ++k, port.advance())
        if (!(port.send() == schedule.send(schedule.round(k), i))) ++mismatches;
    }
    INFO("N=", n);
    CHECK(mismatches == 0U);
  }
}
