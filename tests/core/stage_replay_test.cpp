// The stage-parallel replay (stage_replay.hpp) held to route(), the ground truth:
// every signal's output, tag, and switch (with its faulty mark) at every stage, for
// every topology, several N and d, the rounds of every schedule family (idle ports,
// the fault-tolerant schedule's relays, the optical passes) and per-switch states
// with a stuck and a faulty switch. Then check_exchange and walk_round, which use
// it when the storage holds it: the same verdict, stop and tally as signal by signal,
// on clean and on broken exchanges. Heap-free: the Cortex-M build runs it too.
#include <a2a/round_walk.hpp>
#include <a2a/stage_replay.hpp>

#include "support.hpp"

using namespace a2a;

namespace {

/// The largest N here (every N up to it), and a bound on the stages of any network that
/// size. Under QEMU 64 (a few seconds), 16 on the micro:bit's 16 KiB of RAM.
#if defined(A2A_TEST_LIGHT)
constexpr std::uint32_t kPorts = test::kSweepPorts > 64 ? 64 : 16;
#else
constexpr std::uint32_t kPorts = test::kSweepPorts;
#endif
constexpr std::uint32_t kStages = [] {
  std::uint32_t n = 0;
  while ((std::uint32_t{1} << n) < kPorts) ++n;
  return n + 1;  // the shift network: log2 N + 1
}();
/// check_exchange's bitmaps are N^2 bits: the comparison of its two paths stops here.
#if defined(A2A_TEST_LIGHT)
constexpr std::uint32_t kCheckPorts = kPorts < 32 ? kPorts : 32;
#else
constexpr std::uint32_t kCheckPorts = kPorts < 64 ? kPorts : 64;
#endif

std::array<std::uint32_t, StageReplay::words_bound(kPorts, kStages)> g_words;
std::array<std::uint32_t, kPorts> g_sources;

/// Calls f(net) for every network of the core's list with N <= kPorts and d in {2, 3, 4, 8, 16}.
template <class F>
void for_each_network(F f) {
  for (const Topology t : kAllTopologies)
    for (const std::uint32_t radix : {2U, 3U, 4U, 8U, 16U})
      for (std::uint32_t ports = 2; ports <= kPorts; ++ports)
        if (const auto net = make_network(t, ports, radix)) f(*net);
}

/// Per-switch states with one stuck and one faulty switch (the host simulated fabric's
/// kinds of fault): a Configuration with forced_port() and faulty().
struct FaultyTable {
  std::array<std::array<std::uint8_t, kPorts>, kStages> states{};
  std::uint32_t stuck_stage{0}, stuck_switch{0}, stuck_port{0};
  std::uint32_t faulty_stage{0}, faulty_switch{0};
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const { return states[s][y]; }
  [[nodiscard]] constexpr std::uint32_t forced_port(std::uint32_t s, std::uint32_t y) const {
    return s == stuck_stage && y == stuck_switch ? stuck_port : kNotForced;
  }
  [[nodiscard]] constexpr bool faulty(std::uint32_t s, std::uint32_t y) const {
    return s == faulty_stage && y == faulty_switch;
  }
};

FaultyTable random_table(const Network& net, test::Lcg& random) {
  FaultyTable table;
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y)
      table.states[s][y] = static_cast<std::uint8_t>(random.next() % (2 * net.radix));  // >= d: taken mod d
  table.stuck_stage = random.next() % net.stages;
  table.stuck_switch = random.next() % net.switches_per_stage();
  table.stuck_port = random.next() % (net.radix + 1);  // taken mod d
  table.faulty_stage = random.next() % net.stages;
  table.faulty_switch = random.next() % net.switches_per_stage();
  return table;
}

/// Replays `config` and compares the signals of `sources` with route(): output, tag,
/// and the switch at every stage with its faulty mark.
template <Configuration C>
bool replay_matches_route(StageReplay& replay, const C& config, std::span<const std::uint32_t> sources) {
  replay.replay(config);
  const Network& net = replay.network();
  for (const std::uint32_t i : sources) {
    const Path path = route(net, i, config);
    if (path.destination != replay.output(i) || path.tag != replay.tag(i)) return false;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::uint32_t sw = path.hops[s].switch_index;
      bool faulty = false;
      if constexpr (requires { config.faulty(s, sw); }) faulty = config.faulty(s, sw);
      if (replay.switch_index(s, i) != sw || replay.faulty(s, i) != faulty) return false;
      if (faulty && !replay.stage_faulty(s)) return false;
    }
  }
  return true;
}

/// The sending ports of a round, in port order.
template <Schedule S>
std::span<const std::uint32_t> senders(const S& schedule, const typename S::Round& round) {
  std::size_t count = 0;
  for (std::uint32_t i = 0; i < schedule.network().ports; ++i)
    if (schedule.send(round, i).sends) g_sources[count++] = i;
  return std::span<const std::uint32_t>(g_sources).first(count);
}

/// Every round of a short exchange, about 24 spread over a long one.
template <Schedule S>
std::uint32_t replay_rounds_mismatching(StageReplay& replay, const S& schedule) {
  const std::uint32_t rounds = schedule.rounds();
  const std::uint32_t stride = rounds <= 48 ? 1 : rounds / 24;
  std::uint32_t mismatches = 0;
  for (std::uint32_t r = 0; r < rounds; r += stride) {
    const auto round = schedule.round(r);
    if (!replay_matches_route(replay, round, senders(schedule, round))) ++mismatches;
  }
  return mismatches;
}

PlanStorageSpan relay_storage() {
  static SingleFaultPlanStorage<kPorts> storage;
  return storage.span();
}

}  // namespace

TEST_CASE("stage replay: the tables are refused when the words are too few") {
  const Network net = make_network(Topology::omega, 16).value();
  CHECK(StageWiring::words_needed(net) == 16 + 4 * 16);
  CHECK(StageWiring::words_needed(make_network(Topology::shift, 16).value()) == 16 + 5 * 32);
  CHECK(StageWiring::words_needed(make_network(Topology::omega, 27, 3).value()) == 27 + 3 * 9 * 4);
  CHECK(StageReplay::words_needed(net) == StageWiring::words_needed(net) + 4 * (2 * 16 + 8));
  StageReplay short_of_one(std::span<std::uint32_t>(g_words).first(StageReplay::words_needed(net) - 1));
  CHECK_FALSE(short_of_one.build(net));
  CHECK_FALSE(short_of_one.built());
  StageReplay enough(std::span<std::uint32_t>(g_words).first(StageReplay::words_needed(net)));
  CHECK(enough.build(net));
  CHECK(enough.built_for(net));
  CHECK_FALSE(enough.built_for(make_network(Topology::baseline, 16).value()));
  // The bound for static storage holds for every network it covers.
  bool bounded = true;
  for_each_network([&](const Network& n) { bounded = bounded && StageReplay::words_needed(n) <= g_words.size(); });
  CHECK(bounded);
}

TEST_CASE("stage replay: every signal as route() walks it, every family's rounds") {
  std::uint32_t networks = 0;
  for_each_network([&](const Network& net) {
    INFO(name(net.topology), " N = ", net.ports, " d = ", net.radix);
    StageReplay replay{std::span<std::uint32_t>(g_words)};
    REQUIRE(replay.build(net));
    ++networks;
    // All ports through the straight network and through stage words.
    for (std::uint32_t i = 0; i < net.ports; ++i) g_sources[i] = i;
    const std::span<const std::uint32_t> all(g_sources.data(), net.ports);
    CHECK(replay_matches_route(replay, StraightConfiguration{}, all));
    for (std::uint32_t word = 1; word < net.stage_words(); word += 1 + net.stage_words() / 5)
      CHECK(replay_matches_route(replay, StageControl{word, net.radix, net.stages}, all));
    // The rounds of every family that applies (idle ports: the optical passes, GSEN sets),
    // one after the other as a verifier replays them (unchanged stages kept).
    for (const ScheduleKind kind : kAllScheduleKinds) {
      for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
        const auto schedule = AnySchedule::make(net, kind, order);
        if (!schedule) continue;
        INFO("schedule ", name(kind), order == RoundOrder::gray ? " gray" : " natural");
        CHECK(replay_rounds_mismatching(replay, *schedule) == 0);
      }
    }
    // The fault-tolerant schedule: regular rounds with idle ports, then relay rounds.
    for (std::uint32_t s = 1; s + 1 < net.stages; ++s) {
      const auto schedule = AnySchedule::make(net, SwitchFault{s, (3 * s) % net.switches_per_stage()}, relay_storage());
      if (!schedule) continue;
      INFO("fault-tolerant, fault in stage ", s);
      CHECK(replay_rounds_mismatching(replay, *schedule) == 0);
    }
  });
  CHECK(networks > 40);
}

TEST_CASE("stage replay: per-switch states, a stuck switch and a faulty one") {
  test::Lcg random{12345};
  for_each_network([&](const Network& net) {
    INFO(name(net.topology), " N = ", net.ports, " d = ", net.radix);
    StageReplay replay{std::span<std::uint32_t>(g_words)};
    REQUIRE(replay.build(net));
    for (std::uint32_t i = 0; i < net.ports; ++i) g_sources[i] = i;
    const std::span<const std::uint32_t> all(g_sources.data(), net.ports);
    for (std::uint32_t trial = 0; trial < 4; ++trial) {
      INFO("trial ", trial);
      CHECK(replay_matches_route(replay, random_table(net, random), all));
    }
  });
}

TEST_CASE("stage replay: kept up to the first stage whose states changed, exactly") {
  test::Lcg random{4242};
  for_each_network([&](const Network& net) {
    INFO(name(net.topology), " N = ", net.ports, " d = ", net.radix);
    StageReplay replay{std::span<std::uint32_t>(g_words)};
    REQUIRE(replay.build(net));
    for (std::uint32_t i = 0; i < net.ports; ++i) g_sources[i] = i;
    const std::span<const std::uint32_t> all(g_sources.data(), net.ports);
    FaultyTable table = random_table(net, random);
    CHECK(replay_matches_route(replay, table, all));
    CHECK(replay.replayed_stages() == net.stages);  // the first replay goes through every stage
    CHECK(replay_matches_route(replay, table, all));
    CHECK(replay.replayed_stages() == 0);  // nothing changed
    for (std::uint32_t step = 0; step < 6; ++step) {
      // One change in one stage: a state, the stuck switch (or its port), the faulty switch.
      const std::uint32_t s = random.next() % net.stages;
      const std::uint32_t y = random.next() % net.switches_per_stage();
      switch (step % 3) {
        case 0: table.states[s][y] = static_cast<std::uint8_t>((table.states[s][y] + 1) % net.radix); break;
        case 1:
          table.stuck_stage = s;
          table.stuck_switch = y;
          table.stuck_port = random.next() % net.radix;
          break;
        default:
          table.faulty_stage = s;
          table.faulty_switch = y;
          break;
      }
      INFO("step ", step, ": stage ", s, " switch ", y);
      CHECK(replay_matches_route(replay, table, all));
      CHECK(replay.replayed_stages() <= net.stages);
    }
    // A state changed in stage s alone: stages s..n-1 replayed (no switch stuck now).
    table.stuck_port = kNotForced;
    CHECK(replay_matches_route(replay, table, all));
    const std::uint32_t s = random.next() % net.stages;
    table.states[s][0] = static_cast<std::uint8_t>((table.states[s][0] % net.radix + 1) % net.radix);
    CHECK(replay_matches_route(replay, table, all));
    CHECK(replay.replayed_stages() == net.stages - s);
  });
}

namespace {

/// check_exchange with the storage of the signal-by-signal path, or of the stage-parallel one.
template <Schedule S>
ExchangeCheck check_with(const S& schedule, bool stage_parallel) {
  static std::array<std::uint32_t, pair_words_needed(kCheckPorts)> pairs;
  static std::array<std::uint32_t, round_words_needed(kCheckPorts, kStages)> small;
  static std::array<std::uint32_t, replay_round_words_needed(kCheckPorts, kStages)> large;
  return stage_parallel ? check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(large))
                        : check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(small));
}

bool same(const ExchangeCheck& a, const ExchangeCheck& b) {
  return static_cast<const DeliveryTally&>(a) == static_cast<const DeliveryTally&>(b) && a.violation == b.violation &&
         a.round == b.round && a.port == b.port && a.other == b.other && a.rounds == b.rounds;
}

enum class Mutation : std::uint8_t {
  none,
  destination,  ///< one claim's destination moved on by one
  tag,          ///< one claim's tag with its last digit changed
  idle,         ///< one port idle instead of sending
  origin,       ///< one claim carries another processor's message
  repeat,       ///< one round replaced by round 0
  drop,         ///< the last round left out
  optical,      ///< claims to be optical (crosstalk-free)
};
constexpr Mutation kMutations[] = {Mutation::destination, Mutation::tag,  Mutation::idle,   Mutation::origin,
                                   Mutation::repeat,      Mutation::drop, Mutation::optical};

/// A schedule broken in one way at one round and port. Its rounds count the calls of
/// switch_state (which path check_exchange took shows in how often it asks).
struct Mutant {
  struct Round {
    AnySchedule::Round inner;
    std::uint32_t index{0};
    std::uint32_t* calls{nullptr};
    [[nodiscard]] std::uint32_t word() const { return inner.word(); }
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      ++*calls;
      return inner.switch_state(s, y);
    }
  };
  AnySchedule inner;
  Mutation mutation{Mutation::none};
  std::uint32_t at_round{0}, at_port{0};
  std::uint32_t* calls{nullptr};

  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] bool optical() const { return mutation == Mutation::optical || inner.optical(); }
  [[nodiscard]] std::uint32_t rounds() const { return inner.rounds() - (mutation == Mutation::drop ? 1U : 0U); }
  [[nodiscard]] Round round(std::uint32_t r) const {
    const std::uint32_t from = mutation == Mutation::repeat && r == at_round ? 0 : r;
    return {inner.round(from), r, calls};
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const {
    PortSend s = inner.send(round.inner, i);
    if (round.index != at_round || i != at_port || !s.sends) return s;
    const Network net = inner.network();
    switch (mutation) {
      case Mutation::destination: s.destination = (s.destination + 1) % net.ports; break;
      case Mutation::tag: s.tag = s.tag - s.tag % net.radix + (s.tag + 1) % net.radix; break;
      case Mutation::idle: s.sends = false; break;
      case Mutation::origin: s.origin = (s.message_origin(i) + 1) % net.ports; break;
      default: break;
    }
    return s;
  }
};

}  // namespace

TEST_CASE("check_exchange: stage-parallel and signal by signal give one verdict, stop and tally") {
  std::uint32_t calls = 0;
  std::uint32_t checked = 0;
  for_each_network([&](const Network& net) {
    if (net.ports > kCheckPorts) return;
    INFO(name(net.topology), " N = ", net.ports, " d = ", net.radix);
    const auto check_both = [&](const AnySchedule& schedule) {
      const std::uint32_t rounds = schedule.rounds();
      const std::uint32_t places[][2] = {{0, 0}, {rounds / 2, net.ports / 2 + 1}, {rounds - 1, net.ports - 1}};
      for (const Mutation mutation : kMutations) {
        for (const auto& place : places) {
          INFO("mutation ", static_cast<std::uint32_t>(mutation), " at round ", place[0], " port ", place[1]);
          const Mutant mutant{schedule, mutation, place[0], place[1] % net.ports, &calls};
          CHECK(same(check_with(mutant, false), check_with(mutant, true)));
          ++checked;
        }
      }
      const ExchangeCheck clean = check_with(Mutant{schedule, Mutation::none, 0, 0, &calls}, true);
      CHECK(same(clean, check_with(Mutant{schedule, Mutation::none, 0, 0, &calls}, false)));
      CHECK((clean.ok() || schedule.broadcast()));
    };
    for (const ScheduleKind kind : kAllScheduleKinds)
      if (const auto schedule = AnySchedule::make(net, kind)) check_both(*schedule);
    for (std::uint32_t s = 1; s + 1 < net.stages; ++s)
      if (const auto schedule = AnySchedule::make(net, SwitchFault{s, 1}, relay_storage())) check_both(*schedule);
  });
  CHECK(checked > 200);
}

TEST_CASE("check_exchange: the stage-parallel path exactly when the storage holds it") {
  const Network net = make_network(Topology::omega, 16).value();
  const AnySchedule schedule = AnySchedule::make(net, ScheduleKind::latin_square).value();
  std::uint32_t calls = 0;
  const Mutant counted{schedule, Mutation::none, 0, 0, &calls};
  CHECK(check_with(counted, false).ok());
  CHECK(calls == 16 * 16 * 4);  // signal by signal: route() asks once per signal and stage
  calls = 0;
  CHECK(check_with(counted, true).ok());
  CHECK(calls == 16 * 4 * 8);  // stage-parallel: once per switch and stage, each round
  // One word short of the replay's storage: signal by signal again.
  static std::array<std::uint32_t, pair_words_needed(16)> pairs;
  static std::array<std::uint32_t, replay_round_words_needed(make_network(Topology::omega, 16).value())> round;
  calls = 0;
  CHECK(check_exchange(counted, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round)).ok());
  CHECK(calls == 16 * 4 * 8);
  calls = 0;
  CHECK(
      check_exchange(counted, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round).first(round.size() - 1))
          .ok());
  CHECK(calls == 16 * 16 * 4);
}

namespace {

/// The stage-parallel check in a constant expression (storage on the stack).
template <std::uint32_t N>
constexpr bool stage_parallel_check_holds(Topology t) {
  const auto schedule = LatinSquareSchedule<>::make(make_network(t, N).value(), RoundOrder::gray).value();
  std::array<std::uint32_t, pair_words_needed(N)> pairs{};
  std::array<std::uint32_t, replay_round_words_needed(N, 4)> round{};
  const ExchangeCheck c = check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
  return c.ok() && c.delivered == N * N;
}
static_assert(stage_parallel_check_holds<8>(Topology::omega));
static_assert(stage_parallel_check_holds<16>(Topology::reverse_banyan));

}  // namespace

TEST_CASE("walk_round: stage-parallel and signal by signal mark the same signals") {
  test::Lcg random{777};
  // walk_words_needed for N <= kPorts: a stage has at most 2N outputs and N switches.
  constexpr std::size_t kWalkWords = 2 * ((2 * kPorts + 31) / 32) + kStages * ((kPorts + 31) / 32);
  static std::array<std::uint32_t, kWalkWords> one_words, all_words;
  static std::array<RoundSignal, kPorts> one, all;
  for_each_network([&](const Network& net) {
    INFO(name(net.topology), " N = ", net.ports, " d = ", net.radix);
    StageReplay replay{std::span<std::uint32_t>(g_words)};
    REQUIRE(replay.build(net));
    REQUIRE(walk_words_needed(net) <= all_words.size());
    for (std::uint32_t trial = 0; trial < 3; ++trial) {
      const FaultyTable table = random_table(net, random);
      const bool optical = trial == 1;
      std::size_t count = 0;
      for (std::uint32_t i = 0; i < net.ports; ++i) {
        if (trial == 2 && random.next() % 2 == 0) continue;  // idle ports
        // Claims right (from route) or not, so that misroutes occur.
        const Path path = route(net, i, table);
        RoundSignal signal;
        signal.source = i;
        signal.destination = random.next() % 8 == 0 ? random.next() % net.ports : path.destination;
        signal.tag = random.next() % 8 == 0 ? random.next() % 4 : path.tag;
        one[count] = signal;
        all[count] = signal;
        ++count;
      }
      const RoundOutcome a = walk_round(net, table, optical, std::span<RoundSignal>(one).first(count),
                                        std::span<std::uint32_t>(one_words));
      const RoundOutcome b = walk_round(replay, table, optical, std::span<RoundSignal>(all).first(count),
                                        std::span<std::uint32_t>(all_words));
      INFO("trial ", trial);
      CHECK(a.collided == b.collided);
      CHECK(a.crosstalk == b.crosstalk);
      CHECK(a.crossed_fault == b.crossed_fault);
      CHECK(a.misrouted == b.misrouted);
      bool signals_agree = true;
      for (std::size_t k = 0; k < count; ++k)
        signals_agree = signals_agree && one[k].output == all[k].output && one[k].tag_taken == all[k].tag_taken &&
                        one[k].collided == all[k].collided && one[k].crossed_fault == all[k].crossed_fault;
      CHECK(signals_agree);
    }
  });
}
