// The numbers behind `a2a render --chart`: every value is computed from the core's
// schedules at run time, except paper 000's Fig. 14 (paper_table.cpp's transcription),
// which is the paper's and is plotted as such.
#include <algorithm>
#include <string>

#include "chart.hpp"
#include "paper_table.hpp"
#include "schedule_select.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

std::string n_is(std::uint32_t ports) { return "N = " + std::to_string(ports) + ": "; }

/// The rounds the chart plots for N: `schedule`, or the default one, where it applies.
std::optional<std::pair<std::uint32_t, ScheduleKind>> rounds_of(const Network& net,
                                                                std::optional<ScheduleKind> schedule) {
  const ScheduleKind kind = schedule.value_or(default_schedule_kind(net));
  const auto made = AnySchedule::make(net, kind);
  if (!made) return std::nullopt;
  return std::pair{made->rounds(), kind};
}

/// "<=40" (the paper's upper bound) or "40" as a number, and whether it is a bound.
std::pair<std::uint32_t, bool> paper_value(const std::string& text) {
  const bool bound = text.rfind("<=", 0) == 0;
  return {static_cast<std::uint32_t>(std::stoul(bound ? text.substr(2) : text)), bound};
}

/// docs/fault-tolerance.md, "Lower bound": N + 1 + ceil(N / (2^m - 1)), m = min(s, n-1-s).
std::uint32_t fault_lower_bound(std::uint32_t ports, std::uint32_t stages, std::uint32_t stage) {
  const std::uint32_t m = std::min(stage, stages - 1 - stage);
  const std::uint32_t block = (1U << m) - 1;
  return ports + 1 + (ports + block - 1) / block;
}

}  // namespace

Chart rounds_chart(Topology topology, std::uint32_t radix, std::optional<ScheduleKind> schedule, std::uint32_t from,
                   std::uint32_t to) {
  const std::string family = std::string(name(topology)) + " (d = " + std::to_string(radix) + ")";
  Chart chart;
  chart.title = family + ": rounds of an all-to-all personalized exchange for N = " + std::to_string(from) + ".." +
                std::to_string(to);
  chart.subtitle = schedule ? "schedule " + std::string(name(*schedule)) + " against the lower bound N"
                            : "each network's default schedule (the fewest rounds known) against the lower bound N";
  chart.y_label = "rounds";
  const bool gsen = topology == Topology::gsen;
  if (gsen) chart.subtitle += " and paper 000, Fig. 14";
  ChartSeries rounds{"rounds",  schedule ? "rounds, " + std::string(name(*schedule)) : "rounds, default schedule",
                     "#1f5fbf", false,
                     false,     false,
                     {}};
  ChartSeries lower{"lower-bound", "lower bound: N", "#777777", true, true, false, {}};
  ChartSeries fig14_r{"paper-r", "R(N), paper 000 Fig. 14 (ring)", "#d62728", false, false, true, {}};
  ChartSeries fig14_r_sc{
      "paper-r-sc", "R_sc(N) = 2^n, Fig. 14 (Theorem 3.8 above 128)", "#2ca02c", true, true, false, {}};
  for (std::uint32_t ports = from; ports <= to && ports >= from; ++ports) {
    const auto net = make_network(topology, ports, radix);
    if (!net) continue;
    const auto counted = rounds_of(*net, schedule);
    if (!counted) continue;
    const std::string n = n_is(ports);
    rounds.points.push_back(
        {ports, counted->first,
         n + std::to_string(counted->first) + " rounds (" + std::string(name(counted->second)) + ")"});
    lower.points.push_back({ports, ports, n + "lower bound " + std::to_string(ports)});
    if (!gsen) continue;
    if (const auto r = paper_r(ports)) {
      const auto [value, bound] = paper_value(*r);
      fig14_r.points.push_back({ports, value,
                                n + (bound ? "R(N) <= " + std::to_string(value) + " (only this bound in the paper)"
                                           : "R(N) = " + std::to_string(value))});
    }
    // Beyond Fig. 14 (N > 128) R_sc(N) = 2^n is Theorem 3.8's, computed: 2^n with n = the network's stages.
    if (const auto r_sc = paper_r_sc(ports))
      fig14_r_sc.points.push_back({ports, *r_sc, n + "R_sc(N) = " + std::to_string(*r_sc)});
    else if (ports > 128)
      fig14_r_sc.points.push_back({ports, std::uint32_t{1} << net->stages,
                                   n + "R_sc(N) = " + std::to_string(1u << net->stages) + " (Theorem 3.8)"});
  }
  if (rounds.points.empty())
    throw UsageError("no " + family + " network in N = " + std::to_string(from) + ".." + std::to_string(to) +
                     (schedule ? " that the " + std::string(name(*schedule)) + " schedule applies to"
                               : " (see a2a list for the N each family has)"));
  // Drawn in this order: the paper's R(N) rings over our rounds' dots, a dot in a ring where they agree.
  chart.series.push_back(std::move(lower));
  if (!fig14_r_sc.points.empty()) chart.series.push_back(std::move(fig14_r_sc));
  chart.series.push_back(std::move(rounds));
  if (!fig14_r.points.empty()) chart.series.push_back(std::move(fig14_r));
  return chart;
}

std::uint32_t fault_chart_stride(std::uint32_t ports) {
  return ports <= 64 ? 1 : ports <= 256 ? ports / 32 : ports / 8;
}

Chart fault_chart(Topology topology, std::uint32_t from, std::uint32_t to) {
  Chart chart;
  chart.title = std::string(name(topology)) + " with one faulty switch: rounds for N = " + std::to_string(from) + ".." +
                std::to_string(to);
  chart.subtitle =
      "worst and best over the switch's positions in the internal stages (every switch to N = 64, "
      "then 16 a stage)";
  chart.y_label = "rounds";
  ChartSeries worst{"worst", "rounds, worst position", "#d62728", false, false, false, {}};
  ChartSeries best{"best", "rounds, best position", "#1f5fbf", false, false, false, {}};
  ChartSeries lower_high{"lower-bound-high", "lower bound, stages 1 and n-2: 2N + 1", "#777777", true, true, false, {}};
  ChartSeries lower_low{"lower-bound-low", "lower bound, the middle stage", "#aaaaaa", true, true, false, {}};
  ChartSeries paper{"paper-bound", "paper 004's bound: 3N", "#9467bd", true, true, false, {}};
  ChartSeries no_fault{"no-fault", "no fault: N rounds", "#2ca02c", true, true, false, {}};
  for (std::uint32_t ports = 16; ports <= to; ports *= 2) {
    if (ports < from) continue;
    const auto net = make_network(topology, ports, 2);
    if (!net)
      throw UsageError("no " + std::string(name(topology)) + " with N = " + std::to_string(ports) +
                       ", d = 2: " + std::string(describe(net.error())));
    RelayStorage storage(ports, 1);
    std::uint32_t hi = 0;  // worst and best over the positions, and where
    std::uint32_t lo = ~0U;
    std::string hi_at;
    std::string lo_at;
    std::uint32_t bound_hi = 0;  // the lower bounds' largest and smallest over the stages
    std::uint32_t bound_lo = ~0U;
    for (std::uint32_t s = 1; s + 1 < net->stages; ++s) {
      bound_hi = std::max(bound_hi, fault_lower_bound(ports, net->stages, s));
      bound_lo = std::min(bound_lo, fault_lower_bound(ports, net->stages, s));
      for (std::uint32_t l = 0; l < net->switches_per_stage(); l += fault_chart_stride(ports)) {
        const SwitchFault fault[] = {{s, l}};
        const auto plan = FaultTolerantSchedule::make(*net, FaultSetView{fault, {}}, storage.span());
        if (!plan)
          throw UsageError("no plan around switch " + std::to_string(l) + " of stage " + std::to_string(s) + " in " +
                           std::string(name(topology)) + " with N = " + std::to_string(ports) + ": " +
                           std::string(describe(plan.error())) +
                           " (the fault chart needs omega, baseline, banyan, a reverse or gsen)");
        const std::string at = " (stage " + std::to_string(s) + ", switch " + std::to_string(l) + ")";
        if (plan->rounds() > hi) {
          hi = plan->rounds();
          hi_at = at;
        }
        if (plan->rounds() < lo) {
          lo = plan->rounds();
          lo_at = at;
        }
      }
    }
    const std::string n = n_is(ports);
    worst.points.push_back({ports, hi, n + "worst " + std::to_string(hi) + " rounds" + hi_at});
    best.points.push_back({ports, lo, n + "best " + std::to_string(lo) + " rounds" + lo_at});
    lower_high.points.push_back({ports, bound_hi, n + "lower bound " + std::to_string(bound_hi)});
    lower_low.points.push_back({ports, bound_lo, n + "lower bound " + std::to_string(bound_lo)});
    paper.points.push_back({ports, 3 * ports, n + "paper 004's bound " + std::to_string(3 * ports)});
    no_fault.points.push_back({ports, ports, n + "no fault: " + std::to_string(ports) + " rounds"});
  }
  if (worst.points.empty())
    throw UsageError("no N = 2^n >= 16 in " + std::to_string(from) + ".." + std::to_string(to) +
                     " (the fault-tolerant schedule needs N = 2^n >= 16)");
  for (ChartSeries* s : {&paper, &lower_high, &lower_low, &no_fault, &worst, &best})
    chart.series.push_back(std::move(*s));
  return chart;
}

}  // namespace a2a::tool
