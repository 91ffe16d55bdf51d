// ConfigStore: the two-copy store of config_store.hpp over a board's NOR flash, its
// save and erase stepped by the caller (include config_store.hpp).
#pragma once
// IWYU pragma: private, include "a2a/config/config_store.hpp"

namespace a2a {

template <hal::NorFlash Flash>
class ConfigStore {
 public:
  /// Flash operations step() starts or finishes at most per call: a few microseconds of
  /// the controller's own work (the flash's busy time is waited for between calls).
  static constexpr std::uint32_t kOperationsPerStep = 4;

  ConfigStore(Flash& flash, ConfigRegion region) : flash_(&flash), region_(region) {}

  /// Reads both copies: the newest usable one is what the device boots. Called at boot
  /// and after every save and erase (what the flash holds, not what was meant).
  StoredConfig load() {
    StoredConfig s;
    for (std::size_t c = 0; c < kStoreCopies; ++c) {
      const StoreRecord words = read_copy(c);
      s.copies[c] = classify_copy(words);
      if (!usable(s.copies[c].state) || (s.found && !newer(s.copies[c], c, s.info, s.copy))) continue;
      s.found = true;
      s.copy = static_cast<std::uint8_t>(c);
      s.info = s.copies[c];
      for (std::size_t w = 0; w < kStoreBlockWords; ++w) detail::store_le(s.block, 4 * w, 4, words[w]);
    }
    newest_ = s;
    return s;
  }

  /// Starts saving `block` into the copy that is not the newest, one sequence past it.
  /// `now`: the caller's clock (us), for the flash's timeouts.
  [[nodiscard]] Errc start_save(std::span<const std::uint8_t, kConfigBlockSize> block, std::uint64_t now) {
    if (busy()) return Errc::config_flash_timeout;  // never: the device holds commands meanwhile
    const std::size_t target = newest_.found ? 1U - newest_.copy : 0U;
    record_ = make_store_record(block, newest_.found ? newest_.info.sequence + 1U : 1U);
    plan_ = {Op::erase, Op::program, Op::done};
    copy_order_ = {static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(target)};
    return begin(now);
  }
  /// Starts erasing both copies: the older (any that is not blank) first, the newest last.
  /// config_store_empty: both are blank already (nothing changes).
  [[nodiscard]] Errc start_erase(std::uint64_t now) {
    const std::array<CopyInfo, kStoreCopies> copies = newest_.copies;
    const std::uint8_t last = newest_.found ? newest_.copy : 0;
    const auto first = static_cast<std::uint8_t>(1U - last);
    const bool first_blank = copies[first].state == CopyState::blank;
    const bool last_blank = copies[last].state == CopyState::blank;
    if (first_blank && last_blank) return Errc::config_store_empty;
    plan_ = {first_blank ? Op::skip : Op::erase, last_blank ? Op::skip : Op::erase, Op::done};
    copy_order_ = {first, last};
    return begin(now);
  }
  [[nodiscard]] bool busy() const { return phase_ != Phase::idle; }

  /// Advances the save or erase under way by at most kOperationsPerStep flash operations.
  StoreProgress step(std::uint64_t now) {
    for (std::uint32_t k = 0; k < kOperationsPerStep && busy(); ++k) {
      if (phase_ == Phase::waiting) {
        const hal::FlashPoll p = flash_->poll();
        if (p.busy) return now > deadline_ ? fail(Errc::config_flash_timeout) : progress();
        if (p.error != Errc::ok) return fail(p.error);
        phase_ = Phase::next;
        if (!operation_done()) return progress_;
        continue;
      }
      start_next(now);
    }
    return progress();
  }
  /// What load() found last (updated by load()).
  [[nodiscard]] const StoredConfig& newest() const { return newest_; }
  [[nodiscard]] const ConfigRegion& region() const { return region_; }

 private:
  enum class Op : std::uint8_t { erase, program, skip, done };
  enum class Phase : std::uint8_t { idle, next, waiting };

  static constexpr bool usable(CopyState s) { return s == CopyState::provisioned || s == CopyState::saved; }
  StoreRecord read_copy(std::size_t c) {
    StoreRecord words{};
    for (std::uint32_t w = 0; w < kStoreRecordWords; ++w) words[w] = flash_->read32(region_.copies[c] + 4 * w);
    return words;
  }
  Errc begin(std::uint64_t now) {
    plan_index_ = 0;
    word_ = 0;
    progress_ = {true, Errc::ok, StoreStep::unlock, copy_order_[0], region_.copies[copy_order_[0]]};
    if (const Errc e = flash_->unlock(); e != Errc::ok) {
      flash_->lock();
      progress_.busy = false;
      progress_.error = e;
      return e;
    }
    phase_ = Phase::next;
    (void)now;
    return Errc::ok;
  }
  StoreProgress progress() { return progress_; }
  StoreProgress fail(Errc e) {
    flash_->lock();
    phase_ = Phase::idle;
    progress_.busy = false;
    progress_.error = e;
    (void)load();  // what the flash holds now: the newest copy is untouched
    return progress_;
  }
  [[nodiscard]] std::uint8_t copy_now() const { return copy_order_[plan_index_ == 0 ? 0 : 1]; }
  void set_step(StoreStep s) {
    progress_.step = s;
    progress_.copy = copy_now();
    progress_.address = region_.copies[progress_.copy];
  }
  /// Starts the plan's next operation (or ends it).
  void start_next(std::uint64_t now) {
    const Op op = plan_[plan_index_];
    if (op == Op::done) return finish();
    if (op == Op::skip) {
      ++plan_index_;
      return;
    }
    const std::uint32_t base = region_.copies[copy_now()];
    const hal::FlashTimes times = flash_->times();
    Errc e = Errc::ok;
    if (op == Op::erase) {
      set_step(StoreStep::erase);
      e = flash_->start_erase(base);
      deadline_ = now + times.erase_us;
    } else {
      set_step(StoreStep::program);
      e = flash_->start_program(base + 4 * word_, record_[word_]);
      deadline_ = now + times.program_us;
    }
    if (e != Errc::ok) {
      (void)fail(e);
      return;
    }
    phase_ = Phase::waiting;
  }
  /// An operation ended well: checks what it left, moves on. false: it failed (ended).
  bool operation_done() {
    const Op op = plan_[plan_index_];
    const std::uint32_t base = region_.copies[copy_now()];
    if (op == Op::erase) {
      set_step(StoreStep::verify);
      for (std::uint32_t w = 0; w < kStoreRecordWords; ++w)
        if (flash_->read32(base + 4 * w) != 0xFFFFFFFFU) return (void)fail(Errc::config_flash_not_erased), false;
      ++plan_index_;
      return true;
    }
    if (++word_ < kStoreRecordWords) return true;  // the trailer is the last words programmed
    set_step(StoreStep::verify);
    for (std::uint32_t w = 0; w < kStoreRecordWords; ++w)
      if (flash_->read32(base + 4 * w) != record_[w]) return (void)fail(Errc::config_flash_verify_mismatch), false;
    ++plan_index_;
    return true;
  }
  void finish() {
    flash_->lock();
    phase_ = Phase::idle;
    progress_.busy = false;
    progress_.error = Errc::ok;
    (void)load();
  }

  Flash* flash_;
  ConfigRegion region_;
  StoredConfig newest_{};
  Phase phase_{Phase::idle};
  std::array<Op, 3> plan_{};
  std::array<std::uint8_t, 2> copy_order_{};
  std::size_t plan_index_{0};
  std::uint32_t word_{0};
  StoreRecord record_{};
  std::uint64_t deadline_{0};
  StoreProgress progress_{};
};

}  // namespace a2a
