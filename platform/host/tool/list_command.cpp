// `a2a list`: the topologies and schedules, and for which N and d each applies.
// Each topology's rule and example range come from its description (topologies.hpp),
// each schedule's summary from its family descriptor (schedule_families.hpp), so a new
// one lists itself; the example sizes and the answers for a given --ports/--radix come
// from the core's own checks (make_network, AnySchedule::make).
#include <a2a/a2a.hpp>

#include <cstdio>
#include <string>

#include "cli_args.hpp"
#include "commands.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

/// The N <= limit for which make_network accepts (t, N, d), as "2 4 8".
std::string valid_sizes(Topology t, std::uint32_t radix, std::uint32_t limit) {
  std::string sizes;
  for (std::uint32_t n = 1; n <= limit; ++n)
    if (make_network(t, n, radix).ok()) sizes += (sizes.empty() ? "" : " ") + std::to_string(n);
  return sizes;
}

void print_catalogue() {
  std::printf("topologies (--topology):\n");
  for (Topology t : kAllTopologies) {
    std::printf("  %-17s %s\n", std::string(name(t)).c_str(), std::string(topology_rule(t)).c_str());
    // Examples for d = 2, 3, 4 where the topology has any; a binary-only one without the d.
    const std::uint32_t limit = Topologies::list_up_to(t);
    const bool binary_only = valid_sizes(t, 3, limit).empty() && valid_sizes(t, 4, limit).empty();
    if (binary_only) {
      std::printf("  %-17s   N <= %u: %s\n", "", limit, valid_sizes(t, 2, limit).c_str());
    } else {
      for (std::uint32_t d : {2U, 3U, 4U})
        std::printf("  %-17s   d = %u, N <= %u: %s\n", "", d, limit, valid_sizes(t, d, limit).c_str());
    }
  }
  std::printf("schedules (--schedule):\n");
  for (ScheduleKind k : kAllScheduleKinds) {
    std::printf("  %-17s %s\n", std::string(name(k)).c_str(), std::string(schedule_summary(k)).c_str());
    if (k == ScheduleKind::fault_tolerant) continue;  // made with a fault (--fault), not by N alone: see the rule
    if (k == ScheduleKind::shift) {                   // the shift network's own schedule, not a GSEN one
      std::printf("  %-17s   on shift, N <= 64: %s\n", "", valid_sizes(Topology::shift, 2, 64).c_str());
      continue;
    }
    std::string gsen_sizes;
    for (std::uint32_t n = 4; n <= 32; n += 2) {
      const auto net = make_network(Topology::gsen, n, 2);
      if (net && AnySchedule::make(*net, k).ok()) gsen_sizes += (gsen_sizes.empty() ? "" : " ") + std::to_string(n);
    }
    std::printf("  %-17s   on gsen, N <= 32: %s\n", "", gsen_sizes.c_str());
  }
  std::printf(
      "default schedule: the shift passes on the shift network; on gsen the fewest rounds known\n"
      "  (alternating for N = 2 mod 4, latin-square for N = 2^n, the paper's doubly / quadruply\n"
      "  alternating set where it has one, else gsen-stage-control); latin-square otherwise\n");
}

void print_for_size(std::uint32_t ports, std::uint32_t radix) {
  std::printf("N = %u, d = %u:\n", ports, radix);
  for (Topology t : kAllTopologies) {
    const auto net = make_network(t, ports, radix);
    if (!net) {
      std::printf("  %-17s no: %s\n", std::string(name(t)).c_str(), std::string(describe(net.error())).c_str());
      continue;
    }
    std::string schedules;
    for (ScheduleKind k : kAllScheduleKinds) {
      const auto s = AnySchedule::make(*net, k);
      schedules += "; " + std::string(name(k)) + ": " +
                   (s ? std::to_string(s->rounds()) + " rounds" : "no (" + std::string(describe(s.error())) + ")");
    }
    std::printf("  %-17s yes, %u stages of %u switches%s\n", std::string(name(t)).c_str(), net->stages,
                net->switches_per_stage(), schedules.c_str());
  }
}

int run_list(const Args& args) {
  if (const auto ports = args.optional_number("ports")) {
    print_for_size(*ports, args.number("radix", 2));
  } else {
    if (args.has("radix")) throw UsageError("--radix needs --ports");
    print_catalogue();
  }
  return kExitClean;
}

}  // namespace

void add_list_command(CommandLine& cli) {
  CLI::App& app = cli.command(
      {"list", "topologies and schedules, and the N and d each applies to", "a2a list [--ports N [--radix d]]",
       "Lists the topologies and schedules and the N and d each applies to; with --ports, which\n"
       "of them exist for that N and d, and why not where they do not."},
      run_list);
  CommandLine::number(app, "ports", "N", "check one size");
  CommandLine::number(app, "radix", "d", "switch size for --ports (default 2)");
}

}  // namespace a2a::tool
