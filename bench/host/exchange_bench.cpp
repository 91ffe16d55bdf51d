// a2a_bench: host benchmarks (Google Benchmark) behind docs/PERFORMANCE.md.
//
// Figure 5: a complete exchange on the omega network (Gray order, d = 2),
// generated and verified at switch level: every message's destination and tag
// are traced through the switches by check_exchange (the wiring and the switch
// states; none of the schedule's closed forms), stage-parallel (stage_replay.hpp).
// Against the table-driven baseline (table_baseline.hpp), which first builds the
// N x N Latin square at switch level the way paper 002 and rotor-switch
// controllers do; and the verifier against its per-message replay (check_exchange
// with the storage of one route() per message, the only way before), the same
// exchange. At N = 4096 that is 16.7 million messages. The binary ends with the
// ratios and the memory each needs, from the runs it just made (CPU time of the
// one thread).
//
// Also: generation alone (no verification), and the per-round and per-port
// costs of the controller step on the host.
//   a2a_bench [--benchmark_filter=...]   (Google Benchmark options)
//   a2a_bench --n65536 --benchmark_filter=BM_Exchange_A2A/65536
//       adds the N = 65536 exchange (4.3 billion messages, 1 GiB of bitmaps; a minute
//       or two), which the default run leaves out.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "a2a/a2a.hpp"
#include "table_baseline.hpp"

using namespace a2a;

namespace {

Network omega(std::uint32_t ports) { return make_network(Topology::omega, ports, 2).value(); }

LatinSquareSchedule<> gray_schedule(std::uint32_t ports) {
  return LatinSquareSchedule<>::make(omega(ports), RoundOrder::gray).value();
}

/// How check_exchange traces a round: given the storage for it, stage-parallel;
/// given only round_words_needed, one route() per message (the per-message replay).
enum class Replay { stage_parallel, per_message };

/// The verifier's own storage, the same for the a2a generator and the table.
struct VerifierStorage {
  explicit VerifierStorage(const Network& net, Replay replay = Replay::stage_parallel)
      : pairs(pair_words_needed(net.ports)),
        round(replay == Replay::stage_parallel ? replay_round_words_needed(net)
                                               : round_words_needed(net.ports, net.stages)) {}
  std::size_t bytes() const { return (pairs.size() + round.size()) * sizeof(std::uint32_t); }
  std::vector<std::uint32_t> pairs;
  std::vector<std::uint32_t> round;
};

template <class S>
void verify_or_fail(benchmark::State& state, const S& schedule, VerifierStorage& storage) {
  const ExchangeCheck c =
      check_exchange(schedule, std::span<std::uint32_t>(storage.pairs), std::span<std::uint32_t>(storage.round));
  if (!c.ok() || c.delivered != std::uint64_t{schedule.rounds()} * schedule.network().ports)
    state.SkipWithError("exchange did not verify");
  benchmark::DoNotOptimize(c.delivered);
}

void set_messages(benchmark::State& state, std::uint32_t ports) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * ports * ports);
  state.counters["messages"] = double(ports) * ports;
}

// --- figure 5: generate and verify at switch level ---------------------------

void BM_Exchange_A2A(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  const auto schedule = gray_schedule(ports);
  VerifierStorage storage(schedule.network());
  for (auto _ : state) verify_or_fail(state, schedule, storage);
  set_messages(state, ports);
  state.counters["generator_bytes"] = double(sizeof(schedule) + sizeof(LatinSquareSchedule<>::Round));
  state.counters["verifier_bytes"] = double(storage.bytes());
}

/// The same exchange verified by the per-message replay: every message traced alone
/// with route() (check_exchange with the storage it had before the stage-parallel replay).
void BM_Exchange_A2A_PerMessage(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  const auto schedule = gray_schedule(ports);
  VerifierStorage storage(schedule.network(), Replay::per_message);
  for (auto _ : state) verify_or_fail(state, schedule, storage);
  set_messages(state, ports);
  state.counters["generator_bytes"] = double(sizeof(schedule) + sizeof(LatinSquareSchedule<>::Round));
  state.counters["verifier_bytes"] = double(storage.bytes());
}

void BM_Exchange_Table(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  VerifierStorage storage(omega(ports));
  std::size_t table_bytes = 0;
  for (auto _ : state) {
    const auto table = bench::TableSchedule::build(omega(ports));  // part of the cost: built before the exchange
    table_bytes = table.bytes();
    verify_or_fail(state, table, storage);
  }
  set_messages(state, ports);
  state.counters["generator_bytes"] = double(table_bytes);
  state.counters["verifier_bytes"] = double(storage.bytes());
}

// --- generation alone -----------------------------------------------------------

void BM_Generate_A2A(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  const auto schedule = gray_schedule(ports);
  for (auto _ : state) {
    std::uint32_t sink = 0;
    auto round = schedule.round(0);
    for (std::uint32_t r = 0; r < ports; ++r) {
      if (r != 0) round = schedule.next(round);
      for (std::uint32_t i = 0; i < ports; ++i) {
        const PortSend s = schedule.send(round, i);
        sink += s.destination ^ s.tag;
      }
    }
    benchmark::DoNotOptimize(sink);
  }
  set_messages(state, ports);
  state.counters["generator_bytes"] = double(sizeof(schedule) + sizeof(LatinSquareSchedule<>::Round));
}

void BM_Generate_Table(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  std::size_t table_bytes = 0;
  for (auto _ : state) {
    const auto table = bench::TableSchedule::build(omega(ports));
    table_bytes = table.bytes();
    std::uint32_t sink = 0;
    for (std::uint32_t r = 0; r < ports; ++r) {
      const auto round = table.round(r);
      for (std::uint32_t i = 0; i < ports; ++i) {
        const PortSend s = table.send(round, i);
        sink += s.destination ^ s.tag;
      }
    }
    benchmark::DoNotOptimize(sink);
  }
  set_messages(state, ports);
  state.counters["generator_bytes"] = double(table_bytes);
}

// --- the controller step on the host ---------------------------------------------

/// One round computed from the one before, plus the changed stage and its state.
void BM_ControllerStep(benchmark::State& state) {
  const auto schedule = gray_schedule(static_cast<std::uint32_t>(state.range(0)));
  auto round = schedule.round(0);
  std::uint32_t sink = 0;
  for (auto _ : state) {
    round = round.index() + 1 < schedule.rounds() ? schedule.next(round) : schedule.round(0);
    const std::uint32_t stage = round.changed_stage();
    sink += stage ^ round.stage_state(stage);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

/// One port's destination and tag for a round, the port's part kept.
void BM_PortSend(benchmark::State& state) {
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  const auto schedule = gray_schedule(ports);
  std::vector<LatinSquareSchedule<>::Port> kept;
  for (std::uint32_t i = 0; i < ports; ++i) kept.push_back(schedule.port(i));
  const auto round = schedule.round(ports / 2 + 1);
  for (auto _ : state) {
    std::uint32_t sink = 0;
    for (const auto& port : kept) {
      const PortSend s = port.send(round);
      sink += s.destination ^ s.tag;
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * ports);
}

// --- the relay planner (a fault in a banyan network): a one-off cost at make() ---

/// Plans the relays around switch 3 of stage range(1) of an N = range(0) banyan.
void BM_FaultPlan_Banyan(benchmark::State& state) {
  static SingleFaultPlanStorage<1024> storage;  // 106 bytes per port
  const auto ports = static_cast<std::uint32_t>(state.range(0));
  const auto stage = static_cast<std::uint32_t>(state.range(1));
  const Network net = make_network(Topology::banyan, ports).value();
  std::uint32_t rounds = 0;
  for (auto _ : state) {
    const auto f = FaultTolerantSchedule::make(net, SwitchFault{stage, 3}, storage.span());
    rounds = f.value().rounds();
    benchmark::DoNotOptimize(rounds);
  }
  state.counters["rounds"] = double(rounds);
  state.counters["storage_bytes_per_port"] = double(sizeof(SingleFaultPlanStorage<1024>)) / 1024;
}

BENCHMARK(BM_Exchange_A2A)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Exchange_A2A_PerMessage)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Exchange_Table)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Generate_A2A)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Generate_Table)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ControllerStep)->Arg(16)->Arg(1024)->Arg(65536);
BENCHMARK(BM_PortSend)->Arg(1024)->Arg(65536);
BENCHMARK(BM_FaultPlan_Banyan)
    ->Args({64, 1})
    ->Args({64, 2})
    ->Args({1024, 1})
    ->Args({1024, 4})
    ->Unit(benchmark::kMillisecond);

/// The console output, plus what the figures need afterwards: the time per
/// iteration and the counters of every run, by name.
class RecordingReporter : public benchmark::ConsoleReporter {
 public:
  RecordingReporter() : ConsoleReporter(OO_Tabular) {}  // no colour codes: the output goes into documents
  struct Record {
    double seconds{0};
    std::map<std::string, double> counters;
  };
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
      Record& r = records[run.benchmark_name()];
      // CPU time of the one thread: the figure is per core, and the machine may be shared.
      r.seconds = run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      for (const auto& [key, counter] : run.counters) r.counters[key] = counter.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, Record> records;
};

void print_ratio(const RecordingReporter& rep, const char* what, const std::string& ours, const std::string& theirs) {
  const auto a = rep.records.find(ours);
  const auto b = rep.records.find(theirs);
  if (a == rep.records.end() || b == rep.records.end()) return;
  const double messages = a->second.counters.count("messages") ? a->second.counters.at("messages") : 0.0;
  std::printf("%-28s a2a %10.3f s (%6.1f M messages/s)  table %10.3f s (%6.1f M messages/s)  table/a2a %6.2fx\n", what,
              a->second.seconds, messages / a->second.seconds / 1e6, b->second.seconds,
              messages / b->second.seconds / 1e6, b->second.seconds / a->second.seconds);
  const auto mem = [](const RecordingReporter::Record& r, const char* key) {
    return r.counters.count(key) ? r.counters.at(key) : 0.0;
  };
  std::printf("%-28s memory: a2a generator %.0f B, table %.0f B (%.1f MiB)", "", mem(a->second, "generator_bytes"),
              mem(b->second, "generator_bytes"), mem(b->second, "generator_bytes") / 1048576.0);
  if (mem(a->second, "verifier_bytes") > 0)
    std::printf("; the verifier's bitmaps %.1f MiB for both", mem(a->second, "verifier_bytes") / 1048576.0);
  std::printf("\n");
}

/// The verifier: stage-parallel against the per-message replay, same exchange, same run.
void print_verifier_ratio(const RecordingReporter& rep, const char* what, const std::string& stage_parallel,
                          const std::string& per_message) {
  const auto a = rep.records.find(stage_parallel);
  const auto b = rep.records.find(per_message);
  if (a == rep.records.end() || b == rep.records.end()) return;
  const double messages = a->second.counters.count("messages") ? a->second.counters.at("messages") : 0.0;
  std::printf(
      "%-28s stage-parallel %8.3f s (%6.1f M messages/s)  per-message %8.3f s (%6.1f M messages/s)  "
      "per-message/stage-parallel %6.2fx\n",
      what, a->second.seconds, messages / a->second.seconds / 1e6, b->second.seconds,
      messages / b->second.seconds / 1e6, b->second.seconds / a->second.seconds);
  const auto mem = [](const RecordingReporter::Record& r) {
    return r.counters.count("verifier_bytes") ? r.counters.at("verifier_bytes") / 1048576.0 : 0.0;
  };
  std::printf(
      "%-28s memory: stage-parallel %.2f MiB, per-message %.2f MiB (the pair bitmaps, plus the wiring "
      "tables and one round's signals)\n",
      "", mem(a->second), mem(b->second));
}

/// Removes our own option from argv before Google Benchmark reads it; true if it was there.
bool take_option(int& argc, char** argv, const char* option) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], option) != 0) continue;
    for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
    --argc;
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // N = 65536: 4.3 billion messages and 1 GiB of pair bitmaps; only when asked for.
  if (take_option(argc, argv, "--n65536"))
    benchmark::RegisterBenchmark("BM_Exchange_A2A", BM_Exchange_A2A)->Arg(65536)->Unit(benchmark::kSecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\nFigure 5, one core (ratios from the runs above):\n");
  for (const char* n : {"1024", "4096"}) {
    const std::string suffix = std::string("/") + n;
    print_ratio(reporter, (std::string("generate+verify N=") + n).c_str(), "BM_Exchange_A2A" + suffix,
                "BM_Exchange_Table" + suffix);
    print_ratio(reporter, (std::string("generate only   N=") + n).c_str(), "BM_Generate_A2A" + suffix,
                "BM_Generate_Table" + suffix);
  }
  for (const char* n : {"1024", "4096"}) {
    const std::string suffix = std::string("/") + n;
    print_verifier_ratio(reporter, (std::string("verifier        N=") + n).c_str(), "BM_Exchange_A2A" + suffix,
                         "BM_Exchange_A2A_PerMessage" + suffix);
  }
  if (const auto large = reporter.records.find("BM_Exchange_A2A/65536"); large != reporter.records.end()) {
    const RecordingReporter::Record& r = large->second;
    const double messages = r.counters.count("messages") ? r.counters.at("messages") : 0.0;
    const double bytes = r.counters.count("verifier_bytes") ? r.counters.at("verifier_bytes") : 0.0;
    std::printf("%-28s stage-parallel %8.1f s (%6.1f M messages/s), %.0f messages; memory %.1f MiB\n",
                "generate+verify N=65536", r.seconds, messages / r.seconds / 1e6, messages, bytes / 1048576.0);
  }
  benchmark::Shutdown();
  return 0;
}
