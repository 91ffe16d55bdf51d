// Prints the fault-tolerance tables of docs/fault-tolerance.md: for one topology
// (argument; default omega), N = 16..1024 and every internal stage, the rounds the
// schedule uses (worst and best over the switches tried, each verified at switch
// level), paper 004's bound and the lower bound of docs/fault-tolerance.md.
// Build and run (a few minutes per topology):
//   g++ -std=c++20 -O2 -Ifirmware/include docs/examples/fault_table.cpp -o /tmp/fault_table
//   /tmp/fault_table omega; /tmp/fault_table baseline; /tmp/fault_table banyan
#include <a2a/a2a.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

/// Every pair exactly once (by message, relays in order) and no sending path through the fault.
bool verified(const a2a::FaultTolerantSchedule& f) {
  const a2a::Network net = f.network();
  std::vector<std::uint32_t> pairs(a2a::pair_words_needed(net.ports));
  std::vector<std::uint32_t> round(a2a::round_words_needed(net.ports, net.stages));
  if (!a2a::check_exchange(f, pairs, round).ok()) return false;
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto rd = f.round(r);
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (f.send(rd, i).sends && a2a::route(net, i, rd).hops[f.fault().stage].switch_index == f.fault().switch_index)
        return false;
  }
  return true;
}

/// Every switch up to N = 64, 16 switches per stage for N = 128 and 256, 4 beyond
/// (spread over the stage).
std::uint32_t stride_for(std::uint32_t ports) { return ports <= 64 ? 1 : ports <= 256 ? ports / 32 : ports / 8; }

}  // namespace

int main(int argc, char** argv) {
  const auto topology = a2a::parse_topology(argc > 1 ? argv[1] : "omega");
  if (!topology) {
    std::fprintf(stderr, "unknown topology\n");
    return 2;
  }
  auto storage = std::make_unique<a2a::RelayPlanStorage<1024>>();
  int failures = 0;
  std::printf("| N | stage | rounds used (worst / best) | paper bound | lower bound | switches verified |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  for (std::uint32_t ports = 16; ports <= 1024; ports *= 2) {
    const a2a::Network net = *a2a::make_network(*topology, ports);
    const std::uint32_t n = net.stages;
    for (std::uint32_t s = 1; s + 1 < n; ++s) {
      const std::uint32_t m = s < n - 1 - s ? s : n - 1 - s;
      const std::uint32_t lower = ports + 1 + (ports + (1U << m) - 2) / ((1U << m) - 1);  // N + 1 + ceil(N/(2^m-1))
      const std::uint32_t paper = (s == 1 || s + 2 == n) ? 3 * ports : 2 * ports;
      std::uint32_t worst = 0, best = ~0U, ok = 0, tried = 0;
      for (std::uint32_t l = 0; l < net.switches_per_stage(); l += stride_for(ports)) {
        const auto f = a2a::FaultTolerantSchedule::make(net, {s, l}, storage->span());
        ++tried;
        if (!f) {
          std::fprintf(stderr, "N %u stage %u switch %u: %s\n", ports, s, l, std::string(a2a::describe(f.error())).c_str());
          continue;
        }
        if (verified(*f)) ++ok;
        worst = f->rounds() > worst ? f->rounds() : worst;
        best = f->rounds() < best ? f->rounds() : best;
      }
      failures += static_cast<int>(tried - ok);
      std::printf("| %u | %u | %u / %u%s | %uN = %u | %u | %u of %u |\n", ports, s, worst, best,
                  worst > paper ? " (above the bound: proven needed)" : "", paper / ports, paper, lower, ok,
                  net.switches_per_stage());
    }
  }
  return failures == 0 ? 0 : 1;
}
