// A line chart of series over N as SVG: both axes linear from 0 (rounds that grow as
// c N are straight lines through the origin, so a constant factor over the bound is
// seen at a glance), a light grid, a legend to the right. Each point is a circle with
// its N and value in data-n / data-value and a tooltip; each grid line carries its
// value in data-value, so a reader (tests/tool/render_test.py) can check that every
// point sits where its value says.
#include <algorithm>
#include <cstdio>
#include <string>

#include "chart.hpp"

#include "svg_text.hpp"

namespace a2a::tool {
namespace {

constexpr double kWidth = 940;
constexpr double kHeight = 520;
constexpr double kLeft = 70;  // the plot area
constexpr double kRight = 640;
constexpr double kTop = 70;
constexpr double kBottom = 460;
constexpr double kLegendX = 660;

using svg::escape;
using svg::num;

/// A tick step for an axis up to `top` with about eight steps: the smallest of
/// 1, 2, 5 x 10^k and 2^k not below top / 8 (powers of two suit N).
std::uint32_t tick_step(std::uint32_t top) {
  const double wanted = std::max(1.0, static_cast<double>(top) / 8.0);
  std::uint64_t best = ~std::uint64_t{0};
  for (std::uint64_t p = 1; p <= (std::uint64_t{1} << 40); p *= 10)
    for (std::uint64_t m : {1U, 2U, 5U})
      if (static_cast<double>(p * m) >= wanted) best = std::min(best, p * m);
  for (std::uint64_t p = 1; p <= (std::uint64_t{1} << 40); p *= 2)
    if (static_cast<double>(p) >= wanted) best = std::min(best, p);
  return static_cast<std::uint32_t>(best);
}

struct Axis {
  std::uint32_t step;
  std::uint32_t top;  // a multiple of step, at least the largest value
  double from_px;     // where 0 is drawn
  double to_px;       // where top is drawn
  [[nodiscard]] double at(std::uint32_t v) const {
    return from_px + (to_px - from_px) * static_cast<double>(v) / static_cast<double>(top);
  }
};

Axis make_axis(std::uint32_t largest, double from_px, double to_px) {
  const std::uint32_t step = tick_step(largest);
  const std::uint32_t top = std::max(step, (largest + step - 1) / step * step);
  return {step, top, from_px, to_px};
}

void write_grid(const Axis& x, const Axis& y, std::ostream& out) {
  out << "<g class=\"grid\" stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (std::uint32_t v = 0; v <= x.top; v += x.step)
    out << "<line class=\"grid-x\" data-value=\"" << v << "\" x1=\"" << num(x.at(v)) << "\" y1=\"" << num(kTop)
        << "\" x2=\"" << num(x.at(v)) << "\" y2=\"" << num(kBottom) << "\"/>\n";
  for (std::uint32_t v = 0; v <= y.top; v += y.step)
    out << "<line class=\"grid-y\" data-value=\"" << v << "\" x1=\"" << num(kLeft) << "\" y1=\"" << num(y.at(v))
        << "\" x2=\"" << num(kRight) << "\" y2=\"" << num(y.at(v)) << "\"/>\n";
  out << "</g>\n<g class=\"ticks\" font-size=\"11\" fill=\"#333\">\n";
  for (std::uint32_t v = 0; v <= x.top; v += x.step)
    out << "<text x=\"" << num(x.at(v)) << "\" y=\"" << num(kBottom + 16) << "\" text-anchor=\"middle\">" << v
        << "</text>\n";
  for (std::uint32_t v = 0; v <= y.top; v += y.step)
    out << "<text x=\"" << num(kLeft - 6) << "\" y=\"" << num(y.at(v) + 4) << "\" text-anchor=\"end\">" << v
        << "</text>\n";
  out << "</g>\n<rect x=\"" << num(kLeft) << "\" y=\"" << num(kTop) << "\" width=\"" << num(kRight - kLeft)
      << "\" height=\"" << num(kBottom - kTop) << "\" fill=\"none\" stroke=\"#555\"/>\n";
}

/// Bounds drawn as lines get small dots (their values are still there to read); data, larger
/// markers; the hollow rings (the paper's values) are larger still, to ring a dot they agree with.
std::string marker_radius(const ChartSeries& s) { return s.hollow ? "5.5" : s.line ? "1.8" : "3.2"; }

std::string dash(const ChartSeries& s) { return s.dashed ? " stroke-dasharray=\"6 4\"" : ""; }

void write_series(const ChartSeries& s, const Axis& x, const Axis& y, std::ostream& out) {
  out << "<g class=\"series\" id=\"series-" << escape(s.id) << "\">\n<title>" << escape(s.label) << "</title>\n";
  if (s.line && s.points.size() > 1) {
    out << "<polyline fill=\"none\" stroke=\"" << s.colour << "\" stroke-width=\"1.5\"" << dash(s) << " points=\"";
    for (std::size_t i = 0; i < s.points.size(); ++i)
      out << (i == 0 ? "" : " ") << num(x.at(s.points[i].ports)) << ',' << num(y.at(s.points[i].value));
    out << "\"/>\n";
  }
  const std::string radius = marker_radius(s);
  const std::string fill = s.hollow ? "none" : s.colour;
  for (const ChartPoint& p : s.points)
    out << "<circle class=\"point\" data-n=\"" << p.ports << "\" data-value=\"" << p.value << "\" cx=\""
        << num(x.at(p.ports)) << "\" cy=\"" << num(y.at(p.value)) << "\" r=\"" << radius << "\" fill=\"" << fill
        << "\" stroke=\"" << s.colour << "\" stroke-width=\"1.2\"><title>" << escape(p.title) << "</title></circle>\n";
  out << "</g>\n";
}

void write_legend(const Chart& chart, std::ostream& out) {
  out << "<g class=\"legend\" font-size=\"12\" fill=\"#222\">\n";
  double row = kTop + 10;
  for (const ChartSeries& s : chart.series) {
    if (s.line)
      out << "<line x1=\"" << num(kLegendX) << "\" y1=\"" << num(row) << "\" x2=\"" << num(kLegendX + 28) << "\" y2=\""
          << num(row) << "\" stroke=\"" << s.colour << "\" stroke-width=\"1.5\"" << dash(s) << "/>\n";
    out << "<circle cx=\"" << num(kLegendX + 14) << "\" cy=\"" << num(row) << "\" r=\"" << marker_radius(s)
        << "\" fill=\"" << (s.hollow ? "none" : s.colour) << "\" stroke=\"" << s.colour << "\"/>\n";
    out << "<text x=\"" << num(kLegendX + 36) << "\" y=\"" << num(row + 4) << "\">" << escape(s.label) << "</text>\n";
    row += 22;
  }
  out << "</g>\n";
}

}  // namespace

void write_chart_svg(const Chart& chart, std::ostream& out) {
  std::uint32_t largest_n = 1;
  std::uint32_t largest_value = 1;
  for (const ChartSeries& s : chart.series)
    for (const ChartPoint& p : s.points) {
      largest_n = std::max(largest_n, p.ports);
      largest_value = std::max(largest_value, p.value);
    }
  const Axis x = make_axis(largest_n, kLeft, kRight);
  const Axis y = make_axis(largest_value, kBottom, kTop);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(kWidth) << "\" height=\"" << num(kHeight)
      << "\" viewBox=\"0 0 " << num(kWidth) << ' ' << num(kHeight) << "\" font-family=\"sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      << "<text x=\"20\" y=\"26\" font-size=\"15\" font-weight=\"bold\">" << escape(chart.title) << "</text>\n"
      << "<text x=\"20\" y=\"46\" font-size=\"12\" fill=\"#444\">" << escape(chart.subtitle) << "</text>\n";
  write_grid(x, y, out);
  out << "<text x=\"" << num((kLeft + kRight) / 2) << "\" y=\"" << num(kBottom + 38)
      << "\" font-size=\"12\" text-anchor=\"middle\">N (processors)</text>\n"
      << "<text x=\"18\" y=\"" << num((kTop + kBottom) / 2) << "\" font-size=\"12\" text-anchor=\"middle\" "
      << "transform=\"rotate(-90 18 " << num((kTop + kBottom) / 2) << ")\">" << escape(chart.y_label) << "</text>\n";
  for (const ChartSeries& s : chart.series) write_series(s, x, y, out);
  write_legend(chart, out);
  out << "</svg>\n";
}

}  // namespace a2a::tool
