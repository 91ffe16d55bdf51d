#include "svg_render.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tool_error.hpp"

#include "svg_text.hpp"

namespace a2a::tool {
namespace {

using svg::escape;
using svg::num;

double utf8_length(const std::string& text) {
  double count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
  return count;
}

/// Distinct colours for neighbouring messages: hues a golden angle apart.
std::string colour(std::uint32_t index) {
  const double hue = static_cast<double>((index * 137508U) % 360000U) / 1000.0;
  return "hsl(" + num(hue) + ",80%," + (index % 2 == 0 ? "38%" : "46%") + ")";
}

/// Geometry of one round's drawing (a panel), relative to its top-left corner.
class Layout {
 public:
  explicit Layout(const Network& net) : net_(net), terminals_(net.switches_per_stage() * net.radix) {
    // The fixed wiring in each gap: gap 0 is before stage 0 (from the N processors), gap n
    // after stage n-1 (to the N processors; kNowhere: an output no processor reads).
    for (std::uint32_t g = 0; g <= net.stages; ++g) {
      std::vector<std::uint32_t> perm(column(g));
      bool identity = true;
      for (std::uint32_t t = 0; t < column(g); ++t) {
        std::uint32_t u = t;
        if (g > 0) u = wiring::after_stage(net, g - 1, u);
        if (g < net.stages) u = wiring::before_stage(net, g, u);
        if (g == net.stages && u >= net.ports) u = kNowhere;
        perm[t] = u;
        identity = identity && (u == kNowhere || right_row(g, u) == left_row(g, t));
      }
      gap_width_.push_back(identity ? 34.0 : std::clamp(40.0 + 3.0 * net.ports, 90.0, 200.0));
      gaps_.push_back(std::move(perm));
    }
    double x = kLabelWidth;
    for (std::uint32_t g = 0; g <= net.stages; ++g) {
      gap_x_.push_back(x);
      x += gap_width_[g] + (g < net.stages ? kBoxWidth : 0.0);
    }
    width_ = x + kLabelWidth;
    height_ = y(terminals_ - 1) + kPitch / 2 + 14;
  }

  static constexpr std::uint32_t kNowhere = ~std::uint32_t{0};

  static constexpr double kPitch = 22;
  static constexpr double kSwitchGap = 10;
  static constexpr double kBoxWidth = 44;
  static constexpr double kLabelWidth = 104;
  static constexpr double kTop = 50;  // panel heading and stage headers

  [[nodiscard]] double y(std::uint32_t terminal) const {
    return kTop + kPitch / 2 + terminal * kPitch + (terminal / net_.radix) * kSwitchGap;
  }
  [[nodiscard]] double gap_left(std::uint32_t g) const { return gap_x_[g]; }
  [[nodiscard]] double gap_right(std::uint32_t g) const { return gap_x_[g] + gap_width_[g]; }
  [[nodiscard]] double box_left(std::uint32_t s) const { return gap_right(s); }
  [[nodiscard]] double box_right(std::uint32_t s) const { return gap_right(s) + kBoxWidth; }
  [[nodiscard]] std::uint32_t wired(std::uint32_t g, std::uint32_t t) const { return gaps_[g][t]; }
  /// The row of processor i at either edge: i, or 2i where a column has 2N terminals (the
  /// shift network: processor i at port 0 of switch i).
  [[nodiscard]] std::uint32_t edge(std::uint32_t processor) const { return processor * (terminals_ / net_.ports); }
  /// Sources of gap g: the processors for gap 0, a column of switch terminals otherwise.
  [[nodiscard]] std::uint32_t column(std::uint32_t g) const { return g == 0 ? net_.ports : terminals_; }
  /// Row of source t on the left of gap g and of target u on its right.
  [[nodiscard]] std::uint32_t left_row(std::uint32_t g, std::uint32_t t) const { return g == 0 ? edge(t) : t; }
  [[nodiscard]] std::uint32_t right_row(std::uint32_t g, std::uint32_t u) const {
    return g == net_.stages ? edge(u) : u;
  }
  [[nodiscard]] double width() const { return width_; }
  [[nodiscard]] double height() const { return height_; }

 private:
  Network net_;
  std::uint32_t terminals_;  // per column: N, or 2N in the shift network
  std::vector<std::vector<std::uint32_t>> gaps_;
  std::vector<double> gap_width_;
  std::vector<double> gap_x_;
  double width_{0};
  double height_{0};
};

class PanelWriter {
 public:
  PanelWriter(std::ostream& out, const Layout& layout, const PlanInfo& info, double ox, double oy)
      : out_(out), layout_(layout), info_(info), net_(info.net), ox_(ox), oy_(oy) {}

  void draw(std::uint32_t r, const PlanRound& round, SwitchReplay& replay) {
    const StatesSummary summary = summarize(net_, round.stages);
    out_ << "<g id=\"round-" << r << "\">\n";
    text(8, 18,
         "round " + std::to_string(r) + " of " + std::to_string(info_.rounds) + " \u00b7 " + describe(net_, summary),
         "heading");
    wiring();
    switches(round);
    messages(round, replay);
    out_ << "</g>\n";
  }

 private:
  void text(double x, double y, const std::string& content, const char* cls, const std::string& fill = "") {
    out_ << "<text class=\"" << cls << "\" x=\"" << num(ox_ + x) << "\" y=\"" << num(oy_ + y) << '"';
    if (!fill.empty()) out_ << " fill=\"" << fill << '"';
    out_ << '>' << escape(content) << "</text>\n";
  }
  void line(double x1, double y1, double x2, double y2, const char* cls) {
    out_ << "<line class=\"" << cls << "\" x1=\"" << num(ox_ + x1) << "\" y1=\"" << num(oy_ + y1) << "\" x2=\""
         << num(ox_ + x2) << "\" y2=\"" << num(oy_ + y2) << "\"/>\n";
  }

  void wiring() {
    for (std::uint32_t g = 0; g <= net_.stages; ++g)
      for (std::uint32_t t = 0; t < layout_.column(g); ++t) {
        const std::uint32_t u = layout_.wired(g, t);
        if (u == Layout::kNowhere) continue;  // an unused output (shift network)
        line(layout_.gap_left(g), layout_.y(layout_.left_row(g, t)), layout_.gap_right(g),
             layout_.y(layout_.right_row(g, u)), "wire");
      }
    for (std::uint32_t t = 0; t < net_.ports; ++t) {
      out_ << "<circle class=\"terminal\" cx=\"" << num(ox_ + layout_.gap_left(0)) << "\" cy=\""
           << num(oy_ + layout_.y(layout_.edge(t))) << "\" r=\"2.5\"/>\n";
      out_ << "<circle class=\"terminal\" cx=\"" << num(ox_ + layout_.gap_right(net_.stages)) << "\" cy=\""
           << num(oy_ + layout_.y(layout_.edge(t))) << "\" r=\"2.5\"/>\n";
    }
  }

  [[nodiscard]] bool faulty(std::uint32_t s, std::uint32_t y) const {
    return std::any_of(info_.faults.begin(), info_.faults.end(),
                       [&](const Fault& f) { return f.stage == s && f.sw == y; });
  }

  void switches(const PlanRound& round) {
    const double half = Layout::kPitch / 2 - 2;
    for (std::uint32_t s = 0; s < net_.stages; ++s) {
      const double left = layout_.box_left(s);
      const double right = layout_.box_right(s);
      text((left + right) / 2, 40, "stage " + std::to_string(s), "stage");
      for (std::uint32_t y = 0; y < net_.switches_per_stage(); ++y) {
        const double top = layout_.y(y * net_.radix) - half;
        const double bottom = layout_.y(y * net_.radix + net_.radix - 1) + half;
        const bool bad = faulty(s, y);
        out_ << "<rect class=\"" << (bad ? "switch faulty" : "switch") << "\" x=\"" << num(ox_ + left) << "\" y=\""
             << num(oy_ + top) << "\" width=\"" << num(right - left) << "\" height=\"" << num(bottom - top)
             << "\" rx=\"3\"><title>stage " << s << ", switch " << y << ", state " << round.stages[s][y]
             << (bad ? " (faulty)" : "") << "</title></rect>\n";
        const std::uint32_t k = round.stages[s][y];
        for (std::uint32_t u = 0; u < net_.radix; ++u)
          line(left, layout_.y(y * net_.radix + u), right, layout_.y(y * net_.radix + (u + k) % net_.radix), "state");
        if (net_.radix > 2) text((left + right) / 2, top + 11, "+" + std::to_string(k), "kshift");
        if (bad) text((left + right) / 2, top - 2, "faulty", "fault");
      }
    }
  }

  void messages(const PlanRound& round, SwitchReplay& replay) {
    replay.configure(net_, round.stages);
    std::vector<char> sending(net_.ports, 0);
    std::vector<std::string> arrivals(net_.ports);
    const std::vector<Path> paths = replay.trace_round(round.sends);
    for (std::size_t k = 0; k < round.sends.size(); ++k) {
      const Send& send = round.sends[k];
      const Path& path = paths[k];
      sending[send.src] = 1;
      const std::string fill = colour(send.src);
      out_ << "<polyline class=\"path\" stroke=\"" << fill << "\" points=\"";
      auto point = [&](double x, double y) { out_ << num(ox_ + x) << ',' << num(oy_ + y) << ' '; };
      point(layout_.gap_left(0), layout_.y(layout_.edge(send.src)));
      for (std::uint32_t s = 0; s < net_.stages; ++s) {
        const Hop& hop = path.hops[s];
        point(layout_.box_left(s), layout_.y(hop.switch_index * net_.radix + hop.in_port));
        point(layout_.box_right(s), layout_.y(hop.switch_index * net_.radix + hop.out_port));
      }
      const bool arrives = path.destination < net_.ports;  // else: an unused output (shift network)
      if (arrives) point(layout_.gap_right(net_.stages), layout_.y(layout_.edge(path.destination)));
      out_ << "\"><title>" << send.src << " to " << send.dst << ", tag " << digits(send.tag, net_.radix, net_.stages)
           << "</title></polyline>\n";
      std::string label = std::to_string(send.src) + " \u2192 " + std::to_string(send.dst);
      if (send.orig != send.src || send.final != send.dst)
        label += " (" + std::to_string(send.orig) + "\u2192" + std::to_string(send.final) + ")";
      text(layout_.gap_left(0) - 8, layout_.y(layout_.edge(send.src)) + 4, label, "source", fill);
      if (!arrives) continue;
      std::string& arrival = arrivals[path.destination];
      arrival += (arrival.empty() ? std::to_string(path.destination) + " \u2190 " : ", ") + std::to_string(send.src);
    }
    for (std::uint32_t t = 0; t < net_.ports; ++t) {
      const double row = layout_.y(layout_.edge(t));
      if (sending[t] == 0) text(layout_.gap_left(0) - 8, row + 4, std::to_string(t) + " idle", "source idle");
      text(layout_.gap_right(net_.stages) + 8, row + 4, arrivals[t].empty() ? std::to_string(t) : arrivals[t],
           arrivals[t].empty() ? "sink idle" : "sink");
    }
  }

  std::ostream& out_;
  const Layout& layout_;
  const PlanInfo& info_;
  Network net_;
  double ox_;
  double oy_;
};

constexpr const char* kStyle =
    "<style>\n"
    "  text { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 12px; fill: #222; }\n"
    "  .title { font-size: 16px; font-weight: bold; }\n"
    "  .subtitle { font-size: 13px; fill: #444; }\n"
    "  .heading { font-size: 13px; font-weight: bold; }\n"
    "  .stage { text-anchor: middle; fill: #555; }\n"
    "  .kshift { text-anchor: middle; font-size: 10px; fill: #444; }\n"
    "  .fault { text-anchor: middle; font-size: 10px; font-weight: bold; fill: #c00; }\n"
    "  .source { text-anchor: end; font-weight: bold; }\n"
    "  .sink { font-weight: bold; }\n"
    "  .idle { fill: #999; font-weight: normal; }\n"
    "  .legend { font-size: 11px; fill: #555; }\n"
    "  .wire { stroke: #c8c8c8; stroke-width: 1; }\n"
    "  .state { stroke: #999; stroke-width: 1.2; }\n"
    "  .terminal { fill: #888; }\n"
    "  .switch { fill: #f4f6fa; stroke: #445; stroke-width: 1.2; }\n"
    "  .switch.faulty { fill: url(#hatch); stroke: #c00; stroke-width: 2.5; }\n"
    "  .path { fill: none; stroke-width: 2.6; stroke-linejoin: round; stroke-linecap: round; opacity: 0.9; }\n"
    "</style>\n"
    "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
    "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fde8e8\"/>"
    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#e06060\" stroke-width=\"2\"/></pattern></defs>\n";

}  // namespace

void render_svg(const Plan& plan, std::optional<std::uint32_t> round, SwitchReplay& replay, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  if (net.ports > (round ? kRenderMaxPorts : kRenderAllMaxPorts))
    throw UsageError("N = " + std::to_string(net.ports) + " is too large to draw legibly (at most " +
                     std::to_string(round ? kRenderMaxPorts : kRenderAllMaxPorts) + " ports" +
                     (round ? "" : " with --all; draw single rounds with --round") + ")");
  if (info.rounds == 0) throw UsageError("the schedule has no rounds to draw");
  if (round && *round >= info.rounds)
    throw UsageError("--round " + std::to_string(*round) + " is out of range (the schedule has " +
                     std::to_string(info.rounds) + " rounds, 0.." + std::to_string(info.rounds - 1) + ")");
  const Layout layout(net);
  const std::uint32_t panels = round ? 1 : info.rounds;
  const std::uint32_t columns = std::min<std::uint32_t>(panels, 4);
  const std::uint32_t rows = (panels + columns - 1) / columns;
  std::string title = std::string(name(net.topology)) + " network, N = " + std::to_string(net.ports) +
                      ", d = " + std::to_string(net.radix) + ", " + std::to_string(net.stages) + " stages";
  std::string subtitle = info.origin;
  if (!info.faults.empty()) subtitle += " \u00b7 " + std::to_string(info.faults.size()) + " faulty switch(es) marked";
  const std::string legend =
      net.radix == 2 ? "inside each switch: straight (=) or cross (X) connections; coloured lines: one message each, "
                       "labelled source \u2192 destination; hatched red: faulty switch"
                     : "inside each switch: its k-shift connections and +k; coloured lines: one message each, labelled "
                       "source \u2192 destination; hatched red: faulty switch";
  constexpr double kTitle = 52;
  constexpr double kLegend = 28;
  // Text widths are estimated (about 0.58 em per character), so that the title and legend are never cut off.
  const double text_width =
      std::max({utf8_length(title) * 9.4, utf8_length(subtitle) * 7.4, utf8_length(legend) * 6.4}) + 20;
  const double width = std::max(columns * layout.width(), text_width);
  const double height = kTitle + rows * layout.height() + kLegend;

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
      << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height) << "\">\n"
      << kStyle << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out << "<text class=\"title\" x=\"10\" y=\"22\">" << escape(title) << "</text>\n";
  out << "<text class=\"subtitle\" x=\"10\" y=\"40\">" << escape(subtitle) << "</text>\n";
  for (std::uint32_t p = 0; p < panels; ++p) {
    const std::uint32_t r = round ? *round : p;
    PanelWriter panel(out, layout, info, (p % columns) * layout.width(), kTitle + (p / columns) * layout.height());
    panel.draw(r, plan.round(r), replay);
  }
  out << "<text class=\"legend\" x=\"10\" y=\"" << num(height - 10) << "\">" << escape(legend) << "</text>\n";
  out << "</svg>\n";
}

}  // namespace a2a::tool
