// a2a_bench_report: the figures of docs/PERFORMANCE.md that are counts, not
// times, computed at switch level and printed as Markdown tables:
//   sizes    the state a controller keeps (target 3, host ABI; the target image
//            bench_rounds prints the same for the Cortex-M ABI);
//   toggles  switches that change state per round, Gray against natural order,
//            for every family whose rounds set whole stages (figure 4);
//   bounds   rounds and pipelined communication delay of every family next to the
//            lower bound the papers prove, each exchange verified (figure 6).
// Every family AnySchedule knows (kAllScheduleKinds) appears on its own: a new
// family shows up as soon as AnySchedule can make it.
//   a2a_bench_report [sizes|toggles|bounds]...   (default: all three)
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "a2a/a2a.hpp"
#include "lower_bounds.hpp"

using namespace a2a;

namespace {

std::string text(std::string_view s) { return std::string(s); }

/// The AnySchedule of `kind` on `net`, or an error. Families that need a fault
/// get one faulty switch in stage 1 (paper 004).
Result<AnySchedule> make_any(const Network& net, ScheduleKind kind, RoundOrder order) {
  const Result<AnySchedule> s = AnySchedule::make(net, kind, order);
  if (s || s.error() != Errc::schedule_needs_fault) return s;
  return AnySchedule::make(net, SwitchFault{1, 0});
}

/// Sample networks: every topology at N = 64 and 1024 (d = 2), d = 4 and 16 where
/// they apply, and GSENs whose N exercises each case of paper 000's bounds.
std::vector<Network> sample_networks(bool large) {
  std::vector<Network> nets;
  auto add = [&](Topology t, std::uint32_t n, std::uint32_t d) {
    if (const auto net = make_network(t, n, d)) nets.push_back(*net);
  };
  for (Topology t : kAllTopologies) {
    if (t == Topology::gsen) continue;
    add(t, 64, 2);
    if (large) add(t, 1024, 2);
  }
  add(Topology::omega, 64, 4);
  add(Topology::omega, 256, 16);
  for (std::uint32_t n : {10U, 12U, 20U, 24U, 36U, 64U}) add(Topology::gsen, n, 2);
  if (large)
    for (std::uint32_t n : {1000U, 1024U, 1026U}) add(Topology::gsen, n, 2);
  return nets;
}

void print_sizes() {
  std::printf("## Generator state (host ABI, bytes)\n\n| type | sizeof |\n| --- | --- |\n");
  std::printf("| LatinSquareSchedule<> (generator) | %zu |\n", sizeof(LatinSquareSchedule<>));
  std::printf("| LatinSquareSchedule<>::Round | %zu |\n", sizeof(LatinSquareSchedule<>::Round));
  std::printf("| LatinSquareSchedule<>::Port | %zu |\n", sizeof(LatinSquareSchedule<>::Port));
  std::printf("| AlternatingSchedule (generator) | %zu |\n", sizeof(AlternatingSchedule));
  std::printf("| AlternatingSchedule::Round | %zu |\n", sizeof(AlternatingSchedule::Round));
  std::printf("| AlternatingSchedule::Port | %zu |\n", sizeof(AlternatingSchedule::Port));
  std::printf("| AnySchedule (every family, run-time choice) | %zu |\n", sizeof(AnySchedule));
  std::printf("| AnySchedule::Round | %zu |\n\n", sizeof(AnySchedule::Round));
}

struct Toggles {
  std::uint64_t switches{0};  // switch state changes over all round transitions
  std::uint64_t stages{0};    // stages with at least one change
  std::uint32_t transitions{0};
};

/// Switch state changes between consecutive rounds, at switch level.
Toggles count_toggles(const AnySchedule& s) {
  const Network net = s.network();
  const std::uint32_t switches = net.switches_per_stage();
  Toggles t;
  auto before = s.round(0);
  for (std::uint32_t r = 1; r < s.rounds(); ++r) {
    const auto now = s.round(r);
    for (std::uint32_t stage = 0; stage < net.stages; ++stage) {
      std::uint32_t changed = 0;
      for (std::uint32_t sw = 0; sw < switches; ++sw)
        changed += before.switch_state(stage, sw) != now.switch_state(stage, sw) ? 1U : 0U;
      t.switches += changed;
      t.stages += changed != 0 ? 1U : 0U;
    }
    ++t.transitions;
    before = now;
  }
  return t;
}

void print_toggles(bool large) {
  std::printf("## Switch toggles per round, Gray against natural order (figure 4)\n\n");
  std::printf("Between consecutive rounds of one exchange. The least two different configurations\n");
  std::printf("can differ by is one stage, N/d switches (N switches in the shift network).\n\n");
  std::printf(
      "| family | topology | N | d | stages changed per round, natural | gray | switches toggled per round, "
      "natural | gray | least possible | gray / least |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const Network& net : sample_networks(large)) {
    if (net.ports < 64) continue;
    for (ScheduleKind kind : kAllScheduleKinds) {
      const auto natural = make_any(net, kind, RoundOrder::natural);
      const auto gray = make_any(net, kind, RoundOrder::gray);
      if (!natural || !gray) continue;
      if (gray->round(0).control() == ControlMode::individual) continue;  // not stage-controlled
      const Toggles a = count_toggles(*natural);
      const Toggles b = count_toggles(*gray);
      const double per_a = a.transitions ? double(a.switches) / a.transitions : 0.0;
      const double per_b = b.transitions ? double(b.switches) / b.transitions : 0.0;
      const std::uint32_t least = net.switches_per_stage();
      std::printf("| %s | %s | %u | %u | %.2f | %.2f | %.1f | %.1f | %u | %.2f |\n", text(name(kind)).c_str(),
                  text(name(net.topology)).c_str(), net.ports, net.radix,
                  a.transitions ? double(a.stages) / a.transitions : 0.0,
                  b.transitions ? double(b.stages) / b.transitions : 0.0, per_a, per_b, least, per_b / least);
    }
  }
  std::printf("\n");
}

/// check_exchange's verdict, with its storage on the heap (host only).
std::string verify(const AnySchedule& s) {
  if (s.broadcast()) return "n/a (all-to-all broadcast)";
  const Network net = s.network();
  std::vector<std::uint32_t> pairs(pair_words_needed(net.ports));
  std::vector<std::uint32_t> round(round_words_needed(net.ports, net.stages));
  const ExchangeCheck c = check_exchange(s, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
  return c.ok() ? "yes" : text(describe(c.violation));
}

void print_bounds(bool large) {
  std::printf("## Rounds and communication delay against the lower bounds (figure 6)\n\n");
  std::printf("Delay counts pipelined passes: the last message leaves the network n - 1 steps after\n");
  std::printf("its round starts, so delay = rounds + n - 1 (n = stages). Each exchange is verified at\n");
  std::printf("switch level (check_exchange) before it is listed.\n\n");
  std::printf(
      "| family | topology | N | d | n | rounds | delay | lower bound (rounds) | bound (delay) | "
      "rounds / bound | verified | bound from |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const Network& net : sample_networks(large)) {
    for (ScheduleKind kind : kAllScheduleKinds) {
      const auto s = make_any(net, kind, RoundOrder::gray);
      if (!s) continue;
      bench::ScheduleTraits traits;
      traits.optical = s->optical();
      traits.stage_controlled = s->round(0).control() == ControlMode::stage;
      traits.broadcast = s->broadcast();
      traits.faulty = s->fault_tolerant() != nullptr;
      const bench::LowerBound b = bench::lower_bound(net, traits);
      const std::uint32_t rounds = s->rounds();
      const std::string bound = b.rounds == b.rounds_max
                                    ? std::to_string(b.rounds)
                                    : std::to_string(b.rounds) + " .. " + std::to_string(b.rounds_max);
      const std::string delay_bound = b.rounds == b.rounds_max ? std::to_string(b.rounds + net.stages - 1)
                                                               : std::to_string(b.rounds + net.stages - 1) + " .. " +
                                                                     std::to_string(b.rounds_max + net.stages - 1);
      std::printf("| %s | %s | %u | %u | %u | %u | %u | %s | %s | %.3f | %s | %s |\n", text(name(kind)).c_str(),
                  text(name(net.topology)).c_str(), net.ports, net.radix, net.stages, rounds, rounds + net.stages - 1,
                  bound.c_str(), delay_bound.c_str(), double(rounds) / b.rounds, verify(*s).c_str(), b.source);
    }
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool sizes = argc == 1;
  bool toggles = argc == 1;
  bool bounds = argc == 1;
  bool large = true;
  for (int a = 1; a < argc; ++a) {
    if (std::strcmp(argv[a], "sizes") == 0) {
      sizes = true;
    } else if (std::strcmp(argv[a], "toggles") == 0) {
      toggles = true;
    } else if (std::strcmp(argv[a], "bounds") == 0) {
      bounds = true;
    } else if (std::strcmp(argv[a], "--small") == 0) {
      large = false;
      if (argc == 2) sizes = toggles = bounds = true;
    } else {
      std::fprintf(stderr, "usage: %s [sizes|toggles|bounds]... [--small]\n", argv[0]);
      return 2;
    }
  }
  if (sizes) print_sizes();
  if (toggles) print_toggles(large);
  if (bounds) print_bounds(large);
  return 0;
}
