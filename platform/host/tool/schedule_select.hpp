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

/// The largest N the tool accepts: verification tracks all N^2 ordered pairs.
inline constexpr std::uint32_t kToolMaxPorts = 16384;

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

}  // namespace a2a::tool
