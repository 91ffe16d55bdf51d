// Stuck switches (StuckFault, fault_set.hpp): a switch that stays straight or cross
// blocks only the pairs whose path wants the other state there. Checked against the
// switch level: each pair's path is found by routing its source under every stage
// word, and the pair counts as blocked exactly when that path passes the switch in
// the round's other state. Plans around a stuck switch are replayed by route(): no
// signal passes the switch in the other state, every pair arrives once, relays hold
// what they forward, and the plan is shorter than the one around the same switch dead.
// Heap-free: the Cortex-M build runs N = 16.
#include <a2a/fault/fault_tolerant_schedule.hpp>

#include "support.hpp"

namespace {

using a2a::FaultMap;
using a2a::FaultSetView;
using a2a::FaultTolerantSchedule;
using a2a::StuckFault;
using a2a::SwitchFault;
using a2a::Topology;

#ifdef A2A_TEST_LIGHT
constexpr std::uint32_t kUpTo = 16;
#else
constexpr std::uint32_t kUpTo = 64;
#endif

constexpr const auto& kBinary = a2a::test::kBinaryTopologies;

a2a::PlanStorageSpan storage() {
  static a2a::FaultPlanStorage<kUpTo, 2> s;  // .bss, not the stack
  return s.span();
}

/// Does the path of `source` under configuration `config` pass the stuck switch in the other state?
template <class Config>
bool passes_wrong(const a2a::Network& net, std::uint32_t source, const Config& config, StuckFault f) {
  const a2a::Path p = a2a::route(net, source, config);
  return p.hops[f.stage].switch_index == f.switch_index &&
         static_cast<std::uint32_t>(config.switch_state(f.stage, f.switch_index)) != f.state;
}

/// Replays `plan` by route() with the stuck switch: returns the pairs delivered once,
/// or a number above N^2 when a signal passes it in the other state, a hop arrives
/// elsewhere, a relay forwards what it does not hold, or a pair arrives twice.
std::uint32_t replay(const FaultTolerantSchedule& plan, StuckFault f) {
  static std::array<std::array<std::uint16_t, kUpTo>, kUpTo> holder;
  static std::array<std::array<bool, kUpTo>, kUpTo> delivered;
  const a2a::Network net = plan.network();
  constexpr std::uint32_t kBad = 0xFFFFFFFFU;
  for (std::uint32_t i = 0; i < net.ports; ++i)
    for (std::uint32_t j = 0; j < net.ports; ++j) holder[i][j] = static_cast<std::uint16_t>(i), delivered[i][j] = false;
  std::uint32_t count = 0;
  for (std::uint32_t r = 0; r < plan.rounds(); ++r) {
    const auto round = plan.round(r);
    std::array<std::uint16_t, kUpTo> moved_to{};
    std::array<bool, kUpTo> moved{};
    for (std::uint32_t u = 0; u < net.ports; ++u) {
      const a2a::PortSend s = plan.send(round, u);
      if (!s.sends) continue;
      if (passes_wrong(net, u, round, f) || a2a::route(net, u, round).destination != s.destination) return kBad;
      const std::uint32_t o = s.message_origin(u);
      const std::uint32_t fin = s.message_final();
      if (holder[o][fin] != u) return kBad;
      if (s.destination == fin) {
        if (delivered[o][fin]) return kBad;
        delivered[o][fin] = true;
        ++count;
      }
      moved[u] = true;
      moved_to[u] = static_cast<std::uint16_t>(s.destination);
    }
    for (std::uint32_t u = 0; u < net.ports; ++u) {  // a hop lands once the round is over
      if (!moved[u]) continue;
      const a2a::PortSend s = plan.send(round, u);
      holder[s.message_origin(u)][s.message_final()] = moved_to[u];
    }
  }
  return count;
}

}  // namespace

TEST_CASE("fault stuck: the map blocks exactly the pairs that want the other state, every switch") {
  for (const Topology topology : kBinary)
    for (std::uint32_t ports = 16; ports <= kUpTo; ports *= 2) {
      const auto net = a2a::make_network(topology, ports).value();
      for (std::uint32_t s = 0; s < net.stages; ++s)
        for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
          for (std::uint32_t state = 0; state < 2; ++state) {
            const StuckFault f{s, y, state};
            const auto map = FaultMap::make(net, FaultSetView{{}, {}, std::span(&f, 1)});
            REQUIRE(map.ok());
            CHECK(map->count() <= 2);
            std::uint32_t blocked = 0;
            bool agree = true;
            for (std::uint32_t i = 0; i < ports; ++i)
              for (std::uint32_t w = 0; w < ports; ++w) {
                const a2a::StageControl config{w, 2, net.stages};
                const bool wrong = passes_wrong(net, i, config, f);
                const std::uint32_t j = a2a::route(net, i, config).destination;
                agree = agree && map->crosses(i, j) == wrong;
                blocked += wrong ? 1U : 0U;
              }
            INFO(a2a::name(topology), " N = ", ports, " switch ", s, ":", y, " stuck ", state);
            CHECK(agree);
            CHECK(blocked == ports);  // half of the 2N pairs through the switch
          }
    }
}

TEST_CASE("fault stuck: plans keep the stuck state, deliver every pair once, beat the dead switch") {
  for (const Topology topology : kBinary)
    for (std::uint32_t ports = 16; ports <= (kUpTo < 32 ? kUpTo : 32); ports *= 2) {
      const auto net = a2a::make_network(topology, ports).value();
      for (std::uint32_t s = 0; s < net.stages; ++s)
        for (const std::uint32_t y : {0U, net.switches_per_stage() / 2 + 1})
          for (std::uint32_t state = 0; state < 2; ++state) {
            INFO(a2a::name(topology), " N = ", ports, " switch ", s, ":", y, " stuck ", state);
            const StuckFault f{s, y, state};
            const auto stuck = FaultTolerantSchedule::make(net, FaultSetView{{}, {}, std::span(&f, 1)}, storage());
            REQUIRE(stuck.ok());  // a stuck switch cuts nobody off, even in the first or last stage
            CHECK(a2a::test::check_fixed<kUpTo>(*stuck).ok());
            CHECK(replay(*stuck, f) == ports * ports);
            const std::uint32_t stuck_rounds = stuck->rounds();
            const SwitchFault dead{s, y};
            const auto around_dead = FaultTolerantSchedule::make(net, FaultSetView{std::span(&dead, 1)}, storage());
            if (around_dead.ok()) CHECK(stuck_rounds < around_dead->rounds());
          }
    }
}

TEST_CASE("fault stuck: refusals are specific") {
  const auto net = a2a::make_network(Topology::omega, 16).value();
  const StuckFault bad_state{1, 2, 2};
  CHECK(a2a::check_faults(net, {{}, {}, std::span(&bad_state, 1)}) == a2a::Errc::state_out_of_range);
  const StuckFault bad_switch{1, 8, 0};
  CHECK(a2a::check_faults(net, {{}, {}, std::span(&bad_switch, 1)}) == a2a::Errc::fault_out_of_range);
  const StuckFault twice[] = {{1, 2, 0}, {1, 2, 1}};
  CHECK(a2a::check_faults(net, {{}, {}, twice}) == a2a::Errc::fault_duplicate);
  const SwitchFault dead{1, 2};
  CHECK(a2a::check_faults(net, {std::span(&dead, 1), {}, std::span(twice).first(1)}) == a2a::Errc::fault_duplicate);
  a2a::FaultSet<2> set;
  CHECK(set.add(StuckFault{1, 2, 0}) == a2a::Errc::ok);
  CHECK(set.add(StuckFault{1, 2, 1}) == a2a::Errc::fault_duplicate);
  CHECK(set.view().stuck.size() == 1);
}
