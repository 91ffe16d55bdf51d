// One exchange job (exchange_job.hpp) as a runner that never waits: JobRunner::step()
// advances the job by one bounded piece: one step of the running plan's RoundRunner,
// or, after a stop the fabric explains, one piece of the recovery (recording what the
// rounds delivered, the diagnosis of a fault the fabric does not name, the next plan),
// or one round of the count of what a job that gives up leaves undelivered. The
// recovery pieces are each one computation the planning meter bounds; given a
// SlicedCall (JobResources::slices) whose stack they run on, and a meter whose tick
// yields, a recovery is cut into slices, one planning step each: step() returns after
// each (JobEvent::recovery). run_job() is the same runner stepped to its end.
//
// The job: run `schedule`; each time the fabric locates a faulty switch (or the
// outputs show a fault it does not name), re-plan around it and every fault before it
// (one re-plan storage each, taken in turn) and resume, sending nothing twice.
// Hooks: after_round(r, schedule, round) for every delivered round r (counted over all
// plans): the caller's trace, breadcrumb, watchdog; the hook does not wait.
#pragma once

#include <cstdint>
#include <optional>

#include "a2a/any_schedule.hpp"
#include "a2a/app/exchange_job.hpp"
#include "a2a/app/round_runner.hpp"
#include "a2a/config/config_block.hpp"
#include "a2a/status.hpp"

namespace a2a::app {

/// What one JobRunner::step() did.
enum class JobEvent : std::uint8_t {
  round_step,  ///< one step of the running plan's round loop (a round may have been delivered: the hook ran)
  recovery,    ///< a stop is being recorded, diagnosed or planned around (the whole piece, or one slice of it)
  counting,    ///< giving up: one more round of what is left counted
  done,        ///< finished: report()
};

template <hal::FabricController Fabric, class Hooks>
class JobRunner {
 public:
  /// `schedule` was planned from `config`; everything passed in must outlive the runner.
  JobRunner(Fabric& fabric, const ControllerConfig& config, const AnySchedule& schedule, const JobResources& resources,
            Hooks& hooks, const ExchangeOptions& options)
      : fabric_(&fabric), config_(&config), schedule_(&schedule), resources_(resources), hooks_(&hooks),
        options_(options) {
    options_.count_pending = false;  // counted here, only when the job gives up
    job_.last = &schedule;
    report_.rounds_planned = schedule.rounds();
    count_left_out(schedule, report_);
    if (resources.found != nullptr) *resources.found = {};  // this job's list
    report_.found = resources.found;
    first_.emplace(fabric, schedule, options_);
  }
  JobRunner(const JobRunner&) = delete;  // the round runners point into the job
  JobRunner& operator=(const JobRunner&) = delete;
  JobRunner(JobRunner&&) = delete;
  JobRunner& operator=(JobRunner&&) = delete;
  ~JobRunner() = default;

  /// Out of line: a step's frames (a round runner's, a recovery's) stay off the frames
  /// of whoever steps the job (a small board's deepest chain).
  [[nodiscard, gnu::noinline]] JobEvent step() {
    if (recovery_ != nullptr) return resume_recovery();
    switch (phase_) {
      case Phase::run_first: return step_first();
      case Phase::run_resumed: return step_resumed();
      case Phase::plan: return stop_requested_ ? give_up(Errc::exchange_stopped) : recover(&JobRunner::plan_next);
      case Phase::count: return count_one();
      case Phase::finished: break;
    }
    return JobEvent::done;
  }
  [[nodiscard]] bool finished() const { return phase_ == Phase::finished; }
  /// So far; final once finished().
  [[nodiscard]] const ExchangeReport& report() const { return report_; }
  /// Ends the job at the next round boundary (exchange_stopped): the round under way
  /// is confirmed first; a recovery under way ends before the next plan runs.
  void request_stop() {
    stop_requested_ = true;
    if (first_) first_->request_stop();
    if (resumed_) resumed_->request_stop();
  }

 private:
  enum class Phase : std::uint8_t { run_first, run_resumed, plan, count, finished };

  using Piece = JobEvent (JobRunner::*)();
  /// Starts a recovery piece (the rest of a stopped runner's step, or the next plan):
  /// in slices where the job has a sliced call with a stack, the first slice at the
  /// next step() (the runner's step that ended may have been a long one); else here,
  /// in one piece. Either way through SlicedCall, so the piece is called indirectly
  /// and a static call graph keeps its frames apart from the round loop's.
  JobEvent recover(Piece piece) {
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

  JobEvent step_first() {
    const RunnerStep s = first_->step();
    if (s.event == RunnerEvent::delivered) hooks_->after_round(s.round, *schedule_, schedule_->round(s.round));
    if (!s.finished()) return JobEvent::round_step;
    return recover(&JobRunner::after_first);
  }
  /// The first plan's runner stopped or ended: what it delivered, what stopped it.
  JobEvent after_first() {
    const ExchangeOutcome& first = first_->outcome();
    report_.rounds_run = first.rounds_done;
    report_.retries = first.retries;
    report_.error = first.error;
    report_.failed_round = first.rounds_done;
    if (first.error == Errc::ok || !(first.fault_located || first.unnamed_fault)) return give_up(first.error);
    if (first.fault_located)
      note_named_fault(resources_.found, first.faulty_stage, first.faulty_switch, first.rounds_done);
    if (!job_.history.start(resources_.delivered_bits, schedule_->network().ports))
      return give_up_replanning(Errc::fault_plan_storage_too_small);  // no room to remember what arrived
    report_.stranded = job_.history.record(*schedule_, first.rounds_done, resources_.planning.meter);
    around_ = *config_;  // the configuration's faults plus each one found
    last_ = first;
    offset_ = first.rounds_done;  // the hooks count rounds over all plans
    if (first.unnamed_fault) {
      if (const Errc e = detail::diagnose_stop(*fabric_, *schedule_, first, 0, resources_, options_.max_polls, around_,
                                               job_.history, report_);
          e != Errc::ok)
        return give_up_replanning(e);
    }
    phase_ = Phase::plan;
    return JobEvent::recovery;
  }

  /// The next plan around every fault known, resumed after what the plans before delivered.
  JobEvent plan_next() {
    resumed_.reset();  // the finished runner of the plan before points at the slot replanned now
    if (const Errc e = detail::next_plan(*fabric_, schedule_->network(), around_, last_, resources_, replans_, job_, report_);
        e != Errc::ok)
      return give_up_replanning(e);
    ++replans_;
    resumed_schedule_.emplace(job_.history, *job_.plan);
    ExchangeOptions again = options_;
    again.start_round = 0;
    resumed_.emplace(*fabric_, *resumed_schedule_, again);
    if (stop_requested_) resumed_->request_stop();
    phase_ = Phase::run_resumed;
    return JobEvent::recovery;
  }

  JobEvent step_resumed() {
    const RunnerStep s = resumed_->step();
    if (s.event == RunnerEvent::delivered)
      hooks_->after_round(offset_ + s.round, *resumed_schedule_, resumed_schedule_->round(s.round));
    if (!s.finished()) return JobEvent::round_step;
    return recover(&JobRunner::after_resumed);
  }
  /// A re-plan's runner stopped or ended.
  JobEvent after_resumed() {
    last_ = resumed_->outcome();
    report_.rounds_planned = offset_ + job_.plan->rounds();
    report_.rounds_run = offset_ + last_.rounds_done;
    report_.retries += last_.retries;
    report_.error = last_.error;
    report_.failed_round = last_.rounds_done;
    if (last_.fault_located || last_.unnamed_fault)
      report_.stranded += job_.history.record(*resumed_schedule_, last_.rounds_done, resources_.planning.meter);
    if (last_.fault_located && locate_new_fault(*fabric_, schedule_->network(), around_, last_))
      note_named_fault(resources_.found, last_.faulty_stage, last_.faulty_switch, report_.rounds_run);
    if (last_.unnamed_fault) {
      if (const Errc e = detail::diagnose_stop(*fabric_, *resumed_schedule_, last_, offset_, resources_,
                                               options_.max_polls, around_, job_.history, report_);
          e != Errc::ok)
        return give_up_replanning(e);
    }
    offset_ += last_.rounds_done;
    if (last_.error != Errc::ok && (last_.fault_located || last_.unnamed_fault)) {
      phase_ = Phase::plan;
      return JobEvent::recovery;
    }
    return give_up(last_.error);
  }

  /// No schedule avoids what stopped the job (`why`): it ends with what is left counted.
  JobEvent give_up_replanning(Errc why) {
    report_.replan_error = why;
    return give_up(report_.error);
  }
  /// The job ends with `error` (ok: every round ran); a job that stops counts the
  /// messages it leaves, over the plan that ran last, one round per step.
  JobEvent give_up(Errc error) {
    report_.error = error;
    if (error == Errc::ok) {
      phase_ = Phase::finished;
      return JobEvent::done;
    }
    resumed_.reset();
    if (job_.last != schedule_) resumed_schedule_.emplace(job_.history, *job_.last);
    counted_to_ = report_.failed_round;
    phase_ = Phase::count;
    return count_one();
  }
  JobEvent count_one() {
    const std::uint32_t rounds = job_.last == schedule_ ? schedule_->rounds() : resumed_schedule_->rounds();
    if (counted_to_ >= rounds) {
      phase_ = Phase::finished;
      return JobEvent::done;
    }
    a2a::detail::replay_step(resources_.planning.meter);  // feeds the watchdog
    report_.messages_pending += job_.last == schedule_ ? messages_in_round(*schedule_, counted_to_)
                                                       : messages_in_round(*resumed_schedule_, counted_to_);
    ++counted_to_;
    return JobEvent::counting;
  }

  Fabric* fabric_;
  const ControllerConfig* config_;
  const AnySchedule* schedule_;
  JobResources resources_;
  Hooks* hooks_;
  ExchangeOptions options_;
  ExchangeReport report_{};
  detail::JobPlans job_{};
  ControllerConfig around_{};
  ExchangeOutcome last_{};
  std::optional<RoundRunner<Fabric, AnySchedule>> first_{};
  std::optional<ResumedAfterHistory> resumed_schedule_{};
  std::optional<RoundRunner<Fabric, ResumedAfterHistory>> resumed_{};
  std::uint32_t offset_{0};
  std::uint32_t replans_{0};
  std::uint32_t counted_to_{0};
  Phase phase_{Phase::run_first};
  bool stop_requested_{false};
  Piece recovery_{nullptr};  ///< the recovery under way in slices (null: none)
  JobEvent recovered_{JobEvent::recovery};
};

/// Runs the job to its end: a JobRunner stepped until it finishes (the caller blocks
/// meanwhile). The messages left at a stop are counted only when the job gives up.
template <hal::FabricController Fabric, class Hooks>
[[gnu::noinline]] ExchangeReport run_job(Fabric& fabric, const ControllerConfig& config, const AnySchedule& schedule,
                                         const JobResources& resources, Hooks& hooks, const ExchangeOptions& options) {
  JobRunner<Fabric, Hooks> job(fabric, config, schedule, resources, hooks, options);
  while (job.step() != JobEvent::done) {
  }
  return job.report();
}

}  // namespace a2a::app
