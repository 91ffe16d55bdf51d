// The NorFlash concept (a2a/hal/nor_flash.hpp): what satisfies it and what does not,
// and the RAM region backend (a2a/flash/ram_region.hpp) keeping flash's rules, so
// the store's code path on an MPS2 is a flash board's: an erase sets its unit to
// 0xFF, programming only clears bits, a misaligned erase or word is refused.
#include <a2a/flash/nrf51_nvmc.hpp>
#include <a2a/flash/ram_region.hpp>
#include <a2a/flash/stm32f4_flash.hpp>
#include <a2a/hal/nor_flash.hpp>

#include <array>
#include <doctest/doctest.h>

using namespace a2a;

namespace {

/// Memory as a bus: offset = address - base.
struct WordMemory {
  static constexpr std::uint32_t kBase = 0x3FF000U;
  std::array<std::uint32_t, 1024> words{};
  std::uint32_t read32(std::uint32_t address) { return words.at((address - kBase) / 4); }
  void write32(std::uint32_t address, std::uint32_t value) { words.at((address - kBase) / 4) = value; }
};

struct NoPoll {  // everything but poll(): not a NorFlash
  std::uint32_t read32(std::uint32_t) { return 0; }
  Errc unlock() { return Errc::ok; }
  void lock() {}
  Errc start_erase(std::uint32_t) { return Errc::ok; }
  Errc start_program(std::uint32_t, std::uint32_t) { return Errc::ok; }
  hal::FlashTimes times() { return {}; }
};

}  // namespace

static_assert(hal::NorFlash<flash::RamRegion<WordMemory>>);
static_assert(hal::NorFlash<flash::Nrf51Nvmc<WordMemory>>);
static_assert(hal::NorFlash<flash::Stm32f4Flash<WordMemory>>);
static_assert(!hal::NorFlash<NoPoll>);
static_assert(!hal::NorFlash<WordMemory>);

TEST_CASE("a RAM region as flash: erase sets its unit to 0xFF, programming only clears bits") {
  WordMemory memory;
  flash::RamRegion<WordMemory> region(memory, 2048);
  CHECK(region.start_erase(WordMemory::kBase) == Errc::ok);
  CHECK(region.poll().busy == false);
  for (std::uint32_t w = 0; w < 512; ++w) CHECK(memory.words[w] == 0xFFFFFFFFU);
  CHECK(memory.words[512] == 0);  // the other copy's unit is untouched
  CHECK(region.start_program(WordMemory::kBase + 8, 0x12345678U) == Errc::ok);
  CHECK(region.read32(WordMemory::kBase + 8) == 0x12345678U);
  CHECK(region.start_program(WordMemory::kBase + 8, 0xFFFF0000U) == Errc::ok);  // no bit comes back to 1
  CHECK(region.read32(WordMemory::kBase + 8) == 0x12340000U);
  CHECK(region.start_erase(WordMemory::kBase + 4) == Errc::config_flash_alignment_error);
  CHECK(region.start_program(WordMemory::kBase + 2, 0) == Errc::config_flash_alignment_error);
}
