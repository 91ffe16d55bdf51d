#include "plan_printer.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace a2a::tool {
namespace {

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

}  // namespace

void print_plan_table(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  out << name(net.topology) << " network, N = " << net.ports << ", d = " << net.radix << ", " << net.stages
      << " stages of " << net.switches_per_stage() << " switches; " << info.origin << "; " << info.rounds
      << " rounds\n";
  out << "config: W = stage word, its digit s (from the left) the state of every switch of stage s; A = alternating "
         "configuration, switch y of stage s in state (y mod 2) xor digit s; D / Q = doubly / quadruply alternating "
         "configuration A' / A'', (y / 2) mod 2 / (y / 4) mod 2 instead of y mod 2; S = per-switch states, listed "
         "below the row\n";
  out << "cell: destination/tag, the tag being the output port taken at each stage (stage 0 first); idle = no "
         "message\n";
  if (!info.faults.empty()) {
    out << (info.schedule == "fault-tolerant" ? "faulty switches (avoided: relays through a third processor):"
                                              : "faulty switches (marked only):");
    for (const Fault& f : info.faults) out << " stage " << f.stage << " switch " << f.sw << ';';
    out << '\n';
  }
  if (!info.stuck.empty()) {
    out << "stuck switches (used only in their state; the pairs that want the other one are relayed):";
    for (const StuckSwitch& f : info.stuck)
      out << " stage " << f.stage << " switch " << f.sw << (f.state == 0 ? " straight" : " cross") << ';';
    out << '\n';
  }
  if (!info.dead_links.empty()) {
    out << "dead links (avoided: relays through a third processor):";
    for (const DeadLink& l : info.dead_links) out << " behind stage " << l.stage << " terminal " << l.terminal << ';';
    out << '\n';
  }
  if (!info.left_out.empty()) {
    out << "left out (degraded: no fault-free path, no relay): " << info.left_out.size() << " pairs:";
    for (std::size_t k = 0; k < info.left_out.size() && k < 8; ++k)
      out << " (" << info.left_out[k].orig << ", " << info.left_out[k].final << ") " << info.left_out[k].reason << ';';
    if (info.left_out.size() > 8) out << " ... (the dump lists all)";
    out << '\n';
  }
  const std::size_t config_width = std::max<std::size_t>(6, 2 + net.stages);
  const std::size_t cell_width =
      std::max<std::size_t>(std::to_string(net.ports - 1).size() + 1 + net.stages,
                            std::string("port ").size() + std::to_string(net.ports - 1).size());
  out << padded("round", std::to_string(info.rounds).size() + 5) << "  " << padded("config", config_width) << " |";
  for (std::uint32_t i = 0; i < net.ports; ++i) out << ' ' << padded("port " + std::to_string(i), cell_width);
  out << '\n';
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    const PlanRound round = plan.round(r);
    const StatesSummary summary = summarize(net, round.stages);
    std::string config = "S *";
    if (summary.kind == StatesSummary::Kind::stage_word) config = "W " + digits(summary.word, net.radix, net.stages);
    if (summary.kind == StatesSummary::Kind::alternating) config = "A " + digits(summary.word, 2, net.stages);
    if (summary.kind == StatesSummary::Kind::doubly_alternating) config = "D " + digits(summary.word, 2, net.stages);
    if (summary.kind == StatesSummary::Kind::quadruply_alternating) config = "Q " + digits(summary.word, 2, net.stages);
    std::vector<std::string> cells(net.ports, "idle");
    for (const Send& s : round.sends) {
      std::string cell = std::to_string(s.dst) + "/" + digits(s.tag, net.radix, net.stages);
      if (s.orig != s.src || s.final != s.dst)
        cell += " (" + std::to_string(s.orig) + "->" + std::to_string(s.final) + ")";
      cells[s.src] = cells[s.src] == "idle" ? cell : cells[s.src] + "+" + cell;
    }
    out << padded(std::to_string(r), std::to_string(info.rounds).size() + 5) << "  " << padded(config, config_width)
        << " |";
    for (const std::string& cell : cells) out << ' ' << padded(cell, cell_width);
    out << '\n';
    if (summary.kind == StatesSummary::Kind::per_switch)
      out << "        switch states: " << states_text(round.stages) << '\n';
  }
}

}  // namespace a2a::tool
