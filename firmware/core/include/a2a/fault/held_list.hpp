// The messages a fault held (a completion's input, completion_planner.hpp): each with
// its holder (its origin, or the relay whose store holds a copy), kept in the caller's
// plan storage before the completion is planned there: work16 = the planner's pending
// ranges (2N) and tallies (N), then 3 per message; its capacity also leaves work32 a
// link per message beside four arrays of N, and hops two per message.
#pragma once

#include <cstddef>
#include <cstdint>

#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/limits.hpp"

namespace a2a {

/// A message a fault held: `holder` has it (its origin, or the relay whose store it is
/// in), for `final_destination`.
struct HeldMessage {
  std::uint16_t holder{0};
  std::uint16_t origin{0};
  std::uint16_t final_destination{0};
  friend constexpr bool operator==(const HeldMessage&, const HeldMessage&) = default;
};

/// The messages a degraded completion leaves out (no relay carries them): how many,
/// and the first (origin, destination, why).
struct LeftOutMessages {
  std::uint32_t count{0};
  UndeliverablePair first{};
};

/// The held messages, written into a plan storage before the plan is made.
class HeldList {
 public:
  constexpr HeldList() = default;
  constexpr HeldList(const PlanStorageSpan& s, std::uint32_t ports) : s_(s), ports_(ports) {
    const std::size_t in16 =
        s.work16.size() > 3 * std::size_t{ports} ? (s.work16.size() - 3 * std::size_t{ports}) / 3 : 0;
    const std::size_t in32 = s.work32.size() > 4 * std::size_t{ports} ? s.work32.size() - 4 * std::size_t{ports} : 0;
    std::size_t c = in16 < in32 ? in16 : in32;
    c = c < s.hops.size() / 2 ? c : s.hops.size() / 2;
    c = c < 0xFFFFU ? c : 0xFFFFU;
    capacity_ = s.vectors.size() >= ports && s.offsets.size() > ports ? static_cast<std::uint32_t>(c) : 0;
    const std::size_t cap = kMaxFaultRoundsPerPort * std::size_t{ports};
    const std::size_t by_vectors = s.vectors.size() < cap ? s.vectors.size() : cap;
    const std::size_t by_offsets = s.offsets.empty() ? 0 : s.offsets.size() - 1;
    max_rounds_ = static_cast<std::uint32_t>(by_vectors < by_offsets ? by_vectors : by_offsets);
  }
  /// The most rounds a plan in this storage may have (8N, or what its arrays hold).
  [[nodiscard]] constexpr std::uint32_t max_rounds() const { return max_rounds_; }
  [[nodiscard]] constexpr std::uint32_t capacity() const { return capacity_; }
  [[nodiscard]] constexpr std::uint32_t size() const { return size_; }
  constexpr void clear() { size_ = 0; }
  /// Appends one; false (nothing kept) when the list is full.
  [[nodiscard]] constexpr bool add(const HeldMessage& m) {
    if (size_ >= capacity_) return false;
    set(size_++, m);
    return true;
  }
  /// Whether a message (origin, final_destination) is listed as held at its origin: a
  /// scan of the list, `meter` checkpointed every 512 entries (thousands of messages).
  [[nodiscard]] constexpr bool at_origin(std::uint32_t origin, std::uint32_t final_destination,
                                         const PlanMeter* meter = nullptr) const {
    for (std::uint32_t k = 0; k < size_; ++k) {
      if (k % 512 == 511) detail::checkpoint(meter);
      const HeldMessage m = at(k);
      if (m.origin == origin && m.final_destination == final_destination && m.holder == origin) return true;
    }
    return false;
  }
  [[nodiscard]] constexpr HeldMessage at(std::uint32_t k) const {
    const std::size_t b = base(k);
    return {s_.work16[b], s_.work16[b + 1], s_.work16[b + 2]};
  }
  constexpr void set(std::uint32_t k, const HeldMessage& m) const {
    const std::size_t b = base(k);
    s_.work16[b] = m.holder;
    s_.work16[b + 1] = m.origin;
    s_.work16[b + 2] = m.final_destination;
  }
  constexpr void swap(std::uint32_t x, std::uint32_t y) const {
    const HeldMessage t = at(x);
    set(x, at(y));
    set(y, t);
  }
  /// Removes message k (the last one takes its place).
  constexpr void remove(std::uint32_t k) {
    set(k, at(size_ - 1));
    --size_;
  }
  [[nodiscard]] constexpr const PlanStorageSpan& storage() const { return s_; }
  [[nodiscard]] constexpr std::uint32_t ports() const { return ports_; }

 private:
  [[nodiscard]] constexpr std::size_t base(std::uint32_t k) const {
    return 3 * std::size_t{ports_} + 3 * std::size_t{k};
  }
  PlanStorageSpan s_{};
  std::uint32_t ports_{0};
  std::uint32_t capacity_{0};
  std::uint32_t max_rounds_{0};
  std::uint32_t size_{0};
};

}  // namespace a2a
