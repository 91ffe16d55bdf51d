#include "schedule_select.hpp"

#include <algorithm>
#include <optional>
#include <utility>
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

/// --fault STAGE:SWITCH (dead) or STAGE:SWITCH:stuck=K: the position, and K (none: dead).
std::pair<Fault, std::optional<std::uint32_t>> parse_fault(const std::string& text, const Network& net) {
  const auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError("--fault needs STAGE:SWITCH (for example 1:3) or STAGE:SWITCH:stuck=K, got '" + text + "'");
  const auto second = text.find(':', colon + 1);
  std::optional<std::uint32_t> stuck;
  if (second != std::string::npos) {
    const std::string kind = text.substr(second + 1);
    if (kind.rfind("stuck=", 0) != 0)
      throw UsageError("--fault " + text +
                       ": after STAGE:SWITCH only stuck=K (the state the switch stays in) is known");
    stuck = parse_number("--fault stuck state", kind.substr(6));
    if (*stuck >= net.radix)
      throw UsageError("--fault " + text + ": stuck state " + std::to_string(*stuck) + " out of range (a " +
                       std::to_string(net.radix) + " x " + std::to_string(net.radix) + " switch has states 0.." +
                       std::to_string(net.radix - 1) + "; 0 straight, 1 cross)");
  }
  const std::uint32_t stage = parse_number("--fault stage", text.substr(0, colon));
  const std::uint32_t sw = parse_number(
      "--fault switch", text.substr(colon + 1, second == std::string::npos ? std::string::npos : second - colon - 1));
  if (stage >= net.stages)
    throw UsageError("--fault " + text + ": stage " + std::to_string(stage) + " out of range (the network has " +
                     std::to_string(net.stages) + " stages, 0.." + std::to_string(net.stages - 1) + ")");
  if (sw >= net.switches_per_stage())
    throw UsageError("--fault " + text + ": switch " + std::to_string(sw) + " out of range (a stage has " +
                     std::to_string(net.switches_per_stage()) + " switches, 0.." +
                     std::to_string(net.switches_per_stage() - 1) + ")");
  return {Fault{stage, sw}, stuck};
}

std::string schedule_names() {
  std::string names;
  for (ScheduleKind k : kAllScheduleKinds) names += (names.empty() ? "" : ", ") + std::string(name(k));
  return names;
}

ScheduleKind choose_kind(const Args& args, const Network& net) {
  if (const auto kind = named_schedule(args)) return *kind;
  const ScheduleKind fallback = default_schedule_kind(net);
  if (!AnySchedule::make(net, fallback).ok())
    throw UsageError("no schedule exists yet for " + network_text(net.topology, net.ports, net.radix) +
                     ": latin-square needs N = 2^n and alternating needs N = 2 (mod 4)");
  return fallback;
}

DeadLink parse_dead_link(const std::string& text, const Network& net) {
  const auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError("--fault-link needs STAGE:TERMINAL (for example 1:6), got '" + text + "'");
  const std::uint32_t stage = parse_number("--fault-link stage", text.substr(0, colon));
  const std::uint32_t terminal = parse_number("--fault-link terminal", text.substr(colon + 1));
  if (stage + 1 >= net.stages)
    throw UsageError("--fault-link " + text + ": stage " + std::to_string(stage) +
                     " out of range (a link leaves stages 0.." + std::to_string(net.stages - 2) + " of the " +
                     std::to_string(net.stages) + ")");
  if (terminal >= net.ports)
    throw UsageError("--fault-link " + text + ": terminal " + std::to_string(terminal) + " out of range (0.." +
                     std::to_string(net.ports - 1) + ")");
  return DeadLink{stage, terminal};
}

std::string reach_text(PairReach reason) {
  switch (reason) {
    case PairReach::cut_off_sender: return "cut-off-sender";
    case PairReach::cut_off_receiver: return "cut-off-receiver";
    case PairReach::separated: return "separated";
    default: return "deliverable";
  }
}

/// Why pair p cannot be delivered, in words (the refusal and the degraded summary).
std::string undeliverable_text(const UndeliverablePair& p) {
  const std::string pair = "(" + std::to_string(p.origin) + ", " + std::to_string(p.destination) + ")";
  switch (p.reason) {
    case PairReach::cut_off_sender:
      return "processor " + std::to_string(p.origin) +
             " reaches no output: every path out of it crosses a fault (pair " + pair + " and all its others)";
    case PairReach::cut_off_receiver:
      return "no processor reaches " + std::to_string(p.destination) + ": every path into it crosses a fault (pair " +
             pair + " and all others into it)";
    default:
      return "pair " + pair + " has no fault-free path and no relay p with fault-free paths " +
             std::to_string(p.origin) + " -> p -> " + std::to_string(p.destination);
  }
}

/// The plan around the faults: the fault-tolerant schedule (any set of faulty switches
/// and dead links, fault_tolerant_schedule.hpp), when --schedule fault-tolerant asks for it or
/// no schedule is named. An exchange it cannot plan is refused (exit status 2) with the
/// real reason; with --degraded the deliverable pairs are planned and the others listed.
/// nullptr: a schedule that does not avoid faults was named (they are only marked).
std::unique_ptr<Plan> fault_tolerant_plan(const Args& args, const Network& net, ScheduleKind kind, RoundOrder order,
                                          const std::vector<Fault>& faults, const std::vector<DeadLink>& links,
                                          const std::vector<StuckSwitch>& stuck) {
  const bool asked = kind == ScheduleKind::fault_tolerant;
  const bool degraded = args.has("degraded");
  if (faults.empty() && links.empty() && stuck.empty()) {
    if (asked) throw UsageError("schedule fault-tolerant needs a --fault STAGE:SWITCH or --fault-link STAGE:TERMINAL");
    if (degraded) throw UsageError("--degraded applies to a plan around faults (--fault, --fault-link)");
    return nullptr;
  }
  if (!asked && args.has("schedule")) {
    if (degraded) throw UsageError("--degraded applies to the fault-tolerant schedule, not " + std::string(name(kind)));
    if (!links.empty())
      throw UsageError("--fault-link: the " + std::string(name(kind)) +
                       " schedule does not avoid faults and a dump marks faulty switches only; omit --schedule "
                       "(or name fault-tolerant) to plan around the dead link");
    if (!stuck.empty())
      throw UsageError("--fault STAGE:SWITCH:stuck=K: the " + std::string(name(kind)) +
                       " schedule does not avoid faults; omit --schedule (or name fault-tolerant) to plan around the "
                       "stuck switch");
    return nullptr;  // the named schedule runs as it is; the faults are marked
  }
  const std::string where = network_text(net.topology, net.ports, net.radix);
  if (order != RoundOrder::natural)
    throw UsageError(
        "--order does not apply to the plan around faults (its regular rounds are the natural order); "
        "name another --schedule to run it with the faults only marked");
  if (!faults_describable(net) || net.ports < 16)
    throw UsageError("no schedule avoids faults in " + where +
                     ": the fault-tolerant schedule needs a binary omega, baseline, banyan, a reverse or gsen with "
                     "N = 2^n >= 16 (name another --schedule to run it with the faults only marked)");
  std::vector<SwitchFault> switch_list;
  for (const Fault& f : faults) switch_list.push_back(SwitchFault{f.stage, f.sw});
  std::vector<LinkFault> link_list;
  for (const DeadLink& l : links) link_list.push_back(LinkFault{l.stage, l.terminal});
  std::vector<StuckFault> stuck_list;
  for (const StuckSwitch& f : stuck) stuck_list.push_back(StuckFault{f.stage, f.sw, f.state});
  const FaultSetView view{switch_list, link_list, stuck_list};
  if (view.size() + view.stuck.size() > kMaxFaults)
    throw UsageError("at most " + std::to_string(kMaxFaults) +
                     " faults (switches and links together, a stuck switch counting twice), got " +
                     std::to_string(view.size() + view.stuck.size()));
  auto storage = std::make_shared<RelayStorage>(net.ports, static_cast<std::uint32_t>(view.size()));
  FaultPlanOptions options;
  options.degraded = degraded;
  const auto schedule = AnySchedule::make(net, view, storage->span(), options);
  if (!schedule) {
    const Errc e = schedule.error();
    if (e == Errc::fault_cuts_off_processors || e == Errc::faults_separate_processors) {
      const auto first = first_undeliverable(net, view);
      throw UsageError("no exchange around these faults in " + where + ": " +
                       (first && first->found ? undeliverable_text(*first) : std::string(describe(e))) +
                       "; --degraded delivers every other pair once and lists the pairs left out");
    }
    throw UsageError("no plan around these faults in " + where + ": " + std::string(describe(e)));
  }
  std::vector<LeftOutPair> left_out;
  if (const FaultTolerantSchedule* ft = schedule->fault_tolerant(); ft != nullptr && ft->degraded()) {
    for (UndeliverablePair p = ft->first_left_out(); p.found; p = ft->next_left_out(p))
      left_out.push_back(LeftOutPair{p.origin, p.destination, reach_text(p.reason)});
    std::fprintf(stderr, "a2a: degraded: %zu of %llu pairs left out (listed in the dump's left_out); first: %s\n",
                 left_out.size(), static_cast<unsigned long long>(net.ports) * net.ports,
                 undeliverable_text(ft->first_left_out()).c_str());
  }
  return make_schedule_plan(*schedule, order, faults, storage, links, std::move(left_out), stuck);
}

}  // namespace

std::vector<OptionSpec> schedule_options() {
  return {{"topology"},
          {"ports"},
          {"radix"},
          {"schedule"},
          {"order"},
          {"fault", true, true},
          {"fault-link", true, true},
          {"degraded", false},
          {"input"}};
}

Topology choose_topology(const Args& args) {
  const auto topology_text = args.value("topology");
  if (!topology_text) throw UsageError("missing --topology (one of " + topology_names() + ")");
  const auto topology = parse_topology(*topology_text);
  if (!topology) throw UsageError("unknown topology '" + *topology_text + "' (known: " + topology_names() + ")");
  return *topology;
}

std::optional<ScheduleKind> named_schedule(const Args& args) {
  const auto text = args.value("schedule");
  if (!text) return std::nullopt;
  const auto kind = parse_schedule_kind(*text);
  if (!kind) throw UsageError("unknown schedule '" + *text + "' (known: " + schedule_names() + ")");
  return *kind;
}

Network choose_network(const Args& args) {
  const Topology topology = choose_topology(args);
  const auto ports = args.optional_number("ports");
  if (!ports) throw UsageError("missing --ports N");
  const std::uint32_t radix = args.number("radix", 2);
  const auto net = make_network(topology, *ports, radix);
  if (!net) throw UsageError("no " + network_text(topology, *ports, radix) + ": " + std::string(describe(net.error())));
  if (net->ports > kToolMaxPorts)
    throw UsageError("N = " + std::to_string(net->ports) + " is above the tool's limit of " +
                     std::to_string(kToolMaxPorts) + " ports (it tracks all N^2 pairs)");
  return *net;
}

std::vector<Fault> parse_faults(const Args& args, const Network& net) {
  std::vector<Fault> faults;
  for (const std::string& text : args.values("fault")) {
    const auto [fault, stuck] = parse_fault(text, net);
    if (stuck) continue;
    if (std::find(faults.begin(), faults.end(), fault) == faults.end()) faults.push_back(fault);
  }
  return faults;
}

std::vector<StuckSwitch> parse_stuck_faults(const Args& args, const Network& net) {
  std::vector<StuckSwitch> stuck;
  const std::vector<Fault> dead = parse_faults(args, net);
  for (const std::string& text : args.values("fault")) {
    const auto [fault, state] = parse_fault(text, net);
    if (!state) continue;
    const StuckSwitch s{fault.stage, fault.sw, *state};
    if (std::find(stuck.begin(), stuck.end(), s) != stuck.end()) continue;
    for (const StuckSwitch& other : stuck)
      if (other.stage == s.stage && other.sw == s.sw)
        throw UsageError("--fault " + text + ": switch " + std::to_string(s.sw) + " of stage " +
                         std::to_string(s.stage) + " is already stuck in state " + std::to_string(other.state) +
                         " (one switch, one state)");
    if (std::find(dead.begin(), dead.end(), fault) != dead.end())
      throw UsageError("--fault " + text + ": switch " + std::to_string(s.sw) + " of stage " + std::to_string(s.stage) +
                       " is also listed dead (a switch is either dead or stuck)");
    stuck.push_back(s);
  }
  return stuck;
}

std::vector<DeadLink> parse_dead_links(const Args& args, const Network& net) {
  std::vector<DeadLink> links;
  for (const std::string& text : args.values("fault-link")) {
    const DeadLink link = parse_dead_link(text, net);
    if (std::find(links.begin(), links.end(), link) == links.end()) links.push_back(link);
  }
  return links;
}

std::unique_ptr<Plan> load_plan(const Args& args) {
  if (const auto input = args.value("input")) {
    for (const char* option : {"topology", "ports", "radix", "schedule", "order", "fault", "fault-link", "degraded"})
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
  const std::vector<DeadLink> links = parse_dead_links(args, net);
  const std::vector<StuckSwitch> stuck = parse_stuck_faults(args, net);
  if (auto planned = fault_tolerant_plan(args, net, kind, order, faults, links, stuck)) return planned;
  const auto schedule = AnySchedule::make(net, kind, order);
  if (!schedule)
    throw UsageError("schedule " + std::string(name(kind)) + " does not apply to " +
                     network_text(net.topology, net.ports, net.radix) + ": " + std::string(describe(schedule.error())));
  return make_schedule_plan(*schedule, order, faults);
}

void warn_about_faults(const Plan& plan) {
  const PlanInfo& info = plan.info();
  const auto kind = parse_schedule_kind(info.schedule);
  const bool ignores_faults =
      info.schedule == "latin-square" || info.schedule == "alternating" || (kind.ok() && is_gsen_set_kind(*kind));
  if (info.faults.empty() || !ignores_faults) return;
  // A schedule that does not avoid faults was named (or read from a dump).
  if (faults_describable(info.net) && info.net.ports >= 16) {
    std::fprintf(stderr,
                 "a2a: warning: the %s schedule does not avoid faults: the %zu faulty switch(es) are only marked "
                 "(a2a verify lists the messages that cross them); without --schedule the plan relays around them\n",
                 info.schedule.c_str(), info.faults.size());
    return;
  }
  std::fprintf(stderr,
               "a2a: warning: no schedule avoids faults in %s with N = %u; the %s schedule ignores the %zu faulty "
               "switch(es), which are only marked (a2a verify lists the messages that cross them)\n",
               std::string(name(info.net.topology)).c_str(), info.net.ports, info.schedule.c_str(), info.faults.size());
}

}  // namespace a2a::tool
