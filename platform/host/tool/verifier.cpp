#include "verifier.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace a2a::tool {
namespace {

std::string pair_text(std::uint32_t from, std::uint32_t to) {
  return "(" + std::to_string(from) + " -> " + std::to_string(to) + ")";
}

std::string where(std::uint32_t round, std::uint32_t port) {
  return "round " + std::to_string(round) + ", port " + std::to_string(port);
}

class PairBits {
 public:
  explicit PairBits(std::uint32_t ports) : ports_(ports), words_((std::uint64_t{ports} * ports + 63) / 64) {}
  /// Sets the bit of (from, to); returns whether it was already set.
  bool test_and_set(std::uint32_t from, std::uint32_t to) {
    const std::uint64_t bit = std::uint64_t{from} * ports_ + to;
    std::uint64_t& word = words_[static_cast<std::size_t>(bit / 64)];
    const std::uint64_t mask = std::uint64_t{1} << (bit % 64);
    const bool was = (word & mask) != 0;
    word |= mask;
    return was;
  }
  [[nodiscard]] bool test(std::uint32_t from, std::uint32_t to) const {
    const std::uint64_t bit = std::uint64_t{from} * ports_ + to;
    return (words_[static_cast<std::size_t>(bit / 64)] >> (bit % 64) & 1U) != 0;
  }

 private:
  std::uint32_t ports_;
  std::vector<std::uint64_t> words_;
};

}  // namespace

VerifyReport verify_plan(const Plan& plan, SwitchReplay& replay, const ViolationSink& violation,
                         const ProgressSink& progress) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  VerifyReport report;
  report.expected = std::uint64_t{net.ports} * net.ports;
  report.rounds = info.rounds;
  report.delay = info.rounds == 0 ? 0 : info.rounds + net.stages - 1;
  report.optical = info.optical;

  std::vector<char> faulty(std::size_t{net.stages} * net.switches_per_stage(), 0);
  for (const Fault& f : info.faults) faulty[std::size_t{f.stage} * net.switches_per_stage() + f.sw] = 1;

  PairBits delivered(net.ports);
  // Relay arrivals: (orig, final, intermediate processor) -> earliest round the message got there.
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> arrivals;
  std::vector<std::int64_t> output_from(net.ports);
  std::vector<char> port_sent(net.ports);
  std::vector<std::uint32_t> switch_load(faulty.size());

  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    const PlanRound round = plan.round(r);
    replay.configure(net, round.stages);
    std::fill(output_from.begin(), output_from.end(), -1);
    std::fill(port_sent.begin(), port_sent.end(), 0);
    std::fill(switch_load.begin(), switch_load.end(), 0);
    const std::vector<Path> paths = replay.trace_round(round.sends);  // the whole round at once
    for (std::size_t k = 0; k < round.sends.size(); ++k) {
      const Send& send = round.sends[k];
      if (port_sent[send.src]++ != 0) {
        ++report.double_sends;
        violation("port sends twice: " + where(r, send.src) + " sends more than one signal in the round");
      }
      const Path& path = paths[k];
      if (path.destination != send.dst) {
        ++report.wrong_destinations;
        violation("wrong destination: " + where(r, send.src) + ": claimed dst " + std::to_string(send.dst) +
                  " but the switch states route it to " + std::to_string(path.destination));
      }
      if (path.tag != send.tag) {
        ++report.wrong_tags;
        violation("wrong tag: " + where(r, send.src) + ": claimed tag " + digits(send.tag, net.radix, net.stages) +
                  " but the route takes output ports " + digits(path.tag, net.radix, net.stages));
      }
      // An output >= N is no processor (the shift network's unused last-stage outputs):
      // the wrong destination is reported above and the message is lost there.
      std::int64_t* owner = path.destination < net.ports ? &output_from[path.destination] : nullptr;
      if (owner != nullptr && *owner >= 0) {
        ++report.output_conflicts;
        violation("output conflict: " + where(r, send.src) + ": output " + std::to_string(path.destination) +
                  " is already reached by port " + std::to_string(*owner) + " in this round");
      } else if (owner != nullptr) {
        *owner = send.src;
      }
      bool crosses_fault = false;
      for (std::uint32_t s = 0; s < net.stages; ++s) {
        const std::size_t index = std::size_t{s} * net.switches_per_stage() + path.hops[s].switch_index;
        ++switch_load[index];
        if (faulty[index] != 0 && !crosses_fault) {
          crosses_fault = true;
          ++report.fault_crossings;
          violation("fault crossing: " + where(r, send.src) + ": message " + pair_text(send.orig, send.final) +
                    " crosses faulty switch " + std::to_string(path.hops[s].switch_index) + " of stage " +
                    std::to_string(s));
        }
      }
      if (crosses_fault) continue;  // the message is lost there
      if (send.src != send.orig) {  // a relay hop out of an intermediate processor
        const auto in = arrivals.find({send.orig, send.final, send.src});
        if (in == arrivals.end() || in->second >= r) {
          ++report.relay_order_errors;
          violation("relay order: " + where(r, send.src) + ": relays message " + pair_text(send.orig, send.final) +
                    (in == arrivals.end() ? " that never reached processor " + std::to_string(send.src)
                                          : " that reaches processor " + std::to_string(send.src) + " only in round " +
                                                std::to_string(in->second)));
        }
      }
      if (path.destination == send.final) {
        if (delivered.test_and_set(send.orig, send.final)) {
          ++report.duplicates;
          violation("duplicate: " + where(r, send.src) + ": pair " + pair_text(send.orig, send.final) +
                    " is delivered again");
        } else {
          ++report.delivered;
        }
      } else {
        auto [it, fresh] = arrivals.try_emplace({send.orig, send.final, path.destination}, r);
        if (!fresh && r < it->second) it->second = r;
      }
    }
    if (info.optical) {
      for (std::size_t index = 0; index < switch_load.size(); ++index) {
        if (switch_load[index] < 2) continue;
        ++report.crosstalk;
        violation("crosstalk: round " + std::to_string(r) + ": switch " +
                  std::to_string(index % net.switches_per_stage()) + " of stage " +
                  std::to_string(index / net.switches_per_stage()) + " carries " + std::to_string(switch_load[index]) +
                  " signals in an optical network");
      }
    }
    if (progress) progress(r + 1, info.rounds);
  }
  for (std::uint32_t from = 0; from < net.ports; ++from) {
    for (std::uint32_t to = 0; to < net.ports; ++to) {
      if (delivered.test(from, to)) continue;
      ++report.missing;
      violation("missing: pair " + pair_text(from, to) + " is never delivered");
    }
  }
  return report;
}

std::string summary_line(const VerifyReport& report) {
  std::string line = "pairs delivered " + std::to_string(report.delivered) + "/" + std::to_string(report.expected) +
                     ", missing " + std::to_string(report.missing) + ", duplicates " +
                     std::to_string(report.duplicates) + ", rounds " + std::to_string(report.rounds) +
                     ", communication delay " + std::to_string(report.delay) + ", crosstalk " +
                     (report.optical ? std::to_string(report.crosstalk) : std::string("not checked (not optical)")) +
                     ", fault crossings " + std::to_string(report.fault_crossings) + ", relay-order errors " +
                     std::to_string(report.relay_order_errors);
  // Rare kinds only when they occur, to keep the usual line short.
  const std::pair<const char*, std::uint64_t> extra[] = {{"wrong destinations", report.wrong_destinations},
                                                         {"wrong tags", report.wrong_tags},
                                                         {"output conflicts", report.output_conflicts},
                                                         {"double sends", report.double_sends}};
  for (const auto& [label, count] : extra)
    if (count != 0) line += std::string(", ") + label + " " + std::to_string(count);
  return line;
}

}  // namespace a2a::tool
