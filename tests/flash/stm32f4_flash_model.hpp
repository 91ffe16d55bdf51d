// The STM32F4's flash interface at register level, written from RM0090 section 3
// (the F2's RM0033 section 2 has the same registers), for host tests of the driver
// (a2a/flash/stm32f4_flash.hpp) where QEMU 7.2 has only a ROM:
//  - FLASH_KEYR: KEY1 then KEY2 clears CR.LOCK; any other write locks CR until reset.
//  - FLASH_CR: not writable while LOCK is set (LOCK itself can always be set); STRT
//    with SER erases sector SNB; PG with a write to the flash programs it.
//  - FLASH_SR: BSY while an operation runs (a few reads here); EOP and the error flags
//    are cleared by writing 1. WRPERR: the sector is write-protected (nWRP clear);
//    PGSERR: a flash write without PG; PGPERR: a write whose width is not PSIZE's.
//  - The memory: erase sets 0xFF, programming only clears bits.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "a2a/flash/stm32f4_flash.hpp"

namespace a2a::test {

class Stm32f4FlashModel {
 public:
  /// The sectors the model holds (their start addresses; sizes as the F4's map).
  explicit Stm32f4FlashModel(std::vector<std::uint32_t> sectors) {
    for (std::uint32_t start : sectors) {
      const std::uint32_t bytes = sector_bytes(flash::stm32f4::sector_at(start));
      for (std::uint32_t at = 0; at < bytes; at += 4) memory_[start + at] = 0xFFFFFFFFU;
    }
  }
  struct RegisterBus {
    Stm32f4FlashModel* m;
    std::uint32_t read32(std::uint32_t offset) { return m->read_register(offset); }
    void write32(std::uint32_t offset, std::uint32_t v) { m->write_register(offset, v, 4); }
  };
  struct MemoryBus {
    Stm32f4FlashModel* m;
    std::uint32_t read32(std::uint32_t address) { return m->memory_.at(address); }
    void write32(std::uint32_t address, std::uint32_t v) { m->write_memory(address, v, 4); }
  };
  RegisterBus registers() { return {this}; }
  MemoryBus memory() { return {this}; }

  // What a test arranges and inspects.
  void write_protect(int sector) { protected_sectors_ |= 1U << sector; }
  void fail_next_with_operr() { operr_next_ = true; }
  void stay_busy() { busy_forever_ = true; }
  /// A write of `bytes` to the flash (the driver writes words; a test writes others).
  void write_memory(std::uint32_t address, std::uint32_t v, int bytes);
  [[nodiscard]] bool locked() const { return (cr_ & kLock) != 0; }
  [[nodiscard]] bool locked_until_reset() const { return key_error_; }
  [[nodiscard]] const std::vector<int>& erased_sectors() const { return erased_; }
  [[nodiscard]] std::uint32_t programs() const { return programs_; }
  [[nodiscard]] std::uint32_t busy_reads() const { return busy_reads_; }
  [[nodiscard]] std::uint32_t word(std::uint32_t address) const { return memory_.at(address); }

 private:
  static constexpr std::uint32_t kPg = 1U << 0, kSer = 1U << 1, kStrt = 1U << 16, kLock = 1U << 31;
  static constexpr std::uint32_t kEop = 1U << 0, kOperr = 1U << 1, kWrperr = 1U << 4, kPgaerr = 1U << 5,
                                 kPgperr = 1U << 6, kPgserr = 1U << 7, kBsy = 1U << 16;
  static std::uint32_t sector_bytes(int s) { return s < 4 ? 0x4000U : s == 4 ? 0x10000U : 0x20000U; }
  static int sector_of(std::uint32_t address) {
    for (int s = 11; s >= 0; --s) {
      std::uint32_t start = flash::stm32f4::kFlashBase;
      for (int k = 0; k < s; ++k) start += sector_bytes(k);
      if (address >= start) return s;
    }
    return -1;
  }
  std::uint32_t read_register(std::uint32_t offset) {
    if (offset == flash::stm32f4::offset::kSr) {
      if (busy_left_ > 0 || busy_forever_) {
        ++busy_reads_;
        if (!busy_forever_ && --busy_left_ == 0) finish();
        return sr_ | kBsy;
      }
      return sr_;
    }
    if (offset == flash::stm32f4::offset::kCr) return cr_;
    return 0;
  }
  void write_register(std::uint32_t offset, std::uint32_t v, int) {
    using namespace flash::stm32f4;
    if (offset == offset::kKeyr) return write_key(v);
    if (offset == offset::kSr) {
      sr_ &= ~(v & (kEop | kOperr | kWrperr | kPgaerr | kPgperr | kPgserr));
      return;
    }
    if (offset != offset::kCr) return;
    if ((cr_ & kLock) != 0) {
      cr_ |= v & kLock;  // only LOCK can be written while locked
      return;
    }
    if (busy_left_ > 0) return;  // RM0090: CR is not written while BSY
    cr_ = v;
    if ((v & kStrt) != 0 && (v & kSer) != 0) start_erase(static_cast<int>(Cr::Snb::extract(v)));
  }
  void write_key(std::uint32_t v) {
    if (key_error_) return;
    if (keys_seen_ == 0 && v == flash::stm32f4::kKey1) {
      keys_seen_ = 1;
    } else if (keys_seen_ == 1 && v == flash::stm32f4::kKey2) {
      keys_seen_ = 0;
      cr_ &= ~kLock;
    } else {
      key_error_ = true;  // a wrong sequence: locked until the next reset (and a bus error)
    }
  }
  void start_erase(int sector) {
    if ((protected_sectors_ >> sector & 1U) != 0) {
      sr_ |= kWrperr;
      cr_ &= ~kStrt;
      return;
    }
    pending_ = Pending{true, sector, 0, 0};
    busy_left_ = 5;
  }
  void finish() {
    cr_ &= ~kStrt;
    if (operr_next_) {
      operr_next_ = false;
      sr_ |= kOperr;
      pending_ = {};
      return;
    }
    if (pending_.erase) {
      std::uint32_t start = flash::stm32f4::kFlashBase;
      for (int k = 0; k < pending_.sector; ++k) start += sector_bytes(k);
      for (std::uint32_t at = 0; at < sector_bytes(pending_.sector); at += 4) memory_[start + at] = 0xFFFFFFFFU;
      erased_.push_back(pending_.sector);
    } else {
      memory_.at(pending_.address) &= pending_.value;
      ++programs_;
    }
    sr_ |= kEop;
    pending_ = {};
  }

  struct Pending {
    bool erase{false};
    int sector{0};
    std::uint32_t address{0};
    std::uint32_t value{0};
  };
  std::map<std::uint32_t, std::uint32_t> memory_;
  std::uint32_t cr_{kLock};
  std::uint32_t sr_{0};
  int keys_seen_{0};
  bool key_error_{false};
  std::uint32_t protected_sectors_{0};
  bool operr_next_{false};
  bool busy_forever_{false};
  int busy_left_{0};
  std::uint32_t busy_reads_{0};
  Pending pending_{};
  std::vector<int> erased_;
  std::uint32_t programs_{0};
};

inline void Stm32f4FlashModel::write_memory(std::uint32_t address, std::uint32_t v, int bytes) {
  const std::uint32_t psize = flash::stm32f4::Cr::Psize::extract(cr_);
  if ((cr_ & kPg) == 0) {
    sr_ |= kPgserr;  // a write to the flash outside a program sequence
    return;
  }
  if (bytes != (1 << psize)) {
    sr_ |= kPgperr;  // the access is not PSIZE wide
    return;
  }
  if ((protected_sectors_ >> sector_of(address) & 1U) != 0) {
    sr_ |= kWrperr;
    return;
  }
  pending_ = Pending{false, 0, address, v};
  busy_left_ = 2;
}

}  // namespace a2a::test
