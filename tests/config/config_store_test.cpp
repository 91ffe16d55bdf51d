// The configuration store (a2a/config/config_store.hpp) over a NOR flash model with
// each board's layout (board.cmake, through the tool's generated board table): a
// power cut at every erase and program step of a save and of an erase, each torn
// with several bit mixes, always boots the old or the new configuration; a flash
// error leaves the old one and names its step.
#include <a2a/config/config_store.hpp>
#include <a2a/flash/nrf51_nvmc.hpp>
#include <a2a/flash/stm32f4_flash.hpp>

#include <cstdio>
#include <optional>

#include "a2a_board_addresses.hpp"  // a2a::board_table: generated from platform/cortex-m/boards/*/board.cmake
#include "nor_flash_model.hpp"
#include "support.hpp"

using namespace a2a;
using a2a::test::NorFlashModel;

namespace {

using Block = std::array<std::uint8_t, kConfigBlockSize>;
using Store = ConfigStore<NorFlashModel>;

Block block_for(std::uint32_t ports, Topology t = Topology::omega) {
  ControllerConfig c;
  c.topology = t;
  c.ports = ports;
  return encode_config(c);
}

/// A board's store: two copies, one in each half of its CONFIG region.
struct Layout {
  std::string_view board;
  ConfigRegion region;
  std::uint32_t unit;
};
std::vector<Layout> board_layouts() {
  std::vector<Layout> out;
  for (const auto& b : tool::kBoardConfigAddresses) {
    const std::uint32_t half = b.config_bytes / 2;
    out.push_back({b.board, {{b.address, b.address + half}}, half});
  }
  return out;
}
NorFlashModel model_for(const Layout& l) {
  return NorFlashModel({{l.region.copies[0], l.unit}, {l.region.copies[1], l.unit}});
}

/// Runs a save or an erase to its end (or until the power is gone); the last progress.
StoreProgress drive(Store& store, NorFlashModel& flash, std::uint64_t& now, const Block& block = {}) {
  StoreProgress p{true};
  for (int k = 0; k < 100000 && p.busy && flash.powered(); ++k) p = store.step(now += 5, block);
  return p;
}
void save(NorFlashModel& flash, const Layout& l, const Block& b) {
  Store store(flash, l.region);
  (void)store.load();
  std::uint64_t now = 0;
  REQUIRE(store.start_save(b) == Errc::ok);
  const StoreProgress p = drive(store, flash, now, b);
  REQUIRE(!p.busy);
  REQUIRE(p.error == Errc::ok);
}
/// What a boot finds: the newest usable copy's block, or none (the built-in default).
std::optional<Block> boot(NorFlashModel& flash, const Layout& l) {
  Store store(flash, l.region);
  (void)store.load();
  Block b{};
  if (!store.read_block(b)) return std::nullopt;
  return b;
}

/// The states a save starts from: nothing saved, one copy saved, both (the older first).
std::vector<std::vector<Block>> histories() { return {{}, {block_for(8)}, {block_for(8), block_for(16)}}; }

}  // namespace

TEST_CASE("every board's layout: a store of two copies, each at an erase unit of its own") {
  const std::vector<Layout> layouts = board_layouts();
  REQUIRE(layouts.size() >= 6);  // three MPS2s, two STM32s, the micro:bit
  for (const Layout& l : layouts) {
    INFO(l.board);
    CHECK(l.unit >= kStoreRecordWords * 4);
    if (l.board.starts_with("netduino")) {  // each copy a whole 128 KiB sector of its own
      for (std::uint32_t copy : l.region.copies) CHECK(flash::stm32f4::sector_at(copy) >= 5);
      CHECK(l.unit == 0x20000U);
    } else if (l.board == "microbit") {  // each copy a 1 KiB page, the last two of 256 KiB
      CHECK(l.region.copies[0] % flash::nrf51::kPageBytes == 0);
      CHECK(l.unit == flash::nrf51::kPageBytes);
      CHECK(l.region.copies[1] + l.unit == 0x40000U);
    } else {  // the MPS2s: the last 4 KiB of the 4 MiB code SSRAM
      CHECK(l.region.copies[1] + l.unit == 0x400000U);
    }
  }
}

TEST_CASE("save, load, save again: the newest copy wins, the sequence counts up, copies alternate") {
  for (const Layout& l : board_layouts()) {
    INFO(l.board);
    NorFlashModel flash = model_for(l);
    CHECK(!boot(flash, l));
    save(flash, l, block_for(8));
    Store store(flash, l.region);
    StoredConfig s = store.load();
    CHECK(s.found);
    CHECK(s.copy == 0);
    CHECK(s.info.sequence == 1);
    CHECK(boot(flash, l) == block_for(8));
    save(flash, l, block_for(16));
    s = store.load();
    CHECK(s.copy == 1);
    CHECK(s.info.sequence == 2);
    CHECK(boot(flash, l) == block_for(16));
    CHECK(s.copies[0].state == CopyState::saved);  // the old copy stays until the next save
    save(flash, l, block_for(32));
    s = store.load();
    CHECK(s.copy == 0);
    CHECK(s.info.sequence == 3);
    CHECK(boot(flash, l) == block_for(32));
  }
}

TEST_CASE("a power cut at every erase and program step of a save boots the old or the new configuration") {
  const std::array<std::uint32_t, 5> masks = {0, 1, 7, 1234, 987654};  // nothing, all, three random mixes
  std::uint32_t tried = 0;
  for (const Layout& l : board_layouts()) {
    INFO(l.board);
    for (const std::vector<Block>& history : histories()) {
      const Block next = block_for(64, Topology::baseline);
      std::optional<Block> old;
      if (!history.empty()) old = history.back();
      for (std::uint32_t cut = 0;; ++cut) {
        bool cut_happened = false;
        for (std::uint32_t mask : masks) {
          NorFlashModel flash = model_for(l);
          for (const Block& b : history) save(flash, l, b);
          Store store(flash, l.region);
          (void)store.load();
          flash.cut_power_at(cut, mask);
          std::uint64_t now = 0;
          REQUIRE(store.start_save(next) == Errc::ok);
          (void)drive(store, flash, now, next);
          if (flash.powered()) break;  // the save ended before operation `cut`: every cut tried
          cut_happened = true;
          ++tried;
          flash.power_on();
          const std::optional<Block> booted = boot(flash, l);
          INFO("cut at operation " << cut << ", mask " << mask);
          CHECK((booted == old || booted == next));
          // And the store recovers: the next save lands and wins.
          save(flash, l, block_for(4));
          CHECK(boot(flash, l) == block_for(4));
        }
        if (!cut_happened) break;
      }
    }
  }
  std::printf(
      "config store: %u power cuts during saves (each board's layout, every step, 5 bit mixes): "
      "each booted the old or the new configuration\n",
      tried);
  CHECK(tried >= 4 * 3 * 20 * 5);
}

TEST_CASE("a power cut at every step of an erase boots the saved configuration or the default") {
  std::uint32_t tried = 0;
  for (const Layout& l : board_layouts()) {
    INFO(l.board);
    for (std::uint32_t cut = 0; cut < 2; ++cut)
      for (std::uint32_t mask : {0U, 1U, 99U}) {
        NorFlashModel flash = model_for(l);
        save(flash, l, block_for(8));
        save(flash, l, block_for(16));
        Store store(flash, l.region);
        (void)store.load();
        flash.cut_power_at(cut, mask);
        std::uint64_t now = 0;
        REQUIRE(store.start_erase() == Errc::ok);
        (void)drive(store, flash, now);
        REQUIRE(!flash.powered());
        ++tried;
        flash.power_on();
        const std::optional<Block> booted = boot(flash, l);
        INFO("cut at operation " << cut << ", mask " << mask);
        CHECK((booted == block_for(16) || !booted));  // never the older copy back
      }
  }
  std::printf("config store: %u power cuts during erases: each booted the saved configuration or the default\n", tried);
}

TEST_CASE("erase removes both copies; erasing nothing is refused") {
  const Layout l = board_layouts().front();
  NorFlashModel flash = model_for(l);
  Store store(flash, l.region);
  (void)store.load();
  std::uint64_t now = 0;
  CHECK(store.start_erase() == Errc::config_store_empty);
  save(flash, l, block_for(8));
  save(flash, l, block_for(16));
  (void)store.load();
  REQUIRE(store.start_erase() == Errc::ok);
  const StoreProgress p = drive(store, flash, now);
  CHECK(p.error == Errc::ok);
  CHECK(!boot(flash, l));
  CHECK(store.newest().copies[0].state == CopyState::blank);
  CHECK(store.newest().copies[1].state == CopyState::blank);
  CHECK(store.start_erase() == Errc::config_store_empty);
}

TEST_CASE("a flash error, a verify mismatch or a timeout leaves the old configuration and names the step") {
  const Layout l = board_layouts().back();
  struct Case {
    std::uint32_t operation;  // 0: the erase, 1..19: the record's words
    Errc flag;
    StoreStep step;
  };
  for (const Case& c : {Case{0, Errc::config_flash_write_protected, StoreStep::erase},
                        Case{3, Errc::config_flash_parallelism_error, StoreStep::program},
                        Case{19, Errc::config_flash_operation_error, StoreStep::program}}) {
    NorFlashModel flash = model_for(l);
    save(flash, l, block_for(8));
    Store store(flash, l.region);
    (void)store.load();
    flash.fail_operation(c.operation, c.flag);
    std::uint64_t now = 0;
    REQUIRE(store.start_save(block_for(16)) == Errc::ok);
    const StoreProgress p = drive(store, flash, now, block_for(16));
    CHECK(p.error == c.flag);
    CHECK(p.step == c.step);
    CHECK(p.copy == 1);
    CHECK(boot(flash, l) == block_for(8));
    CHECK(store.newest().copy == 0);
  }
  SUBCASE("verify") {
    NorFlashModel flash = model_for(l);
    flash.keep_bits(l.region.copies[0], 0x2U);  // a worn cell: the magic (0x43413241) has bit 1 clear
    Store store(flash, l.region);
    (void)store.load();
    std::uint64_t now = 0;
    REQUIRE(store.start_save(block_for(16, Topology::baseline)) == Errc::ok);
    const StoreProgress p = drive(store, flash, now, block_for(16, Topology::baseline));
    CHECK(p.error == Errc::config_flash_verify_mismatch);
    CHECK(p.step == StoreStep::verify);
    CHECK(!boot(flash, l));
  }
  SUBCASE("timeout") {
    NorFlashModel flash = model_for(l);
    save(flash, l, block_for(8));
    Store store(flash, l.region);
    (void)store.load();
    flash.stay_busy();
    std::uint64_t now = 0;
    REQUIRE(store.start_save(block_for(16)) == Errc::ok);
    const StoreProgress p = drive(store, flash, now, block_for(16));
    CHECK(p.error == Errc::config_flash_timeout);
    CHECK(p.step == StoreStep::erase);
    flash.power_on();
    CHECK(boot(flash, l) == block_for(8));
  }
}

TEST_CASE("a copy is blank, torn, provisioned (a probe's block, no trailer) or saved") {
  const Block b = block_for(8);
  StoreRecord r = make_store_record(b, 5);
  CHECK(classify_copy(r).state == CopyState::saved);
  CHECK(classify_copy(r).sequence == 5);
  StoreRecord provisioned = r;
  for (std::size_t w = kStoreBlockWords; w < kStoreRecordWords; ++w) provisioned[w] = 0xFFFFFFFFU;
  CHECK(classify_copy(provisioned).state == CopyState::provisioned);
  StoreRecord ones{};
  ones.fill(0xFFFFFFFFU);
  CHECK(classify_copy(ones).state == CopyState::blank);
  CHECK(classify_copy(StoreRecord{}).state == CopyState::blank);
  for (std::size_t w = 0; w < kStoreRecordWords; ++w) {
    StoreRecord torn = r;
    torn[w] ^= 0x10U;
    INFO("word " << w);
    CHECK(classify_copy(torn).state == CopyState::torn);
    CHECK(classify_copy(torn).why == (w == 0   ? Errc::config_bad_magic
                                      : w == 1 ? Errc::config_unsupported_version
                                               : Errc::config_crc_mismatch));
  }
  // Sequences compare across the wrap; at a tie copy 0 wins.
  CHECK(newer({CopyState::saved, Errc::ok, 0}, 1, {CopyState::saved, Errc::ok, 0xFFFFFFFFU}, 0));
  CHECK(newer({CopyState::saved, Errc::ok, 3}, 0, {CopyState::saved, Errc::ok, 3}, 1));
  CHECK(!newer({CopyState::saved, Errc::ok, 3}, 1, {CopyState::saved, Errc::ok, 3}, 0));
}
