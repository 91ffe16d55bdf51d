// One vocabulary for what an exchange delivered, and one way to count it.
//
// DeliveryTally is the count every judge of an exchange keeps: check_exchange,
// the tool's `a2a verify`, the emulated fabric (whose counter registers are the
// tally, saturated to 32 bits) and the host simulated fabric's record. Each
// fills the fields it can observe and leaves the others 0.
//
// DeliveryLedger is the one relay-aware accounting behind them. A hop carries a
// message (origin, final destination) from its sender to the output it reached:
//  - a hop whose sender is not the origin leaves a relay: the message must be in
//    a store since an earlier round, and is taken out (else a relay error, and
//    the hop counts for nothing else: the sender did not have the message);
//  - a hop that reaches the final destination delivers the message, the first
//    time; again, it is a duplicate;
//  - any other hop puts the message into the receiving processor's store. The
//    caller puts it there with put() once the round is over (a message may
//    leave a store from the next round on, not within the round it arrived);
//    a message that is already delivered or stored is a duplicate instead.
// So every ordered pair is counted once, at its final destination, however many
// hops it took. The store is a template parameter: StoreBits (N x N bits, no
// heap) records that some processor holds a message, not which one; the tool's
// store also checks that the hop out leaves the processor the message reached.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace a2a {

/// What an exchange (or a part of it) delivered and what went wrong, by kind.
struct DeliveryTally {
  std::uint64_t delivered{0};       ///< messages (origin, final) that reached their final destination, first time
  std::uint64_t missing{0};         ///< ordered pairs never delivered (set at the end: see count_missing)
  std::uint64_t duplicates{0};      ///< messages that arrived (or were stored) again
  std::uint64_t misroutes{0};       ///< signals that arrived elsewhere than claimed, or by other ports than their tag
  std::uint64_t conflicts{0};       ///< signals garbled by a conflict: each one that shared a switch output
  std::uint64_t crosstalk{0};       ///< optical: second (and further) signals through one switch in one round
  std::uint64_t relayed{0};         ///< hops into a relay's store
  std::uint64_t relay_errors{0};    ///< hops out of a relay for a message no store held, or a message beyond N
  std::uint64_t left_in_store{0};   ///< messages in a relay store now (0 after a complete exchange)
  std::uint64_t faulted_rounds{0};  ///< rounds voided because a signal crossed a faulty switch

  /// missing from a count of distinct deliveries, for a judge that keeps no pair record.
  constexpr void count_missing(std::uint64_t expected) { missing = delivered < expected ? expected - delivered : 0; }
  /// Every one of `expected` messages exactly once, and nothing else happened.
  [[nodiscard]] constexpr bool exact(std::uint64_t expected) const {
    return delivered == expected && missing == 0 && duplicates == 0 && misroutes == 0 && conflicts == 0 &&
           crosstalk == 0 && relay_errors == 0 && left_in_store == 0 && faulted_rounds == 0;
  }
  friend constexpr bool operator==(const DeliveryTally&, const DeliveryTally&) = default;
};

/// What one hop did (DeliveryLedger::hop).
enum class HopOutcome : std::uint8_t { delivered, duplicate, stored, relay_error };

/// Words of one N x N bitmap (one bit per ordered pair).
constexpr std::size_t pair_bitmap_words(std::uint32_t ports) {
  return static_cast<std::size_t>((std::uint64_t{ports} * ports + 31) / 32);
}
/// Words of the ledger's storage: N*N bits of delivered messages, then N*N bits of
/// stored ones (StoreBits).
constexpr std::size_t pair_words_needed(std::uint32_t ports) { return 2 * pair_bitmap_words(ports); }

namespace detail {
constexpr bool bit_set(std::span<const std::uint32_t> words, std::uint64_t bit) {
  return ((words[static_cast<std::size_t>(bit / 32)] >> (bit % 32)) & 1U) != 0;
}
/// Sets a bit; returns whether it was set already.
constexpr bool test_and_set(std::span<std::uint32_t> words, std::uint64_t bit) {
  std::uint32_t& w = words[static_cast<std::size_t>(bit / 32)];
  const std::uint32_t mask = std::uint32_t{1} << (bit % 32);
  const bool was = (w & mask) != 0;
  w |= mask;
  return was;
}
constexpr std::uint32_t ones(std::uint32_t w) {  // popcount without a libgcc call on Cortex-M0
  w = w - ((w >> 1) & 0x5555'5555U);
  w = (w & 0x3333'3333U) + ((w >> 2) & 0x3333'3333U);
  return (((w + (w >> 4)) & 0x0F0F'0F0FU) * 0x0101'0101U) >> 24;
}
}  // namespace detail

// Reading a bitmap of delivered pairs (the ledger's, or a copy a const owner keeps).
/// Whether pair (origin, final) is set.
constexpr bool pair_delivered(std::span<const std::uint32_t> delivered, std::uint32_t ports, std::uint32_t origin,
                              std::uint32_t final_destination) {
  return detail::bit_set(delivered, std::uint64_t{origin} * ports + final_destination);
}
/// The first ordered pair (as origin * N + final) not set; N * N if none.
constexpr std::uint64_t first_pair_missing(std::span<const std::uint32_t> delivered, std::uint32_t ports) {
  const std::uint64_t pairs = std::uint64_t{ports} * ports;
  for (std::size_t k = 0; k < pair_bitmap_words(ports); ++k) {
    if (delivered[k] == ~std::uint32_t{0}) continue;  // a word at a time: the usual case is all set
    for (std::uint32_t b = 0; b < 32; ++b) {
      const std::uint64_t pair = std::uint64_t{k} * 32 + b;
      if (((delivered[k] >> b) & 1U) == 0) return pair < pairs ? pair : pairs;
    }
  }
  return pairs;
}
/// Ordered pairs not set.
constexpr std::uint64_t pairs_missing(std::span<const std::uint32_t> delivered, std::uint32_t ports) {
  const std::uint64_t pairs = std::uint64_t{ports} * ports;
  std::uint64_t have = 0;
  for (std::size_t k = 0; k < pair_bitmap_words(ports); ++k) {
    const std::uint64_t first = std::uint64_t{k} * 32;  // the last word may hold fewer than 32 pairs
    const std::uint32_t valid = pairs - first >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << (pairs - first)) - 1;
    have += detail::ones(delivered[k] & valid);
  }
  return pairs - have;
}

/// The relay stores as N x N bits: whether some processor holds a message. Which
/// one is not recorded (that would take N x N processor numbers); a hop out is
/// accepted from any processor.
class StoreBits {
 public:
  constexpr StoreBits(std::span<std::uint32_t> bits, std::uint32_t ports) : bits_(bits), ports_(ports) {}
  [[nodiscard]] constexpr bool holds(std::uint64_t message) const { return detail::bit_set(bits_, message); }
  constexpr void put(std::uint64_t message, std::uint32_t /*relay*/) {
    bits_[static_cast<std::size_t>(message / 32)] |= std::uint32_t{1} << (message % 32);
  }
  /// Takes the message out; false if no store held it.
  constexpr bool take(std::uint64_t message, std::uint32_t /*relay*/) {
    std::uint32_t& w = bits_[static_cast<std::size_t>(message / 32)];
    const std::uint32_t mask = std::uint32_t{1} << (message % 32);
    if ((w & mask) == 0) return false;
    w &= ~mask;
    return true;
  }
  constexpr void clear() {
    for (std::size_t k = 0; k < pair_bitmap_words(ports_); ++k) bits_[k] = 0;
  }

 private:
  std::span<std::uint32_t> bits_;
  std::uint32_t ports_;
};

/// The accounting by message (origin, final destination) over the caller's storage.
/// A view: copying it shares the storage. Message m = origin * N + final.
template <class Store = StoreBits>
class DeliveryLedger {
 public:
  /// `delivered` holds at least pair_bitmap_words(ports) words.
  constexpr DeliveryLedger(std::span<std::uint32_t> delivered, Store store, std::uint32_t ports)
      : delivered_(delivered), store_(store), ports_(ports) {}

  /// Forgets every delivery (the store's own clear() forgets the stores).
  constexpr void clear() {
    for (std::size_t k = 0; k < pair_bitmap_words(ports_); ++k) delivered_[k] = 0;
  }

  /// Accounts one hop: `sender` sent message (origin, final_destination) and it
  /// arrived at network output `output` (a processor if < N; a store at an output
  /// >= N is never emptied). A stored outcome must be put() after the round.
  constexpr HopOutcome hop(std::uint32_t sender, std::uint32_t output, std::uint32_t origin,
                           std::uint32_t final_destination, DeliveryTally& tally) {
    if (origin >= ports_ || final_destination >= ports_) {
      ++tally.relay_errors;  // no such message: nothing to deliver or store
      return HopOutcome::relay_error;
    }
    const std::uint64_t message = std::uint64_t{origin} * ports_ + final_destination;
    if (origin != sender) {  // out of a relay's store
      if (!store_.take(message, sender)) {
        ++tally.relay_errors;
        return HopOutcome::relay_error;
      }
      --tally.left_in_store;
    }
    if (output != final_destination) {  // into a relay's store
      if (detail::bit_set(delivered_, message) || store_.holds(message)) {
        ++tally.duplicates;
        return HopOutcome::duplicate;
      }
      ++tally.relayed;
      return HopOutcome::stored;
    }
    if (detail::test_and_set(delivered_, message)) {
      ++tally.duplicates;
      return HopOutcome::duplicate;
    }
    ++tally.delivered;
    return HopOutcome::delivered;
  }

  /// After the round: the message of a stored hop is in `relay`'s store.
  constexpr void put(std::uint32_t origin, std::uint32_t final_destination, std::uint32_t relay, DeliveryTally& tally) {
    store_.put(std::uint64_t{origin} * ports_ + final_destination, relay);
    ++tally.left_in_store;
  }

  [[nodiscard]] constexpr bool delivered(std::uint32_t origin, std::uint32_t final_destination) const {
    return pair_delivered(delivered_, ports_, origin, final_destination);
  }
  [[nodiscard]] constexpr std::uint64_t first_missing() const { return first_pair_missing(delivered_, ports_); }
  [[nodiscard]] constexpr std::uint64_t missing() const { return pairs_missing(delivered_, ports_); }
  [[nodiscard]] constexpr Store& store() { return store_; }
  [[nodiscard]] constexpr std::uint32_t ports() const { return ports_; }

 private:
  std::span<std::uint32_t> delivered_;
  Store store_;
  std::uint32_t ports_;
};

}  // namespace a2a
