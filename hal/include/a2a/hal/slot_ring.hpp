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
// producer owns ready_ (one past the last entry pushed), the consumer next_ and
// the underrun count; each reads the other's pointer with a relaxed atomic load
// (a plain ldr on Cortex-M) and the signal fences keep the entry's stores before
// the pointer that publishes them.
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

namespace a2a::hal {

/// One slot: the stores the interrupt makes at its boundary. 16 bytes (aligned):
/// the ring's wrap is one address bit.
struct alignas(16) SlotEntry {
  std::uint32_t stage_offset{0};  ///< byte offset of STAGE_CTRL[s] (FabricLayout::stage_control(s))
  std::uint32_t stage_value{0};   ///< the register's value (RegisterValue<reg::StageControl>::raw())
  std::uint32_t control{0};       ///< CONTROL: COMMIT with the round's ticket
};
static_assert(sizeof(SlotEntry) == 16);

/// What serve() did at one slot boundary.
enum class SlotServed : std::uint8_t {
  written,   ///< an entry went to the fabric
  underrun,  ///< none was ready: counted, nothing written
  finished,  ///< none left and the producer has finished: the timer may stop
};

/// The CONTROL value that commits with `ticket` (8 bits, register map 2.0).
[[nodiscard]] constexpr std::uint32_t commit_control(std::uint32_t ticket) {
  return RegisterValue<reg::Control>{}
      .flag<reg::Control::Commit>()
      .set<reg::Control::Ticket>(ticket & reg::Control::Ticket::max)
      .raw();
}

/// Capacity entries (a power of two, at least 2); static storage, no heap. At most
/// Capacity - 1 entries wait at once (a full ring and an empty one must differ).
///
/// The consumer keeps a pointer to its next entry, and the entries are aligned to
/// twice their size, so stepping past the last entry wraps by clearing one address
/// bit: the interrupt's path is ack, compare, one load of the entry, two fabric
/// stores, the step (docs/PERFORMANCE.md, "Look-ahead mode": 13 instructions
/// besides the stores on Cortex-M3, one over the target: GCC loads the entry with
/// ldrd + ldr; freeing entries by their CONTROL word instead of comparing pointers
/// was tried and costs a saved register pair).
template <std::uint32_t Capacity>
class SlotRing {
  static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0, "a2a: the slot ring's capacity is a power of two");
  static constexpr std::uintptr_t kBytes = std::uintptr_t{Capacity} * sizeof(SlotEntry);

 public:
  static constexpr std::uint32_t kCapacity = Capacity;

  SlotRing() = default;
  SlotRing(const SlotRing&) = delete;  // the indices point into the object itself
  SlotRing& operator=(const SlotRing&) = delete;
  SlotRing(SlotRing&&) = delete;
  SlotRing& operator=(SlotRing&&) = delete;
  ~SlotRing() = default;

  // --- producer (main loop) ---------------------------------------------------

  /// Empties the ring and its counts. Only while the slot interrupt is stopped.
  void reset() {
    next_.store(entries_.data(), std::memory_order_relaxed);
    ready_.store(entries_.data(), std::memory_order_relaxed);
    pushed_ = 0;
    underruns_.store(0, std::memory_order_relaxed);
    finished_.store(0, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }
  /// Entries that can be pushed now.
  [[nodiscard]] std::uint32_t space() const { return Capacity - 1 - waiting(); }
  /// Appends an entry; false (nothing changes) when the ring is full.
  bool push(const SlotEntry& entry) {
    if (space() == 0) return false;
    emplace(entry);
    return true;
  }
  /// push() without the check: precondition space() > 0.
  [[gnu::always_inline]] void emplace(const SlotEntry& entry) {
    emplace_batch(
        1, [&](std::uint32_t) __attribute__((always_inline)) { return entry; });
  }
  /// Appends make(0) .. make(n - 1), each published as soon as it is stored; the
  /// producer's pointer stays in a register. Precondition: n <= space().
  template <class Make>
  [[gnu::always_inline]] void emplace_batch(std::uint32_t n, Make make) {
    SlotEntry* at = ready_.load(std::memory_order_relaxed);  // the producer's own pointer
    for (std::uint32_t k = 0; k < n; ++k) {
      *at = make(k);
      std::atomic_signal_fence(std::memory_order_release);  // the entry before the pointer that publishes it
      at = step(at);
      ready_.store(at, std::memory_order_relaxed);
    }
    pushed_ += n;
  }
  /// No more entries: once the last one is written the consumer reports finished
  /// (and counts no underrun).
  void finish() {
    std::atomic_signal_fence(std::memory_order_release);
    finished_.store(1, std::memory_order_relaxed);
  }
  /// Entries pushed so far.
  [[nodiscard]] std::uint32_t pushed() const { return pushed_; }
  /// Entries the consumer has written to the fabric (each exactly once, in order).
  [[nodiscard]] std::uint32_t written() const { return pushed_ - waiting(); }
  /// Slot boundaries that found no entry ready (before finish()).
  [[nodiscard]] std::uint32_t underruns() const { return underruns_.load(std::memory_order_relaxed); }
  /// finish() was called and every entry is written.
  [[nodiscard]] bool drained() const { return finished_.load(std::memory_order_relaxed) != 0 && waiting() == 0; }

  // --- consumer (the slot interrupt) -----------------------------------------

  /// One slot boundary: writes the next entry's STAGE_CTRL word and COMMIT to the
  /// fabric (two stores) and returns written, or returns what empty_slot() says.
  /// Never blocks, never loops.
  template <RegisterBus Bus>
  [[gnu::always_inline]] SlotServed serve(Bus& bus) {
    if (!write_next(bus)) [[unlikely]]
      return empty_slot();
    return SlotServed::written;
  }
  /// serve()'s two halves, for an interrupt handler that keeps the rare one out of
  /// line: the next entry to the fabric (false: none is ready, nothing written)...
  template <RegisterBus Bus>
  [[gnu::always_inline]] bool write_next(Bus& bus) {
    SlotEntry* const entry = next_.load(std::memory_order_relaxed);
    if (entry == ready_.load(std::memory_order_relaxed)) return false;
    std::atomic_signal_fence(std::memory_order_acquire);  // the entry after the pointer that published it
    // The entry is handed back first, then each field is loaded where it is stored:
    // fewer registers live at once, so the handler saves none (a Cortex-M interrupt
    // gets r0-r3 and r12 for free). One core: the producer cannot run, and so not
    // reuse the entry, before the handler returns.
    next_.store(step(entry), std::memory_order_relaxed);
    bus.write32(entry->stage_offset, entry->stage_value);
    bus.write32(offset::kControl, entry->control);
    return true;
  }
  /// ... and an empty slot: finished after finish(), else an underrun, counted.
  SlotServed empty_slot() {
    if (finished_.load(std::memory_order_relaxed) != 0) return SlotServed::finished;
    underruns_.store(underruns_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    return SlotServed::underrun;
  }

 private:
  static constexpr std::uint32_t kMask = Capacity - 1;

  /// The entry after `at`, wrapping at the end: entries_ is aligned to 2 x kBytes, so
  /// the address one past the last entry differs from the first only in bit kBytes.
  static SlotEntry* step(const SlotEntry* at) {
    return reinterpret_cast<SlotEntry*>(  // NOLINT(performance-no-int-to-ptr): the ring's alignment is the wrap
        reinterpret_cast<std::uintptr_t>(at + 1) & ~kBytes);
  }
  /// Entries pushed and not written yet.
  [[nodiscard]] std::uint32_t waiting() const {
    const auto bytes =
        static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(ready_.load(std::memory_order_relaxed)) -
                                   reinterpret_cast<std::uintptr_t>(next_.load(std::memory_order_relaxed)));
    return (bytes / sizeof(SlotEntry)) & kMask;
  }

  alignas(2 * kBytes) std::array<SlotEntry, Capacity> entries_{};
  std::atomic<SlotEntry*> next_{entries_.data()};   // consumer: the next entry to write
  std::atomic<SlotEntry*> ready_{entries_.data()};  // producer: one past the last entry pushed
  std::uint32_t pushed_{0};                         // producer only
  std::atomic<std::uint32_t> underruns_{0};         // consumer
  std::atomic<std::uint32_t> finished_{0};          // producer: 1 after finish()
};

}  // namespace a2a::hal
