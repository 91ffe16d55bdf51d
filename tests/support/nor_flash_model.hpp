// A NOR flash for host tests, as hal::NorFlash sees it: erase units that read 0xFF
// once erased, programming that only clears bits, operations that stay busy for a few
// polls. It can lose power at any erase or program (the operation is torn: every bit
// of the unit or word is the old or the new value, chosen by a seeded mask), fail an
// operation with a flag, or keep a bit that will not program.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "a2a/hal/nor_flash.hpp"

namespace a2a::test {

class NorFlashModel {
 public:
  /// `units`: the erase units (start address, bytes) the model holds; they read 0xFF.
  explicit NorFlashModel(std::vector<std::pair<std::uint32_t, std::uint32_t>> units) : units_(std::move(units)) {
    for (auto [start, bytes] : units_)
      for (std::uint32_t at = 0; at < bytes; at += 4) words_[start + at] = 0xFFFFFFFFU;
  }

  // hal::NorFlash
  std::uint32_t read32(std::uint32_t address) const { return words_.at(address); }
  Errc unlock() { return Errc::ok; }
  void lock() {}
  Errc start_erase(std::uint32_t address) {
    const std::uint32_t bytes = unit_at(address);
    if (bytes == 0) return Errc::config_flash_alignment_error;
    if (begin_operation()) {
      for (std::uint32_t at = 0; at < bytes; at += 4) words_[address + at] = torn(words_[address + at], 0xFFFFFFFFU);
    } else if (!dead_ && !take_failed()) {
      for (std::uint32_t at = 0; at < bytes; at += 4) words_[address + at] = 0xFFFFFFFFU;
    }
    return Errc::ok;
  }
  Errc start_program(std::uint32_t address, std::uint32_t word) {
    const std::uint32_t old = words_.at(address);
    std::uint32_t now = old & word;
    if (address == stuck_address_) now |= stuck_bits_ & old;  // a worn cell keeps its 1
    if (begin_operation())
      words_[address] = torn(old, now);
    else if (!dead_ && !take_failed())
      words_[address] = now;
    return Errc::ok;
  }
  hal::FlashPoll poll() {
    if (busy_forever_) return {true, Errc::ok};
    if (busy_left_ > 0) return --busy_left_, hal::FlashPoll{true, Errc::ok};
    const Errc e = pending_error_;
    pending_error_ = Errc::ok;
    return {false, e};
  }
  static constexpr hal::FlashTimes times() { return {1000U, 100U}; }

  // What the tests arrange.
  /// Power is lost during operation number `index` (0 = the first erase or program from
  /// now on): it is torn with `mask_seed` (0: nothing of it happened, 1: all of it).
  void cut_power_at(std::uint32_t index, std::uint32_t mask_seed) {
    cut_at_ = static_cast<std::int64_t>(operations_) + index;
    mask_seed_ = mask_seed;
  }
  /// Operation number `index` from now on ends with `flag` (what the chip would set).
  void fail_operation(std::uint32_t index, Errc flag) {
    fail_at_ = static_cast<std::int64_t>(operations_) + index, fail_flag_ = flag;
  }
  void keep_bits(std::uint32_t address, std::uint32_t bits) { stuck_address_ = address, stuck_bits_ = bits; }
  void stay_busy() { busy_forever_ = true; }
  /// The power comes back: the chip answers again (its contents are what they are).
  void power_on() { dead_ = false, cut_at_ = -1, fail_at_ = -1, busy_forever_ = false; }
  [[nodiscard]] bool powered() const { return !dead_; }
  [[nodiscard]] std::uint32_t operations() const { return operations_; }

 private:
  std::uint32_t unit_at(std::uint32_t address) const {
    for (auto [start, bytes] : units_)
      if (start == address) return bytes;
    return 0;
  }
  /// Counts an operation; true when the power fails during it. A failed operation (its
  /// flag set) leaves the flash as it was, as the STM32's WRPERR, PGAERR and PGPERR do.
  bool begin_operation() {
    if (dead_) return false;
    busy_left_ = 2;
    const auto index = static_cast<std::int64_t>(operations_++);
    if (index == fail_at_) {
      pending_error_ = fail_flag_;
      failed_ = true;
    }
    if (index != cut_at_) return false;
    dead_ = true;
    rng_.seed(mask_seed_);
    return true;
  }
  bool take_failed() {
    const bool f = failed_;
    failed_ = false;
    return f;
  }
  /// Each bit the old or the new value: seed 0 all old, seed 1 all new, else random.
  std::uint32_t torn(std::uint32_t old, std::uint32_t now) {
    const std::uint32_t take_new = mask_seed_ == 0 ? 0U : mask_seed_ == 1 ? ~0U : static_cast<std::uint32_t>(rng_());
    return (old & ~take_new) | (now & take_new);
  }

  std::vector<std::pair<std::uint32_t, std::uint32_t>> units_;
  std::map<std::uint32_t, std::uint32_t> words_;
  std::uint32_t operations_{0};
  std::int64_t cut_at_{-1};
  std::int64_t fail_at_{-1};
  Errc fail_flag_{Errc::ok};
  Errc pending_error_{Errc::ok};
  std::uint32_t mask_seed_{0};
  std::mt19937 rng_{};
  bool dead_{false};
  bool failed_{false};
  int busy_left_{0};
  bool busy_forever_{false};
  std::uint32_t stuck_address_{~0U};
  std::uint32_t stuck_bits_{0};
};

}  // namespace a2a::test
