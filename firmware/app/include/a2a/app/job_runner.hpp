// One exchange job (exchange_job.hpp) as a runner that never waits: JobRunner::step()
// advances the job by one bounded piece: one step of the running rounds' RoundRunner
// (and, while a fault is planned around, one slice of that planning beside it), or one
// piece of a diagnosis, or one round of the count of what a job that gives up leaves.
// run_job() is the same runner stepped to its end.
//
// The job: run `schedule`. When the fabric marks a switch faulty in a round (or the
// outputs show a fault it does not name, located by a diagnosis), the rounds go on at
// once from that round with every hop the fault blocks held (held_rounds.hpp: the
// fabric keeps delivering), while the completion of what they hold, every held message
// carried on from where it is (its origin, or a relay's store) around every fault known,
// is planned in slices between the steps (completion_planner.hpp). When the rounds end,
// the completion runs; a fault in it is met the same way. Nothing is sent twice: a
// message is either delivered by the rounds that run or held, never both, and each
// held one is in exactly one completion. The two completions in turn take the job's
// plan storages (the running one is never overwritten); with a single storage, a fault
// found while a plan in it runs is planned once the held rounds end (the rounds wait).
// Hooks: after_round(r, schedule, round) for every delivered round r (counted over all
// plans); micros(), if the hooks have it, times the standstills (ExchangeReport::standstill_us);
// pair_lost(LostPair, n), if they have it, hears of each hop the options' acknowledgements
// did not confirm (its round counted over all plans).
#pragma once

#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "a2a/any_schedule.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/app/held_rounds.hpp"
#include "a2a/app/round_runner.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// What one JobRunner::step() did.
enum class JobEvent : std::uint8_t {
  round_step,  ///< one step of the running rounds (a round may have been delivered: the hook ran)
  recovery,    ///< a stop is being diagnosed, or the rounds wait for the plan around a fault (one slice)
  counting,    ///< giving up: one more round of what is left counted
  done,        ///< finished: report()
};

namespace detail {
/// JobRunner's spans of a completion beside the running plan (kBesideBase), or none.
template <bool Kept>
struct BesideSpans {
  PlanStorageSpan base_span{};
  PlanStorageSpan target_span{};
  constexpr void set_base(const PlanStorageSpan& s) { base_span = s; }
  constexpr void set_target(const PlanStorageSpan& s) { target_span = s; }
  [[nodiscard]] constexpr PlanStorageSpan base() const { return base_span; }
  [[nodiscard]] constexpr PlanStorageSpan target() const { return target_span; }
};
template <>
struct BesideSpans<false> {
  constexpr void set_base(const PlanStorageSpan&) {}
  constexpr void set_target(const PlanStorageSpan&) {}
  [[nodiscard]] constexpr PlanStorageSpan base() const { return {}; }
  [[nodiscard]] constexpr PlanStorageSpan target() const { return {}; }
};
}  // namespace detail

template <hal::FabricController Fabric, class Hooks>
class JobRunner {
 public:
  /// `schedule` was planned on `configured` (its network, around its faults: the job
  /// keeps a copy of them and adds each fault it finds); everything else passed in must
  /// outlive the runner.
  JobRunner(Fabric& fabric, const ConfiguredFabric& configured, const AnySchedule& schedule,
            const JobResources& resources, Hooks& hooks, const ExchangeOptions& options)
      : fabric_(&fabric),
        schedule_(&schedule),
        resources_(resources),
        hooks_(&hooks),
        options_(options),
        base_(&schedule),
        base_storage_(resources.schedule_storage),
        configured_faults_(!configured.faults.view().empty()),
        degraded_(configured.degraded) {
    options_.count_pending = false;  // counted here, only when the job gives up
    if (base_storage_ != JobResources::kNoStorage && !resources.replan_storage.empty())
      spans_.set_base(resources.replan_storage[base_storage_ % resources.replan_storage.size()]);
    report_.rounds_planned = schedule.rounds();
    if (resources.found != nullptr) *resources.found = {};  // this job's list
    report_.found = resources.found;
    for (const SwitchFault& f : configured.faults.view().switches) fits_ = fits_ && around_.add(f) == Errc::ok;
    for (const LinkFault& f : configured.faults.view().links) fits_ = fits_ && around_.add(f) == Errc::ok;
    for (const StuckFault& f : configured.faults.view().stuck) fits_ = fits_ && around_.add(f) == Errc::ok;
    known_view_ = around_.view();
    options_.known = &known_view_;  // the switches FAULT marks already: not a new fault
  }
  JobRunner(const JobRunner&) = delete;  // the round runners point into the job
  JobRunner& operator=(const JobRunner&) = delete;
  JobRunner(JobRunner&&) = delete;
  JobRunner& operator=(JobRunner&&) = delete;
  ~JobRunner() = default;

  /// Out of line: a step's frames (a round runner's, a recovery's) stay off the frames
  /// of whoever steps the job (a small board's deepest chain).
  [[nodiscard, gnu::noinline]] JobEvent step() {
    if (!counted_left_out_) {  // here, not in the constructor: its frames stay off the caller's
      count_left_out(*schedule_, report_);
      counted_left_out_ = true;
      // The first rounds' runner here too, not in the constructor: its frames stay off the
      // caller's (the programmer's stepper is deep).
      First& first = runner_.template emplace<First>(*fabric_, *schedule_, options_);
      if (stop_requested_) first.request_stop();
      if (!fits_) return give_up_replanning(Errc::config_too_many_faults);  // more than kFaultCapacity
    }
    if (recovery_ != nullptr) return resume_recovery();
    switch (phase_) {
      case Phase::run_first: return step_first();
      case Phase::run_held: return step_held();
      case Phase::begin_held: return begin_held();
      case Phase::wait_plan: return wait_for_plan();
      case Phase::count: return count_one();
      case Phase::finished: break;
    }
    return JobEvent::done;
  }
  [[nodiscard]] bool finished() const { return phase_ == Phase::finished; }
  /// A fault holds the rounds up across steps: the rounds wait for the completion (or a
  /// diagnosis). The work in the step that meets a fault is a standstill too (faults_met()).
  [[nodiscard]] bool stalled() const { return stalled_; }
  /// Faults met so far (each planned around or not): a bench tells the step that met one.
  [[nodiscard]] std::uint32_t faults_met() const { return faults_met_; }
  /// So far; final once finished().
  [[nodiscard]] const ExchangeReport& report() const { return report_; }
  /// Ends the job at the next round boundary (exchange_stopped): the round under way
  /// is confirmed first; a plan under way is dropped.
  void request_stop() {
    stop_requested_ = true;
    if (First* first = std::get_if<First>(&runner_)) first->request_stop();
    if (Held* held = std::get_if<Held>(&runner_)) held->request_stop();
  }

 private:
  enum class Phase : std::uint8_t { run_first, run_held, begin_held, wait_plan, count, finished };
  // A completion beside the running plan in its one storage: a second fault on a plan
  // of the first. Builds of the single-fault designs alone refuse two faults.
#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
  static constexpr bool kBesideBase = false;
#else
  static constexpr bool kBesideBase = true;
#endif
  enum class Planning : std::uint8_t { idle, running };
  /// Planning slices beside each step of the held rounds (docs/PERFORMANCE.md, "A fault's standstill").
  static constexpr std::uint32_t kSlicesPerStep = 3;

  // --- Time: the standstill a fault causes (ExchangeReport::standstill_us). ---
  [[nodiscard]] std::uint64_t now() const {
    if constexpr (requires(const Hooks& h) { h.micros(); }) return hooks_->micros();
    return 0;
  }
  /// The job's own work between two rounds begins: the step that met a fault, or the
  /// wait for the completion when the held rounds are over.
  void stall_starts() {
    if (!stalled_) stall_from_ = now();
    stalled_ = true;
  }
  /// The next rounds are under way (their runner made; their writing is a round's own
  /// cost, as every round's): the standstill ends.
  void stall_ends() {
    if (!stalled_) return;
    stalled_ = false;
    const std::uint64_t stall = now() - stall_from_;
    report_.standstill_us = stall > report_.standstill_us ? stall : report_.standstill_us;
  }

  // --- The rounds. ---
  [[gnu::noinline]] JobEvent step_first() {
    First& first = *std::get_if<First>(&runner_);  // get_if: no bad_variant_access (no exceptions, no abort)
    const RunnerStep s = first.step();
    if (s.event == RunnerEvent::delivered) hooks_->after_round(s.round, *schedule_, schedule_->round(s.round));
    if (s.event == RunnerEvent::lost) pair_lost(first.last_lost(), 0, first.lost());
    if (!s.finished()) return JobEvent::round_step;
    add_acknowledgements(first);
    return after_stop(first.outcome(), 0);
  }
  [[gnu::noinline]] JobEvent step_held() {
    Held& held = *std::get_if<Held>(&runner_);
    const RunnerStep s = held.step();
    if (s.event == RunnerEvent::committed) first_round_pending_ = false;
    // The first round after a fault goes out before the planning takes its share; then
    // slices beside each step (each ends at a planning checkpoint): one beside a step
    // that wrote a round's ports, kSlicesPerStep beside a light one (a STATUS read, a
    // check), so no step is much longer than the round loop's own longest.
    const bool heavy = s.event == RunnerEvent::writing || s.event == RunnerEvent::committed;
    const std::uint32_t slices = heavy ? 1U : kSlicesPerStep;
    for (std::uint32_t k = 0; k < slices && planning_ == Planning::running && !first_round_pending_; ++k) plan_slice();
    if (s.event == RunnerEvent::delivered) held_round_delivered(s.round);
    if (s.event == RunnerEvent::lost) pair_lost(held.last_lost(), offset_, held.lost());
    if (!s.finished()) return JobEvent::round_step;
    add_acknowledgements(held);
    return after_stop(held.outcome(), view_->first());
  }
  /// The hook of a held round delivered (out of line: its frames, a trace line's, stay
  /// off the round loop's chain).
  [[gnu::noinline]] void held_round_delivered(std::uint32_t r) {
    hooks_->after_round(offset_ + r, *view_, view_->round(r));
  }
  /// A hop the product's receipts did not acknowledge, to the hooks (pair_lost(p, n), if
  /// they have it), its round counted over all plans; n: the how-manyth of the job
  /// (`lost_so_far`: the running rounds' count, this one included).
  [[gnu::noinline]] void pair_lost(LostPair p, std::uint32_t offset, std::uint32_t lost_so_far) {
    p.round += offset;
    if constexpr (requires(Hooks & h) { h.pair_lost(p, lost_so_far); })
      hooks_->pair_lost(p, report_.lost + lost_so_far);
  }
  /// What the rounds that ended acknowledged, into the report (over every plan).
  template <class Runner>
  void add_acknowledgements(const Runner& runner) {
    report_.acknowledged += runner.acknowledged();
    report_.lost += runner.lost();
  }
  /// The running rounds ended (`first`: the base round they started from): the job's
  /// end, the completion next, or a fault to plan around.
  [[gnu::noinline]] JobEvent after_stop(const ExchangeOutcome& last, std::uint32_t first) {
    report_.rounds_run = offset_ + last.rounds_done;
    report_.retries += last.retries;
    // Receipts lost in rounds that ran: the plan still ran to its end (the job's end says so).
    const Errc ended = last.error == Errc::exchange_unacknowledged ? Errc::ok : last.error;
    report_.error = ended;
    report_.failed_round = report_.rounds_run;
    offset_ = report_.rounds_run;
    if (ended == Errc::ok) {
      if (hold_.empty()) return give_up(Errc::ok);  // the last plan ran to its end
      stall_starts();                               // the held rounds are over: the completion next
      if (deferred_) start_plan();                  // the running plan's storage is free now
      deferred_ = false;
      phase_ = Phase::wait_plan;
      return wait_for_plan();
    }
    if (!(last.fault_located || last.unnamed_fault) || stop_requested_) return give_up(ended);
    ++faults_met_;
    stall_starts();
    stop_round_ = first + last.rounds_done;  // the base round that showed the fault
    last_ = last;
    if (last.unnamed_fault) return recover(&JobRunner::diagnose);  // test rounds: a standstill
    if (const Errc e = add_found_fault(around_, last_); e != Errc::ok) return give_up_replanning(e);
    note_named_fault(resources_.found, last_.faulty_stage, last_.faulty_switch, report_.rounds_run);
    return recover(&JobRunner::hold_new_faults);  // its routes' frames on the slice stack
  }

  /// A diagnosis of a stop no FAULT bit explains (in slices): the faults it locates join `around_`.
  JobEvent diagnose() {
    if (!history_started_) {
      if (!history_.start(resources_.delivered_bits, schedule_->network().ports))
        return give_up_replanning(Errc::fault_plan_storage_too_small);  // no room to remember what arrived
      history_started_ = true;
    }
    const Errc e = view_ ? detail::diagnose_stop(*fabric_, *view_, last_, offset_ - last_.rounds_done, resources_,
                                                 options_.max_polls, around_, history_, report_)
                         : detail::diagnose_stop(*fabric_, *schedule_, last_, 0, resources_, options_.max_polls,
                                                 around_, history_, report_);
    if (e != Errc::ok) return give_up_replanning(e);
    return hold_new_faults();
  }

  /// The faults around_ gained since known_view_ (the runner that stopped had it) showed
  /// in base round stop_round_: their
  /// rectangles join the hold rule from that round (a recovery piece: the routes' frames
  /// are deep), then begin_held() runs the rounds on.
  JobEvent hold_new_faults() {
    const Network net = schedule_->network();
    const auto map = FaultMap::make(net, added_since(around_.view(), known_view_));  // the new faults alone
    if (!map) return give_up_replanning(map.error());
    if (!degraded_) {  // a fault that cuts processors off, without degraded mode: no plan avoids it
      for (std::uint32_t f = 0; f < map->count(); ++f)
        if (cuts_off(map->blocked(f))) return give_up_replanning(Errc::fault_cuts_off_processors);
    }
    if (resources_.replan_storage.empty()) return give_up_replanning(Errc::fault_plan_storage_too_small);
    if (!hold_.add(*map, stop_round_)) return give_up_replanning(Errc::config_too_many_faults);
    phase_ = Phase::begin_held;
    return JobEvent::recovery;
  }
  /// From base round stop_round_ the rounds run with the held paths idle, and the
  /// completion is planned beside them (or once they end, where its storage is theirs).
  [[gnu::noinline]] JobEvent begin_held() {
    const Network net = schedule_->network();
    if (const Errc e = hal::configure_fabric(*fabric_, net, base_->optical(), true); e != Errc::ok)
      return give_up_replanning(e);
    ++report_.replans;
    // The completion's storage: the next after the running plan's (or the first, for a
    // schedule that has none); the running plan's own only when there is no other.
    const std::size_t count = resources_.replan_storage.size();
    const bool base_stored = base_storage_ != JobResources::kNoStorage;
    storage_index_ = base_stored ? (base_storage_ + 1) % count : 0;
    target_ = base_slot_ == 0 && kPlanSlots > 1 ? 1U : 0U;
    // One storage, the running plan's: the completion goes into what that plan leaves
    // unread (FaultTolerantSchedule::storage_left), planned beside the rounds; where it
    // does not fit there, into the whole storage once the held rounds end (retry_in_whole()).
    beside_base_ =
        kBesideBase && base_stored && storage_index_ == base_storage_ % count && base_->fault_tolerant() != nullptr;
    if (beside_base_) spans_.set_target(base_->fault_tolerant()->storage_left(spans_.base()));
    // Only where its storage or slot is the running plan's does the plan wait for the held rounds.
    deferred_ = (base_stored && storage_index_ == base_storage_ % count && !beside_base_) ||
                (base_slot_ >= 0 && target_ == static_cast<std::size_t>(base_slot_));
    runner_.template emplace<std::monostate>();
    // The same base goes on: what its view left out as delivered stays left out.
    const std::uint32_t delivered_before = view_ && &view_->base() == base_ ? view_->delivered_before() : 0;
    view_.emplace(*base_, stop_round_, hold_, history_started_ ? &history_ : nullptr, delivered_before);
    report_.rounds_planned = offset_ + view_->rounds();
    if (!deferred_) start_plan();
    ExchangeOptions again = options_;
    again.start_round = 0;
    known_view_ = around_.view();
    Held& held = runner_.template emplace<Held>(*fabric_, *view_, again);
    if (stop_requested_) held.request_stop();
    first_round_pending_ = true;
    phase_ = Phase::run_held;
    stall_ends();
    return JobEvent::recovery;
  }
  /// The faults of `now` that `before` (an earlier view of the same set) did not list:
  /// a FaultSet adds each kind at its end.
  static constexpr FaultSetView added_since(FaultSetView now, FaultSetView before) {
    return {now.switches.subspan(before.switches.size()), now.links.subspan(before.links.size()),
            now.stuck.subspan(before.stuck.size())};
  }
  /// A rectangle that holds whole rows or columns (a switch of the first or last stage):
  /// processors that reach nothing, or that nothing reaches.
  static constexpr bool cuts_off(const BlockedPairs& r) { return r.fixed_b == 0 || r.fixed_a == 0; }

  // --- The completion, planned in slices beside the rounds. ---
  [[nodiscard]] PlanStorageSpan target_storage() const {
    return beside_base_ ? spans_.target() : resources_.replan_storage[storage_index_];
  }
  /// Starts planning the completion of what the held rounds hold (in slices where the
  /// job has a sliced call: the next steps run them; else here, in one piece).
  void start_plan() {
    held_list_ = HeldList(target_storage(), schedule_->network().ports);
    held_read_ = false;
    plan_error_ = Errc::ok;
    planning_ = Planning::running;
    if (resources_.planning.meter != nullptr) resources_.planning.meter->restart();
    if (resources_.slices != nullptr && resources_.slices->sliced() &&
        resources_.slices->start(&JobRunner::run_plan, this))
      return;
    SlicedCall here;
    if (here.start(&JobRunner::run_plan, this)) (void)here.resume();
    planning_ = Planning::idle;
  }
  void plan_slice() {
    if (resources_.slices->resume()) planning_ = Planning::idle;
  }
  /// A plan under way is not wanted any more: it stops at its next step (run to its end here).
  void cancel_plan() {
    if (planning_ != Planning::running) return;
    if (resources_.planning.meter != nullptr) resources_.planning.meter->cancel();
    cancelled_ = true;
    while (!resources_.slices->resume()) {
    }
    planning_ = Planning::idle;
    cancelled_ = false;
  }
  static void run_plan(void* self) { static_cast<JobRunner*>(self)->plan_completion(); }
  /// The body: the completion's frame (the routes of the round structure and of every
  /// fault), the held messages read off the base, then their completion planned.
  void plan_completion() {
    reader_.start(*view_, held_list_, hold_.first_onset());  // the held rounds' base and rule
    for (;;) {
      const Result<bool> more = reader_.step(resources_.planning.meter);
      if (!more) {
        plan_error_ = more.error();
        return;
      }
      if (!*more || cancelled_) break;
      a2a::detail::checkpoint(resources_.planning.meter);  // a round read: a slice ends here
    }
    if (cancelled_) return;
    held_read_ = true;
    held_count_ = held_list_.size();
    // The frame after the reading: with a single slot it takes the slot of the plan read.
    const Network net = schedule_->network();
    ::new (static_cast<void*>(&plans_[target_]))
        Result<AnySchedule>(AnySchedule::completion_frame(net, around_.view(), resources_.planning.meter));
    if (!plans_[target_]) {
      plan_error_ = plans_[target_].error();
      return;
    }
    FaultPlanOptions planning = resources_.planning;
    planning.degraded = degraded_;
    LeftOutMessages left;
    plan_error_ = plans_[target_]->fault_tolerant()->complete(held_list_, planning, left);
    report_.left_out += left.count;
    if (!report_.first_left_out.found) report_.first_left_out = left.first;
    // Few held (a late fault): the completion is near its bound, and the held rounds are
    // too short to plan the whole schedule beside them.
    const bool many = std::uint64_t{held_count_} * 4 >= net.ports;
    use_known_ = plan_error_ == Errc::ok && left.count == 0 && many && kPlanSlots > 1 &&
                 known_is_shorter(net, around_.view(), planning);
  }
  /// The fault-tolerant schedule as if the faults had been configured, into the other
  /// slot: whether its relay rounds (relays_after) carry what the Latin square held in
  /// fewer rounds than the completion (a fault early in the exchange: the closed forms
  /// beat the completion's greedy). Only after the first plan, a fault-free Latin square
  /// in the order the designs assume, every fault found in one stop; two plan slots.
  bool known_is_shorter(const Network& net, FaultSetView faults, const FaultPlanOptions& planning) {
    if (base_slot_ >= 0 || configured_faults_ || !hold_.one_onset() || schedule_->kind() != ScheduleKind::latin_square)
      return false;
    // The closed forms alone (no storage: a planned design's search would cost what the
    // completion saves, and its regular rounds steal slots the Latin square used).
    const std::size_t other = (1 - target_) % kPlanSlots;
    ::new (static_cast<void*>(&plans_[other])) Result<AnySchedule>(a2a::plan(
        net, faults, PlanStorageSpan{}, PlanRequest{ScheduleKind::fault_tolerant, RoundOrder::natural, planning}));
    if (!plans_[other] || plans_[other]->fault_tolerant() == nullptr) return false;
    const FaultTolerantSchedule& known = *plans_[other]->fault_tolerant();
    if (known.planned() || !known.regular_rounds_direct() || known.degraded()) return false;
    for (std::uint32_t t = 0; t < known.regular_rounds(); ++t) {  // the very rounds the Latin square ran
      if (t % kPortsPerCheckpoint == 0) a2a::detail::checkpoint(resources_.planning.meter);
      if (known.round(t).word() != schedule_->round(t).word()) return false;
    }
    return known.extra_rounds() < plans_[target_]->rounds();
  }
  /// The held rounds are over (or never ran): the completion runs once it is planned.
  [[gnu::noinline]] JobEvent wait_for_plan() {
    // A standstill: kSlicesPerStep slices a step, as beside a light step of the rounds.
    for (std::uint32_t k = 0; k < kSlicesPerStep && planning_ == Planning::running; ++k) plan_slice();
    if (planning_ == Planning::running) return JobEvent::recovery;
    if (stop_requested_) return give_up(Errc::exchange_stopped);
    if (retry_in_whole()) return JobEvent::recovery;
    if (plan_error_ != Errc::ok) return give_up_replanning(plan_error_);
    const std::uint32_t onset = hold_.first_onset();
    hold_.clear();
    if (use_known_) {  // the plan known in advance, its relay rounds: what the Latin square held
      base_slot_ = static_cast<int>((1 - target_) % kPlanSlots);
      base_ = &*plans_[(1 - target_) % kPlanSlots];
      base_storage_ = JobResources::kNoStorage;  // a closed form
      view_.emplace(HeldRounds::relays_after(*base_, hold_, onset));
    } else {
      base_ = &*plans_[target_];
      base_slot_ = static_cast<int>(target_);
      base_storage_ = storage_index_;
      spans_.set_base(target_storage());
      view_.emplace(*base_, 0, hold_, history_started_ ? &history_ : nullptr);
    }
    use_known_ = false;
    report_.rounds_planned = offset_ + view_->rounds();
    ExchangeOptions again = options_;
    again.start_round = 0;
    known_view_ = around_.view();
    runner_.template emplace<std::monostate>();
    runner_.template emplace<Held>(*fabric_, *view_, again);
    first_round_pending_ = true;
    phase_ = Phase::run_held;
    stall_ends();
    return JobEvent::recovery;
  }

  /// The completion planned beside the running plan did not fit in what that plan left
  /// (its held list or its rounds): now that the held rounds are over, it is planned
  /// again in the whole storage (their plan is read once more, then written over).
  bool retry_in_whole() {
    const bool no_room = plan_error_ == Errc::fault_plan_storage_too_small || plan_error_ == Errc::fault_plan_too_long;
    if (!beside_base_ || !no_room) return false;
    beside_base_ = false;  // target_storage(): the whole storage
    start_plan();
    return true;
  }

  // --- Recovery pieces (a diagnosis) in slices, at a standstill. ---
  using Piece = JobEvent (JobRunner::*)();
  JobEvent recover(Piece piece) {
    cancel_plan();
    recovery_ = piece;
    if (resources_.slices != nullptr && resources_.slices->sliced() &&
        resources_.slices->start(&JobRunner::run_recovery, this))
      return JobEvent::recovery;
    SlicedCall here;
    if (here.start(&JobRunner::run_recovery, this)) (void)here.resume();
    recovery_ = nullptr;
    return recovered_;
  }
  JobEvent resume_recovery() {
    if (!resources_.slices->resume()) return JobEvent::recovery;
    recovery_ = nullptr;
    return recovered_;
  }
  static void run_recovery(void* self) {
    auto* job = static_cast<JobRunner*>(self);
    job->recovered_ = (job->*(job->recovery_))();
  }

  // --- Giving up: what is left counted. ---
  /// No schedule avoids what stopped the job (`why`): it ends with what is left counted.
  JobEvent give_up_replanning(Errc why) {
    report_.replan_error = why;
    if (report_.error == Errc::ok) report_.error = why;
    return give_up(report_.error);
  }
  /// The job ends with `error` (ok: every round ran); a job that stops counts the
  /// messages it leaves (those the rounds after the stop would have delivered, and every
  /// one held), one round per step.
  [[gnu::noinline]] JobEvent give_up(Errc error) {
    report_.error = error;
    stalled_ = false;
    if (error == Errc::ok) {
      if (report_.lost != 0) report_.error = Errc::exchange_unacknowledged;  // every round ran
      phase_ = Phase::finished;
      return JobEvent::done;
    }
    if (planning_ == Planning::running) cancel_plan();
    report_.messages_pending = 0;
    // What is held: counted when the completion's list was read, else read now (into its list).
    counting_held_ = !hold_.empty() && !held_read_;
    if (!hold_.empty() && held_read_) report_.messages_pending += held_count_;
    if (counting_held_) {  // nothing runs now: the whole storage's scratch holds the list
      held_list_ = HeldList(resources_.replan_storage[storage_index_], schedule_->network().ports);
      reader_.start(*view_, held_list_, hold_.first_onset());
    }
    counted_to_ = 0;
    if (const First* first = std::get_if<First>(&runner_)) counted_to_ = first->outcome().rounds_done;
    if (const Held* held = std::get_if<Held>(&runner_)) counted_to_ = held->outcome().rounds_done;
    phase_ = Phase::count;
    return count_one();
  }
  [[gnu::noinline]] JobEvent count_one() {
    a2a::detail::replay_step(resources_.planning.meter);  // feeds the watchdog
    if (counting_held_) {
      const Result<bool> more = reader_.step();
      if (more && *more) return JobEvent::counting;
      counting_held_ = false;
      report_.messages_pending += reader_.count();
      return JobEvent::counting;
    }
    const bool held = std::holds_alternative<Held>(runner_);
    const std::uint32_t rounds = std::holds_alternative<First>(runner_) ? schedule_->rounds()
                                 : held                                 ? view_->rounds()
                                                                        : 0;
    if (counted_to_ >= rounds) {
      phase_ = Phase::finished;
      return JobEvent::done;
    }
    report_.messages_pending +=
        held ? messages_in_round(*view_, counted_to_) : messages_in_round(*schedule_, counted_to_);
    ++counted_to_;
    return JobEvent::counting;
  }

  // Ordered by size (the smallest boards' RAM: no padding between the flags).
  Fabric* fabric_;
  const AnySchedule* schedule_;
  JobResources resources_;
  Hooks* hooks_;
  ExchangeOptions options_;
  ExchangeReport report_{};
  // The faults a job knows: the configuration's, then each one found. The smallest
  // boards' builds (the single-fault designs) plan one configured fault and one found.
#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
  static constexpr std::size_t kFaultCapacity = 2;
#else
  static constexpr std::size_t kFaultCapacity = kMaxConfigFaults;
#endif
  FaultSet<kFaultCapacity> around_{};
  // around_ as the round runners pass its switches over: as it was before the faults the
  // last stop found joined it, until the next rounds start.
  FaultSetView known_view_{};
  ExchangeOutcome last_{};
  DeliveredMessages history_{};
  using First = RoundRunner<Fabric, AnySchedule>;
  using Held = RoundRunner<Fabric, HeldRounds>;
  std::variant<std::monostate, First, Held> runner_{};  // the rounds running now
  // The rounds that run after a fault: the base plan (the schedule, or a completion in
  // plans_[base_slot_], planned into storage base_storage_) from a round, some hops held.
  const AnySchedule* base_;
  std::size_t base_storage_;
  // The storage (or the part of it) the base is planned in, and where a completion
  // beside it goes: kept where a completion can run beside a plan in one storage.
  [[no_unique_address]] detail::BesideSpans<kBesideBase> spans_{};
  HoldRule hold_{};
  std::optional<HeldRounds> view_{};
  // The completion being planned into plans_[target_] (storage storage_index_).
  // Two slots: a completion planned beside the one that runs. The smallest boards'
  // builds (one plan storage: a completion found faulty is planned after it) have one.
#if defined(A2A_SINGLE_FAULT_DESIGNS_ONLY)
  static constexpr std::size_t kPlanSlots = 1;
#else
  static constexpr std::size_t kPlanSlots = 2;
#endif
  std::array<Result<AnySchedule>, kPlanSlots> plans_ = make_slots(std::make_index_sequence<kPlanSlots>{});
  template <std::size_t... I>
  static std::array<Result<AnySchedule>, kPlanSlots> make_slots(std::index_sequence<I...>) {
    return {((void)I, Result<AnySchedule>{Errc::fault_plan_storage_too_small})...};
  }
  HeldList held_list_{};
  HeldReader reader_{};
  Piece recovery_{nullptr};  ///< the recovery under way in slices (null: none)
  std::size_t target_{0};
  std::size_t storage_index_{0};
  std::uint64_t stall_from_{0};  // standstill: since when no round was committed
  int base_slot_{-1};
  std::uint32_t held_count_{0};  // held_read_: the list holds every message held
  std::uint32_t stop_round_{0};
  std::uint32_t offset_{0};      // rounds delivered before the rounds running now
  std::uint32_t counted_to_{0};  // giving up: the count of what is left
  std::uint32_t faults_met_{0};
  Errc plan_error_{Errc::ok};
  Planning planning_{Planning::idle};
  Phase phase_{Phase::run_first};
  JobEvent recovered_{JobEvent::recovery};
  bool history_started_{false};
  bool configured_faults_;  // the configuration has faults (the plan known in advance is theirs)
  bool degraded_;           // leave out the pairs no relay reaches
  bool use_known_{false};   // the plan known in advance carries the completion (known_is_shorter)
  bool held_read_{false};
  bool cancelled_{false};
  bool deferred_{false};     // the completion is planned once the held rounds end (one storage)
  bool beside_base_{false};  // the completion goes into what the running plan leaves of its storage
  bool counting_held_{false};
  bool stalled_{false};
  bool first_round_pending_{false};  // the rounds after a fault: their first not committed yet
  bool stop_requested_{false};
  bool counted_left_out_{false};
  bool fits_{true};  // the configuration's faults fit in around_
};
static_assert(std::is_trivially_destructible_v<Result<AnySchedule>>,
              "plans are planned over their slot without destroying it");

/// Runs the job to its end: a JobRunner stepped until it finishes (the caller blocks
/// meanwhile). The messages left at a stop are counted only when the job gives up.
template <hal::FabricController Fabric, class Hooks>
[[gnu::noinline]] ExchangeReport run_job(Fabric& fabric, const ConfiguredFabric& configured,
                                         const AnySchedule& schedule, const JobResources& resources, Hooks& hooks,
                                         const ExchangeOptions& options) {
  JobRunner<Fabric, Hooks> job(fabric, configured, schedule, resources, hooks, options);
  while (job.step() != JobEvent::done) {
  }
  return job.report();
}

}  // namespace a2a::app
