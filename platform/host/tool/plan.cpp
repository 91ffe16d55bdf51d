#include "plan.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <utility>

namespace a2a::tool {
namespace {

std::string order_text(const AnySchedule& schedule, RoundOrder order) {
  if (schedule.kind() == ScheduleKind::alternating)
    return "alternating stage control (paper 000, Algorithm 4; configurations in Gray order)";
  if (schedule.kind() == ScheduleKind::optical)
    return std::string("crosstalk-free Latin-square halves A/B (paper 002), ") +
           (order == RoundOrder::gray ? "Gray order" : "natural order");
  if (schedule.kind() == ScheduleKind::shift)
    return std::string("cyclic-shift passes, the identity first (paper 003), ") +
           (order == RoundOrder::gray ? "Gray order" : "natural order");
  if (is_gsen_set_kind(schedule.kind())) {
    const std::string what = schedule.kind() == ScheduleKind::broadcast
                                 ? "all-to-all broadcast (paper 000, Algorithm 1) over "
                                 : "GSEN exchange (paper 000) over ";
    const std::string order_name = order == RoundOrder::gray ? "Gray order" : "natural order";
    const std::string rounds = std::to_string(schedule.rounds());
    switch (schedule.kind()) {
      case ScheduleKind::gsen_stage_control: return what + "all " + rounds + " stage-control words, " + order_name;
      case ScheduleKind::doubly_alternating: return what + rounds + " doubly alternating configurations";
      case ScheduleKind::quadruply_alternating: return what + rounds + " quadruply alternating configurations";
      default: return what + "the fewest configurations known (" + rounds + ")";
    }
  }
  if (const FaultTolerantSchedule* ft = schedule.fault_tolerant())
    return "fault-tolerant (paper 004): Latin square avoiding switch " + std::to_string(ft->fault().switch_index) +
           " of stage " + std::to_string(ft->fault().stage) + ", then " + std::to_string(ft->extra_rounds()) +
           " relay rounds";
  if (const std::string_view origin = stored_set_origin(schedule.network(), schedule.kind()); !origin.empty())
    return "stored configuration set (" + std::string(origin) + "): " + std::to_string(schedule.rounds()) +
           " configurations set switch by switch";
  if (schedule.kind() == ScheduleKind::latin_square)
    return order == RoundOrder::gray ? "Latin-square stage control, Gray order"
                                     : "Latin-square stage control, natural order";
  // A family without its own sentence here is still named truthfully, not as a Latin square.
  return std::string(name(schedule.kind())) + ", " + (order == RoundOrder::gray ? "Gray order" : "natural order");
}

class SchedulePlan final : public Plan {
 public:
  SchedulePlan(const AnySchedule& schedule, PlanInfo info, std::shared_ptr<const void> keep)
      : Plan(std::move(info)), schedule_(schedule), keep_(std::move(keep)) {}

  [[nodiscard]] PlanRound round(std::uint32_t r) const override {
    PlanRound out;
    round_into(r, out);
    return out;
  }
  void round_into(std::uint32_t r, PlanRound& out) const override {
    const Network net = info().net;
    const std::uint32_t switches = net.switches_per_stage();
    const auto config = schedule_.round(r);
    out.stages.resize(net.stages);
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      std::vector<std::uint32_t>& stage = out.stages[s];
      stage.resize(switches);
      config.stage_states(s, stage);
    }
    // A stuck switch is in its state whatever a stage word asks: the rounds that want
    // the other state send nothing through it, so the dump shows the state it is in.
    for (const StuckSwitch& f : info().stuck) out.stages[f.stage][f.sw] = f.state;
    out.sends.clear();
    out.sends.reserve(net.ports);
    std::array<PortSend, 256> claims;  // the family found once for so many ports
    for (std::uint32_t first = 0; first < net.ports; first += claims.size()) {
      const auto count = std::min<std::uint32_t>(claims.size(), net.ports - first);
      schedule_.sends(config, first, std::span<PortSend>(claims).first(count));
      for (std::uint32_t k = 0; k < count; ++k) {
        const PortSend& send = claims[k];
        const std::uint32_t i = first + k;
        if (send.sends)
          out.sends.push_back(Send{i, send.destination, send.tag, send.message_origin(i), send.message_final()});
      }
    }
  }

 private:
  AnySchedule schedule_;
  std::shared_ptr<const void> keep_;  // storage the schedule points into
};

class StoredPlan final : public Plan {
 public:
  StoredPlan(PlanInfo info, std::vector<PlanRound> rounds) : Plan(std::move(info)), rounds_(std::move(rounds)) {}
  [[nodiscard]] PlanRound round(std::uint32_t r) const override { return rounds_.at(r); }

 private:
  std::vector<PlanRound> rounds_;
};

}  // namespace

std::unique_ptr<Plan> make_schedule_plan(const AnySchedule& schedule, RoundOrder order, std::vector<Fault> faults,
                                         std::shared_ptr<const void> keep, std::vector<DeadLink> dead_links,
                                         std::vector<LeftOutPair> left_out, std::vector<StuckSwitch> stuck) {
  PlanInfo info;
  info.net = schedule.network();
  info.schedule = std::string(name(schedule.kind()));
  info.origin = order_text(schedule, order);
  info.schedule_source = std::string(stored_set_origin(info.net, schedule.kind()));
  info.faults = std::move(faults);
  info.dead_links = std::move(dead_links);
  info.left_out = std::move(left_out);
  info.stuck = std::move(stuck);
  const FaultTolerantSchedule* ft = schedule.fault_tolerant();
  if (ft != nullptr &&
      (info.faults.size() + info.dead_links.size() > 1 || !info.dead_links.empty() || !info.stuck.empty())) {
    // Several faults or a dead link: the general planner's plan, named by its faults.
    std::string what = "fault-tolerant: Latin square avoiding";
    for (const Fault& f : info.faults)
      what += " switch " + std::to_string(f.sw) + " of stage " + std::to_string(f.stage) + ",";
    for (const DeadLink& l : info.dead_links)
      what += " link " + std::to_string(l.stage) + ":" + std::to_string(l.terminal) + ",";
    for (const StuckSwitch& f : info.stuck)
      what += " switch " + std::to_string(f.sw) + " of stage " + std::to_string(f.stage) + " stuck " +
              (f.state == 0 ? "straight" : "cross") + " in the other state,";
    info.origin = what + " then " + std::to_string(ft->extra_rounds()) + " relay rounds";
  }
  if (!info.left_out.empty()) info.origin += ", degraded (" + std::to_string(info.left_out.size()) + " pairs left out)";
  info.optical = schedule.optical();  // optical families: the dump says so, verify checks crosstalk
  info.rounds = schedule.rounds();
  return std::make_unique<SchedulePlan>(schedule, std::move(info), std::move(keep));
}

std::unique_ptr<Plan> make_stored_plan(PlanInfo info, std::vector<PlanRound> rounds) {
  info.rounds = static_cast<std::uint32_t>(rounds.size());
  return std::make_unique<StoredPlan>(std::move(info), std::move(rounds));
}

StatesSummary summarize(const Network& net, const StageStates& states) {
  bool uniform = true;
  // Alternating patterns with block 1, 2, 4 (paper 000): state ((y / b) mod 2) xor a_s.
  bool alternating[3] = {net.radix == 2, net.radix == 2, net.radix == 2};
  std::uint32_t word = 0;
  std::uint32_t a_word = 0;
  for (const auto& stage : states) {
    const std::uint32_t first = stage.empty() ? 0 : stage.front();
    for (std::size_t y = 0; y < stage.size(); ++y) {
      uniform = uniform && stage[y] == first;
      for (std::uint32_t b = 0; b < 3; ++b)
        alternating[b] = alternating[b] && stage[y] == (((static_cast<std::uint32_t>(y) >> b) & 1U) ^ first);
    }
    word = word * net.radix + first;
    a_word = a_word * 2 + (first & 1U);
  }
  if (uniform) return {StatesSummary::Kind::stage_word, word};
  if (alternating[0]) return {StatesSummary::Kind::alternating, a_word};
  if (alternating[1]) return {StatesSummary::Kind::doubly_alternating, a_word};
  if (alternating[2]) return {StatesSummary::Kind::quadruply_alternating, a_word};
  return {StatesSummary::Kind::per_switch, 0};
}

std::string describe(const Network& net, const StatesSummary& summary) {
  switch (summary.kind) {
    case StatesSummary::Kind::stage_word: return "stage word " + digits(summary.word, net.radix, net.stages);
    case StatesSummary::Kind::alternating:
      return "alternating configuration A = " + digits(summary.word, 2, net.stages);
    case StatesSummary::Kind::doubly_alternating:
      return "doubly alternating configuration A' = " + digits(summary.word, 2, net.stages);
    case StatesSummary::Kind::quadruply_alternating:
      return "quadruply alternating configuration A'' = " + digits(summary.word, 2, net.stages);
    case StatesSummary::Kind::per_switch: break;
  }
  return "per-switch states";
}

std::string states_text(const StageStates& states) {
  std::string text;
  for (std::size_t s = 0; s < states.size(); ++s) {
    if (s != 0) text += '/';
    for (std::uint32_t state : states[s]) text += digit_char(state);
  }
  return text;
}

char digit_char(std::uint32_t digit) { return static_cast<char>(digit < 10 ? '0' + digit : 'a' + (digit - 10)); }

std::string digits(std::uint32_t value, std::uint32_t radix, std::uint32_t count) {
  std::string text(count, '0');
  for (std::uint32_t i = 0; i < count; ++i, value /= radix) text[count - 1 - i] = digit_char(value % radix);
  return text;
}

}  // namespace a2a::tool
