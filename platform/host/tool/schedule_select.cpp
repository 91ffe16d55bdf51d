#include "schedule_select.hpp"

#include <cstdio>
#include <memory>
#include <vector>
#include <string>

#include "dump_reader.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

std::string topology_names() {
  std::string names;
  for (Topology t : kAllTopologies) names += (names.empty() ? "" : ", ") + std::string(name(t));
  return names;
}

std::string network_text(Topology topology, std::uint32_t ports, std::uint32_t radix) {
  return std::string(name(topology)) + " with N = " + std::to_string(ports) + ", d = " + std::to_string(radix);
}

Fault parse_fault(const std::string& text, const Network& net) {
  const auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError("--fault needs STAGE:SWITCH (for example 1:3), got '" + text + "'");
  const std::uint32_t stage = parse_number("--fault stage", text.substr(0, colon));
  const std::uint32_t sw = parse_number("--fault switch", text.substr(colon + 1));
  if (stage >= net.stages)
    throw UsageError("--fault " + text + ": stage " + std::to_string(stage) + " out of range (the network has " +
                     std::to_string(net.stages) + " stages, 0.." + std::to_string(net.stages - 1) + ")");
  if (sw >= net.switches_per_stage())
    throw UsageError("--fault " + text + ": switch " + std::to_string(sw) + " out of range (a stage has " +
                     std::to_string(net.switches_per_stage()) + " switches, 0.." +
                     std::to_string(net.switches_per_stage() - 1) + ")");
  return Fault{stage, sw};
}

std::string schedule_names() {
  std::string names;
  for (ScheduleKind k : kAllScheduleKinds) names += (names.empty() ? "" : ", ") + std::string(name(k));
  return names;
}

ScheduleKind choose_kind(const Args& args, const Network& net) {
  const auto text = args.value("schedule");
  if (text) {
    const auto kind = parse_schedule_kind(*text);
    if (!kind) throw UsageError("unknown schedule '" + *text + "' (known: " + schedule_names() + ")");
    return *kind;
  }
  const ScheduleKind fallback = default_schedule_kind(net);
  if (!AnySchedule::make(net, fallback).ok())
    throw UsageError("no schedule exists yet for " + network_text(net.topology, net.ports, net.radix) +
                     ": latin-square needs N = 2^n and alternating needs N = 2 (mod 4)");
  return fallback;
}

/// With one fault the plan avoids it (paper 004) when --schedule fault-tolerant asks
/// for it, or when no schedule is named, the network's default is the natural-order
/// Latin square (which the fault-tolerant schedule extends) and the position is
/// supported. Otherwise nullptr: the faults are only marked (warn_about_faults).
std::unique_ptr<Plan> fault_tolerant_plan(const Args& args, const Network& net, ScheduleKind kind, RoundOrder order,
                                          const std::vector<Fault>& faults) {
  const bool asked = kind == ScheduleKind::fault_tolerant;
  if (!asked && (args.has("schedule") || faults.size() != 1 || kind != ScheduleKind::latin_square ||
                 order != RoundOrder::natural))
    return nullptr;
  if (asked && faults.size() != 1)
    throw UsageError("schedule fault-tolerant needs exactly one --fault STAGE:SWITCH (got " +
                     std::to_string(faults.size()) + ")");
  if (asked && order != RoundOrder::natural)
    throw UsageError("--order does not apply to fault-tolerant (its regular rounds are the natural order)");
  // Baseline, banyan and their reverses plan their relays into this storage (106 bytes per port).
  auto storage = std::make_shared<RelayStorage>(net.ports);
  const auto schedule = AnySchedule::make(net, SwitchFault{faults[0].stage, faults[0].sw}, storage->span());
  if (!schedule) {
    if (!asked) return nullptr;
    throw UsageError("schedule fault-tolerant does not apply to " + network_text(net.topology, net.ports, net.radix) +
                     " with a fault at stage " + std::to_string(faults[0].stage) + " switch " +
                     std::to_string(faults[0].sw) + ": " + std::string(describe(schedule.error())));
  }
  return make_schedule_plan(*schedule, order, faults, storage);
}

}  // namespace

const char* const kScheduleOptionsHelp =
    "  --topology T          omega, baseline, banyan, reverse-omega, reverse-baseline,\n"
    "                        reverse-banyan, gsen or shift (see a2a list)\n"
    "  --ports N             number of processors (N = d^n; gsen: any even N >= 4; shift: 2^m)\n"
    "  --radix d             switch size d x d (default 2; gsen, shift and optical need 2)\n"
    "  --schedule S          latin-square, alternating, gsen-stage-control, doubly-alternating,\n"
    "                        quadruply-alternating, broadcast, ... (see a2a list; default: the\n"
    "                        fewest rounds known for the network)\n"
    "  --order O             round order of latin-square, optical, shift and the GSEN\n"
    "                        families over all 2^n words: natural (default) or gray\n"
    "  --fault STAGE:SWITCH  a faulty switch (repeatable). One fault in an internal stage\n"
    "                        (1 .. n-2) of a binary omega, baseline, banyan, their reverses or\n"
    "                        gsen N = 2^n, N >= 16: the plan relays around it (paper 004);\n"
    "                        otherwise it is only marked and verify reports the messages that\n"
    "                        cross it\n"
    "  --input FILE          read the schedule from a JSON dump instead (- = stdin)\n";

std::vector<OptionSpec> schedule_options() {
  return {{"topology"}, {"ports"}, {"radix"}, {"schedule"}, {"order"}, {"fault", true, true}, {"input"}};
}

Network choose_network(const Args& args) {
  const auto topology_text = args.value("topology");
  if (!topology_text) throw UsageError("missing --topology (one of " + topology_names() + ")");
  const auto topology = parse_topology(*topology_text);
  if (!topology) throw UsageError("unknown topology '" + *topology_text + "' (known: " + topology_names() + ")");
  const auto ports = args.optional_number("ports");
  if (!ports) throw UsageError("missing --ports N");
  const std::uint32_t radix = args.number("radix", 2);
  const auto net = make_network(*topology, *ports, radix);
  if (!net)
    throw UsageError("no " + network_text(*topology, *ports, radix) + ": " + std::string(describe(net.error())));
  if (net->ports > kToolMaxPorts)
    throw UsageError("N = " + std::to_string(net->ports) + " is above the tool's limit of " +
                     std::to_string(kToolMaxPorts) + " ports (it tracks all N^2 pairs)");
  return *net;
}

std::vector<Fault> parse_faults(const Args& args, const Network& net) {
  std::vector<Fault> faults;
  for (const std::string& text : args.values("fault")) {
    const Fault fault = parse_fault(text, net);
    bool seen = false;
    for (const Fault& f : faults) seen = seen || f == fault;
    if (!seen) faults.push_back(fault);
  }
  return faults;
}

std::unique_ptr<Plan> load_plan(const Args& args) {
  if (const auto input = args.value("input")) {
    for (const char* option : {"topology", "ports", "radix", "schedule", "order", "fault"})
      if (args.has(option))
        throw UsageError(std::string("--input cannot be combined with --") + option + " (the dump fixes the schedule)");
    return read_dump_file(*input);
  }
  const Network net = choose_network(args);
  const ScheduleKind kind = choose_kind(args, net);
  RoundOrder order = RoundOrder::natural;
  if (const auto order_text = args.value("order")) {
    if (*order_text == "gray") {
      order = RoundOrder::gray;
    } else if (*order_text != "natural") {
      throw UsageError("unknown order '" + *order_text + "' (known: natural, gray)");
    }
    if (kind == ScheduleKind::alternating)
      throw UsageError("--order does not apply to alternating (its rounds are already a Gray sequence)");
    if (kind == ScheduleKind::broadcast)
      throw UsageError("--order does not apply to broadcast (it runs its configurations in their own order)");
  }
  const std::vector<Fault> faults = parse_faults(args, net);
  if (auto planned = fault_tolerant_plan(args, net, kind, order, faults)) return planned;
  const auto schedule = AnySchedule::make(net, kind, order);
  if (!schedule)
    throw UsageError("schedule " + std::string(name(kind)) + " does not apply to " +
                     network_text(net.topology, net.ports, net.radix) + ": " +
                     std::string(describe(schedule.error())));
  return make_schedule_plan(*schedule, order, faults);
}

void warn_about_faults(const Plan& plan) {
  const PlanInfo& info = plan.info();
  const auto kind = parse_schedule_kind(info.schedule);
  const bool ignores_faults = info.schedule == "latin-square" || info.schedule == "alternating" ||
                              (kind.ok() && is_gsen_set_kind(*kind));
  if (info.faults.empty() || !ignores_faults) return;
  // One fault the fault-tolerant schedule covers (any internal stage, N = 2^n >= 16),
  // but another schedule or order was asked for. Baseline/banyan plan into storage.
  RelayStorage storage(info.net.ports);
  if (info.faults.size() == 1 &&
      AnySchedule::make(info.net, SwitchFault{info.faults[0].stage, info.faults[0].sw}, storage.span()).ok()) {
    std::fprintf(stderr,
                 "a2a: warning: the %s schedule ignores the faulty switch %u of stage %u, which is only marked "
                 "(a2a verify lists the messages that cross it); --schedule fault-tolerant (natural order) "
                 "relays around it\n",
                 info.schedule.c_str(), info.faults[0].sw, info.faults[0].stage);
    return;
  }
  std::fprintf(stderr,
               "a2a: warning: no fault-tolerant schedule exists yet for %s; the %s schedule ignores the %zu faulty "
               "switch(es), which are only marked (a2a verify lists the messages that cross them)\n",
               std::string(name(info.net.topology)).c_str(), info.schedule.c_str(), info.faults.size());
}

}  // namespace a2a::tool
