// Schedule selection: the options every schedule-driven subcommand shares
// (--topology --ports --radix --schedule --order --fault, or --input dump.json)
// turned into a validated network and a Plan, with a specific message for
// every parameter that does not fit.
#pragma once

#include <memory>
#include <vector>

#include "cli_args.hpp"
#include "plan.hpp"

namespace a2a::tool {

/// --topology --ports --radix --schedule --order --fault --input.
std::vector<OptionSpec> schedule_options();
/// Help text for those options (for every subcommand's --help).
extern const char* const kScheduleOptionsHelp;

/// The network named by --topology/--ports/--radix (all required but --radix).
Network choose_network(const Args& args);
/// The faults of --fault STAGE:SWITCH..., each checked against the network.
std::vector<Fault> parse_faults(const Args& args, const Network& net);
/// Builds the Plan from --input (a dump) or from the schedule options.
std::unique_ptr<Plan> load_plan(const Args& args);
/// Warns on stderr when a plan carries faults its schedule does not avoid.
void warn_about_faults(const Plan& plan);

/// Relay-plan storage sized for N ports at run time: a fault in baseline, banyan or
/// their reverses is planned into it, as the firmware plans into RelayPlanStorage<N>.
struct RelayStorage {
  explicit RelayStorage(std::uint32_t ports)
      : vectors(3 * std::size_t{ports}), offsets(4 * std::size_t{ports} + 1), hops(5 * std::size_t{ports}),
        work16(12 * std::size_t{ports}), work32(6 * std::size_t{ports}) {}
  RelayPlanSpan span() { return {vectors, offsets, hops, work16, work32}; }
  std::vector<std::uint32_t> vectors, offsets;
  std::vector<RelayHop> hops;
  std::vector<std::uint16_t> work16;
  std::vector<std::int32_t> work32;
};

}  // namespace a2a::tool
