// Locating one fault from what the outputs receive (fault_locator.hpp): every
// switch (dead, stuck straight, stuck cross) and every link of every binary
// topology at N = 16, 32, 64 is planted in turn. The observation is the switch
// level's (route() through the round with the planted fault), never the locator's
// own prediction. The first Latin-square round the fault disturbs starts the
// search from one signal that went wrong; test rounds narrow it. The planted
// fault must be among the candidates left, alone, or in a class no test word
// tells apart; the test rounds stay within Feng and Wu's bound.
#include <a2a/fault/fault_locator.hpp>

#include "planted_faults.hpp"
#include "support.hpp"

#include <algorithm>
#include <vector>

namespace {

using a2a::FaultCandidate;
using a2a::LocatedKind;
using a2a::Topology;

#ifdef A2A_TEST_LIGHT
constexpr std::uint32_t kUpTo = 16;
#else
constexpr std::uint32_t kUpTo = 64;
#endif

constexpr const auto& kBinary = a2a::test::kBinaryTopologies;

struct Result {
  bool found{false};
  bool exact{false};
  std::uint32_t tests{0};
};

Result locate(const a2a::Network& net, const FaultCandidate& truth) {
  std::array<std::uint16_t, kUpTo> observed{};
  const std::span<std::uint16_t> obs(observed.data(), net.ports);
  for (std::uint32_t word = 0; word < net.ports; ++word) {
    const a2a::StageControl config{word, 2, net.stages};
    a2a::test::observe_planted(net, config, truth, obs);
    std::uint32_t wrong = net.ports;
    for (std::uint32_t i = 0; i < net.ports && wrong == net.ports; ++i)
      if (obs[i] != a2a::route(net, i, config).destination) wrong = i;
    if (wrong == net.ports) continue;  // the fault did not show in this round
    a2a::FaultLocator<> locator(net, {});
    locator.start(config, wrong);
    locator.keep_explaining(config, std::span<const std::uint16_t>(obs));
    Result r;
    r.tests = a2a::narrow_by_tests(
        net, locator, obs,
        [&](std::uint32_t w, std::span<std::uint16_t> o) {
          a2a::test::observe_planted(net, a2a::StageControl{w, 2, net.stages}, truth, o);
          return true;
        },
        64);
    for (const FaultCandidate& c : locator.candidates()) r.found = r.found || c == truth;
    r.exact = locator.candidates().size() == 1 || !locator.choose_test().split;
    return r;
  }
  return {};  // never shows: cannot happen for a fault on some path
}

}  // namespace

TEST_CASE("fault locator: every single fault of every binary topology, N = 16 .. 64, within Feng and Wu's bound") {
  for (const Topology topology : kBinary)
    for (std::uint32_t ports = 16; ports <= kUpTo; ports *= 2) {
      const auto net = a2a::make_network(topology, ports).value();
      std::uint32_t worst = 0, total = 0, faults = 0;
      bool all_found = true, all_settled = true;
      const auto run = [&](const FaultCandidate& truth) {
        const Result r = locate(net, truth);
        INFO(a2a::name(topology), " N = ", ports, " kind ", static_cast<int>(truth.kind), " at ", truth.stage, ":",
             truth.index, " state ", truth.state);
        CHECK(r.found);
        CHECK(r.exact);
        all_found = all_found && r.found;
        all_settled = all_settled && r.exact;
        worst = r.tests > worst ? r.tests : worst;
        total += r.tests;
        ++faults;
      };
      for (std::uint32_t s = 0; s < net.stages; ++s)
        for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) {
          run({LocatedKind::dead_switch, s, y, 0});
          run({LocatedKind::stuck_switch, s, y, 0});
          run({LocatedKind::stuck_switch, s, y, 1});
        }
      for (std::uint32_t s = 0; s + 1 < net.stages; ++s)
        for (std::uint32_t t = 0; t < ports; ++t) run({LocatedKind::dead_link, s, t, 0});
      MESSAGE(a2a::name(topology), " N = ", ports, ": ", faults, " faults, test rounds worst ", worst, " mean ",
              static_cast<double>(total) / faults);
      CHECK(worst <= a2a::feng_wu_tests(ports));
    }
}

TEST_CASE("fault locator: Feng and Wu's bound") {
  CHECK(a2a::feng_wu_tests(16) == 12);            // 6 + 2 * 2 = 10 < 12
  CHECK(a2a::feng_wu_tests(256) == 12);           // 6 + 2 * 3
  CHECK(a2a::feng_wu_tests(65536) == 14);         // 6 + 2 * 4
  static_assert(a2a::feng_wu_tests(1024) == 14);  // log2 log2 1024 = 3.3: ceil 4
}

TEST_CASE("fault locator: one pass over the ports gives every candidate's signature, with and without known faults") {
  // signatures() routes again only the ports on a candidate's path; signature() routes
  // every port with the candidate: the two must agree for every test word.
  for (const Topology t : kBinary) {
    const a2a::Network net = a2a::make_network(t, 16).value();
    const std::array<FaultCandidate, 2> known{FaultCandidate{LocatedKind::stuck_switch, 1, 3, 1},
                                              FaultCandidate{LocatedKind::dead_switch, 2, 6, 0}};
    for (std::size_t known_count = 0; known_count <= known.size(); ++known_count) {
      const std::span<const FaultCandidate> with(known.data(), known_count);
      for (std::uint32_t source = 0; source < net.ports; source += 5) {
        a2a::FaultLocator<> locator(net, with);
        locator.start(a2a::StageControl{0, 2, net.stages}, source);  // every element on its path
        REQUIRE(locator.candidates().size() == 3 * net.stages - 1);
        std::array<std::uint32_t, 3 * a2a::kMaxStages> sig{};
        for (std::uint32_t word = 0; word < net.ports; ++word) {
          locator.signatures(word, sig);
          for (std::size_t k = 0; k < locator.candidates().size(); ++k) {
            INFO(a2a::name(t), " known ", known_count, " source ", source, " word ", word, " candidate ", k);
            CHECK(sig[k] == locator.signature(word, locator.candidates()[k]));
          }
        }
      }
    }
  }
}

namespace {
/// add_planned: one candidate as it is; a class whole with its stuck switches as dead,
/// nothing listed twice, nothing past the room.
constexpr bool planned_as_documented() {
  std::array<FaultCandidate, 3> faults{};
  std::uint32_t count = 0;
  const FaultCandidate stuck{LocatedKind::stuck_switch, 1, 2, 1};
  a2a::add_planned(std::span<const FaultCandidate>(&stuck, 1), faults, count);  // alone: stays stuck
  const bool alone = count == 1 && faults[0] == stuck;
  const FaultCandidate cls[] = {{LocatedKind::stuck_switch, 3, 4, 0}, {LocatedKind::dead_switch, 2, 3, 0}, stuck};
  a2a::add_planned(cls, faults, count);  // a class: 3:4 as dead, 2:3, and 1:2 as dead finds no room
  const bool as_dead = count == 3 && faults[1] == FaultCandidate{LocatedKind::dead_switch, 3, 4, 0} &&
                       faults[2] == FaultCandidate{LocatedKind::dead_switch, 2, 3, 0};
  a2a::add_planned(cls, faults, count);  // again: all listed or no room, nothing twice
  return alone && as_dead && count == 3;
}
static_assert(planned_as_documented());
}  // namespace
