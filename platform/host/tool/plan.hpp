// The plan table: a whole schedule as data, round by round, whatever it came
// from (a core schedule computed on demand, or a dump read from a file). Every
// subcommand (plan, dump, verify, render) works on a Plan, so a dump and the
// schedule it was written from are printed, verified and drawn the same way.
#pragma once

#include <a2a/a2a.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace a2a::tool {

/// The largest N the tool accepts: verification tracks all N^2 ordered pairs.
inline constexpr std::uint32_t kToolMaxPorts = 16384;

struct Fault {
  std::uint32_t stage{0};
  std::uint32_t sw{0};
  friend bool operator==(const Fault&, const Fault&) = default;
};

/// A switch stuck in one state (--fault STAGE:SWITCH:stuck=K): it serves only the
/// paths that want state K there (a2a::StuckFault; the dump's "stuck_faults").
struct StuckSwitch {
  std::uint32_t stage{0};
  std::uint32_t sw{0};
  std::uint32_t state{0};
  friend bool operator==(const StuckSwitch&, const StuckSwitch&) = default;
};

/// A dead link (--fault-link STAGE:TERMINAL): the one leaving stage `stage` on
/// terminal `terminal` of the column behind it (a2a::LinkFault, docs/conventions.md).
struct DeadLink {
  std::uint32_t stage{0};
  std::uint32_t terminal{0};
  friend bool operator==(const DeadLink&, const DeadLink&) = default;
};

/// A pair a degraded schedule does not deliver, and why (the dump's "left_out").
struct LeftOutPair {
  std::uint32_t orig{0};
  std::uint32_t final{0};
  std::string reason;  ///< "cut-off-sender", "cut-off-receiver" or "separated"
};

/// One message hop in one round (docs/conventions.md "sends"): orig/final name the
/// message carried; they differ from src/dst only for a relay hop.
struct Send {
  std::uint32_t src{0};
  std::uint32_t dst{0};
  std::uint32_t tag{0};
  std::uint32_t orig{0};
  std::uint32_t final{0};
};

/// Switch states of one round: states[stage][switch], each a k-shift < d.
using StageStates = std::vector<std::vector<std::uint32_t>>;

struct PlanRound {
  StageStates stages;
  std::vector<Send> sends;  ///< only the ports that send, in port order
};

struct PlanInfo {
  Network net{};
  std::string schedule;  ///< the dump's "schedule" name ("latin-square", "alternating", ...)
  std::string origin;    ///< human-readable: which schedule and order, or which file
  std::vector<Fault> faults;
  std::vector<DeadLink> dead_links;   ///< the dump's "fault_links" (absent: none)
  std::vector<StuckSwitch> stuck;     ///< the dump's "stuck_faults" (absent: none)
  std::vector<LeftOutPair> left_out;  ///< degraded: the pairs not delivered (the dump's "left_out")
  /// The table family: the stored set's file and note (the dump's "schedule_source"; absent: none).
  std::string schedule_source;
  bool optical{false};
  std::uint32_t rounds{0};
};

class Plan {
 public:
  virtual ~Plan() = default;
  [[nodiscard]] const PlanInfo& info() const { return info_; }
  /// Round r, 0 <= r < info().rounds.
  [[nodiscard]] virtual PlanRound round(std::uint32_t r) const = 0;
  /// Round r into `out`, reusing its storage (the verifier's loop over rounds).
  virtual void round_into(std::uint32_t r, PlanRound& out) const { out = round(r); }

 protected:
  explicit Plan(PlanInfo info) : info_(std::move(info)) {}

 private:
  PlanInfo info_;
};

/// A core schedule, rounds computed on demand (O(n N) memory however many rounds).
/// `keep` holds what the schedule reads from (the relay plan of a baseline/banyan fault).
/// A plan around faults also names its dead links and, degraded, the pairs it leaves out.
std::unique_ptr<Plan> make_schedule_plan(const AnySchedule& schedule, RoundOrder order, std::vector<Fault> faults,
                                         std::shared_ptr<const void> keep = nullptr,
                                         std::vector<DeadLink> dead_links = {}, std::vector<LeftOutPair> left_out = {},
                                         std::vector<StuckSwitch> stuck = {});
/// Rounds held in memory (a dump read from a file).
std::unique_ptr<Plan> make_stored_plan(PlanInfo info, std::vector<PlanRound> rounds);

/// How a round's switch states can be written compactly.
struct StatesSummary {
  /// alternating: switch y of stage s in state ((y / b) mod 2) xor a_s, b = 1; doubly: b = 2; quadruply: b = 4.
  enum class Kind {
    stage_word,
    alternating,
    doubly_alternating,
    quadruply_alternating,
    per_switch
  } kind{Kind::per_switch};
  std::uint32_t word{0};  ///< stage word (base d) or alternating configuration A, stage 0 most significant
  /// Whether the word is binary (one of the alternating patterns).
  [[nodiscard]] bool alternating_pattern() const {
    return kind == Kind::alternating || kind == Kind::doubly_alternating || kind == Kind::quadruply_alternating;
  }
};
StatesSummary summarize(const Network& net, const StageStates& states);
/// "stage word 0101", "alternating configuration A = 0011" (A' doubly, A'' quadruply) or "per-switch states".
std::string describe(const Network& net, const StatesSummary& summary);
/// All switch states, stage 0 first, stages separated by '/': "01/10/11".
std::string states_text(const StageStates& states);

/// `value` as `count` base-`radix` digits, most significant first (digits 0-9a-f).
std::string digits(std::uint32_t value, std::uint32_t radix, std::uint32_t count);
char digit_char(std::uint32_t digit);

}  // namespace a2a::tool
