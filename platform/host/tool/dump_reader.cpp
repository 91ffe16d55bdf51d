#include "dump_reader.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "tool_error.hpp"

namespace a2a::tool {
namespace {

using nlohmann::json;

/// Builds "<source>: <field>: <problem>" messages while walking the document.
class Checker {
 public:
  explicit Checker(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw UsageError(source_ + ": " + (field.empty() ? "" : field + ": ") + problem);
  }

  const json& member(const json& object, const std::string& field, const std::string& key) const {
    const std::string where = field.empty() ? key : field + "." + key;
    if (!object.is_object()) fail(field, "must be a JSON object");
    const auto it = object.find(key);
    if (it == object.end()) fail(where, "missing");
    return *it;
  }

  std::uint32_t whole(const json& value, const std::string& field, std::uint64_t limit,
                      const std::string& limit_text) const {
    if (!value.is_number_integer()) fail(field, "must be a whole number, got " + value.dump());
    if (value.is_number_integer() && !value.is_number_unsigned())
      fail(field, "must not be negative, got " + value.dump());
    const std::uint64_t v = value.get<std::uint64_t>();
    if (v >= limit) fail(field, std::to_string(v) + " is out of range (" + limit_text + ")");
    return static_cast<std::uint32_t>(v);
  }

  std::uint32_t whole_member(const json& object, const std::string& field, const std::string& key, std::uint64_t limit,
                             const std::string& limit_text) const {
    const std::string where = field.empty() ? key : field + "." + key;
    return whole(member(object, field, key), where, limit, limit_text);
  }

  const json& array(const json& value, const std::string& field) const {
    if (!value.is_array()) fail(field, "must be a JSON array");
    return value;
  }

 private:
  std::string source_;
};

Network read_network(const Checker& c, const json& doc) {
  const json& topology_value = c.member(doc, "", "topology");
  if (!topology_value.is_string()) c.fail("topology", "must be a string");
  const std::string topology_text = topology_value.get<std::string>();
  const auto topology = parse_topology(topology_text);
  if (!topology) c.fail("topology", "unknown topology '" + topology_text + "'");
  const std::uint32_t ports = c.whole_member(doc, "", "ports", kToolMaxPorts + 1ULL,
                                             "the tool handles at most " + std::to_string(kToolMaxPorts) + " ports");
  const std::uint32_t radix = c.whole_member(doc, "", "radix", kMaxRadix + 1ULL, "at most 16");
  const auto net = make_network(*topology, ports, radix);
  if (!net)
    c.fail("", "no " + topology_text + " network with ports " + std::to_string(ports) + ", radix " +
                   std::to_string(radix) + ": " + std::string(describe(net.error())));
  const std::uint32_t stages = c.whole_member(doc, "", "stages", kMaxStages + 1ULL, "at most 16");
  if (stages != net->stages)
    c.fail("stages", std::to_string(stages) + " does not match the network (" + topology_text +
                         " with N = " + std::to_string(ports) + " has " + std::to_string(net->stages) + " stages)");
  return *net;
}

std::vector<Fault> read_faults(const Checker& c, const json& doc, const Network& net) {
  std::vector<Fault> faults;
  const json& list = c.array(c.member(doc, "", "faults"), "faults");
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string field = "faults[" + std::to_string(k) + "]";
    if (!list[k].is_array() || list[k].size() != 2) c.fail(field, "must be a pair [stage, switch]");
    faults.push_back(
        Fault{c.whole(list[k][0], field + "[0]", net.stages, "stage < " + std::to_string(net.stages)),
              c.whole(list[k][1], field + "[1]", net.switches_per_stage(),
                      "switch < " + std::to_string(net.switches_per_stage()) + ", the switches a stage has")});
  }
  return faults;
}

/// "fault_links" (optional): dead links [stage, terminal], stage < n - 1, terminal < N.
std::vector<DeadLink> read_dead_links(const Checker& c, const json& doc, const Network& net) {
  std::vector<DeadLink> links;
  if (!doc.contains("fault_links")) return links;
  const json& list = c.array(doc["fault_links"], "fault_links");
  const std::uint32_t link_stages = net.stages - 1;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string field = "fault_links[" + std::to_string(k) + "]";
    if (!list[k].is_array() || list[k].size() != 2) c.fail(field, "must be a pair [stage, terminal]");
    links.push_back(
        DeadLink{c.whole(list[k][0], field + "[0]", link_stages,
                         "stage < " + std::to_string(link_stages) + ": a link leaves stages 0 .. n-2"),
                 c.whole(list[k][1], field + "[1]", net.ports, "terminal < N = " + std::to_string(net.ports))});
  }
  return links;
}

/// "stuck_faults" (optional): switches [stage, switch, state] stuck in a state < d; a
/// switch at most once, and not also in "faults".
std::vector<StuckSwitch> read_stuck(const Checker& c, const json& doc, const Network& net,
                                    const std::vector<Fault>& dead) {
  std::vector<StuckSwitch> stuck;
  if (!doc.contains("stuck_faults")) return stuck;
  const json& list = c.array(doc["stuck_faults"], "stuck_faults");
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string field = "stuck_faults[" + std::to_string(k) + "]";
    if (!list[k].is_array() || list[k].size() != 3) c.fail(field, "must be a triple [stage, switch, state]");
    const StuckSwitch s{c.whole(list[k][0], field + "[0]", net.stages, "stage < " + std::to_string(net.stages)),
                        c.whole(list[k][1], field + "[1]", net.switches_per_stage(),
                                "switch < " + std::to_string(net.switches_per_stage()) + ", the switches a stage has"),
                        c.whole(list[k][2], field + "[2]", net.radix, "state < d = " + std::to_string(net.radix))};
    for (const StuckSwitch& other : stuck)
      if (other.stage == s.stage && other.sw == s.sw) c.fail(field, "the switch is listed stuck twice");
    for (const Fault& f : dead)
      if (f.stage == s.stage && f.sw == s.sw)
        c.fail(field, "the switch is also in \"faults\" (dead or stuck, not both)");
    stuck.push_back(s);
  }
  return stuck;
}

/// "left_out" (optional, degraded dumps): [orig, final, reason] for each pair not delivered.
std::vector<LeftOutPair> read_left_out(const Checker& c, const json& doc, const Network& net) {
  std::vector<LeftOutPair> pairs;
  if (!doc.contains("left_out")) return pairs;
  const json& list = c.array(doc["left_out"], "left_out");
  const std::string port_text = "N = " + std::to_string(net.ports);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string field = "left_out[" + std::to_string(k) + "]";
    if (!list[k].is_array() || list[k].size() != 3 || !list[k][2].is_string())
      c.fail(field, "must be [orig, final, reason]");
    pairs.push_back(LeftOutPair{c.whole(list[k][0], field + "[0]", net.ports, port_text),
                                c.whole(list[k][1], field + "[1]", net.ports, port_text),
                                list[k][2].get<std::string>()});
  }
  return pairs;
}

PlanRound read_round(const Checker& c, const json& round, const std::string& field, const Network& net) {
  PlanRound out;
  const std::string stages_field = field + ".stages";
  const json& stages = c.array(c.member(round, field, "stages"), stages_field);
  if (stages.size() != net.stages)
    c.fail(stages_field,
           "has " + std::to_string(stages.size()) + " stages, the network has " + std::to_string(net.stages));
  const std::string radix_text = "a state must be < d = " + std::to_string(net.radix);
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const std::string stage_field = stages_field + "[" + std::to_string(s) + "]";
    const json& states = c.array(stages[s], stage_field);
    if (states.size() != net.switches_per_stage())
      c.fail(stage_field, "has " + std::to_string(states.size()) + " switch states, a stage has " +
                              std::to_string(net.switches_per_stage()) + " switches" +
                              (net.switches_per_stage() == net.ports / net.radix
                                   ? std::string(" (N/d)")
                                   : " (N in the " + std::string(name(net.topology)) + " network)"));
    std::vector<std::uint32_t> row;
    row.reserve(states.size());
    for (std::size_t y = 0; y < states.size(); ++y)
      row.push_back(c.whole(states[y], stage_field + "[" + std::to_string(y) + "]", net.radix, radix_text));
    out.stages.push_back(std::move(row));
  }
  const std::string sends_field = field + ".sends";
  const json& sends = c.array(c.member(round, field, "sends"), sends_field);
  const std::string port_text = "N = " + std::to_string(net.ports);
  const std::string tag_text = "a tag has " + std::to_string(net.stages) + " base-" + std::to_string(net.radix) +
                               " digits, so it is < " + std::to_string(net.stage_words());
  out.sends.reserve(sends.size());
  for (std::size_t k = 0; k < sends.size(); ++k) {
    const std::string f = sends_field + "[" + std::to_string(k) + "]";
    const json& send = sends[k];
    Send s;
    s.src = c.whole_member(send, f, "src", net.ports, port_text);
    s.dst = c.whole_member(send, f, "dst", net.ports, port_text);
    s.tag = c.whole_member(send, f, "tag", net.stage_words(), tag_text);
    s.orig = c.whole_member(send, f, "orig", net.ports, port_text);
    s.final = c.whole_member(send, f, "final", net.ports, port_text);
    out.sends.push_back(s);
  }
  return out;
}

}  // namespace

std::unique_ptr<Plan> read_dump(std::istream& in, const std::string& source_name) {
  const Checker c(source_name);
  json doc;
  try {
    doc = json::parse(in);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large (e.g. 1e99999)
    c.fail("", std::string("not valid JSON: ") + e.what());
  }
  if (!doc.is_object()) c.fail("", "a dump must be a JSON object");
  PlanInfo info;
  info.net = read_network(c, doc);
  const json& schedule = c.member(doc, "", "schedule");
  if (!schedule.is_string()) c.fail("schedule", "must be a string");
  info.schedule = schedule.get<std::string>();
  info.origin = "dump " + source_name + " (schedule " + info.schedule + ")";
  if (const auto source = doc.find("schedule_source"); source != doc.end()) {
    if (!source->is_string()) c.fail("schedule_source", "must be a string");
    info.schedule_source = source->get<std::string>();
  }
  info.faults = read_faults(c, doc, info.net);
  info.dead_links = read_dead_links(c, doc, info.net);
  info.stuck = read_stuck(c, doc, info.net, info.faults);
  info.left_out = read_left_out(c, doc, info.net);
  const json& optical = c.member(doc, "", "optical");
  if (!optical.is_boolean()) c.fail("optical", "must be true or false");
  info.optical = optical.get<bool>();
  const json& rounds = c.array(c.member(doc, "", "rounds"), "rounds");
  std::vector<PlanRound> plan_rounds;
  plan_rounds.reserve(rounds.size());
  for (std::size_t r = 0; r < rounds.size(); ++r)
    plan_rounds.push_back(read_round(c, rounds[r], "rounds[" + std::to_string(r) + "]", info.net));
  return make_stored_plan(std::move(info), std::move(plan_rounds));
}

std::unique_ptr<Plan> read_dump_file(const std::string& path) {
  if (path == "-") return read_dump(std::cin, "<stdin>");
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) throw UsageError("'" + path + "' is a directory, not a dump file");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw UsageError("cannot read dump file '" + path + "'");
  return read_dump(file, path);
}

}  // namespace a2a::tool
