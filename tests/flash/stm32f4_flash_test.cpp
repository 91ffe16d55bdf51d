// The STM32F2/F4 flash driver (a2a/flash/stm32f4_flash.hpp) under the configuration
// store, against a register-level model of the flash interface written from RM0090
// (stm32f4_flash_model.hpp): the keys, sector erase of the store's sectors with PSIZE
// x32, BSY waited out, the error flags named, the flash locked again; the
// netduinoplus2's layout (sectors 10 and 11).
#include <a2a/config/config_store.hpp>
#include <a2a/flash/stm32f4_flash.hpp>

#include <optional>

#include "stm32f4_flash_model.hpp"
#include "support.hpp"

using namespace a2a;
using Model = a2a::test::Stm32f4FlashModel;

namespace {

constexpr ConfigRegion kRegion{{0x080C0000U, 0x080E0000U}};  // netduinoplus2: sectors 10, 11
using Block = std::array<std::uint8_t, kConfigBlockSize>;

Block block_for(std::uint32_t ports) {
  ControllerConfig c;
  c.ports = ports;
  return encode_config(c);
}

struct Rig {
  Model model{{0x080C0000U, 0x080E0000U}};
  Model::RegisterBus registers{model.registers()};
  Model::MemoryBus memory{model.memory()};
  flash::Stm32f4Flash<Model::RegisterBus, Model::MemoryBus> driver{registers, memory};
  ConfigStore<flash::Stm32f4Flash<Model::RegisterBus, Model::MemoryBus>> store{driver, kRegion};

  /// `tick`: the time between two steps (the model's operations end after a few status
  /// reads, however long that is).
  StoreProgress save(const Block& b, std::uint64_t tick = 10) {
    (void)store.load();
    std::uint64_t now = 0;
    if (const Errc e = store.start_save(b); e != Errc::ok) return {false, e, StoreStep::unlock, 0};
    StoreProgress p{true};
    for (int k = 0; k < 10000 && p.busy; ++k) p = store.step(now += tick, b);
    return p;
  }
  std::optional<Block> boot() {
    (void)store.load();
    Block b{};
    if (!store.read_block(b)) return std::nullopt;
    return b;
  }
};

}  // namespace

TEST_CASE("save: the keys unlock, the sector is erased at x32, BSY is waited out, the flash is locked again") {
  Rig rig;
  CHECK(rig.model.locked());
  const StoreProgress p = rig.save(block_for(32));
  CHECK(p.error == Errc::ok);
  CHECK(rig.model.locked());                                   // lock() after the save
  CHECK(rig.model.erased_sectors() == std::vector<int>{10});   // copy 0: sector 10, SNB 10
  CHECK(rig.model.programs() == kStoreRecordWords);            // every word, 32 bits at PSIZE x32
  CHECK(rig.model.busy_reads() >= 5 + 2 * kStoreRecordWords);  // each operation's BSY polled out
  CHECK(rig.boot() == block_for(32));
  CHECK(rig.save(block_for(16)).error == Errc::ok);
  CHECK(rig.model.erased_sectors() == std::vector<int>{10, 11});
  CHECK(rig.boot() == block_for(16));
  CHECK(rig.model.word(0x080E0000U + 4 * kStoreBlockWords) == kStoreRecordMagic);
}

TEST_CASE("a wrong key sequence locks the flash until reset: save names the unlock step, nothing changes") {
  Rig rig;
  CHECK(rig.save(block_for(8)).error == Errc::ok);
  rig.registers.write32(flash::stm32f4::offset::kKeyr, 0x12345678U);  // not KEY1: locked until reset
  CHECK(rig.model.locked_until_reset());
  const StoreProgress p = rig.save(block_for(16));
  CHECK(p.error == Errc::config_flash_locked);
  CHECK(p.step == StoreStep::unlock);
  CHECK(rig.boot() == block_for(8));
}

TEST_CASE("a write-protected sector: WRPERR at the erase, the saved copy kept") {
  Rig rig;
  CHECK(rig.save(block_for(8)).error == Errc::ok);
  rig.model.write_protect(11);
  const StoreProgress p = rig.save(block_for(16));
  CHECK(p.error == Errc::config_flash_write_protected);
  CHECK(p.step == StoreStep::erase);
  CHECK(p.copy == 1);
  CHECK(rig.model.locked());
  CHECK(rig.boot() == block_for(8));
}

TEST_CASE("an operation error while programming names the program step; the old copy wins") {
  Rig rig;
  CHECK(rig.save(block_for(8)).error == Errc::ok);
  Rig& r = rig;
  (void)r.store.load();
  std::uint64_t now = 0;
  REQUIRE(r.store.start_save(block_for(16)) == Errc::ok);
  StoreProgress p{true};
  for (int k = 0; k < 3; ++k) p = r.store.step(now += 10, block_for(16));  // the erase is under way or done
  r.model.fail_next_with_operr();
  for (int k = 0; k < 10000 && p.busy; ++k) p = r.store.step(now += 10, block_for(16));
  CHECK(p.error == Errc::config_flash_operation_error);
  CHECK((p.step == StoreStep::program || p.step == StoreStep::erase));
  CHECK(rig.boot() == block_for(8));
}

TEST_CASE("the model flags what the driver must not do: a write without PG, a write narrower than PSIZE") {
  Rig rig;
  REQUIRE(rig.driver.unlock() == Errc::ok);
  rig.memory.write32(0x080C0000U, 0);  // PG not set
  CHECK(rig.driver.poll().error == Errc::config_flash_sequence_error);
  REQUIRE(rig.driver.start_program(0x080C0000U, 0xFFFFFFFFU) == Errc::ok);  // PG, PSIZE x32
  while (rig.driver.poll().busy) {
  }
  rig.registers.write32(flash::stm32f4::offset::kCr,
                        flash::stm32f4::Cr::Pg::mask | (2U << flash::stm32f4::Cr::Psize::position));
  rig.model.write_memory(0x080C0004U, 0, 1);  // a byte while PSIZE says 32 bits
  CHECK(rig.driver.poll().error == Errc::config_flash_parallelism_error);
  CHECK(rig.driver.start_erase(0x080C0004U) == Errc::config_flash_alignment_error);  // not a sector's start
  rig.driver.lock();
  CHECK(rig.model.locked());
}

TEST_CASE("an erase that never ends times out at the data sheet's longest erase") {
  Rig rig;
  rig.model.stay_busy();
  const StoreProgress p = rig.save(block_for(8), 1000);  // 10 s of steps
  CHECK(p.error == Errc::config_flash_timeout);
  CHECK(p.step == StoreStep::erase);
  CHECK(flash::Stm32f4Flash<Model::RegisterBus, Model::MemoryBus>::times().erase_us >=
        2000000U);  // F4 128 KiB at x32: 2 s
}
