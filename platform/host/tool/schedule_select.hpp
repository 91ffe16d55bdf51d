// Schedule selection: the options every schedule-driven subcommand shares
// (--topology --ports --radix --schedule --order --fault, or --input dump.json)
// turned into a validated network and a Plan, with a specific message for
// every parameter that does not fit.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "cli_args.hpp"
#include "plan.hpp"

namespace a2a::tool {

/// --topology --ports --radix --schedule --order --fault --fault-link --degraded --input:
/// the one list of their names (the command line's help for them: commands.cpp).
std::vector<OptionSpec> schedule_options();

/// The family named by --topology (required).
Topology choose_topology(const Args& args);
/// The schedule named by --schedule, if given.
std::optional<ScheduleKind> named_schedule(const Args& args);
/// The network named by --topology/--ports/--radix (all required but --radix).
Network choose_network(const Args& args);
/// The dead switches of --fault STAGE:SWITCH..., each checked against the network.
std::vector<Fault> parse_faults(const Args& args, const Network& net);
/// The stuck switches of --fault STAGE:SWITCH:stuck=K... (K < d), each checked.
std::vector<StuckSwitch> parse_stuck_faults(const Args& args, const Network& net);
/// The dead links of --fault-link STAGE:TERMINAL..., each checked against the network.
std::vector<DeadLink> parse_dead_links(const Args& args, const Network& net);
/// Builds the Plan from --input (a dump) or from the schedule options.
std::unique_ptr<Plan> load_plan(const Args& args);
/// Warns on stderr when a plan carries faults its schedule does not avoid.
void warn_about_faults(const Plan& plan);

/// Fault-plan storage sized for N ports and `faults` faults at run time, as the
/// firmware plans into FaultPlanStorage<N, faults> (general_fault_planner.hpp): the general
/// planner's sizes, which also hold the single-fault SingleFaultPlanner's.
struct RelayStorage {
  explicit RelayStorage(std::uint32_t ports, std::uint32_t faults = 1) : RelayStorage(sizes(ports, faults)) {}
  explicit RelayStorage(const FaultPlanSizes& s)
      : vectors(s.vectors), offsets(s.offsets), hops(s.hops), work16(s.work16), work32(s.work32) {}
  static FaultPlanSizes sizes(std::uint32_t ports, std::uint32_t faults) {
    return FaultPlanSizes::of(ports, std::size_t{2} * ports * (faults == 0 ? 1 : faults));
  }
  PlanStorageSpan span() { return {vectors, offsets, hops, work16, work32}; }
  std::vector<std::uint32_t> vectors, offsets;
  std::vector<RelayHop> hops;
  std::vector<std::uint16_t> work16;
  std::vector<std::int32_t> work32;
};

}  // namespace a2a::tool
