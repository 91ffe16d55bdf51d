// a2a diagnose: the faults behind what the outputs received, located as the
// controller locates them (a2a/fault/fault_locator.hpp).
//  - --observations FILE: a JSON file of observed rounds (docs/host-tool.md,
//    "a2a diagnose"): each a stage-control word (or the switch states, as a dump's
//    "stages") and, by input port, the output its signal reached (null: lost;
//    "idle": the port sent nothing). The first round where a signal went wrong starts
//    the search; every round keeps the candidates that explain it. Prints the
//    candidates left: one is the fault and its type; several, a class the rounds do
//    not tell apart (more rounds, or test rounds, would).
//  - --simulate: plants the --fault / --fault-link faults, runs the Latin square until
//    a round goes wrong and then the test rounds the controller would, and prints what
//    it located and the test rounds used; several faults: the controller's stops one
//    after another (a2a/fault/locate_stops.hpp), each printed.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli_args.hpp"
#include "commands.hpp"
#include "schedule_select.hpp"
#include "tool_error.hpp"

#include <a2a/fault/fault_locator.hpp>
#include <a2a/fault/locate_stops.hpp>

namespace a2a::tool {
namespace {

using nlohmann::json;

/// A configuration read from an observation: a stage word or every switch's state.
struct ObservedConfig {
  Network net{};
  std::vector<std::vector<std::uint32_t>> states;  // states[s][y]
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const { return states[s][y]; }
};

ObservedConfig from_word(const Network& net, std::uint32_t word) {
  ObservedConfig c{net, std::vector<std::vector<std::uint32_t>>(net.stages)};
  const StageControl sc{word, net.radix, net.stages};
  for (std::uint32_t s = 0; s < net.stages; ++s) c.states[s].assign(net.switches_per_stage(), sc.stage_state(s));
  return c;
}

std::string fault_text(const FaultCandidate& f) {
  if (f.kind == LocatedKind::dead_link)
    return "the link behind stage " + std::to_string(f.stage) + " on terminal " + std::to_string(f.index) + " dead";
  return "switch " + std::to_string(f.index) + " of stage " + std::to_string(f.stage) +
         (f.kind == LocatedKind::dead_switch ? " dead"
          : f.state == 0                     ? " stuck straight"
                                             : " stuck cross");
}

struct Observed {
  ObservedConfig config;
  std::vector<std::uint16_t> arrived;  // by input port: output, kLost or kIdle
};

Observed read_round(const json& r, const Network& net, std::size_t k) {
  const std::string where = "--observations: rounds[" + std::to_string(k) + "]";
  if (!r.is_object()) throw UsageError(where + " must be an object");
  Observed o;
  if (r.contains("word")) {
    if (!r["word"].is_number_unsigned() || r["word"].get<std::uint64_t>() >= net.ports)
      throw UsageError(where + ".word must be a stage-control word below " + std::to_string(net.ports));
    o.config = from_word(net, r["word"].get<std::uint32_t>());
  } else if (r.contains("stages")) {
    const json& st = r["stages"];
    if (!st.is_array() || st.size() != net.stages)
      throw UsageError(where + ".stages must be " + std::to_string(net.stages) + " rows");
    o.config.net = net;
    for (std::size_t s = 0; s < st.size(); ++s) {
      if (!st[s].is_array() || st[s].size() != net.switches_per_stage())
        throw UsageError(where + ".stages[" + std::to_string(s) + "] must hold " +
                         std::to_string(net.switches_per_stage()) + " states");
      std::vector<std::uint32_t> row;
      for (const json& v : st[s]) {
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= net.radix)
          throw UsageError(where + ".stages[" + std::to_string(s) + "]: a state is not in 0.." +
                           std::to_string(net.radix - 1));
        row.push_back(v.get<std::uint32_t>());
      }
      o.config.states.push_back(row);
    }
  } else {
    throw UsageError(where + " needs \"word\" or \"stages\"");
  }
  const json& arr = r.contains("arrived") ? r["arrived"] : json();
  if (!arr.is_array() || arr.size() != net.ports)
    throw UsageError(where + ".arrived must list, by input port, the output reached for all " +
                     std::to_string(net.ports) + " ports");
  for (std::size_t i = 0; i < arr.size(); ++i) {
    if (arr[i].is_null())
      o.arrived.push_back(kLost);
    else if (arr[i].is_string() && arr[i] == "idle")
      o.arrived.push_back(kIdle);
    else if (arr[i].is_number_unsigned() && arr[i].get<std::uint64_t>() < net.ports)
      o.arrived.push_back(arr[i].get<std::uint16_t>());
    else
      throw UsageError(where + ".arrived[" + std::to_string(i) +
                       "] must be an output below N, null (lost) or \"idle\"");
  }
  return o;
}

int diagnose_file(const Network& net, const std::string& file) {
  std::ifstream in(file);
  if (!in) throw UsageError("--observations: cannot read '" + file + "'");
  json doc;
  try {
    doc = json::parse(in);
  } catch (const json::exception& e) {
    throw UsageError("--observations: not valid JSON: " + std::string(e.what()));
  }
  if (!doc.is_object() || !doc.contains("rounds") || !doc["rounds"].is_array())
    throw UsageError("--observations: a JSON object with \"rounds\": [...] is expected");
  std::vector<Observed> rounds;
  for (std::size_t k = 0; k < doc["rounds"].size(); ++k) rounds.push_back(read_round(doc["rounds"][k], net, k));
  FaultLocator<> locator(net, {});
  std::size_t first = rounds.size();
  for (std::size_t k = 0; k < rounds.size() && first == rounds.size(); ++k)
    for (std::uint32_t i = 0; i < net.ports && first == rounds.size(); ++i)
      if (rounds[k].arrived[i] != kIdle && rounds[k].arrived[i] != route(net, i, rounds[k].config).destination) {
        first = k;
        locator.start(rounds[k].config, i);
      }
  if (first == rounds.size()) {
    std::printf("no fault shows: every signal of the %zu rounds arrived where its round sends it\n", rounds.size());
    return 0;
  }
  for (std::size_t k = first; k < rounds.size(); ++k)
    locator.keep_explaining(rounds[k].config, std::span<const std::uint16_t>(rounds[k].arrived));
  const auto found = locator.candidates();
  if (found.empty()) {
    std::printf("no single switch or link explains the rounds (from round %zu on): several faults act together\n",
                first);
    return 1;
  }
  std::printf("%s from round %zu on (%zu rounds observed):\n",
              found.size() == 1 ? "located" : "candidates the rounds do not tell apart", first, rounds.size());
  for (const FaultCandidate& f : found) std::printf("  %s\n", fault_text(f).c_str());
  return 0;
}

int simulate(const Network& net, const FaultCandidate& truth) {
  std::vector<std::uint16_t> obs(net.ports);
  const auto observe = [&](const StageControl& config) {
    const FaultedRound<StageControl> faulted(net, config, std::span<const FaultCandidate>(&truth, 1));
    for (std::uint32_t i = 0; i < net.ports; ++i) obs[i] = static_cast<std::uint16_t>(faulted.output(i));
  };
  for (std::uint32_t word = 0; word < net.ports; ++word) {
    const StageControl config{word, net.radix, net.stages};
    observe(config);
    std::uint32_t wrong = net.ports;
    for (std::uint32_t i = 0; i < net.ports && wrong == net.ports; ++i)
      if (obs[i] != route(net, i, config).destination) wrong = i;
    if (wrong == net.ports) continue;
    FaultLocator<> locator(net, {});
    locator.start(config, wrong);
    locator.keep_explaining(config, std::span<const std::uint16_t>(obs));
    const std::uint32_t tests = narrow_by_tests(
        net, locator, std::span<std::uint16_t>(obs),
        [&](std::uint32_t w, std::span<std::uint16_t>) {
          observe(StageControl{w, net.radix, net.stages});
          return true;
        },
        2 * net.stages + 2);
    std::printf("planted: %s; it shows in round %u of the Latin square\n", fault_text(truth).c_str(), word);
    std::printf("%s with %u test round%s (Feng and Wu's bound: %u):\n",
                locator.candidates().size() == 1 ? "located" : "candidates no test round tells apart", tests,
                tests == 1 ? "" : "s", feng_wu_tests(net.ports));
    for (const FaultCandidate& f : locator.candidates()) std::printf("  %s\n", fault_text(f).c_str());
    return 0;
  }
  std::printf("planted: %s; no round of the exchange shows it\n", fault_text(truth).c_str());
  return 0;
}

/// Several faults planted: the controller's stops over the Latin square, each printed,
/// then every fault located and the test rounds of all stops against their allowance.
int simulate_several(const Network& net, const std::vector<FaultCandidate>& truth) {
  std::string planted;
  for (const FaultCandidate& f : truth) planted += (planted.empty() ? "" : ", ") + fault_text(f);
  std::printf("planted: %s\n", planted.c_str());
  std::vector<std::uint16_t> obs(net.ports);
  const LocatedStops found = locate_stop_by_stop(
      net, std::span<std::uint16_t>(obs),
      [&](const StageControl& config, std::span<std::uint16_t> o) {
        const FaultedRound<StageControl> faulted(net, config, truth);
        for (std::uint32_t i = 0; i < net.ports; ++i) o[i] = static_cast<std::uint16_t>(faulted.output(i));
      },
      [](std::uint32_t round, std::uint32_t before, const LocatedStops& now) {
        if (now.count == before) return std::printf("round %u: no single switch or link explains it\n", round), void();
        std::string named;
        for (std::uint32_t k = before; k < now.count; ++k)
          named += (k == before ? "" : ", ") + fault_text(now.faults[k]);
        std::printf("round %u: located %s%s\n", round,
                    now.count - before > 1 ? "a class the outputs cannot tell apart: " : "", named.c_str());
      });
  std::printf("%u fault%s located in %u stop%s with %u test round%s in all (allowance 2 log2 N + 2: %u)%s\n",
              found.count, found.count == 1 ? "" : "s", found.stops, found.stops == 1 ? "" : "s", found.test_rounds,
              found.test_rounds == 1 ? "" : "s", 2 * net.stages + 2, found.unexplained ? "; stopped unexplained" : "");
  return found.unexplained ? 1 : 0;
}

int run_diagnose(const Args& args) {
  const Network net = choose_network(args);
  if (!faults_describable(net))
    throw UsageError(
        "a2a diagnose locates faults in binary omega, baseline, banyan, their reverses and gsen with N = 2^n");
  if (args.has("simulate") == args.has("observations"))
    throw UsageError("give --observations FILE, or --simulate with the --fault / --fault-link faults to plant");
  if (const auto file = args.value("observations")) return diagnose_file(net, *file);
  const std::vector<Fault> dead = parse_faults(args, net);
  const std::vector<StuckSwitch> stuck = parse_stuck_faults(args, net);
  const std::vector<DeadLink> links = parse_dead_links(args, net);
  std::vector<FaultCandidate> truth;
  for (const Fault& f : dead) truth.push_back({LocatedKind::dead_switch, f.stage, f.sw, 0});
  for (const StuckSwitch& f : stuck) truth.push_back({LocatedKind::stuck_switch, f.stage, f.sw, f.state});
  for (const DeadLink& f : links) truth.push_back({LocatedKind::dead_link, f.stage, f.terminal, 0});
  if (truth.empty() || truth.size() > kMaxFaults)
    throw UsageError(
        "--simulate plants 1 to " + std::to_string(kMaxFaults) +
        " faults: --fault STAGE:SWITCH[:stuck=K] or --fault-link STAGE:TERMINAL, each given again for more");
  return truth.size() == 1 ? simulate(net, truth[0]) : simulate_several(net, truth);
}

}  // namespace

void add_diagnose_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"diagnose", "locate the faults behind what the outputs received",
       "a2a diagnose --topology T --ports N (--observations FILE | --simulate --fault S:W[:stuck=K])",
       "The faults a round's outputs show, located as the controller does (docs/fault-tolerance.md,\n"
       "\"Faults the fabric does not name\"): --observations reads observed rounds from a JSON file\n"
       "(docs/host-tool.md) and prints the fault, or the candidates they do not tell apart;\n"
       "--simulate plants the faults and prints what the controller's stops and test rounds locate, and how\n"
       "many test rounds they take."},
      run_diagnose);
  CommandLine::value(app, "topology", "T", "the network's topology (binary, N = 2^n)");
  CommandLine::number(app, "ports", "N", "N, the number of processors");
  CommandLine::value(app, "radix", "d", "switch size (2, the default: faults are located in binary networks)");
  CommandLine::value(app, "observations", "FILE",
                     "observed rounds (JSON: {\"rounds\": [{\"word\": W, \"arrived\": [...]}]})");
  CommandLine::flag(app, "simulate", "plant the --fault / --fault-link and run the search");
  CommandLine::repeated(app, "fault", "STAGE:SWITCH[:stuck=K]", "the switch to plant (--simulate)");
  CommandLine::repeated(app, "fault-link", "STAGE:TERMINAL", "the dead link to plant (--simulate)");
}

}  // namespace a2a::tool
