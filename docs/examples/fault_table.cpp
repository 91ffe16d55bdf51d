// Prints the fault-tolerance table of docs/fault-tolerance.md: for N = 16..1024 and
// every internal stage, the rounds the schedule uses (every switch of the stage
// verified at switch level for N <= 128, every 8th beyond), paper 004's bound and
// the lower bound of docs/fault-tolerance.md.
// Build and run: g++ -std=c++20 -O2 -Ifirmware/include docs/examples/fault_table.cpp -o /tmp/fault_table && /tmp/fault_table
#include <a2a/a2a.hpp>

#include <cstdio>
#include <vector>

int main() {
  std::printf("| N | stage | rounds used | paper bound | lower bound | switches verified |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  for (std::uint32_t ports = 16; ports <= 1024; ports *= 2) {
    const a2a::Network net = *a2a::make_network(a2a::Topology::omega, ports);
    const std::uint32_t n = net.stages;
    for (std::uint32_t s = 1; s + 1 < n; ++s) {
      const std::uint32_t big = std::uint32_t{1} << (s < n - 1 - s ? s : n - 1 - s);  // min(2^s, 2^(n-1-s))
      const std::uint32_t lower = ports + 1 + (ports + big - 2) / (big - 1);      // N + 1 + ceil(N / (2^m - 1))
      const std::uint32_t paper = (s == 1 || s + 2 == n) ? 3 * ports : 2 * ports;
      std::uint32_t used = 0, verified = 0, checked = 0;
      bool all_ok = true;
      const std::uint32_t stride = ports <= 128 ? 1 : 8;
      for (std::uint32_t l = 0; l < net.switches_per_stage(); l += stride) {
        const auto f = a2a::FaultTolerantSchedule::make(net, {s, l});
        if (!f) break;
        ++checked;
        std::vector<std::uint32_t> pairs(a2a::pair_words_needed(ports)), round(a2a::round_words_needed(ports, n));
        const auto c = a2a::check_exchange(*f, pairs, round);
        bool avoids = true;
        for (std::uint32_t r = 0; r < f->rounds() && avoids; ++r) {
          const auto rd = f->round(r);
          for (std::uint32_t i = 0; i < ports; ++i)
            if (f->send(rd, i).sends && a2a::route(net, i, rd).hops[s].switch_index == l) avoids = false;
        }
        if (c.ok() && avoids) ++verified; else all_ok = false;
        used = f->rounds();
      }
      if (checked == 0) {
        std::printf("| %u | %u | not supported yet | %uN | %u | - |\n", ports, s, paper / ports, lower);
      } else {
        std::printf("| %u | %u | %u (2N + 1)%s | %uN = %u | %u | %u of %u |\n", ports, s, used, all_ok ? "" : " FAILED",
                    paper / ports, paper, lower, verified, net.switches_per_stage());
      }
    }
  }
}
