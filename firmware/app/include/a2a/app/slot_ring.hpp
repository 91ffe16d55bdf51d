// The look-ahead mode's ring of slots (docs/PERFORMANCE.md, "Look-ahead mode"):
// the controller's main loop computes each round's register stores ahead of
// time (the producer, lookahead.hpp) and a timer interrupt writes one entry to
// the fabric at each slot boundary (the consumer, serve()).
//
// An entry is what one slot writes: the STAGE_CTRL word the round changes and
// the COMMIT with the round's ticket, two stores into the fabric's register block
// through a RegisterBus (on a board the memory-mapped bus: the interrupt writes
// the real registers, as the direct round loop does). The entry holds byte
// offsets and values prepared with the typed registers (FabricLayout,
// reg::StageControl, reg::Control), so the interrupt does no computing.
//
// One producer (the main loop), one consumer (the interrupt), one core: the
// producer owns head_, the consumer tail_ and the underrun count; each reads the
// other's index with a relaxed atomic load (a plain ldr on Cortex-M) and the
// signal fences keep the entry's stores before the index that publishes them.
// (A second core or a DMA engine as consumer would need real barriers.)
//
// A slot boundary with no entry ready is an underrun: nothing is written, the
// count goes up, and the round goes out at a later boundary. A round is never
// skipped and never written twice: every entry is written exactly once, in order.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"

namespace a2a::app {

/// One slot: the stores the interrupt makes at its boundary.
struct SlotEntry {
  std::uint32_t stage_offset{0};  ///< byte offset of STAGE_CTRL[s] (FabricLayout::stage_control(s))
  std::uint32_t stage_value{0};   ///< the register's value (RegisterValue<reg::StageControl>::raw())
  std::uint32_t control{0};       ///< CONTROL: COMMIT with the round's ticket
  std::uint32_t round{0};         ///< the round it commits (for the record; pads the entry to 16 bytes)
};

/// What serve() did at one slot boundary.
enum class SlotServed : std::uint8_t {
  written,   ///< an entry went to the fabric
  underrun,  ///< none was ready: counted, nothing written
  finished,  ///< none left and the producer has finished: the timer may stop
};

/// The CONTROL value that commits with `ticket` (8 bits, register map 2.0).
[[nodiscard]] constexpr std::uint32_t commit_control(std::uint32_t ticket) {
  return hal::RegisterValue<hal::reg::Control>{}
      .flag<hal::reg::Control::Commit>()
      .set<hal::reg::Control::Ticket>(ticket & hal::reg::Control::Ticket::max)
      .raw();
}

/// Capacity entries (a power of two, at least 2); static storage, no heap.
template <std::uint32_t Capacity>
class SlotRing {
  static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0, "a2a: the slot ring's capacity is a power of two");

 public:
  static constexpr std::uint32_t kCapacity = Capacity;

  // --- producer (main loop) ---------------------------------------------------

  /// Empties the ring and its counts. Only while the slot interrupt is stopped.
  void reset() {
    head_.store(0, std::memory_order_relaxed);
    tail_.store(0, std::memory_order_relaxed);
    underruns_.store(0, std::memory_order_relaxed);
    finished_.store(0, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }
  /// Entries that can be pushed now.
  [[nodiscard]] std::uint32_t space() const {
    return Capacity - (head_.load(std::memory_order_relaxed) - tail_.load(std::memory_order_relaxed));
  }
  /// Appends an entry; false (nothing changes) when the ring is full.
  bool push(const SlotEntry& entry) {
    const std::uint32_t head = head_.load(std::memory_order_relaxed);
    if (head - tail_.load(std::memory_order_relaxed) >= Capacity) return false;
    entries_[head & kMask] = entry;
    std::atomic_signal_fence(std::memory_order_release);  // the entry before the index that publishes it
    head_.store(head + 1, std::memory_order_relaxed);
    return true;
  }
  /// No more entries: once the last one is written the consumer reports finished
  /// (and counts no underrun).
  void finish() {
    std::atomic_signal_fence(std::memory_order_release);
    finished_.store(1, std::memory_order_relaxed);
  }
  /// Entries pushed so far.
  [[nodiscard]] std::uint32_t pushed() const { return head_.load(std::memory_order_relaxed); }
  /// Entries the consumer has written to the fabric (each exactly once, in order).
  [[nodiscard]] std::uint32_t written() const { return tail_.load(std::memory_order_relaxed); }
  /// Slot boundaries that found no entry ready (before finish()).
  [[nodiscard]] std::uint32_t underruns() const { return underruns_.load(std::memory_order_relaxed); }
  /// finish() was called and every entry is written.
  [[nodiscard]] bool drained() const {
    return finished_.load(std::memory_order_relaxed) != 0 && written() == pushed();
  }

  // --- consumer (the slot interrupt) -----------------------------------------

  /// One slot boundary: writes the next entry's STAGE_CTRL word and COMMIT to the
  /// fabric (two stores), or counts an underrun. Never blocks, never loops.
  template <hal::RegisterBus Bus>
  [[gnu::always_inline]] SlotServed serve(Bus& bus) {
    const std::uint32_t tail = tail_.load(std::memory_order_relaxed);
    if (tail == head_.load(std::memory_order_relaxed)) [[unlikely]]
      return idle();
    std::atomic_signal_fence(std::memory_order_acquire);  // the entry after the index that published it
    const SlotEntry& entry = entries_[tail & kMask];
    bus.write32(entry.stage_offset, entry.stage_value);
    bus.write32(hal::offset::kControl, entry.control);
    tail_.store(tail + 1, std::memory_order_relaxed);
    return SlotServed::written;
  }

 private:
  static constexpr std::uint32_t kMask = Capacity - 1;

  [[gnu::noinline]] SlotServed idle() {
    if (finished_.load(std::memory_order_relaxed) != 0) return SlotServed::finished;
    underruns_.store(underruns_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    return SlotServed::underrun;
  }

  // Entries first: the interrupt addresses an entry as base + 16 * index.
  std::array<SlotEntry, Capacity> entries_{};
  std::atomic<std::uint32_t> head_{0};       // producer: entries pushed
  std::atomic<std::uint32_t> tail_{0};       // consumer: entries written
  std::atomic<std::uint32_t> underruns_{0};  // consumer
  std::atomic<std::uint32_t> finished_{0};   // producer: 1 after finish()
};

}  // namespace a2a::app
