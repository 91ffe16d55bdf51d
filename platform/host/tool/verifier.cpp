#include "verifier.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace a2a::tool {
namespace {

std::string pair_text(std::uint32_t from, std::uint32_t to) {
  return "(" + std::to_string(from) + " -> " + std::to_string(to) + ")";
}

std::string where(std::uint32_t round, std::uint32_t port) {
  return "round " + std::to_string(round) + ", port " + std::to_string(port);
}

/// The relay stores, for DeliveryLedger: which processor holds each stored message
/// (the core's StoreBits only knows that one does), so that a hop out must leave the
/// processor the message reached; and where each message left a store, for the report.
class HolderStore {
 public:
  [[nodiscard]] bool holds(std::uint64_t message) const { return holder_.count(message) != 0; }
  void put(std::uint64_t message, std::uint32_t relay) { holder_.emplace(message, relay); }
  bool take(std::uint64_t message, std::uint32_t relay) {
    const auto it = holder_.find(message);
    if (it == holder_.end() || it->second != relay) return false;
    holder_.erase(it);
    left_.emplace(message, relay);
    return true;
  }
  [[nodiscard]] bool left(std::uint64_t message, std::uint32_t relay) const {
    const auto [first, last] = left_.equal_range(message);
    return std::any_of(first, last, [&](const auto& entry) { return entry.second == relay; });
  }

 private:
  std::unordered_map<std::uint64_t, std::uint32_t> holder_;
  std::unordered_multimap<std::uint64_t, std::uint32_t> left_;
};

/// A hop into a store in the round at hand: put there once the round is over.
struct Arrival {
  std::uint32_t orig, final, relay;
};

}  // namespace

VerifyReport verify_plan(const Plan& plan, SwitchReplay& replay, const ViolationSink& violation,
                         const ProgressSink& progress) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  VerifyReport report;
  DeliveryTally& tally = report.tally;
  report.expected = std::uint64_t{net.ports} * net.ports;
  report.rounds = info.rounds;
  report.delay = info.rounds == 0 ? 0 : info.rounds + net.stages - 1;
  report.optical = info.optical;

  std::vector<char> faulty(std::size_t{net.stages} * net.switches_per_stage(), 0);
  for (const Fault& f : info.faults) faulty[std::size_t{f.stage} * net.switches_per_stage() + f.sw] = 1;

  std::vector<std::uint32_t> delivered(pair_bitmap_words(net.ports));
  DeliveryLedger<HolderStore> ledger(delivered, HolderStore{}, net.ports);
  std::vector<Arrival> arrivals;  // this round's hops into a store
  std::vector<std::int64_t> output_from(net.ports);
  std::vector<std::uint32_t> output_load(net.ports);
  std::vector<char> port_sent(net.ports);
  std::vector<std::uint32_t> switch_load(faulty.size());

  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    const PlanRound round = plan.round(r);
    replay.configure(net, round.stages);
    std::fill(output_from.begin(), output_from.end(), -1);
    std::fill(output_load.begin(), output_load.end(), 0);
    std::fill(port_sent.begin(), port_sent.end(), 0);
    std::fill(switch_load.begin(), switch_load.end(), 0);
    arrivals.clear();
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
      if (path.destination != send.dst || path.tag != send.tag) ++tally.misroutes;
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
      if (owner != nullptr) ++output_load[path.destination];
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
      switch (ledger.hop(send.src, path.destination, send.orig, send.final, tally)) {
        case HopOutcome::relay_error: {
          const std::uint64_t message = std::uint64_t{send.orig} * net.ports + send.final;
          const bool this_round = std::any_of(arrivals.begin(), arrivals.end(), [&](const Arrival& a) {
            return a.orig == send.orig && a.final == send.final && a.relay == send.src;
          });
          const std::string processor = "processor " + std::to_string(send.src);
          violation("relay order: " + where(r, send.src) + ": relays message " + pair_text(send.orig, send.final) +
                    (this_round                                 ? " that reaches " + processor + " only in round " + std::to_string(r)
                     : ledger.store().left(message, send.src) ? " that has already left " + processor
                                                                : " that never reached " + processor));
          break;
        }
        case HopOutcome::duplicate:
          violation("duplicate: " + where(r, send.src) + ": pair " + pair_text(send.orig, send.final) +
                    " is delivered again");
          break;
        case HopOutcome::stored: arrivals.push_back({send.orig, send.final, path.destination}); break;
        case HopOutcome::delivered: break;
      }
    }
    // Messages that reached an intermediate processor this round may leave it from the next round on.
    for (const Arrival& a : arrivals) ledger.put(a.orig, a.final, a.relay, tally);
    for (const std::uint32_t load : output_load) tally.conflicts += load > 1 ? load : 0;  // every signal involved
    if (info.optical) {
      for (std::size_t index = 0; index < switch_load.size(); ++index) {
        if (switch_load[index] < 2) continue;
        tally.crosstalk += switch_load[index] - 1;  // the second and further signals through the switch
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
      if (ledger.delivered(from, to)) continue;
      ++tally.missing;
      violation("missing: pair " + pair_text(from, to) + " is never delivered");
    }
  }
  return report;
}

std::string summary_line(const VerifyReport& report) {
  const DeliveryTally& tally = report.tally;
  std::string line = "pairs delivered " + std::to_string(tally.delivered) + "/" + std::to_string(report.expected) +
                     ", missing " + std::to_string(tally.missing) + ", duplicates " +
                     std::to_string(tally.duplicates) + ", rounds " + std::to_string(report.rounds) +
                     ", communication delay " + std::to_string(report.delay) + ", crosstalk " +
                     (report.optical ? std::to_string(tally.crosstalk) : std::string("not checked (not optical)")) +
                     ", fault crossings " + std::to_string(report.fault_crossings) + ", relay-order errors " +
                     std::to_string(tally.relay_errors);
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
