// Fault-tolerant exchange (paper 004): one faulty switch, relays through a third
// processor. Every schedule is judged at switch level by check_exchange (pairs by
// message, relay order) plus a route-based check that no sending path crosses the
// faulty switch. Heap-free: the Cortex-M build runs the small-N part.
#include <a2a/fault/fault_tolerant_schedule.hpp>

#include "support.hpp"

namespace {

using a2a::FaultTolerantSchedule;
using a2a::SwitchFault;

/// The topologies the fault-tolerant schedule covers: every test loops over this list.
constexpr a2a::Topology kFaultTopologies[] = {a2a::Topology::omega, a2a::Topology::reverse_omega, a2a::Topology::gsen};

/// Translation networks (straight configuration = identity): the closed-form relay
/// designs, whose round counts are exact (2N + 1 at stages 1 and n-2, the measured table).
constexpr bool closed_form(a2a::Topology t) {
  return t == a2a::Topology::omega || t == a2a::Topology::reverse_omega || t == a2a::Topology::gsen;
}

/// make() with relay-plan storage for the largest N of this build (static, not on the
/// stack); the closed-form designs ignore it, baseline and banyan plan into it.
a2a::Result<FaultTolerantSchedule> make_schedule(const a2a::Network& net, SwitchFault fault) {
  static a2a::SingleFaultPlanStorage<a2a::test::kSweepPorts> storage;
  return FaultTolerantSchedule::make(net, fault, storage.span());
}

/// True when no port that sends in any round has a path through the faulty switch.
bool avoids_fault(const FaultTolerantSchedule& f) {
  const a2a::Network net = f.network();
  const SwitchFault fault = f.fault();
  for (std::uint32_t r = 0; r < f.rounds(); ++r) {
    const auto round = f.round(r);
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      if (!f.send(round, i).sends) continue;
      if (a2a::route(net, i, round).hops[fault.stage].switch_index == fault.switch_index) return false;
    }
  }
  return true;
}

/// Number of set bits (the test's own, not the schedule's helper).
constexpr std::uint32_t ones(std::uint32_t x) {
  std::uint32_t count = 0;
  for (; x != 0; x &= x - 1) ++count;
  return count;
}

/// Paper 004's bound (Table 1): 3N for a fault in stage 1 or n-2, 2N in the other internal stages.
constexpr std::uint32_t paper_bound(std::uint32_t ports, std::uint32_t stages, std::uint32_t s) {
  return s == 1 || s + 2 == stages ? 3 * ports : 2 * ports;
}

/// docs/fault-tolerance.md, "Lower bound": N + 1 + ceil(N / (2^m - 1)), m = min(s, n-1-s),
/// for a schedule whose N regular rounds come first (2N + 1 for stages 1 and n-2).
constexpr std::uint32_t lower_bound(std::uint32_t ports, std::uint32_t stages, std::uint32_t s) {
  const std::uint32_t m = s < stages - 1 - s ? s : stages - 1 - s;
  const std::uint32_t block = (std::uint32_t{1} << m) - 1;
  return ports + 1 + (ports + block - 1) / block;
}
static_assert(lower_bound(32, 5, 2) == 44 && lower_bound(64, 6, 3) == 87 && lower_bound(128, 7, 3) == 148);
static_assert(lower_bound(16, 4, 1) == 33 && lower_bound(1024, 10, 8) == 2049 && lower_bound(1024, 10, 4) == 1094);

/// Checks every `stride`-th switch of internal stage s.
void check_stage(a2a::Topology topology, std::uint32_t ports, std::uint32_t s, std::uint32_t stride) {
  const auto net = a2a::make_network(topology, ports);
  REQUIRE(net.ok());
  REQUIRE(s >= 1);
  REQUIRE(s + 1 < net->stages);
  // The chain design of stages 1 and n-2: exactly 2N + 1 rounds.
  const bool edge = closed_form(topology) && (s == 1 || s + 2 == net->stages);
  for (std::uint32_t l = 0; l < net->switches_per_stage(); l += stride) {
    INFO(a2a::name(topology), " N = ", ports, " stage ", s, " switch ", l);
    const auto f = make_schedule(*net, SwitchFault{s, l});
    REQUIRE(f.ok());
    INFO("rounds ", f->rounds());
    CHECK(f->rounds() == f->regular_rounds() + f->extra_rounds());
    CHECK(f->regular_rounds() == ports);
    CHECK(f->rounds() <= paper_bound(ports, net->stages, s));
    CHECK(f->rounds() >= lower_bound(ports, net->stages, s));
    if (edge) CHECK(f->rounds() == 2 * ports + 1);  // N regular + N + 1 extra rounds: the lower bound
    const a2a::ExchangeCheck c = a2a::test::check_fixed(*f);
    INFO("violation ", a2a::describe(c.violation), " round ", c.round, " port ", c.port);
    CHECK(c.ok());
    CHECK(c.rounds == f->rounds());
    CHECK(c.delivered == std::uint64_t{ports} * ports);
    CHECK(c.relayed == 2 * std::uint64_t{ports});  // every blocked pair relayed once
    CHECK(avoids_fault(*f));
  }
}

/// log2 of a power of two.
constexpr std::uint32_t log2_of(std::uint32_t n) {
  std::uint32_t k = 0;
  while ((std::uint32_t{1} << k) < n) ++k;
  return k;
}

}  // namespace

TEST_CASE("fault tolerant: every fault position of every internal stage, N <= 64, exhaustive") {
  for (a2a::Topology t : kFaultTopologies)
    for (std::uint32_t n = 16; n <= 64 && n <= a2a::test::kSweepPorts; n *= 2)
      for (std::uint32_t s = 1; s + 2 <= log2_of(n); ++s) check_stage(t, n, s, 1);
}

TEST_CASE("fault tolerant: sweeps of every internal stage to the largest N of this build") {
  // Every stage of every N, a few switches each (4 for N = 128, then 2); the
  // topology rotates through kFaultTopologies with the stage (each N sees them all),
  // to keep the sweep within seconds (N = 1024 on the host, 256 under QEMU).
  constexpr std::uint32_t kTopologies = sizeof(kFaultTopologies) / sizeof(kFaultTopologies[0]);
  for (std::uint32_t n = 128; n <= a2a::test::kSweepPorts; n *= 2) {
    const std::uint32_t stages = log2_of(n);
    for (std::uint32_t s = 1; s + 2 <= stages; ++s)
      check_stage(kFaultTopologies[(s + stages) % kTopologies], n, s, n <= 128 ? n / 8 + 1 : n / 4 + 1);
  }
}

TEST_CASE("fault tolerant: rounds per stage as measured (N = 32 .. 256)") {
  // The extra rounds depend only on the stage (its alpha and beta bits), not on the
  // switch or the topology. A change here is a change of the design: update
  // docs/fault-tolerance.md's table with it.
  struct Expected {
    std::uint32_t ports;
    std::uint32_t stage;
    std::uint32_t rounds;
  };
  constexpr Expected expected[] = {{32, 1, 65},   {32, 2, 59},   {32, 3, 65},   {64, 2, 99},   {64, 3, 99},
                                   {128, 2, 195}, {128, 3, 183}, {128, 4, 195}, {256, 2, 387}, {256, 3, 327},
                                   {256, 4, 327}, {256, 5, 387}, {256, 6, 513}};
  for (a2a::Topology t : kFaultTopologies) {
    if (!closed_form(t)) continue;
    for (const Expected& e : expected) {
      const auto net = a2a::make_network(t, e.ports);
      REQUIRE(net.ok());
      for (std::uint32_t l : {std::uint32_t{0}, net->switches_per_stage() / 2 + 1, net->switches_per_stage() - 1}) {
        INFO(a2a::name(t), " N = ", e.ports, " stage ", e.stage, " switch ", l);
        const auto f = make_schedule(*net, SwitchFault{e.stage, l});
        REQUIRE(f.ok());
        CHECK(f->rounds() == e.rounds);
      }
    }
  }
}

TEST_CASE("fault tolerant: the regular rounds skip exactly the blocked pairs") {
  const auto net = a2a::make_network(a2a::Topology::omega, 16);
  REQUIRE(net.ok());
  const auto f = FaultTolerantSchedule::make(*net, SwitchFault{2, 1});
  REQUIRE(f.ok());
  // Omega, stage s, switch l: sources whose low n-1-s bits are l >> s, outputs whose
  // top s bits are l mod 2^s (independent of the schedule's own masks).
  std::uint32_t idle = 0;
  for (std::uint32_t r = 0; r < 16; ++r) {
    const auto round = f->round(r);
    for (std::uint32_t i = 0; i < 16; ++i) {
      const std::uint32_t j = i ^ r;  // omega with stage control: output = input xor word
      const bool blocked = (i & 1U) == (1U >> 2) && (j >> 2) == (1U & 3U);
      CHECK(f->send(round, i).sends == !blocked);
      if (blocked) ++idle;
    }
  }
  CHECK(idle == 32);  // 2N pairs cross any one switch
}

TEST_CASE("fault tolerant: golden middle stage, omega N = 32, stage 2 switch 5, A and B by brute force") {
  constexpr std::uint32_t N = 32;
  constexpr SwitchFault fault{2, 5};
  const auto net = a2a::make_network(a2a::Topology::omega, N);
  REQUIRE(net.ok());
  // Every pair (i, j) is reached by exactly one stage word (the paths are unique):
  // trace all of them switch by switch, without the schedule's code.
  std::uint32_t crossing[N]{};  // crossing[i]: bit j set when the path i -> j crosses the fault
  std::uint32_t in_a = 0;       // bit i: source i has a path through the faulty switch
  std::uint32_t in_b = 0;       // bit j: output j is reached through it
  std::uint32_t reached[N]{};
  for (std::uint32_t word = 0; word < N; ++word) {
    for (std::uint32_t i = 0; i < N; ++i) {
      const a2a::Path p = a2a::route(*net, i, a2a::StageControl{word, 2, net->stages});
      REQUIRE(p.destination < N);
      reached[i] |= std::uint32_t{1} << p.destination;
      if (p.hops[fault.stage].switch_index != fault.switch_index) continue;
      crossing[i] |= std::uint32_t{1} << p.destination;
      in_a |= std::uint32_t{1} << i;
      in_b |= std::uint32_t{1} << p.destination;
    }
  }
  std::uint32_t crossing_pairs = 0;
  for (std::uint32_t i = 0; i < N; ++i) {
    CHECK(reached[i] == 0xFFFFFFFFU);  // every output once per source: all pairs traced
    crossing_pairs += ones(crossing[i]);
  }
  const auto size_a = ones(in_a);
  const auto size_b = ones(in_b);
  CHECK(size_a == 8);  // 2^(s+1)
  CHECK(size_b == 8);  // 2^(n-s)
  CHECK(size_a * size_b == 2 * N);
  CHECK(crossing_pairs == 2 * N);  // so the crossing pairs are exactly A x B
  for (std::uint32_t i = 0; i < N; ++i) CHECK(crossing[i] == (((in_a >> i) & 1U) != 0 ? in_b : 0U));

  const auto f = FaultTolerantSchedule::make(*net, fault);
  REQUIRE(f.ok());
  CHECK(f->rounds() == 59);
  const auto a = [&](std::uint32_t p) { return ((in_a >> p) & 1U) != 0; };
  const auto b = [&](std::uint32_t p) { return ((in_b >> p) & 1U) != 0; };
  std::uint32_t idle_blocked = 0;
  std::uint32_t hops_in = 0;
  std::uint32_t hops_out = 0;
  std::uint32_t relayed_to[N]{};  // bit j of entry i: message (i, j) went to a relay
  std::uint32_t forwarded[N]{};   // bit j of entry i: message (i, j) left its relay
  for (std::uint32_t r = 0; r < f->rounds(); ++r) {
    const auto round = f->round(r);
    CHECK(round.extra() == (r >= N));
    for (std::uint32_t i = 0; i < N; ++i) {
      INFO("round ", r, " port ", i);
      const a2a::PortSend send = f->send(round, i);
      const std::uint32_t output = a2a::route(*net, i, round).destination;
      if (r < N) {  // regular: idle exactly on the pairs of A x B, direct otherwise
        const bool blocked = a(i) && b(output);
        CHECK(send.sends == !blocked);
        if (blocked) ++idle_blocked;
        if (send.sends) {
          CHECK(send.destination == output);
          CHECK(send.message_origin(i) == i);
          CHECK(send.message_final() == output);
        }
        continue;
      }
      if (!send.sends) continue;
      CHECK(send.destination == output);
      const std::uint32_t origin = send.message_origin(i);
      const std::uint32_t final_destination = send.message_final();
      CHECK(a(origin));  // every extra hop carries a blocked message
      CHECK(b(final_destination));
      if (origin != i) {  // a relay forwards it: the relay is outside A and B
        ++hops_out;
        CHECK_FALSE(a(i));
        CHECK_FALSE(b(i));
        CHECK(output == final_destination);
        CHECK(((relayed_to[origin] >> final_destination) & 1U) != 0);  // its hop in came earlier
        forwarded[origin] |= std::uint32_t{1} << final_destination;
      } else {  // the first hop: into a relay outside A and B
        ++hops_in;
        CHECK(output != final_destination);
        CHECK_FALSE(a(output));
        CHECK_FALSE(b(output));
        relayed_to[origin] |= std::uint32_t{1} << final_destination;
      }
    }
  }
  CHECK(idle_blocked == 2 * N);
  CHECK(hops_in == 2 * N);
  CHECK(hops_out == 2 * N);
  for (std::uint32_t i = 0; i < N; ++i) {
    CHECK(relayed_to[i] == crossing[i]);
    CHECK(forwarded[i] == crossing[i]);
  }
}

TEST_CASE("fault tolerant: faults in the first or last stage are refused, with the cut-off processors") {
  const auto net = a2a::make_network(a2a::Topology::omega, 16);
  REQUIRE(net.ok());
  const auto first = FaultTolerantSchedule::make(*net, SwitchFault{0, 3});
  CHECK(first.error() == a2a::Errc::fault_cuts_off_processors);
  const a2a::CutOffProcessors in = a2a::cut_off_processors(*net, SwitchFault{0, 3});
  CHECK(in.count == 2);
  CHECK(in.cannot_send);
  // The perfect shuffle before stage 0 puts inputs 3 and 11 on switch 3.
  CHECK(in.processors[0] == 3);
  CHECK(in.processors[1] == 11);
  const a2a::CutOffProcessors out = a2a::cut_off_processors(*net, SwitchFault{3, 5});
  CHECK(out.count == 2);
  CHECK(out.cannot_receive);
  CHECK(out.processors[0] == 10);
  CHECK(out.processors[1] == 11);
  CHECK(a2a::cut_off_processors(*net, SwitchFault{1, 5}).count == 0);
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{3, 5}).error() == a2a::Errc::fault_cuts_off_processors);
}

TEST_CASE("fault tolerant: bad parameters get specific errors") {
  const auto net = a2a::make_network(a2a::Topology::omega, 32);
  REQUIRE(net.ok());
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{5, 0}).error() == a2a::Errc::fault_out_of_range);
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{1, 16}).error() == a2a::Errc::fault_out_of_range);
  // The middle stages are covered now; radix > 2, N = 8 and GSEN with N != 2^n are not.
  CHECK(FaultTolerantSchedule::make(*net, SwitchFault{2, 0}).ok());
  const auto radix4 = a2a::make_network(a2a::Topology::omega, 64, 4);
  REQUIRE(radix4.ok());
  CHECK(FaultTolerantSchedule::make(*radix4, SwitchFault{1, 0}).error() == a2a::Errc::faults_not_supported);
  const auto gsen20 = a2a::make_network(a2a::Topology::gsen, 20);
  REQUIRE(gsen20.ok());
  CHECK(FaultTolerantSchedule::make(*gsen20, SwitchFault{2, 0}).error() == a2a::Errc::faults_not_supported);
  const auto banyan = a2a::make_network(a2a::Topology::banyan, 16);
  REQUIRE(banyan.ok());
  // Banyan (straight configuration not the identity) plans its relays: refused without storage.
  CHECK(FaultTolerantSchedule::make(*banyan, SwitchFault{2, 1}).error() == a2a::Errc::fault_plan_storage_too_small);
  const auto small = a2a::make_network(a2a::Topology::omega, 8);
  REQUIRE(small.ok());
  CHECK(FaultTolerantSchedule::make(*small, SwitchFault{1, 0}).error() == a2a::Errc::faults_not_supported);
}
