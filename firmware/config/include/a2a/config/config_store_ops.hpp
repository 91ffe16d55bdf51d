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

  ConfigStore(Flash& flash, const ConfigRegion& region) : flash_(&flash), region_(region) {}

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
    }
    newest_ = s;
    return s;
  }

  /// Starts saving `block` into the copy that is not the newest, one sequence past it
  /// (not while busy(): the device holds its commands meanwhile). Every step() of the
  /// save is given the same block. ok, or the unlock's error (nothing started).
  [[nodiscard]] Errc start_save(std::span<const std::uint8_t, kConfigBlockSize> block) {
    if (busy()) a2a::detail::contract_violation();
    const std::size_t target = newest_.found ? 1U - newest_.copy : 0U;
    sequence_ = newest_.found ? newest_.info.sequence + 1U : 1U;
    record_crc_ = make_store_record(block, sequence_)[kStoreRecordWords - 1];
    plan_ = {Op::erase, Op::program, Op::done};
    copy_order_ = {static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(target)};
    return begin();
  }
  /// Starts erasing both copies: the older (any that is not blank) first, the newest last.
  /// config_store_empty: both are blank already (nothing changes).
  [[nodiscard]] Errc start_erase() {
    if (busy()) a2a::detail::contract_violation();
    const std::array<CopyInfo, kStoreCopies> copies = newest_.copies;
    const std::uint8_t last = newest_.found ? newest_.copy : 0;
    const auto first = static_cast<std::uint8_t>(1U - last);
    const bool first_blank = copies[first].state == CopyState::blank;
    const bool last_blank = copies[last].state == CopyState::blank;
    if (first_blank && last_blank) return Errc::config_store_empty;
    plan_ = {first_blank ? Op::skip : Op::erase, last_blank ? Op::skip : Op::erase, Op::done};
    copy_order_ = {first, last};
    return begin();
  }
  [[nodiscard]] bool busy() const { return phase_ != Phase::idle; }

  /// Advances the save or erase under way by at most kOperationsPerStep flash operations.
  /// `now`: the caller's clock (us): an operation still busy past its data sheet's
  /// longest time (hal::FlashTimes) fails. `block`: what start_save() was given (unused
  /// by an erase).
  StoreProgress step(std::uint64_t now, std::span<const std::uint8_t, kConfigBlockSize> block) {
    for (std::uint32_t k = 0; k < kOperationsPerStep && busy(); ++k) {
      if (phase_ == Phase::waiting) {
        const hal::FlashPoll p = flash_->poll();
        if (p.busy) return now > deadline_ ? fail(Errc::config_flash_timeout) : progress_;
        if (p.error != Errc::ok) return fail(p.error);
        phase_ = Phase::next;
        if (!operation_done(block)) return progress_;
        continue;
      }
      start_next(now, block);
    }
    return progress_;
  }
  /// Where the last save or erase is, or how it ended (a refused start included).
  [[nodiscard]] const StoreProgress& last() const { return progress_; }
  /// The newest copy's block (false: none is usable), read from the flash.
  bool read_block(std::span<std::uint8_t, kConfigBlockSize> out) {
    if (!newest_.found) return false;
    for (std::uint32_t w = 0; w < kStoreBlockWords; ++w)
      detail::store_le(out, 4 * w, 4, flash_->read32(region_.copies[newest_.copy] + 4 * w));
    return true;
  }
  /// Whether the newest copy holds `block` (`config`'s saved=yes).
  [[nodiscard]] bool holds(std::span<const std::uint8_t, kConfigBlockSize> block) {
    if (!newest_.found) return false;
    for (std::uint32_t w = 0; w < kStoreBlockWords; ++w)
      if (flash_->read32(region_.copies[newest_.copy] + 4 * w) != detail::load_le(block, std::size_t{4} * w, 4))
        return false;
    return true;
  }
  /// What load() found last (updated by load()).
  [[nodiscard]] const StoredConfig& newest() const { return newest_; }

 private:
  enum class Op : std::uint8_t { erase, program, skip, done };
  enum class Phase : std::uint8_t { idle, next, waiting };

  /// Word w of the record being saved: the block's, then the trailer.
  [[nodiscard]] std::uint32_t record_word(std::span<const std::uint8_t, kConfigBlockSize> block,
                                          std::uint32_t w) const {
    if (w < kStoreBlockWords) return detail::load_le(block, std::size_t{4} * w, 4);
    if (w == kStoreBlockWords) return kStoreRecordMagic;
    return w == kStoreBlockWords + 1 ? sequence_ : record_crc_;
  }
  static constexpr bool usable(CopyState s) { return s == CopyState::provisioned || s == CopyState::saved; }
  StoreRecord read_copy(std::size_t c) {
    StoreRecord words{};
    for (std::uint32_t w = 0; w < kStoreRecordWords; ++w) words[w] = flash_->read32(region_.copies[c] + 4 * w);
    return words;
  }
  Errc begin() {
    plan_index_ = 0;
    word_ = 0;
    progress_ = {true, Errc::ok, StoreStep::unlock, copy_order_[0]};
    if (const Errc e = flash_->unlock(); e != Errc::ok) {
      flash_->lock();
      progress_.busy = false;
      progress_.error = e;
      return e;
    }
    phase_ = Phase::next;
    return Errc::ok;
  }
  StoreProgress fail(Errc e) {
    flash_->lock();
    phase_ = Phase::idle;
    progress_.busy = false;
    progress_.error = e;
    (void)load();  // what the flash holds now (a save never touches the copy that was newest)
    return progress_;
  }
  [[nodiscard]] std::uint8_t copy_now() const { return copy_order_[plan_index_ == 0 ? 0 : 1]; }
  void set_step(StoreStep s) {
    progress_.step = s;
    progress_.copy = copy_now();
  }
  /// Starts the plan's next operation (or ends it).
  void start_next(std::uint64_t now, std::span<const std::uint8_t, kConfigBlockSize> block) {
    const Op op = plan_[plan_index_];
    if (op == Op::done) return finish();
    if (op == Op::skip) {
      ++plan_index_;
      return;
    }
    const std::uint32_t base = region_.copies[copy_now()];
    const hal::FlashTimes times = flash_->times();
    const bool erase = op == Op::erase;
    set_step(erase ? StoreStep::erase : StoreStep::program);
    const Errc e =
        erase ? flash_->start_erase(base) : flash_->start_program(base + 4 * word_, record_word(block, word_));
    deadline_ = now + (erase ? times.erase_us : times.program_us);
    if (e != Errc::ok) {
      (void)fail(e);
      return;
    }
    phase_ = Phase::waiting;
  }
  /// An operation ended well: checks what it left, moves on. false: it failed (ended).
  bool operation_done(std::span<const std::uint8_t, kConfigBlockSize> block) {
    const bool erase = plan_[plan_index_] == Op::erase;
    if (!erase && ++word_ < kStoreRecordWords) return true;  // the trailer is the last words programmed
    set_step(StoreStep::verify);
    const std::uint32_t base = region_.copies[copy_now()];
    for (std::uint32_t w = 0; w < kStoreRecordWords; ++w) {
      const std::uint32_t want = erase ? 0xFFFFFFFFU : record_word(block, w);
      if (flash_->read32(base + 4 * w) == want) continue;
      (void)fail(erase ? Errc::config_flash_not_erased : Errc::config_flash_verify_mismatch);
      return false;
    }
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
  std::uint8_t plan_index_{0};
  std::uint8_t word_{0};
  std::uint32_t sequence_{0};    ///< of the record being saved
  std::uint32_t record_crc_{0};  ///< its trailer's CRC
  std::uint64_t deadline_{0};
  StoreProgress progress_{};
};

}  // namespace a2a
