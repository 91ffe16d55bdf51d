// The controller device: include this header. Device<Board, MaxPorts, Fabric> is what
// runs on a board from reset on: the banner and the command loop here, its commands in
// device_commands.hpp and its exchanges in device_run.hpp (the definitions of the
// members they name, included at the end). It prints a
// banner, then reads commands from the console one line at a time and answers
// each with lines that end in exactly `ok` or a line starting `error: `
// (docs/console.md). Commands: help, status, config, set, run, stop, inject, clear,
// and on a board with a configuration store save, erase (device_store.hpp); reboot.
//
// Everything the device learns about the fabric comes through its driver: by
// default a2a's own over the board's bus to the a2a register block (on a QEMU board
// an emulated fabric answers from the far side of the block, an interrupt, so this
// code is the same on hardware and in emulation), or any hal::FabricController the
// product hands it (device_fabric.hpp): its delivery counters, where it has them,
// verify a run; else the product's acknowledgements, or the run is reported unverified.
//
// Board: see DeviceBoard (device_board.hpp), and a bus() to the block for A2aBlock.
// MaxPorts: the largest network this image runs (for the a2a block, the capacity of
// the block: FabricLayout<MaxPorts, kMaxStages>). Fabric: A2aBlock, or the product's
// driver type.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>

#include "a2a/app/device_board.hpp"
#include "a2a/app/device_fabric.hpp"
#include "a2a/app/device_lookahead.hpp"
#include "a2a/app/device_round_hooks.hpp"
#include "a2a/app/device_settings.hpp"
#include "a2a/app/job_runner.hpp"
#include "a2a/app/line_reader.hpp"
#include "a2a/app/sliced_call.hpp"
#include "a2a/config/device_planning.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/version.hpp"

namespace a2a::app {

namespace detail {
/// A board without a configuration store: save and erase are refused.
struct NoStore {};
template <class Board, bool = StoringBoard<Board>>
struct StoreOf {
  using type = NoStore;
};
template <class Board>
struct StoreOf<Board, true> {
  using type = ConfigStore<std::remove_cvref_t<decltype(std::declval<Board&>().config_flash())>>;
};
}  // namespace detail

/// A line with no end is given up after this long without a byte.
inline constexpr std::uint64_t kLineIdleMicros = 5000000;

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric = A2aBlock>
class Device {
  using Layout = hal::FabricLayout<MaxPorts, kMaxStages>;
  using Access = typename detail::FabricAccessOf<Board, MaxPorts, Fabric>::type;
  using Driver = typename Access::Driver;
  using Hooks = detail::DeviceRoundHooks<Board, Access>;
  static constexpr bool kCounted = hal::DeliveryCounters<Driver>;
  static constexpr bool kTimed = detail::TimedFabric<Driver>;
  /// The a2a block with the board's switch path beside it (fabric=spi-chain).
  static constexpr bool kSplit = requires(Driver & d) { d.use_switch_path(true); };
  static constexpr bool kLookahead = SlotTimerBoard<Board> && Access::kBlock;
  using Job = JobRunner<Driver, Hooks>;
  template <class S>
  using SessionOf = typename detail::LookaheadSessionOf<kLookahead, Layout, Board, Access, Hooks, S>::type;
  using LatinSession = SessionOf<LatinSquareSchedule<>>;
  using AlternatingSession = SessionOf<AlternatingSchedule>;
  static constexpr bool kStoring = StoringBoard<Board>;
  using Store = typename detail::StoreOf<Board>::type;

 public:
  /// The a2a block over the board's bus.
  /// `block`: the board's configuration region (provisioned, or blank: all 0x00 or
  /// all 0xFF); a board with a configuration store (StoringBoard) boots the newest copy
  /// of its store instead and takes {} here; `fallback`: the image's built-in default,
  /// used while the block is blank, refused or not applied (the boot-loop guard).
  /// `storages`: fault-plan storage (FaultPlanStorage<N, faults>), one per plan that
  /// may need one at once: the configured faults' plan takes the first, each re-plan
  /// around a switch found faulty the others, in turn (one storage serves them all).
  Device(Board& board, std::span<const std::uint8_t> block, std::span<const std::uint8_t> fallback,
         std::span<const PlanStorageSpan> storages) requires BlockBoard<Board> && Access::kBlock : board_(&board),
                                                                                                   block_(block),
                                                                                                   fallback_(fallback),
                                                                                                   storages_(storages),
                                                                                                   access_(board) {}
  /// One storage: the configured plan's, or one re-plan's when no fault is configured.
  Device(Board& board, std::span<const std::uint8_t> block, std::span<const std::uint8_t> fallback,
         PlanStorageSpan storage) requires BlockBoard<Board> && Access::kBlock : board_(&board),
                                                                                 block_(block),
                                                                                 fallback_(fallback),
                                                                                 one_storage_{storage},
                                                                                 storages_(one_storage_),
                                                                                 access_(board) {}
  /// The product's own fabric driver (kept by reference: it outlives the device).
  Device(Board& board, Fabric& fabric, std::span<const std::uint8_t> block, std::span<const std::uint8_t> fallback,
         std::span<const PlanStorageSpan> storages) requires(!Access::kBlock)
      : board_(&board), block_(block), fallback_(fallback), storages_(storages), access_(fabric) {}
  Device(Board& board, Fabric& fabric, std::span<const std::uint8_t> block, std::span<const std::uint8_t> fallback,
         PlanStorageSpan storage) requires(!Access::kBlock)
      : board_(&board),
        block_(block),
        fallback_(fallback),
        one_storage_{storage},
        storages_(one_storage_),
        access_(fabric) {}
  Device(const Device&) = delete;  // storages_ may point into the object
  Device& operator=(const Device&) = delete;
  Device(Device&&) = delete;
  Device& operator=(Device&&) = delete;
  ~Device() = default;

  /// The banner: version, board, reset cause, the configuration loaded, the fabric found.
  void boot() {
    board_->print("a2a controller ", kVersion, " (register map ", hal::reg::Version::Major::reset, ") on ",
                  board_->name(), "\n");
    board_->print("reset cause: ", name(board_->reset_cause()), "\n");
    if (board_->crumb(crumb::kExchange) == crumb::kExchangeRunning) {
      board_->print("warning: an exchange was running at the reset (", board_->crumb(crumb::kExchangeRound),
                    " rounds delivered): it is not resumed; send run to start it again\n");
    }
    board_->set_crumb(crumb::kExchange, 0);
    std::array<std::uint8_t, kConfigBlockSize> stored{};
    load_store(stored);  // a board with a store: block_ is its newest copy (read into `stored`), or blank
    const bool provisioned = !blank(block_);
    const std::uint32_t resets = applying_resets(provisioned);
    const bool skip_block = resets >= kBootLoopResets;
    source_ = provisioned && !skip_block ? block_source() : "default";
    print_config_source(provisioned, skip_block);
    if (skip_block)
      board_->print("error: the provisioned configuration block was not applied: the watchdog reset the device ",
                    resets, " times in a row while applying it; the built-in default runs, set can replace it\n");
    boot_from_block_ = provisioned && !skip_block;
    const Result<ControllerConfig> decoded = decode_config(boot_from_block_ ? block_ : fallback_);
    if constexpr (kStoring) block_ = {};  // `stored` ends with boot()
    if (!decoded) {
      boot_error_ = decoded.error();
      return finish_boot();
    }
    // A reset while the provisioned block is planned counts towards the boot-loop guard
    // (the planning goes on in poll()s: the crumb stays until booted() clears it).
    if (boot_from_block_) board_->set_crumb(crumb::kApplying, crumb::kApplyingMagic | resets);
    start_planning(*decoded, AfterPlanning::boot);  // the banner goes on when it is planned
    while (plan_in_one_piece()) {                   // without slices: the block's, then perhaps the default's
    }
  }

  /// One pass of the main loop: feed the watchdog, take what the UART has, and
  /// advance the exchange under way by one bounded step. The console is read between
  /// steps: `status` and `stop` are answered while a run goes on; any other line is
  /// held (and the UART not read further) until the run's reply has ended, then
  /// executed: replies keep the order of the commands.
  void poll() {
    board_->feed_watchdog();
    // A console without room for a step's replies (the host reads slowly, or not at
    // all): nothing is read, planned or run until it has room; the fabric stays idle
    // between rounds and the watchdog is fed meanwhile (kReplyReserve).
    if (!console_ready(*board_)) return;
    if (held_ && !busy()) {  // the run's or the planning's reply has ended: the held line's turn
      held_ = false;
      return execute(reader_.text());
    }
    if (!held_) {
      const std::uint64_t now = board_->micros();
      // Reads no further than the byte that completes an event: the bytes after it
      // (the next line, sent back to back) stay in the UART for the next poll().
      LineEvent event = LineEvent::none;
      while (event == LineEvent::none) {
        const int byte = board_->read_byte();
        if (byte < 0) break;
        event = reader_.push(static_cast<std::uint8_t>(byte), now);
      }
      if (event == LineEvent::none) event = reader_.idle(now, kLineIdleMicros);
      held_ = event == LineEvent::line && busy() && !(running_.active && answered_while_running(reader_.text()));
      if (!held_) handle(event);
    }
    if (planning()) return continue_planning();
    if (clear_polls_left_ != 0) return continue_clear();
    if (storing()) return continue_store();
    if (running_.active) step_exchange();
  }
  /// A run is under way (its reply has not ended yet), or a configuration is being
  /// planned (the banner's, or set's): poll() again soon.
  [[nodiscard]] bool busy() const { return running_.active || planning() || clear_polls_left_ != 0 || storing(); }
  /// Plans and diagnoses in slices on `stack` (sliced_call.hpp): poll() returns after
  /// each planning step, however long the planning. Without one (or on an architecture
  /// that does not switch stacks) a planning runs within one poll(), feeding the
  /// watchdog at every step. Given before boot(); false: refused (below
  /// SlicedCall::kMinStackBytes, or a planning under way).
  [[nodiscard]] bool slice_on(std::span<std::byte> stack) { return slices_.use_stack(stack); }
  /// The most of the slice stack a planning has used (bytes): what it must hold.
  [[nodiscard]] std::size_t slice_stack_used() const { return slices_.stack_used(); }
  [[nodiscard]] std::size_t slice_stack_size() const { return slices_.stack_size(); }
  /// A fabric without delivery counters: the product's acknowledgements verify each
  /// round's pairs (set before boot(), which says how runs are verified).
  void acknowledge_by(AcknowledgementHook hook) { acks_ = hook; }

  /// A save or an erase of the configuration store is under way (poll() steps it).
  [[nodiscard]] bool storing() const { return store_command_ != StoreCommand::none; }

  [[noreturn]] void run_forever() {
    boot();
    for (;;) poll();
  }

 private:
  /// The commands a run does not hold back (device_commands.hpp).
  static bool answered_while_running(std::string_view line);
  static bool takes_no_words(std::string_view command);
  void handle(LineEvent event) {
    switch (event) {
      case LineEvent::none: return;
      case LineEvent::line: return execute(reader_.text());
      case LineEvent::too_long: return error("line longer than ", kMaxLineLength, " characters: ignored");
      case LineEvent::junk: return error("line holds bytes that are not printable ASCII: ignored");
      case LineEvent::unterminated:
        return error("line without an end (no CR or LF for ", kLineIdleMicros / 1000000, " s): ignored");
    }
  }

  /// After this many watchdog resets in a row while applying the provisioned block,
  /// the image boots without it.
  static constexpr std::uint32_t kBootLoopResets = 2;

  /// Watchdog resets in a row so far that came while a configuration was applied.
  std::uint32_t applying_resets(bool provisioned) {
    const std::uint32_t word = board_->crumb(crumb::kApplying);
    board_->set_crumb(crumb::kApplying, 0);
    if (!provisioned || board_->reset_cause() != ResetCause::watchdog || !crumb::applying(word)) return 0;
    return (word & crumb::kApplyingResetsMask) + 1;
  }
  /// The banner after the configuration was planned: a provisioned block refused
  /// gives way to the built-in default (planned in turn), then the rest of the banner.
  void booted(Errc refused) {
    board_->set_crumb(crumb::kApplying, 0);
    config_ = planning_.config;
    config_ok_ = refused == Errc::ok;
    boot_refused_ = refused;
    if (!config_ok_ && boot_from_block_) {
      boot_from_block_ = false;
      board_->print("error: the provisioned configuration is refused: ", describe(refused),
                    "; the built-in default runs, set can replace it\n");
      const Result<ControllerConfig> fallback = decode_config(fallback_);
      if (fallback) {
        source_ = "default";
        return start_planning(*fallback, AfterPlanning::boot);
      }
    }
    finish_boot();
  }
  [[gnu::noinline]] void finish_boot() {
    print_config();
    if (boot_error_ != Errc::ok) {
      board_->print("error: configuration block refused: ", describe(boot_error_),
                    "; run refused until set gives a whole configuration\n");
    } else if (!config_ok_) {
      board_->print("error: configuration refused: ", describe(boot_refused_), "\n");
    }
    print_fabric_found();
    if (const std::uint32_t ms = board_->watchdog_ms(); ms != 0)
      board_->print("watchdog: ", ms, " ms, fed by the command loop and every round\n");
    else
      board_->print("watchdog: none on this board\n");
    board_->print("ready\n");
  }

  template <class... Args>
  void error(const Args&... args) {
    board_->print("error: ", args..., "\n");
  }
  void ok() { board_->print("ok\n"); }
  /// An error reply that also ends the exchange being run: false for run_one().
  template <class... Args>
  [[nodiscard]] bool fail(const Args&... args) {
    error(args...);
    return false;
  }

  /// A configuration region never written: erased flash (0xFF) or zeroed memory.
  static constexpr bool blank(std::span<const std::uint8_t> block) {
    bool zeros = true;
    bool ones = true;
    for (std::uint8_t b : block) {
      zeros = zeros && b == 0x00U;
      ones = ones && b == 0xFFU;
    }
    return zeros || ones;
  }

  /// Refused here, at `set` or boot, rather than at `run`: a network the fabric
  /// block cannot hold (more ports, or, for the shift network's N switches per
  /// stage, more switches than its per-stage arrays) is as wrong as a bad N.
  /// The plan is kept for `run` while the configuration stays (planning around faults
  /// is the longest thing the device computes: once per configuration).
  [[gnu::noinline]] Errc plan_configuration(const ControllerConfig& c) {
    planned_ok_ = false;
    if (c.ports > MaxPorts) return Errc::fabric_capacity_exceeded;
    if (c.fabric == FabricBackend::spi_chain && !kSplit) return Errc::fabric_backend_unavailable;
    const bool waits = kSplit ? c.fabric == FabricBackend::spi_chain : kTimed;  // settle and guard times
    if (!waits && (c.settle_us != 0 || c.guard_us != 0)) return Errc::fabric_timing_unsupported;
    // Planned into the device's slot itself (placement new of the prvalue: no
    // schedule-sized temporary on the slice stack; Result is trivially destructible).
    ::new (static_cast<void*>(&planned_)) Result<AnySchedule>(plan(c));
    if (!planned_) return planned_.error();
    if (Access::kBlock && !Layout::fits(planned_->network())) return Errc::fabric_capacity_exceeded;
    planned_for_ = c;
    planned_ok_ = true;
    return Errc::ok;
  }
  /// The configured network, for the commands that name its switches (configured_fabric():
  /// the one place a configuration becomes a network).
  [[nodiscard]] Result<Network> configured_network() const {
    ConfiguredFabric fabric;
    if (const Errc e = configured_fabric(config_, fabric); e != Errc::ok) return e;
    return fabric.network;
  }
  /// Plans `c` as a device does (device_planning.hpp): bounded, every step a tick, into
  /// the configured plan's storage (plan_exchange: configured_fabric(), then plan()).
  Result<AnySchedule> plan(const ControllerConfig& c) {
    meter_ = device_plan_meter(c.ports, &tick, this);
    return plan_exchange(c, plan_storage(), device_planning(&meter_, c.ports));
  }
  /// A planning step: the end of a slice (poll() feeds the watchdog between slices), or,
  /// planning in one piece, a watchdog feed.
  static void tick(void* device) {
    auto* d = static_cast<Device*>(device);
    if (d->slices_.inside())
      d->slices_.yield();
    else
      d->board_->feed_watchdog();
  }
  /// What a job may use: the re-plans' storage, the delivered-message bits, the
  /// device's planning (its meter restarted per re-plan), its slices.
  JobResources job_resources() {
    meter_ = device_replan_meter(config_.ports, &tick, this);
    // With one storage, the configured faults' plan is in the re-plans' storage itself.
    const FaultTolerantSchedule* configured = planned().fault_tolerant();
    const bool in_storage = config_.fault_count != 0 && configured != nullptr && configured->planned();
    const std::size_t shared = in_storage && storages_.size() < 2 ? 0 : JobResources::kNoStorage;
    return {replan_storages(), delivered_bits_, device_replanning(&meter_), observation_, &found_, &slices_, shared};
  }

  /// What follows a configuration's planning (plan_configuration()): the banner, set's reply, or
  /// the run's exchange.
  enum class AfterPlanning : std::uint8_t { nothing, boot, set, exchange };
  struct Planning {
    AfterPlanning then{AfterPlanning::nothing};
    ControllerConfig config{};
    DeviceKnobs knobs{};  ///< set's, applied with its configuration
    Errc result{Errc::ok};
  };
  [[nodiscard]] bool planning() const { return planning_.then != AfterPlanning::nothing; }
  /// plan_configuration(c), for continue_planning() to run: in slices from poll(), or, without a slice
  /// stack, in one piece by the caller at once; `then` follows it.
  void start_planning(const ControllerConfig& c, AfterPlanning then) {
    planning_.then = then;
    planning_.config = c;
    (void)slices_.start(&Device::sliced_planning, this);  // nothing else plans meanwhile
  }
  /// Without a slice stack, the planning start_planning() left, run here and now with what
  /// follows it (never from start_planning itself: no recursive chain). true: it ran.
  bool plan_in_one_piece() {
    if (slices_.sliced() || !planning()) return false;
    continue_planning();
    return true;
  }
  static void sliced_planning(void* device) {
    auto* d = static_cast<Device*>(device);
    d->planning_.result = d->plan_configuration(d->planning_.config);
  }
  /// One slice of the planning; at its end, what follows it.
  void continue_planning() {
    if (!slices_.resume()) return;
    const AfterPlanning then = planning_.then;
    planning_.then = AfterPlanning::nothing;
    switch (then) {
      case AfterPlanning::nothing: return;
      case AfterPlanning::boot: return booted(planning_.result);
      case AfterPlanning::set: return set_planned(planning_.result);
      case AfterPlanning::exchange: return exchange_planned(planning_.result);
    }
  }

  // Out of line (gnu::noinline), each command and each step of run_one: inlined, their
  // locals (line buffers, a planned schedule) would all sit in the frames beneath the
  // exchange's re-plan, the deepest chain of the image (docs/cortex-m.md, stack usage).
  void execute(std::string_view line);
  [[gnu::noinline]] void print_config();
  [[gnu::noinline]] void print_fabric_found();
  [[nodiscard]] bool fabric_present();
  /// The fabric fails switches on request (an emulated block): `inject` and `clear`.
  [[nodiscard]] bool can_inject() {
    if constexpr (hal::FaultInjection<Driver>) return access_.driver().can_inject();
    return false;
  }
  [[gnu::noinline]] void cmd_help(std::string_view args);
  void print_set_keys();
  [[gnu::noinline]] void cmd_status();
  [[gnu::noinline]] void cmd_set(std::string_view args);
  [[gnu::noinline]] void set_planned(Errc e);
  [[gnu::noinline]] void cmd_run(std::string_view args);
  [[gnu::noinline]] void cmd_inject(std::string_view args);
  [[gnu::noinline]] void cmd_clear();
  void inject_wire_fault(const Injection& in, WireInjection kind);
  [[gnu::noinline]] void refuse_fault_count(const ControllerConfig& c);
  [[gnu::noinline]] void continue_clear();
  /// The reads a fabric action (a clear, an injection) gets to be confirmed: the board's
  /// fabric_polls(), at least one.
  [[nodiscard]] std::uint32_t action_polls() const { return std::max<std::uint32_t>(board_->fabric_polls(), 1U); }
  [[gnu::noinline]] void cmd_stop();
  // The configuration store and the board's reset (device_store.hpp).
  static Store make_store(Board& board) {
    if constexpr (kStoring)
      return Store(board.config_flash(), board.config_region());
    else
      return {};
  }
  void load_store(std::span<std::uint8_t, kConfigBlockSize> stored);
  [[nodiscard]] std::string_view block_source() const;
  [[gnu::noinline]] void print_config_source(bool provisioned, bool skip_block);
  [[nodiscard]] std::string_view saved_state();
  [[gnu::noinline]] void cmd_save();
  [[gnu::noinline]] void cmd_erase();
  [[gnu::noinline]] void cmd_reboot();
  [[gnu::noinline]] void continue_store();
  [[gnu::noinline]] void print_store_failure(std::string_view command, const StoreProgress& p);
  [[nodiscard]] bool refuse_while_running(std::string_view command);
  // A run's exchanges, stepped by poll() (device_run.hpp).
  [[gnu::noinline]] bool start_exchange();
  [[gnu::noinline]] void exchange_planned(Errc e);
  [[gnu::noinline]] bool prepare_fabric();
  enum class Prepared : std::uint8_t { waiting, ready, failed };
  struct Preparing;
  [[gnu::noinline]] Prepared prepare_step(Preparing& preparing);
  [[gnu::noinline]] void start_rounds(detail::GraySteps family);
  [[gnu::noinline]] Job& start_job(Hooks& hooks, std::uint32_t from);
  [[gnu::noinline]] void step_exchange();
  [[gnu::noinline]] bool step_lookahead();
  void start_lookahead(detail::GraySteps family, const AnySchedule& schedule, Hooks& hooks);
  [[gnu::noinline]] bool finish_exchange();
  [[gnu::noinline]] bool verify_by_counters();
  [[gnu::noinline]] bool verify_by_acknowledgements();
  void end_run() { running_.active = false; }
  void stopped_before_first_round();
  [[gnu::noinline]] bool lookahead_runs(const AnySchedule& schedule, detail::GraySteps& family);
  [[gnu::noinline]] bool configure_fabric(Driver& fabric, const AnySchedule& schedule);
  [[gnu::noinline]] void print_exchange_line(std::uint32_t index, std::uint32_t count, const AnySchedule& schedule);
  [[gnu::noinline]] void print_summary(const detail::LookaheadRun& slots, const DeliveryTally& c,
                                       std::uint64_t expected, std::uint64_t writes, std::uint32_t late);
  [[nodiscard]] std::uint64_t exchange_writes() const;
  [[gnu::noinline]] void print_what_happened(const detail::LookaheadRun& slots);
  [[gnu::noinline]] void print_located(const ExchangeReport& report);
  [[gnu::noinline]] void print_named(const ExchangeReport& report);
  [[gnu::noinline]] void record(const ExchangeReport& report, const DeliveryTally& c, std::uint64_t expected,
                                bool exact, std::uint32_t late);
  [[nodiscard]] std::string_view order_name() const { return config_.order == RoundOrder::gray ? "gray" : "natural"; }

  Board* board_;
  std::span<const std::uint8_t> block_;
  std::span<const std::uint8_t> fallback_;
  std::string_view source_{"default"};  ///< where the configuration came from: block, default or set
  /// The configured plan's storage (none: the closed forms alone).
  [[nodiscard]] PlanStorageSpan plan_storage() const { return storages_.empty() ? PlanStorageSpan{} : storages_[0]; }
  /// The re-plans': past the configured plan's when it may use one (it has faults) and
  /// another is left; else all of them (a re-plan overwrites the configured plan, which
  /// is planned again for the next run: run_one drops it after a re-plan).
  [[nodiscard]] std::span<const PlanStorageSpan> replan_storages() const {
    return config_.fault_count == 0 || storages_.size() < 2 ? storages_ : storages_.subspan(1);
  }
  std::array<PlanStorageSpan, 1> one_storage_{};
  std::span<const PlanStorageSpan> storages_;
  Access access_;
  Store store_ = make_store(*board_);  // board_ is initialized first (declared first)
  enum class StoreCommand : std::uint8_t { none, save, erase };
  StoreCommand store_command_{StoreCommand::none};  ///< under way (poll() steps it)
  AcknowledgementHook acks_{};
  LineReader<kMaxLineLength> reader_;
  ControllerConfig config_{};
  bool config_ok_{false};
  DeviceKnobs knobs_{};
  std::array<Injection, kMaxInjections> injections_{};
  std::uint32_t injection_count_{0};
  /// The wire injection armed on the board for the next exchange (one at a time), on a
  /// board whose wire can be made to fail (WireInjectingBoard; else nothing is kept).
  struct WireArmed {
    bool armed{false};
    bool unfired{false};  ///< the exchange that ended left it unfired (reported, disarmed)
    WireInjection kind{WireInjection::readback};
    std::uint32_t chain{0};
    std::uint32_t round{0};
  };
  struct NoWireArmed {};
  [[no_unique_address]] std::conditional_t<WireInjectingBoard<Board>, WireArmed, NoWireArmed> wire_{};
  /// A wire injection armed for the next exchange (status's injections_armed).
  [[nodiscard]] bool wire_armed() const {
    if constexpr (WireInjectingBoard<Board>) return wire_.armed;
    return false;
  }
  DeviceRecord record_{};
  PlanMeter meter_{};
  SlicedCall slices_{};          ///< planning and diagnosis in slices (slice_on)
  Planning planning_{};          ///< a configuration being planned, and what follows
  bool boot_from_block_{false};  ///< the banner plans the provisioned block (else the default)
  Errc boot_error_{Errc::ok};    ///< the banner's configuration did not decode
  Errc boot_refused_{Errc::ok};  ///< why the banner's configuration was refused
  Result<AnySchedule> planned_{Errc::fault_plan_storage_too_small};  ///< the plan of planned_for_, while planned_ok_
  [[nodiscard]] const AnySchedule& planned() const { return *planned_; }
  ControllerConfig planned_for_{};
  bool planned_ok_{false};
  /// What the plans of an exchange delivered, one bit per pair (DeliveredMessages).
  std::array<std::uint32_t, DeliveredMessages::words_for(MaxPorts)> delivered_bits_{};
  std::array<std::uint16_t, MaxPorts> observation_{};  // what a stopped round's outputs received
  FoundFaults found_{};                                // what the last exchange found
  /// The run under way (`run [COUNT]`): which exchange, what its summary needs.
  struct Running {
    bool active{false};      ///< the run's reply has not ended
    bool stop_asked{false};  ///< `stop`: no further exchange of the run starts
    std::uint32_t index{0};  ///< the exchange under way, of count
    std::uint32_t count{0};
    std::uint64_t writes_at_start{0};
    detail::LookaheadRun slots{};  ///< look-ahead's part, and the report at the end
  };
  Running running_{};
  bool held_{false};  ///< reader_ holds a line that waits for the run's reply to end
  // The exchange under way: its round hooks and its job, or its look-ahead session
  // until a hand-over (static storage, kept across poll()s; the job and the session
  // point into the hooks and the fabric; one at a time, so they share the storage).
  std::uint32_t clear_polls_left_{0};  ///< `clear` under way: reads left to confirm it
  std::optional<Hooks> hooks_{};
  /// An exchange's start: the fabric's actions (its counters cleared, the armed
  /// injections handed over), each confirmed by one read a poll(), none waited for.
  struct Preparing {
    enum class Action : std::uint8_t { none, clearing, injecting };
    detail::GraySteps family{detail::GraySteps::none};  ///< look-ahead's, for start_rounds
    Action action{Action::none};                        ///< the fabric's action under way
    std::uint32_t polls_left{0};                        ///< reads left before it has timed out
    std::uint32_t injection{0};                         ///< the injection handed over next
    std::uint32_t first_round{0};                       ///< ROUND_COUNTER at the exchange's start
  };
  std::variant<std::monostate, Preparing, Job, LatinSession, AlternatingSession> exchange_{};
};

}  // namespace a2a::app

// The definitions of Device's commands and exchanges (private parts of this header).
#include "a2a/app/device_commands.hpp"  // IWYU pragma: export
#include "a2a/app/device_store.hpp"     // IWYU pragma: export
#include "a2a/app/device_run.hpp"       // IWYU pragma: export
