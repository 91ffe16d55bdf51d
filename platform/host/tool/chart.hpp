// Charts over N (`a2a render --chart rounds|fault`): for a family, the rounds the
// tool's schedules take, computed here for every N, against the lower bound (and,
// for GSEN, paper 000's R(N) and R_sc(N) from Fig. 14), drawn as one SVG line chart.
// The numbers are computed (chart_data.cpp); the drawing (chart_svg.cpp) knows
// nothing about schedules, only series of (N, value) points.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <a2a/a2a.hpp>

namespace a2a::tool {

struct ChartPoint {
  std::uint32_t ports{0};
  std::uint32_t value{0};
  std::string title;  ///< the point's tooltip: N, the value and where it comes from
};

struct ChartSeries {
  std::string id;     ///< the SVG group's id (series-<id>): what tests look for
  std::string label;  ///< the legend's text
  std::string colour;
  bool line{false};  ///< joined by a line (bounds); otherwise markers only
  bool dashed{false};
  bool hollow{false};  ///< open markers (the paper's values)
  std::vector<ChartPoint> points;
};

struct Chart {
  std::string title;
  std::string subtitle;
  std::string y_label;
  std::vector<ChartSeries> series;
};

/// The largest N of each chart: a rounds chart costs one make() per N; a fault chart
/// plans every sampled position of every internal stage (to N = 128 about 4 s, 256 about 10 s).
inline constexpr std::uint32_t kChartMaxPorts = 4096;
inline constexpr std::uint32_t kFaultChartMaxPorts = 512;

/// Rounds of `schedule` (the default schedule of each N when empty) for every N in
/// from..to that forms a `topology` network of radix `radix`, the lower bound N and,
/// for GSEN, paper 000's R(N) and R_sc(N) where Fig. 14 has them. Throws UsageError
/// when no N in the range has a network with that schedule.
Chart rounds_chart(Topology topology, std::uint32_t radix, std::optional<ScheduleKind> schedule, std::uint32_t from,
                   std::uint32_t to);

/// One faulty switch: for N = 2^n >= 16 in from..to, the fewest rounds
/// FaultTolerantSchedule::make(net, FaultSetView, storage) takes, worst and best over
/// the positions tried (every switch of every internal stage up to N = 64, 16 per stage
/// to N = 256, 4 beyond: the sampling of docs/examples/fault_table.cpp), against the
/// lower bounds of docs/fault-tolerance.md (largest and smallest over the stages) and
/// paper 004's bound 3N. Throws UsageError for a family without the schedule.
Chart fault_chart(Topology topology, std::uint32_t from, std::uint32_t to);

/// Which switches of a stage the fault chart tries for N ports: every `stride`-th.
std::uint32_t fault_chart_stride(std::uint32_t ports);

void write_chart_svg(const Chart& chart, std::ostream& out);

}  // namespace a2a::tool
