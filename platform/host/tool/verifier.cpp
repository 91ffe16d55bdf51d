#include "verifier.hpp"

#include <algorithm>
#include <exception>
#include <numeric>
#include <span>
#include <thread>
#include <unordered_map>
#include <utility>
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

/// A violation line of a round and the send it concerns (kEndOfRound: the crosstalk
/// lines, after every send's).
struct Line {
  std::uint32_t send;
  std::string text;
};
constexpr std::uint32_t kEndOfRound = 0xFFFFFFFFU;

/// A hop for the ledger: send k of the round carried (orig, final) from src to output.
struct LedgerHop {
  std::uint32_t send, src, output, orig, final;
};

/// What one round of a batch came to. Its replay and judgement (one thread) fill
/// `lines`, `hops` (by the range of origins whose ledger accounts them), the tally's
/// misroutes, conflicts and crosstalk, and the counts; the ledgers' accounting (a
/// thread per range) fills `ledger_lines`, one list per range.
struct RoundResult {
  std::vector<Line> lines;
  std::vector<std::vector<LedgerHop>> hops;
  std::vector<std::vector<Line>> ledger_lines;
  DeliveryTally tally;
  std::uint64_t fault_crossings{0}, wrong_destinations{0}, wrong_tags{0}, output_conflicts{0}, double_sends{0};
};

/// The relay-aware accounting of the messages whose origin is in one range, over its
/// rows of the shared pair bitmap and its own store.
class RangeLedger {
 public:
  RangeLedger(std::span<std::uint32_t> delivered, std::uint32_t ports, std::uint32_t range)
      : ledger_(delivered, HolderStore{}, ports), ports_(ports), range_(range) {}

  /// Accounts the hops of round r of this range, in send order, then puts what reached a store.
  void account(std::uint32_t r, RoundResult& round) {
    std::vector<Line>& lines = round.ledger_lines[range_];
    lines.clear();
    arrivals_.clear();
    for (const LedgerHop& h : round.hops[range_]) hop(r, h, lines);
    end_round();
  }

  /// One hop of round r; a violation becomes a line in `lines`.
  void hop(std::uint32_t r, const LedgerHop& hop, std::vector<Line>& lines) {
    switch (ledger_.hop(hop.src, hop.output, hop.orig, hop.final, tally_)) {
      case HopOutcome::relay_error: {
        const std::uint64_t message = std::uint64_t{hop.orig} * ports_ + hop.final;
        const bool this_round = std::any_of(arrivals_.begin(), arrivals_.end(), [&](const Arrival& a) {
          return a.orig == hop.orig && a.final == hop.final && a.relay == hop.src;
        });
        const std::string processor = "processor " + std::to_string(hop.src);
        lines.push_back(
            {hop.send, "relay order: " + where(r, hop.src) + ": relays message " + pair_text(hop.orig, hop.final) +
                           (this_round ? " that reaches " + processor + " only in round " + std::to_string(r)
                            : ledger_.store().left(message, hop.src) ? " that has already left " + processor
                                                                     : " that never reached " + processor)});
        break;
      }
      case HopOutcome::duplicate:
        lines.push_back({hop.send, "duplicate: " + where(r, hop.src) + ": pair " + pair_text(hop.orig, hop.final) +
                                       " is delivered again"});
        break;
      case HopOutcome::stored: arrivals_.push_back({hop.orig, hop.final, hop.output}); break;
      case HopOutcome::delivered: break;
    }
  }

  /// After the round: messages that reached an intermediate processor may leave it from
  /// the next round on.
  void end_round() {
    for (const Arrival& a : arrivals_) ledger_.put(a.orig, a.final, a.relay, tally_);
    arrivals_.clear();
  }

  [[nodiscard]] const DeliveryTally& tally() const { return tally_; }

 private:
  DeliveryLedger<HolderStore> ledger_;
  std::uint32_t ports_;
  std::uint32_t range_;
  DeliveryTally tally_;
  std::vector<Arrival> arrivals_;
};

/// The plan's faults as marks: faulty switches (stage s, switch y at s * N/d + y) and
/// dead links (leaving stage s on terminal t, at s * N + t).
/// Stuck switches: stuck[s * N/d + y] = 1 + the state switch y of stage s is stuck in (0: not stuck).
struct FaultMarks {
  std::vector<char> switches;
  std::vector<char> links;
  std::vector<char> stuck;
  bool any{false};
  explicit FaultMarks(const PlanInfo& info)
      : switches(std::size_t{info.net.stages} * info.net.switches_per_stage(), 0),
        links(std::size_t{info.net.stages} * info.net.ports, 0),
        stuck(switches.size(), 0),
        any(!info.faults.empty() || !info.dead_links.empty() || !info.stuck.empty()) {
    for (const Fault& f : info.faults) switches[std::size_t{f.stage} * info.net.switches_per_stage() + f.sw] = 1;
    for (const DeadLink& l : info.dead_links) links[std::size_t{l.stage} * info.net.ports + l.terminal] = 1;
    for (const StuckSwitch& f : info.stuck)
      stuck[std::size_t{f.stage} * info.net.switches_per_stage() + f.sw] = static_cast<char>(1 + f.state);
  }
};

/// One thread's replay and scratch for judging rounds.
class RoundJudge {
 public:
  RoundJudge(const PlanInfo& info, const FaultMarks& marks, const std::vector<std::uint32_t>& range_of,
             std::unique_ptr<SwitchReplay> replay)
      : info_(info),
        net_(info.net),
        marks_(marks),
        range_of_(range_of),
        replay_(std::move(replay)),
        output_from_(net_.ports),
        port_sent_(net_.ports),
        switch_load_(info.optical ? marks.switches.size() : 0) {}

  /// Replays and judges round r into `out`: everything but the ledger's accounting, or
  /// with `direct` (one thread, one range) that too, hop by hop.
  void judge(const Plan& plan, std::uint32_t r, RoundResult& out, RangeLedger* direct = nullptr) {
    plan.round_into(r, round_);
    const PlanRound& round = round_;
    replay_->configure(net_, round.stages);
    const bool faults = marks_.any;
    replay_->replay_round(round.sends, info_.optical || faults, trace_);
    std::fill(output_from_.begin(), output_from_.end(), kNoSender);
    std::fill(port_sent_.begin(), port_sent_.end(), 0);
    std::fill(switch_load_.begin(), switch_load_.end(), 0);
    out.lines.clear();
    for (auto& hops : out.hops) hops.clear();
    for (std::size_t k = 0; k < round.sends.size(); ++k) {
      const Send& send = round.sends[k];
      judge_claim(r, k, send, out);
      if (crosses_fault(r, k, send, out)) continue;  // the message is lost there
      const LedgerHop hop{static_cast<std::uint32_t>(k), send.src, trace_.output[k], send.orig, send.final};
      if (direct != nullptr) {
        direct->hop(r, hop, out.lines);
        continue;
      }
      out.hops[send.orig < net_.ports ? range_of_[send.orig] : 0].push_back(hop);
    }
    if (direct != nullptr) direct->end_round();
    if (info_.optical) report_crosstalk(r, out);
  }

 private:
  /// Signal k's claim against its trace: a port sending twice, the destination, the
  /// tag, an output reached twice.
  void judge_claim(std::uint32_t r, std::size_t k, const Send& send, RoundResult& out) {
    const auto line = [&](std::string text) { out.lines.push_back({static_cast<std::uint32_t>(k), std::move(text)}); };
    if (port_sent_[send.src]++ != 0) {
      ++out.double_sends;
      line("port sends twice: " + where(r, send.src) + " sends more than one signal in the round");
    }
    const std::uint32_t destination = trace_.output[k];
    const std::uint32_t tag = trace_.tag[k];
    if (destination != send.dst) {
      ++out.wrong_destinations;
      line("wrong destination: " + where(r, send.src) + ": claimed dst " + std::to_string(send.dst) +
           " but the switch states route it to " + std::to_string(destination));
    }
    if (tag != send.tag) {
      ++out.wrong_tags;
      line("wrong tag: " + where(r, send.src) + ": claimed tag " + digits(send.tag, net_.radix, net_.stages) +
           " but the route takes output ports " + digits(tag, net_.radix, net_.stages));
    }
    if (destination != send.dst || tag != send.tag) ++out.tally.misroutes;
    // An output >= N is no processor (the shift network's unused last-stage outputs):
    // the wrong destination is reported above and the message is lost there.
    // The conflicts count every signal on an output reached more than once: the first
    // one too, when the second arrives (kShared marks that it was counted).
    if (destination >= net_.ports) return;
    std::uint32_t& owner = output_from_[destination];
    if (owner == kNoSender) {
      owner = send.src;
      return;
    }
    ++out.output_conflicts;
    line("output conflict: " + where(r, send.src) + ": output " + std::to_string(destination) +
         " is already reached by port " + std::to_string(owner & ~kShared) + " in this round");
    out.tally.conflicts += (owner & kShared) != 0 ? 1 : 2;
    owner |= kShared;
  }

  /// Signal k through the stages: counts each switch's load (optical) and finds the
  /// first faulty switch or dead link it crosses, where the message is lost.
  bool crosses_fault(std::uint32_t r, std::size_t k, const Send& send, RoundResult& out) {
    const auto line = [&](std::string text) { out.lines.push_back({static_cast<std::uint32_t>(k), std::move(text)}); };
    const bool faults = marks_.any;
    const std::uint32_t switches = net_.switches_per_stage();
    bool crosses = false;
    const std::uint32_t stages = faults || info_.optical ? net_.stages : 0;  // the switches, where needed
    std::uint32_t port_weight = net_.stage_words();                          // d^(n-1-s): stage s's digit of the tag
    for (std::uint32_t s = 0; s < stages; ++s) {
      const std::uint32_t sw = trace_.switch_at(s, k);
      const std::size_t index = std::size_t{s} * switches + sw;
      port_weight /= net_.radix;
      if (info_.optical) ++switch_load_[index];
      if (crosses || !faults) continue;
      if (marks_.switches[index] != 0) {
        crosses = true;
        line("fault crossing: " + where(r, send.src) + ": message " + pair_text(send.orig, send.final) +
             " crosses faulty switch " + std::to_string(sw) + " of stage " + std::to_string(s));
      } else if (marks_.stuck[index] != 0 &&
                 round_.stages[s][sw] + 1U != static_cast<std::uint32_t>(marks_.stuck[index])) {
        crosses = true;  // the switch stays in its state: the signal leaves on the other port
        line("fault crossing: " + where(r, send.src) + ": message " + pair_text(send.orig, send.final) +
             " passes switch " + std::to_string(sw) + " of stage " + std::to_string(s) + " in state " +
             std::to_string(round_.stages[s][sw]) + ", but it is stuck in state " +
             std::to_string(marks_.stuck[index] - 1));
      } else if (s + 1 < net_.stages) {  // the link it leaves on: output port = the tag's digit,
        // its terminal in the column behind the stage (past any wiring behind the switches)
        const std::uint32_t terminal =
            wiring::after_stage(net_, s, sw * net_.radix + trace_.tag[k] / port_weight % net_.radix);
        if (marks_.links[std::size_t{s} * net_.ports + terminal] != 0) {
          crosses = true;
          line("fault crossing: " + where(r, send.src) + ": message " + pair_text(send.orig, send.final) +
               " crosses the dead link behind stage " + std::to_string(s) + " on terminal " + std::to_string(terminal));
        }
      }
      if (crosses) ++out.fault_crossings;
    }
    return crosses;
  }

  /// Optical networks: every switch that carried more than one signal in round r.
  void report_crosstalk(std::uint32_t r, RoundResult& out) {
    const std::uint32_t switches = net_.switches_per_stage();
    for (std::size_t index = 0; index < switch_load_.size(); ++index) {
      if (switch_load_[index] < 2) continue;
      out.tally.crosstalk += switch_load_[index] - 1;  // the second and further signals through the switch
      out.lines.push_back({kEndOfRound, "crosstalk: round " + std::to_string(r) + ": switch " +
                                            std::to_string(index % switches) + " of stage " +
                                            std::to_string(index / switches) + " carries " +
                                            std::to_string(switch_load_[index]) + " signals in an optical network"});
    }
  }

  const PlanInfo& info_;
  Network net_;
  const FaultMarks& marks_;
  const std::vector<std::uint32_t>& range_of_;
  std::unique_ptr<SwitchReplay> replay_;
  PlanRound round_;
  RoundTrace trace_;
  static constexpr std::uint32_t kNoSender = 0xFFFFFFFFU;
  static constexpr std::uint32_t kShared = 0x80000000U;  // with the first sender: a conflict counted
  std::vector<std::uint32_t> output_from_;               // the first port to reach each output
  std::vector<char> port_sent_;
  std::vector<std::uint32_t> switch_load_;
};

/// Runs work(t) for t = 0 .. count-1, on the calling thread for t = 0 and one thread
/// each for the others; rethrows the first exception any of them threw.
template <class Work>
void on_threads(std::uint32_t count, const Work& work) {
  if (count == 1) return work(0U);
  std::vector<std::exception_ptr> errors(count);
  std::vector<std::thread> threads;
  threads.reserve(count - 1);
  const auto guarded = [&](std::uint32_t t) {
    try {
      work(t);
    } catch (...) {
      errors[t] = std::current_exception();
    }
  };
  for (std::uint32_t t = 1; t < count; ++t) threads.emplace_back(guarded, t);
  guarded(0);
  for (std::thread& thread : threads) thread.join();
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace

namespace {

/// The ranges of origins, one a thread: each starts at a row whose first bit starts a
/// word of the pair bitmap, so that no two ranges share a word.
std::vector<std::uint32_t> origin_ranges(std::uint32_t ports, std::uint32_t threads) {
  const std::uint32_t unit = 32 / std::gcd(ports, 32U);  // rows per whole number of words
  std::vector<std::uint32_t> range_of(ports);
  for (std::uint32_t origin = 0; origin < ports; ++origin) {
    std::uint32_t range = 0;
    for (std::uint32_t t = 1; t < threads; ++t) {
      const std::uint32_t start = static_cast<std::uint32_t>(std::uint64_t{ports} * t / threads) / unit * unit;
      if (origin >= start) range = t;
    }
    range_of[origin] = range;
  }
  return range_of;
}

/// A judged round into the report: its counts, then its lines in send order (for each
/// send its own first, then the ledger's), each to `violation`.
void take_round(RoundResult& result, VerifyReport& report, std::vector<Line>& lines, const ViolationSink& violation) {
  DeliveryTally& tally = report.tally;
  tally.misroutes += result.tally.misroutes;
  tally.conflicts += result.tally.conflicts;
  tally.crosstalk += result.tally.crosstalk;
  report.fault_crossings += result.fault_crossings;
  report.wrong_destinations += result.wrong_destinations;
  report.wrong_tags += result.wrong_tags;
  report.output_conflicts += result.output_conflicts;
  report.double_sends += result.double_sends;
  lines.clear();
  for (Line& line : result.lines) lines.push_back(std::move(line));
  for (std::vector<Line>& range_lines : result.ledger_lines)
    for (Line& line : range_lines) lines.push_back(std::move(line));
  std::stable_sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) { return x.send < y.send; });
  for (const Line& line : lines) violation(line.text);
}

/// After the last round: the pairs a degraded plan left out (one that arrives anyway is
/// a false claim), then the missing pairs in (from, to) order, a word at a time where
/// every pair of it arrived.
void judge_pairs(const PlanInfo& info, const std::vector<std::uint32_t>& delivered, VerifyReport& report,
                 const ViolationSink& violation) {
  const std::uint32_t ports = info.net.ports;
  DeliveryTally& tally = report.tally;
  std::vector<std::uint64_t> left_out;  // sorted by pair index (from, to), as the missing pairs are walked
  left_out.reserve(info.left_out.size());
  for (const LeftOutPair& p : info.left_out) left_out.push_back(std::uint64_t{p.orig} * ports + p.final);
  std::sort(left_out.begin(), left_out.end());
  left_out.erase(std::unique(left_out.begin(), left_out.end()), left_out.end());
  report.left_out = left_out.size();
  report.expected -= left_out.size();
  for (const std::uint64_t pair : left_out) {
    const auto from = static_cast<std::uint32_t>(pair / ports);
    const auto to = static_cast<std::uint32_t>(pair % ports);
    if (!pair_delivered(delivered, ports, from, to)) continue;
    ++report.left_out_delivered;
    --tally.delivered;  // counted against the claim, not as a delivery expected
    violation("left out but delivered: pair " + pair_text(from, to) + " is listed in left_out and arrives");
  }
  const std::uint64_t pairs = std::uint64_t{ports} * ports;
  for (std::uint64_t pair = 0; pair < pairs; ++pair) {
    if (pair % 32 == 0 && pair + 32 <= pairs && delivered[pair / 32] == ~std::uint32_t{0}) {
      pair += 31;
      continue;
    }
    const auto from = static_cast<std::uint32_t>(pair / ports);
    const auto to = static_cast<std::uint32_t>(pair % ports);
    if (pair_delivered(delivered, ports, from, to)) continue;
    if (std::binary_search(left_out.begin(), left_out.end(), pair)) continue;  // as the plan says
    ++tally.missing;
    violation("missing: pair " + pair_text(from, to) + " is never delivered");
  }
}

}  // namespace

VerifyReport verify_plan(const Plan& plan, const ReplayFactory& make_replay, const ViolationSink& violation,
                         const ProgressSink& progress, std::uint32_t threads) {
  const PlanInfo& info = plan.info();
  const Network& net = info.net;
  VerifyReport report;
  DeliveryTally& tally = report.tally;
  report.expected = std::uint64_t{net.ports} * net.ports;
  report.rounds = info.rounds;
  report.delay = info.rounds == 0 ? 0 : info.rounds + net.stages - 1;
  report.optical = info.optical;
  threads = std::clamp<std::uint32_t>(threads, 1, kMaxVerifyThreads);

  const FaultMarks marks(info);
  const std::vector<std::uint32_t> range_of = origin_ranges(net.ports, threads);
  std::vector<std::uint32_t> delivered(pair_bitmap_words(net.ports));
  std::vector<RangeLedger> ledgers;
  ledgers.reserve(threads);
  for (std::uint32_t t = 0; t < threads; ++t) ledgers.emplace_back(delivered, net.ports, t);
  std::vector<RoundJudge> judges;
  judges.reserve(threads);
  for (std::uint32_t t = 0; t < threads; ++t) judges.emplace_back(info, marks, range_of, make_replay());

  // A batch: up to 64 rounds for each thread (the threads meet twice a batch), its hops
  // 20 bytes a message: at most 2^21 messages, 40 MiB.
  const std::uint32_t batch =
      threads == 1 ? 1 : std::max(threads, std::min(64 * threads, (std::uint32_t{1} << 21) / net.ports));
  std::vector<RoundResult> results(batch);
  for (RoundResult& result : results) {
    result.hops.resize(threads);
    result.ledger_lines.resize(threads);
  }
  std::vector<Line> lines;
  for (std::uint32_t first = 0; first < info.rounds; first += batch) {
    const std::uint32_t count = std::min(batch, info.rounds - first);
    for (std::uint32_t j = 0; j < count; ++j) {  // the counts are the batch's: from 0
      RoundResult& result = results[j];
      result.tally = DeliveryTally{};
      result.fault_crossings = result.wrong_destinations = result.wrong_tags = 0;
      result.output_conflicts = result.double_sends = 0;
    }
    if (threads == 1) {  // one range: the ledger accounts each hop as it is judged
      judges[0].judge(plan, first, results[0], &ledgers[0]);
    } else {
      on_threads(threads, [&](std::uint32_t t) {  // consecutive rounds: a replay keeps what they share
        for (std::uint32_t j = count * t / threads; j < count * (t + 1) / threads; ++j)
          judges[t].judge(plan, first + j, results[j]);
      });
      on_threads(threads, [&](std::uint32_t t) {
        for (std::uint32_t j = 0; j < count; ++j) ledgers[t].account(first + j, results[j]);
      });
    }
    for (std::uint32_t j = 0; j < count; ++j) {
      take_round(results[j], report, lines, violation);
      if (progress) progress(first + j + 1, info.rounds);
    }
  }
  for (const RangeLedger& ledger : ledgers) {
    const DeliveryTally& part = ledger.tally();
    tally.delivered += part.delivered;
    tally.duplicates += part.duplicates;
    tally.relayed += part.relayed;
    tally.relay_errors += part.relay_errors;
    tally.left_in_store += part.left_in_store;
  }
  judge_pairs(info, delivered, report, violation);
  return report;
}

std::string summary_line(const VerifyReport& report) {
  const DeliveryTally& tally = report.tally;
  std::string line = "pairs delivered " + std::to_string(tally.delivered) + "/" + std::to_string(report.expected) +
                     ", missing " + std::to_string(tally.missing) + ", duplicates " + std::to_string(tally.duplicates) +
                     ", rounds " + std::to_string(report.rounds) + ", communication delay " +
                     std::to_string(report.delay) + ", crosstalk " +
                     (report.optical ? std::to_string(tally.crosstalk) : std::string("not checked (not optical)")) +
                     ", fault crossings " + std::to_string(report.fault_crossings) + ", relay-order errors " +
                     std::to_string(tally.relay_errors);
  // Rare kinds only when they occur, to keep the usual line short.
  if (report.left_out != 0) line += ", left out " + std::to_string(report.left_out) + " (degraded)";
  const std::pair<const char*, std::uint64_t> extra[] = {{"left out but delivered", report.left_out_delivered},
                                                         {"wrong destinations", report.wrong_destinations},
                                                         {"wrong tags", report.wrong_tags},
                                                         {"output conflicts", report.output_conflicts},
                                                         {"double sends", report.double_sends}};
  for (const auto& [label, count] : extra)
    if (count != 0) line += std::string(", ") + label + " " + std::to_string(count);
  return line;
}

}  // namespace a2a::tool
