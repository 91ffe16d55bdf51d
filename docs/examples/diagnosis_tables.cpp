// Prints the two generated tables of docs/fault-tolerance.md about faults the
// fabric does not name (issue 24):
//   stuck [TOPOLOGY|all] [LARGEST_N]   rounds around switch 1 of every internal stage
//       stuck straight, stuck cross and dead (FaultTolerantSchedule::make with the
//       default options), each plan verified (every pair once by check_exchange, no
//       signal through the switch in a state it cannot take), and the lower bounds:
//       N + 1 stuck (every processor receives N messages, one a round, and the N
//       blocked pairs take a second hop), the dead switch's of "Lower bound".
//   locate [TOPOLOGY|all] [LARGEST_N]  test rounds the controller's search (FaultLocator,
//       the first Latin-square round a fault disturbs, then narrow_by_tests) uses for
//       one fault: worst and mean over every switch (dead, stuck straight, stuck cross)
//       and every link up to N = 128, a fixed sample of 600 above, and how many were
//       located exactly, against Feng and Wu's max(12, 6 + 2 ceil(log2 log2 N)).
//   several [TOPOLOGY|all] [LARGEST_N] seeded sets of two, three and four faults (dead or
//       stuck switches, dead links) located one stop at a time as the controller does
//       (locate_stop_by_stop),
//       the test rounds of all stops from one allowance of 2 log2 N + 2: in how many sets
//       every Latin-square round is explained by what was found, in how many the planted
//       set was found exactly, the test rounds per set.
// Exit status 1 when a plan fails its check, a fault is not among the candidates, or a
// set of several finds nothing or spends more than its allowance.
// Build and run from the repository root:
//   g++ -std=c++20 -O2 -Ifirmware/core/include docs/examples/diagnosis_tables.cpp -o /tmp/diagnosis_tables
//   /tmp/diagnosis_tables stuck all 1024; /tmp/diagnosis_tables locate all 1024
//   /tmp/diagnosis_tables several all 256
#include <a2a/a2a.hpp>
#include <a2a/fault/fault_locator.hpp>
#include <a2a/fault/locate_stops.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

#include "fault_bounds.hpp"

namespace {

using a2a::FaultCandidate;
using a2a::LocatedKind;

/// Every pair once, and no sending path through the stuck switch in another state.
bool verified(const a2a::FaultTolerantSchedule& f, const a2a::StuckFault& stuck) {
  const a2a::Network net = f.network();
  std::vector<std::uint32_t> pairs(a2a::pair_words_needed(net.ports));
  std::vector<std::uint32_t> round(a2a::round_words_needed(net.ports, net.stages));
  if (!a2a::check_exchange(f, pairs, round).ok()) return false;
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto rd = f.round(r);
    if (rd.switch_state(stuck.stage, stuck.switch_index) == stuck.state) continue;
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (f.send(rd, i).sends && a2a::route(net, i, rd).hops[stuck.stage].switch_index == stuck.switch_index)
        return false;
  }
  return true;
}


int stuck_table(a2a::Topology topology, std::uint32_t largest) {
  auto storage = std::make_unique<a2a::FaultPlanStorage<1024, 2>>();
  int failures = 0;
  std::printf("| N | stage | stuck straight | stuck cross | dead | lower bound stuck (N + 1) | lower bound dead |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  for (std::uint32_t ports = 16; ports <= largest; ports *= 2) {
    const a2a::Network net = *a2a::make_network(topology, ports);
    for (std::uint32_t s = 1; s + 1 < net.stages; ++s) {
      std::uint32_t rounds[2] = {0, 0};
      for (std::uint32_t state = 0; state < 2; ++state) {
        const a2a::StuckFault stuck[] = {{s, 1, state}};
        const auto f = a2a::FaultTolerantSchedule::make(net, a2a::FaultSetView{{}, {}, stuck}, storage->span());
        if (!f || !verified(*f, stuck[0])) ++failures;
        rounds[state] = f ? f->rounds() : 0;
      }
      const a2a::SwitchFault dead[] = {{s, 1}};
      const auto d = a2a::FaultTolerantSchedule::make(net, a2a::FaultSetView{dead}, storage->span());
      std::printf("| %u | %u | %u | %u | %u | %u | %u |\n", ports, s, rounds[0], rounds[1], d ? d->rounds() : 0,
                  ports + 1, dead_switch_lower_bound(ports, net.stages, s));
      std::fflush(stdout);
    }
  }
  return failures;
}

/// What the outputs show for round `config` with the planted fault, by input port.
template <class C>
void observe(const a2a::Network& net, const C& config, const FaultCandidate& truth, std::vector<std::uint16_t>& out) {
  const a2a::FaultedRound<C> faulted(net, config, std::span<const FaultCandidate>(&truth, 1));
  for (std::uint32_t i = 0; i < net.ports; ++i) out[i] = static_cast<std::uint16_t>(faulted.output(i));
}

struct Located {
  bool found{false}, exact{false};
  std::uint32_t tests{0};
};

Located locate(const a2a::Network& net, const FaultCandidate& truth) {
  std::vector<std::uint16_t> obs(net.ports);
  for (std::uint32_t word = 0; word < net.ports; ++word) {
    const a2a::StageControl config{word, 2, net.stages};
    observe(net, config, truth, obs);
    std::uint32_t wrong = net.ports;
    for (std::uint32_t i = 0; i < net.ports && wrong == net.ports; ++i)
      if (obs[i] != a2a::route(net, i, config).destination) wrong = i;
    if (wrong == net.ports) continue;
    a2a::FaultLocator<> locator(net, {});
    locator.start(config, wrong);
    locator.keep_explaining(config, std::span<const std::uint16_t>(obs));
    Located r;
    r.tests = a2a::narrow_by_tests(
        net, locator, std::span<std::uint16_t>(obs),
        [&](std::uint32_t w, std::span<std::uint16_t>) {
          observe(net, a2a::StageControl{w, 2, net.stages}, truth, obs);
          return true;
        },
        64);
    for (const FaultCandidate& c : locator.candidates()) r.found = r.found || c == truth;
    r.exact = locator.candidates().size() == 1;
    return r;
  }
  return {};
}

int locate_table(a2a::Topology topology, std::uint32_t largest) {
  int failures = 0;
  std::printf("| N | faults tried | test rounds worst | test rounds mean | located exactly | Feng and Wu |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  for (std::uint32_t ports = 16; ports <= largest; ports *= 2) {
    const a2a::Network net = *a2a::make_network(topology, ports);
    std::vector<FaultCandidate> faults;
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
        for (const FaultCandidate f : {FaultCandidate{LocatedKind::dead_switch, s, y, 0},
                                       FaultCandidate{LocatedKind::stuck_switch, s, y, 0},
                                       FaultCandidate{LocatedKind::stuck_switch, s, y, 1}})
          faults.push_back(f);
    for (std::uint32_t s = 0; s + 1 < net.stages; ++s)
      for (std::uint32_t t = 0; t < ports; ++t) faults.push_back({LocatedKind::dead_link, s, t, 0});
    if (ports > 128) {  // a fixed sample, spread over the list
      std::vector<FaultCandidate> sample;
      for (std::size_t k = 0; k < 600; ++k) sample.push_back(faults[k * faults.size() / 600]);
      faults = sample;
    }
    std::uint32_t worst = 0, total = 0, exact = 0;
    for (const FaultCandidate& f : faults) {
      const Located r = locate(net, f);
      if (!r.found) ++failures;
      worst = r.tests > worst ? r.tests : worst;
      total += r.tests;
      exact += r.exact ? 1U : 0U;
    }
    std::printf("| %u | %zu | %u | %.3f | %u | %u |\n", ports, faults.size(), worst,
                static_cast<double>(total) / static_cast<double>(faults.size()), exact, a2a::feng_wu_tests(ports));
    std::fflush(stdout);
  }
  return failures;
}

/// Every fault of `truth` acting in round `config`, by input port.
template <class C>
void observe_all(const a2a::Network& net, const C& config, std::span<const FaultCandidate> truth, std::vector<std::uint16_t>& out) {
  const a2a::FaultedRound<C> faulted(net, config, truth);
  for (std::uint32_t i = 0; i < net.ports; ++i) out[i] = static_cast<std::uint16_t>(faulted.output(i));
}

/// The controller's stops over the Latin square (a2a/fault/locate_stops.hpp) with
/// `truth` planted. Returns the faults found; `tests` the test rounds of all stops.
std::vector<FaultCandidate> locate_all(const a2a::Network& net, std::span<const FaultCandidate> truth, std::uint32_t& tests) {
  std::vector<std::uint16_t> obs(net.ports);
  const a2a::LocatedStops found = a2a::locate_stop_by_stop(
      net, std::span<std::uint16_t>(obs),
      [&](const a2a::StageControl& config, std::span<std::uint16_t> o) {
        const a2a::FaultedRound<a2a::StageControl> faulted(net, config, truth);
        for (std::uint32_t i = 0; i < net.ports; ++i) o[i] = static_cast<std::uint16_t>(faulted.output(i));
      },
      [](std::uint32_t, std::uint32_t, const a2a::LocatedStops&) {});
  tests = found.test_rounds;
  return {found.faults.begin(), found.faults.begin() + found.count};
}

/// Seeded sets of 2, 3 and 4 faults (dead or stuck switches, dead links, on distinct
/// elements), located as the controller does.
int several_table(a2a::Topology topology, std::uint32_t largest) {
  int failures = 0;
  std::uint32_t seed = 24;
  const auto next = [&seed] { return (seed = seed * 1664525U + 1013904223U) >> 8; };
  for (std::uint32_t ports = 16; ports <= largest; ports *= 2) {
    const a2a::Network net = *a2a::make_network(topology, ports);
    std::uint32_t sets = 0, explained = 0, exact = 0, worst = 0, total = 0;
    for (std::uint32_t k = 0; k < 60; ++k) {
      std::vector<FaultCandidate> truth;
      while (truth.size() < 2 + k % 3) {
        const std::uint32_t s = next() % net.stages, kind = next() % 4;
        const FaultCandidate f = kind == 3 ? FaultCandidate{LocatedKind::dead_link, s % (net.stages - 1), next() % ports, 0}
                                           : FaultCandidate{kind == 0 ? LocatedKind::dead_switch : LocatedKind::stuck_switch, s,
                                                            next() % net.switches_per_stage(), kind == 0 ? 0U : kind - 1};
        bool taken = false;
        for (const FaultCandidate& g : truth)
          taken = taken || (g.stage == f.stage && g.index == f.index && (g.kind == LocatedKind::dead_link) == (f.kind == LocatedKind::dead_link));
        if (!taken) truth.push_back(f);
      }
      std::uint32_t tests = 0;
      const std::vector<FaultCandidate> found = locate_all(net, truth, tests);
      bool all = true;
      std::vector<std::uint16_t> obs(ports);
      for (std::uint32_t word = 0; word < ports && all; ++word) {
        const a2a::StageControl config{word, 2, net.stages};
        observe_all(net, config, truth, obs);
        const a2a::FaultedRound<a2a::StageControl> predicted(net, config, found);
        for (std::uint32_t i = 0; i < ports; ++i) all = all && obs[i] == predicted.output(i);
      }
      bool same = found.size() == truth.size();
      for (const FaultCandidate& f : truth) same = same && std::find(found.begin(), found.end(), f) != found.end();
      if (found.empty() || tests > 2 * net.stages + 2) ++failures;
      ++sets;
      explained += all ? 1U : 0U;
      exact += same ? 1U : 0U;
      worst = tests > worst ? tests : worst;
      total += tests;
    }
    std::printf("| %s | %u | %u | %u | %u | %u | %.2f | %u |\n", std::string(a2a::name(topology)).c_str(), ports, sets,
                explained, exact, worst, static_cast<double>(total) / sets, 2 * net.stages + 2);
    std::fflush(stdout);
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view mode = argc > 1 ? argv[1] : "";
  const std::string_view which = argc > 2 ? argv[2] : "all";
  const std::uint32_t largest = argc > 3 ? static_cast<std::uint32_t>(std::atoi(argv[3])) : 1024;
  if ((mode != "stuck" && mode != "locate" && mode != "several") || largest < 16 || largest > 1024) {
    std::fprintf(stderr, "usage: diagnosis_tables stuck|locate|several [TOPOLOGY|all] [LARGEST_N <= 1024]\n");
    return 2;
  }
  int failures = 0;
  if (mode == "several") {
    std::printf("| topology | N | sets | every round explained | found exactly | test rounds worst | test rounds mean | 2 log2 N + 2 |\n");
    std::printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  }
  for (const a2a::Topology t : a2a::kAllTopologies) {
    if (t == a2a::Topology::shift || (which != "all" && which != a2a::name(t))) continue;
    if (which == "all" && mode != "several") std::printf("\n### %s\n\n", std::string(a2a::name(t)).c_str());
    failures += mode == "stuck" ? stuck_table(t, largest) : mode == "locate" ? locate_table(t, largest) : several_table(t, largest);
  }
  if (failures != 0) std::fprintf(stderr, "diagnosis_tables: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
