// Prints the fault-tolerance tables of docs/fault-tolerance.md: for one topology
// (argument; default omega; `all`: every binary topology in turn), N = 16..1024
// (a second argument lowers the largest N) and every internal stage, the rounds
// FaultTolerantSchedule::make(net, FaultSetView, storage) uses for one faulty switch
// (the fewer of the single-fault designs and the general planner; worst and best over
// the switches tried, each verified at switch level), the lower bound of
// docs/fault-tolerance.md, the ratio worst / lower bound, and paper 004's bound.
// Build and run (minutes per topology; N = 1024 dominates):
//   g++ -std=c++20 -O2 -Ifirmware/core/include docs/examples/fault_table.cpp -o /tmp/fault_table
//   /tmp/fault_table omega; /tmp/fault_table banyan 256; /tmp/fault_table all
#include <a2a/a2a.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fault_bounds.hpp"

namespace {

/// Every pair exactly once (by message, relays in order) and no sending path through the fault.
bool verified(const a2a::FaultTolerantSchedule& f, a2a::SwitchFault fault) {
  const a2a::Network net = f.network();
  std::vector<std::uint32_t> pairs(a2a::pair_words_needed(net.ports));
  std::vector<std::uint32_t> round(a2a::round_words_needed(net.ports, net.stages));
  if (!a2a::check_exchange(f, pairs, round).ok()) return false;
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto rd = f.round(r);
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (f.send(rd, i).sends && a2a::route(net, i, rd).hops[fault.stage].switch_index == fault.switch_index)
        return false;
  }
  return true;
}

/// Every switch up to N = 64, 16 switches per stage for N = 128 and 256, 4 beyond
/// (spread over the stage).
std::uint32_t stride_for(std::uint32_t ports) { return ports <= 64 ? 1 : ports <= 256 ? ports / 32 : ports / 8; }


int table(a2a::Topology topology, std::uint32_t largest) {
  auto storage = std::make_unique<a2a::FaultPlanStorage<1024, 1>>();
  int failures = 0;
  std::printf("| N | stage | rounds used (worst / best) | lower bound | worst / lower | paper bound | switches verified |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  for (std::uint32_t ports = 16; ports <= largest; ports *= 2) {
    const a2a::Network net = *a2a::make_network(topology, ports);
    const std::uint32_t n = net.stages;
    for (std::uint32_t s = 1; s + 1 < n; ++s) {
      const std::uint32_t lower = dead_switch_lower_bound(ports, n, s);
      const std::uint32_t paper = (s == 1 || s + 2 == n) ? 3 * ports : 2 * ports;
      std::uint32_t worst = 0, best = ~0U, ok = 0, tried = 0;
      for (std::uint32_t l = 0; l < net.switches_per_stage(); l += stride_for(ports)) {
        const a2a::SwitchFault fault[] = {{s, l}};
        const auto f = a2a::FaultTolerantSchedule::make(net, {fault, {}}, storage->span());
        ++tried;
        if (!f) {
          std::fprintf(stderr, "N %u stage %u switch %u: %s\n", ports, s, l, std::string(a2a::describe(f.error())).c_str());
          continue;
        }
        if (verified(*f, fault[0])) ++ok;
        worst = f->rounds() > worst ? f->rounds() : worst;
        best = f->rounds() < best ? f->rounds() : best;
      }
      failures += static_cast<int>(tried - ok);
      std::printf("| %u | %u | %u / %u | %u | %.3f | %uN = %u | %u of %u |\n", ports, s, worst, best, lower,
                  static_cast<double>(worst) / lower, paper / ports, paper, ok, net.switches_per_stage());
      std::fflush(stdout);
    }
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view which = argc > 1 ? argv[1] : "omega";
  const std::uint32_t largest = argc > 2 ? static_cast<std::uint32_t>(std::atoi(argv[2])) : 1024;
  if (largest < 16 || largest > 1024) {
    std::fprintf(stderr, "largest N: 16 .. 1024\n");
    return 2;
  }
  int failures = 0;
  if (which == "all") {
    for (const a2a::Topology t : a2a::kAllTopologies) {
      if (t == a2a::Topology::shift) continue;  // no fault-tolerant schedule
      std::printf("\n### %s\n\n", std::string(a2a::name(t)).c_str());
      failures += table(t, largest);
    }
    return failures == 0 ? 0 : 1;
  }
  const auto topology = a2a::parse_topology(which);
  if (!topology || *topology == a2a::Topology::shift) {
    std::fprintf(stderr, "topology: omega, baseline, banyan, reverse-omega, reverse-baseline, reverse-banyan, gsen or all\n");
    return 2;
  }
  return table(*topology, largest) == 0 ? 0 : 1;
}
