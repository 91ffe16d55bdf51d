#include "dump_writer.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace a2a::tool {

void write_json_dump(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  // The schedule name may come from a dump read back (--input), so it is escaped as JSON.
  out << "{\"topology\": \"" << name(net.topology) << "\", \"ports\": " << net.ports << ", \"radix\": " << net.radix
      << ", \"stages\": " << net.stages << ", \"schedule\": " << nlohmann::json(info.schedule).dump();
  if (!info.schedule_source.empty()) out << ",\n \"schedule_source\": " << nlohmann::json(info.schedule_source).dump();
  out << ",\n \"faults\": [";
  for (std::size_t k = 0; k < info.faults.size(); ++k)
    out << (k == 0 ? "" : ", ") << '[' << info.faults[k].stage << ", " << info.faults[k].sw << ']';
  out << ']';
  // Written only when there are some: dumps without them stay as they were.
  if (!info.dead_links.empty()) {
    out << ",\n \"fault_links\": [";
    for (std::size_t k = 0; k < info.dead_links.size(); ++k)
      out << (k == 0 ? "" : ", ") << '[' << info.dead_links[k].stage << ", " << info.dead_links[k].terminal << ']';
    out << ']';
  }
  if (!info.stuck.empty()) {
    out << ",\n \"stuck_faults\": [";
    for (std::size_t k = 0; k < info.stuck.size(); ++k)
      out << (k == 0 ? "" : ", ") << '[' << info.stuck[k].stage << ", " << info.stuck[k].sw << ", "
          << info.stuck[k].state << ']';
    out << ']';
  }
  if (!info.left_out.empty()) {
    out << ",\n \"left_out\": [";
    for (std::size_t k = 0; k < info.left_out.size(); ++k)
      out << (k == 0 ? "\n  " : ",\n  ") << '[' << info.left_out[k].orig << ", " << info.left_out[k].final << ", "
          << nlohmann::json(info.left_out[k].reason).dump() << ']';
    out << ']';
  }
  out << ",\n \"optical\": " << (info.optical ? "true" : "false") << ",\n \"rounds\": [";
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    const PlanRound round = plan.round(r);
    out << (r == 0 ? "\n" : ",\n") << "  {\"stages\": [";
    for (std::size_t s = 0; s < round.stages.size(); ++s) {
      out << (s == 0 ? "[" : ", [");
      for (std::size_t y = 0; y < round.stages[s].size(); ++y) out << (y == 0 ? "" : ",") << round.stages[s][y];
      out << ']';
    }
    out << "],\n   \"sends\": [";
    for (std::size_t k = 0; k < round.sends.size(); ++k) {
      const Send& s = round.sends[k];
      out << (k == 0 ? "\n    " : ",\n    ") << "{\"src\": " << s.src << ", \"dst\": " << s.dst
          << ", \"tag\": " << s.tag << ", \"orig\": " << s.orig << ", \"final\": " << s.final << '}';
    }
    out << "]}";
  }
  out << "\n ]}\n";
}

void write_csv_dump(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  out << "round,port,sends,dst,tag,orig,final,control,word,states\n";
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    const PlanRound round = plan.round(r);
    const StatesSummary summary = summarize(net, round.stages);
    // The word column: the stage word or alternating configuration, empty when per switch.
    const std::string word = summary.kind == StatesSummary::Kind::per_switch
                                 ? std::string()
                                 : digits(summary.word, summary.alternating_pattern() ? 2 : net.radix, net.stages);
    const char* control = summary.kind == StatesSummary::Kind::stage_word              ? "stage"
                          : summary.kind == StatesSummary::Kind::alternating           ? "alternating"
                          : summary.kind == StatesSummary::Kind::doubly_alternating    ? "doubly-alternating"
                          : summary.kind == StatesSummary::Kind::quadruply_alternating ? "quadruply-alternating"
                                                                                       : "switch";
    const std::string states = states_text(round.stages);
    std::vector<Send> sends = round.sends;  // in port order, as the rows are
    std::stable_sort(sends.begin(), sends.end(), [](const Send& a, const Send& b) { return a.src < b.src; });
    std::size_t next = 0;
    for (std::uint32_t port = 0; port < net.ports; ++port) {
      if (next == sends.size() || sends[next].src != port)
        out << r << ',' << port << ",0,,,,," << control << ',' << word << ',' << states << '\n';
      for (; next < sends.size() && sends[next].src == port; ++next) {  // more than one only in a bad plan
        const Send& s = sends[next];
        out << r << ',' << port << ",1," << s.dst << ',' << s.tag << ',' << s.orig << ',' << s.final << ',' << control
            << ',' << word << ',' << states << '\n';
      }
    }
  }
}

}  // namespace a2a::tool
