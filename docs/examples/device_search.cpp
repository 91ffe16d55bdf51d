// The device's search for one fault at N <= 64 (firmware/config/include/a2a/config/
// device_planning.hpp, kDeviceSearch): which few variants of the general planner a
// device runs so that its plans stay within 5 % of the host's, and the check that they do.
//
//   device_search check [LARGEST_N]   docs/fault-tolerance.md's table "The device's plans
//                                     against the host's": every topology, N = 16 ..
//                                     LARGEST_N (64), one fault at every position (every
//                                     switch of every stage: dead in the internal
//                                     stages, stuck straight and stuck cross in all),
//                                     planned as a device does (device_planning()) and
//                                     as the host does (make() with the default
//                                     options); exit status 1 if a device plan is more
//                                     than 5 % longer than the host's for the same fault
//   device_search derive              the variants again: each of the planner's 256
//                                     (128 numbered variants, each direction) planned
//                                     alone at every position, then a weighted greedy
//                                     cover (a late-binding variant costs 2.5 early
//                                     ones, as measured), redundant picks dropped,
//                                     restarts from the three best picks; prints the
//                                     cheapest list found (about a minute)
//
// Build and run from the repository root:
//   g++ -std=c++20 -O2 -Ifirmware/core/include -Ifirmware/config/include
//       docs/examples/device_search.cpp -o /tmp/device_search
//   /tmp/device_search check 64
#include <a2a/a2a.hpp>
#include <a2a/config/device_planning.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace a2a;
using Storage = FaultPlanStorage<64, 1>;

constexpr Topology kTopologies[] = {Topology::omega,          Topology::baseline,         Topology::banyan,
                                    Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan,
                                    Topology::gsen};

/// One fault: kind 0 dead (internal stages), 1 stuck straight, 2 stuck cross (any stage).
struct Position {
  Topology topology;
  std::uint32_t ports, kind, stage, sw;
};

FaultSet<1> fault_of(const Position& p) {
  FaultSet<1> faults;
  if (p.kind == 0) (void)faults.add(SwitchFault{p.stage, p.sw});
  else (void)faults.add(StuckFault{p.stage, p.sw, p.kind - 1});
  return faults;
}

/// Every position of one topology at N ports, in table order (kind, stage, switch).
std::vector<Position> positions(Topology t, std::uint32_t ports) {
  const Network net = *make_network(t, ports);
  std::vector<Position> out;
  for (std::uint32_t kind = 0; kind < 3; ++kind)
    for (std::uint32_t s = kind == 0 ? 1 : 0; s < (kind == 0 ? net.stages - 1 : net.stages); ++s)
      for (std::uint32_t l = 0; l < net.switches_per_stage(); ++l) out.push_back({t, ports, kind, s, l});
  return out;
}

std::uint32_t rounds_of(const Position& p, Storage& storage, const FaultPlanOptions& o) {
  const Network net = *make_network(p.topology, p.ports);
  const FaultSet<1> faults = fault_of(p);
  const auto f = FaultTolerantSchedule::make(net, faults.view(), storage.span(), o);
  return f ? f->rounds() : 0xFFFFFFFFU;
}

std::uint32_t g_most_steps = 0;  // over the device's plans checked

std::uint32_t device_rounds(const Position& p, Storage& storage) {
  PlanMeter meter = device_plan_meter(p.ports);
  const std::uint32_t rounds = rounds_of(p, storage, device_planning(&meter, p.ports));
  g_most_steps = meter.steps() > g_most_steps ? meter.steps() : g_most_steps;
  return rounds;
}

int check(std::uint32_t largest) {
  auto storage = std::make_unique<Storage>();
  static constexpr const char* kKinds[] = {"dead", "stuck straight", "stuck cross"};
  int over = 0;
  std::printf("| topology | N | fault | positions | device / host, worst | at the worst: device, host | device plans longer |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  for (const Topology t : kTopologies)
    for (std::uint32_t ports = 16; ports <= largest; ports *= 2)
      for (std::uint32_t kind = 0; kind < 3; ++kind) {
        double worst = 0;
        std::uint32_t at_device = 0, at_host = 0, count = 0, longer = 0;
        for (const Position& p : positions(t, ports)) {
          if (p.kind != kind) continue;
          const std::uint32_t host = rounds_of(p, *storage, {});
          const std::uint32_t device = device_rounds(p, *storage);
          const double ratio = static_cast<double>(device) / host;
          ++count;
          longer += device > host ? 1U : 0U;
          if (ratio > worst) worst = ratio, at_device = device, at_host = host;
          if (device * 100 > host * 105) {
            ++over;
            std::fprintf(stderr, "%s N %u %s stage %u switch %u: device %u, host %u\n",
                         std::string(name(t)).c_str(), ports, kKinds[kind], p.stage, p.sw, device, host);
          }
        }
        std::printf("| %s | %u | %s | %u | %.3f | %u, %u | %u |\n", std::string(name(t)).c_str(), ports, kKinds[kind],
                    count, worst, at_device, at_host, longer);
        std::fflush(stdout);
      }
  std::fprintf(stderr, "device_search: the most planning steps %u (cap %u)\n", g_most_steps, device_plan_steps(largest));
  return over == 0 ? 0 : 1;
}

/// derive: column v (variant v % 128, reversed if v >= 128) covers position p if it
/// alone plans p within 5 % of the host's rounds; the device's single-fault design
/// (always run: one numbering) covers what it covers for free.
struct Cover {
  std::size_t words{0};
  std::vector<std::vector<std::uint64_t>> columns;  // 256 bit sets over the positions
  std::vector<std::uint64_t> free;                   // covered by the single-fault design
};

double cost(std::uint32_t v) { return (v % 128) % 16 >= 8 ? 2.5 : 1.0; }

std::vector<std::uint32_t> greedy(const Cover& c, std::uint32_t restart) {
  std::uint32_t state = restart;
  std::vector<std::uint64_t> left(c.words);
  for (std::size_t w = 0; w < c.words; ++w) left[w] = ~c.free[w];
  std::vector<std::uint32_t> chosen;
  const auto gain = [&](std::uint32_t v) {
    std::uint32_t n = 0;
    for (std::size_t w = 0; w < c.words; ++w) n += static_cast<std::uint32_t>(__builtin_popcountll(c.columns[v][w] & left[w]));
    return n;
  };
  for (;;) {
    bool any = false;
    for (std::size_t w = 0; w < c.words; ++w) any = any || left[w] != 0;
    if (!any) break;
    std::uint32_t best[3] = {0, 0, 0};
    double score[3] = {0, 0, 0};
    for (std::uint32_t v = 0; v < 256; ++v) {
      const double s = gain(v) / cost(v);
      for (int i = 0; i < 3; ++i)
        if (s > score[i]) {
          for (int j = 2; j > i; --j) best[j] = best[j - 1], score[j] = score[j - 1];
          best[i] = v, score[i] = s;
          break;
        }
    }
    if (score[0] == 0) return {};  // uncoverable
    // Restart 0 is the plain greedy; the others take one of the three best at random.
    std::uint32_t pick = best[0];
    if (restart != 0) {
      state = state * 1103515245U + 12345U;
      const std::uint32_t i = (state >> 16) % 3;
      if (score[i] > 0) pick = best[i];
    }
    chosen.push_back(pick);
    for (std::size_t w = 0; w < c.words; ++w) left[w] &= ~c.columns[pick][w];
  }
  // Drop what the others cover, the costliest first.
  for (std::size_t i = chosen.size(); i-- > 0;) {
    std::vector<std::uint64_t> rest(c.free);
    for (std::size_t j = 0; j < chosen.size(); ++j)
      if (j != i)
        for (std::size_t w = 0; w < c.words; ++w) rest[w] |= c.columns[chosen[j]][w];
    bool all = true;
    for (std::size_t w = 0; w < c.words; ++w) all = all && rest[w] == ~std::uint64_t{0};
    if (all) chosen.erase(chosen.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return chosen;
}

int derive(std::uint32_t largest) {
  auto storage = std::make_unique<Storage>();
  std::vector<Position> all;
  for (const Topology t : kTopologies)
    for (std::uint32_t ports = 16; ports <= largest; ports *= 2)
      for (const Position& p : positions(t, ports)) all.push_back(p);
  Cover c;
  c.words = (all.size() + 63) / 64;
  c.columns.assign(256, std::vector<std::uint64_t>(c.words, 0));
  c.free.assign(c.words, 0);
  for (std::size_t i = all.size(); i < c.words * 64; ++i) c.free[i / 64] |= std::uint64_t{1} << (i % 64);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::uint32_t host = rounds_of(all[i], *storage, {});
    const auto within = [&](std::uint32_t r) { return r != 0xFFFFFFFFU && r * 100 <= host * 105; };
    FaultPlanOptions single;
    single.relay_numberings = 1;
    if (all[i].kind == 0) {
      const Network net = *make_network(all[i].topology, all[i].ports);
      const auto f = FaultTolerantSchedule::make(net, SwitchFault{all[i].stage, all[i].sw}, storage->span(), single);
      if (f && within(f->rounds())) c.free[i / 64] |= std::uint64_t{1} << (i % 64);
    }
    for (std::uint32_t v = 0; v < 256; ++v) {
      const PlanVariant variant{static_cast<std::uint16_t>(v % 128), v >= 128};
      FaultPlanOptions o;
      o.single_designs = false;
      o.variants = std::span<const PlanVariant>(&variant, 1);
      if (within(rounds_of(all[i], *storage, o))) c.columns[v][i / 64] |= std::uint64_t{1} << (i % 64);
    }
  }
  std::vector<std::uint32_t> best;
  double best_cost = 1e9;
  for (std::uint32_t restart = 0; restart < 400; ++restart) {
    const std::vector<std::uint32_t> chosen = greedy(c, restart);
    if (chosen.empty()) continue;
    double total = 0;
    for (const std::uint32_t v : chosen) total += cost(v);
    if (total < best_cost) best_cost = total, best = chosen;
  }
  std::printf("%zu positions, %zu variants (cost %.1f early-binding runs):\n", all.size(), best.size(), best_cost);
  for (const std::uint32_t v : best) std::printf("{%u, %s}, ", v % 128, v >= 128 ? "true" : "false");
  std::printf("\n");
  return best.empty() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view mode = argc > 1 ? argv[1] : "check";
  const std::uint32_t largest = argc > 2 ? static_cast<std::uint32_t>(std::atoi(argv[2])) : 64;
  if (largest < 16 || largest > 64) {
    std::fprintf(stderr, "device_search: LARGEST_N is 16, 32 or 64\n");
    return 2;
  }
  if (mode == "check") return check(largest);
  if (mode == "derive") return derive(largest);
  std::fprintf(stderr, "usage: device_search check|derive [LARGEST_N]\n");
  return 2;
}
