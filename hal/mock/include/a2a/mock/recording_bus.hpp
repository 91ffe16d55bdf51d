// A recording RegisterBus: logs every access, answers reads from a script.
//
// A mock is just another backend (Pigweed style): the driver under test runs
// unchanged over it, and the test inspects exactly which registers were read
// and written, in which order. Fixed capacity and no heap, so the same tests
// run on Cortex-M. A full log never drops events silently: overflowed() and
// dropped() say so, and tests check them.
//
// Reads: a scripted offset returns its script (e.g. STATUS = busy 3 times, then
// done); any other offset returns the last value written there (as a plain
// register would), or 0 if it was never written. corrupt_reads() makes the next
// reads of one offset differ from that value (a read-back that does not match).
//
// Tickets (register map 2.0): like a block that takes every action up at once, the
// mock answers a STATUS read with the Ticket of the last CONTROL write (whatever the
// script says about the other bits), so scripts need not know tickets.
// set_ticket_echo(false) turns that off, e.g. to play a STATUS that is still stale.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_registers.hpp"

namespace a2a::mock {

enum class BusAccess : std::uint8_t { read, write };

struct BusEvent {
  BusAccess access{BusAccess::read};
  std::uint32_t offset{0};
  std::uint32_t value{0};
  friend constexpr bool operator==(const BusEvent&, const BusEvent&) = default;
};

/// Reads of `offset` return `first` for the first `repeat` reads, then `then`.
struct ReadScript {
  std::uint32_t offset{0};
  std::uint32_t first{0};
  std::uint32_t repeat{0};
  std::uint32_t then{0};
};

template <std::size_t Capacity, std::size_t MaxScripts = 4>
class RecordingBus {
 public:
  static constexpr std::size_t kCapacity = Capacity;
  static constexpr std::uint32_t kAllOffsets = ~std::uint32_t{0};

  // --- RegisterBus -----------------------------------------------------------
  constexpr std::uint32_t read32(std::uint32_t offset) {
    const std::uint32_t value = read_value(offset);
    log({BusAccess::read, offset, value});
    return value;
  }
  constexpr void write32(std::uint32_t offset, std::uint32_t value) {
    if (offset == hal::offset::kControl) {
      ticket_ = hal::reg::Control::Ticket::extract(value);
      ticket_written_ = true;
    }
    log({BusAccess::write, offset, value});
  }

  /// Whether STATUS reads carry the ticket of the last CONTROL write (default: on).
  constexpr void set_ticket_echo(bool on) { ticket_echo_ = on; }

  // --- scripting -------------------------------------------------------------
  /// Adds (or replaces) the script of script.offset. False if MaxScripts scripts exist already.
  [[nodiscard]] constexpr bool script(const ReadScript& script) {
    for (std::size_t i = 0; i < scripts_used_; ++i) {
      if (scripts_[i].script.offset == script.offset) {
        scripts_[i] = {script, 0};
        return true;
      }
    }
    if (scripts_used_ == MaxScripts) return false;
    scripts_[scripts_used_++] = {script, 0};
    return true;
  }
  /// Reads of `offset` always return `value`.
  [[nodiscard]] constexpr bool script_constant(std::uint32_t offset, std::uint32_t value) {
    return script({offset, value, 0, value});
  }

  /// The next `reads` reads of `offset` return their value ^ xor_mask (kAllOffsets
  /// reads: every one). One corruption at a time; a new call replaces it.
  constexpr void corrupt_reads(std::uint32_t offset, std::uint32_t xor_mask, std::uint32_t reads) {
    corruption_ = {offset, xor_mask, reads};
  }

  /// Forgets the log (the scripts and their progress stay).
  constexpr void clear() {
    used_ = 0;
    dropped_ = 0;
  }
  /// Back to the state of a new bus: no log, no scripts, no round marker.
  constexpr void reset() {
    clear();
    scripts_used_ = 0;
    corruption_ = {};
    marker_offset_ = kAllOffsets;
    marker_mask_ = 0;
    ticket_echo_ = true;
    ticket_written_ = false;
    ticket_ = 0;
  }

  // --- the log ---------------------------------------------------------------
  [[nodiscard]] constexpr std::span<const BusEvent> events() const {
    return std::span<const BusEvent>(events_.data(), used_);
  }
  [[nodiscard]] constexpr std::size_t size() const { return used_; }
  /// Events that did not fit in the log.
  [[nodiscard]] constexpr std::size_t dropped() const { return dropped_; }
  [[nodiscard]] constexpr bool overflowed() const { return dropped_ != 0; }

  /// Writes whose offset lies in [first, last).
  [[nodiscard]] constexpr std::size_t writes_in(std::uint32_t first, std::uint32_t last) const {
    return count(BusAccess::write, first, last, 0, used_);
  }
  [[nodiscard]] constexpr std::size_t writes_to(std::uint32_t offset) const { return writes_in(offset, offset + 1); }
  [[nodiscard]] constexpr std::size_t reads_of(std::uint32_t offset) const {
    return count(BusAccess::read, offset, offset + 1, 0, used_);
  }
  [[nodiscard]] constexpr std::size_t writes() const { return writes_in(0, kAllOffsets); }
  [[nodiscard]] constexpr std::size_t reads() const { return count(BusAccess::read, 0, kAllOffsets, 0, used_); }

  /// Round boundaries: a write to `offset` with any bit of `mask` set (e.g. CONTROL.COMMIT)
  /// ends a round. Round r is every event after the r-th boundary up to and including the next.
  constexpr void set_round_marker(std::uint32_t offset, std::uint32_t mask) {
    marker_offset_ = offset;
    marker_mask_ = mask;
  }
  /// Completed rounds in the log (boundary writes seen).
  [[nodiscard]] constexpr std::size_t rounds() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < used_; ++i) n += is_marker(events_[i]) ? 1U : 0U;
    return n;
  }
  /// Writes of round r whose offset lies in [first, last); 0 if the log has no round r.
  [[nodiscard]] constexpr std::size_t writes_in_round(std::size_t r, std::uint32_t first = 0,
                                                      std::uint32_t last = kAllOffsets) const {
    std::size_t begin = 0;
    std::size_t seen = 0;
    for (std::size_t i = 0; i < used_; ++i) {
      if (!is_marker(events_[i])) continue;
      if (seen == r) return count(BusAccess::write, first, last, begin, i + 1);
      ++seen;
      begin = i + 1;
    }
    return 0;
  }

  /// The last value written to `offset`, if any.
  struct LastWrite {
    bool found{false};
    std::uint32_t value{0};
  };
  [[nodiscard]] constexpr LastWrite last_write(std::uint32_t offset) const {
    for (std::size_t i = used_; i-- > 0;)
      if (events_[i].access == BusAccess::write && events_[i].offset == offset) return {true, events_[i].value};
    return {};
  }

 private:
  struct ScriptState {
    ReadScript script{};
    std::uint32_t served{0};
  };

  constexpr void log(const BusEvent& e) {
    if (used_ < Capacity) {
      events_[used_++] = e;
    } else {
      ++dropped_;
    }
  }

  constexpr std::uint32_t read_value(std::uint32_t offset) {
    return echo(offset, plain_value(offset)) ^ corruption(offset);
  }

  [[nodiscard]] constexpr std::uint32_t echo(std::uint32_t offset, std::uint32_t value) const {
    if (offset != hal::offset::kStatus || !ticket_echo_ || !ticket_written_) return value;
    return hal::reg::Status::Ticket::insert(value, ticket_);
  }

  constexpr std::uint32_t corruption(std::uint32_t offset) {
    if (corruption_.offset != offset || corruption_.reads_left == 0) return 0;
    if (corruption_.reads_left != kAllOffsets) --corruption_.reads_left;
    return corruption_.xor_mask;
  }

  constexpr std::uint32_t plain_value(std::uint32_t offset) {
    for (std::size_t i = 0; i < scripts_used_; ++i) {
      ScriptState& s = scripts_[i];
      if (s.script.offset != offset) continue;
      if (s.served < s.script.repeat) {
        ++s.served;
        return s.script.first;
      }
      return s.script.then;
    }
    return last_write(offset).value;
  }

  [[nodiscard]] constexpr bool is_marker(const BusEvent& e) const {
    return e.access == BusAccess::write && e.offset == marker_offset_ && (e.value & marker_mask_) != 0;
  }

  [[nodiscard]] constexpr std::size_t count(BusAccess access, std::uint32_t first, std::uint32_t last,
                                            std::size_t begin, std::size_t end) const {
    std::size_t n = 0;
    for (std::size_t i = begin; i < end; ++i)
      n += events_[i].access == access && events_[i].offset >= first && events_[i].offset < last ? 1U : 0U;
    return n;
  }

  std::array<BusEvent, Capacity> events_{};
  std::size_t used_{0};
  std::size_t dropped_{0};
  std::array<ScriptState, MaxScripts> scripts_{};
  std::size_t scripts_used_{0};
  struct ReadCorruption {
    std::uint32_t offset{0};
    std::uint32_t xor_mask{0};
    std::uint32_t reads_left{0};
  } corruption_{};
  std::uint32_t marker_offset_{kAllOffsets};
  std::uint32_t marker_mask_{0};
  bool ticket_echo_{true};
  bool ticket_written_{false};
  std::uint32_t ticket_{0};
};

static_assert(hal::RegisterBus<RecordingBus<1>>);

}  // namespace a2a::mock
