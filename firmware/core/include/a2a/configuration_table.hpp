// A stored set of network configurations run as an exchange (the "table" family).
//
// Why a table: a configuration-set search (a2a search, docs/search.md) finds sets of
// arbitrary switch settings that complete the exchange on a GSEN in fewer rounds than
// any stage-controlled set paper 000 knows (N = 36: 36 against 40). Such settings
// follow no pattern a controller could compute, so they are stored: one bit per
// switch per round (1 = cross), in flash. What is computed on the fly: a port's
// destination and tag, by routing it through the round's stored states (n steps).
// What is stored besides: one bit per port and round saying the port idles because
// an earlier round of the set already served its pair (a set covers some pairs more
// than once; deciding that on the fly would take a walk through every earlier round).
// make() checks at switch level that the set serves every ordered pair exactly once,
// a source at a time with an N-bit mark (O(rounds N n) steps, 32 bytes of stack).
//
// The periodic form (period P > 0): a set of periodic rounds (a2a search --periodic,
// docs/search.md), in which input i takes the tag of input i mod P, stored as each
// round's P tags and P idle bits, P (n + 1) bits a round against n N / 2 + N. With P
// the power of two in N (N / P odd) everything is computed in O(1) from them: port i
// reaches (i 2^n + tag) mod N (the GSEN's shuffle; docs/conventions.md), and the
// inputs of class c sit, after s stages, on the terminals of one residue mod P, so a
// stage's switch states repeat with period P: its switch words are one word.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/limits.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// A stored configuration set for one network (d = 2). With period 0, in the layout of
/// the stored files (data/gsen-sets/, docs/search.md): each round takes whole bytes; in
/// round r, bit k = s * W + y (W = N / 2 switches a stage) is switch y of stage s, 1 =
/// cross, bit k of the round's bytes LSB first; idle bit (r * N + i) says port i stays
/// idle in round r (idle_bits() computes them from the states). With period P (1, 2, 4
/// or 8, N / P odd; GSEN only): `states` holds round r's P tags, byte r * P + c the tag
/// of the inputs i = c (mod P) (bit n - 1 - s: its output port at stage s), and `idle`
/// a byte a round, bit c: the inputs of class c stay idle.
struct ConfigurationTable {
  Topology topology{Topology::gsen};
  std::uint32_t ports{0};
  std::uint32_t rounds{0};
  std::uint32_t period{0};  ///< 0: a bit per switch; P: P tags a round
  std::span<const std::uint8_t> states{};
  std::span<const std::uint8_t> idle{};
  /// Where the set came from: its file and the note the search wrote there (what
  /// the console's exchange line and `a2a dump` name).
  std::string_view origin{};

  [[nodiscard]] constexpr bool periodic() const { return period != 0; }
  [[nodiscard]] static constexpr bool bit(std::span<const std::uint8_t> bits, std::size_t k) {
    return ((bits[k / 8] >> (k % 8)) & 1U) != 0;
  }
  /// Bytes one round's states take in a network of `stages` stages.
  [[nodiscard]] static constexpr std::size_t round_bytes(std::uint32_t ports, std::uint32_t stages) {
    return (std::size_t{stages} * (ports / 2) + 7) / 8;
  }
  [[nodiscard]] static constexpr std::size_t state_bytes(std::uint32_t ports, std::uint32_t stages,
                                                         std::uint32_t rounds) {
    return round_bytes(ports, stages) * rounds;
  }
  [[nodiscard]] static constexpr std::size_t idle_bytes(std::uint32_t ports, std::uint32_t rounds) {
    return (std::size_t{rounds} * ports + 7) / 8;
  }
  /// The period a GSEN of N ports stores its periodic sets with: the power of two in N
  /// (N / P odd), at most 8; 0 when N has a larger one.
  [[nodiscard]] static constexpr std::uint32_t gsen_period(std::uint32_t ports) {
    const std::uint32_t p = ports & (~ports + 1U);
    return p <= 8 ? p : 0;
  }
};

class TableSchedule : public CheckedAccess<TableSchedule> {
 public:
  /// One stored configuration; a Configuration, so route() traces it.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    /// No stage word describes an arbitrary setting: the round index stands for it.
    [[nodiscard]] constexpr std::uint32_t word() const { return index_; }
    [[nodiscard]] constexpr ControlMode control() const { return ControlMode::individual; }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t y) const {
      if (round_bytes_ == 0) return (stage_pattern(stage) >> (y & (period() - 1U))) & 1U;
      const std::size_t first = static_cast<std::size_t>(round_bytes_) * 8U * index_;  // the round's first bit
      const std::size_t k = first + static_cast<std::size_t>(stage) * switches_ + y;
      return ConfigurationTable::bit(states_, k) ? 1U : 0U;
    }
    /// Periodic form: bit q is the state of every switch y = q (mod P) of `stage`. The
    /// inputs of class c are at terminal (c 2^s + their tag's first s bits) mod N before
    /// stage s, and at every terminal of that residue mod P; a switch takes its state
    /// from the input on its port 0 (terminal y < N / 2): straight when it leaves by 0.
    [[nodiscard]] constexpr std::uint32_t stage_pattern(std::uint32_t stage) const {
      const std::uint32_t ports = 2U * switches_;
      const std::uint32_t p = period();
      const auto stages = static_cast<std::uint32_t>(std::bit_width(ports - 1U));  // n = ceil(log2 N)
      std::uint32_t pattern = 0;
      for (std::uint32_t c = 0; c < p; ++c) {
        const std::uint32_t tag = states_[c];
        // The terminal is ((c 2^s + the tag's first s bits) mod N); P divides N, so its
        // residue mod P is that of the sum itself (no division).
        const std::uint32_t terminal = (c << stage) + (tag >> (stages - stage));
        pattern |= ((tag >> (stages - 1U - stage)) & 1U) << (terminal & (p - 1U));
      }
      return pattern;
    }

    /// Every stage's pattern (periodic form) into out[s] for s < out.size(): the period,
    /// or 0 in the states form (out untouched). What the HAL writes a round from.
    [[nodiscard]] constexpr std::uint32_t stage_patterns(std::span<std::uint32_t> out) const {
      if (round_bytes_ != 0) return 0;
      for (std::size_t s = 0; s < out.size(); ++s) out[s] = stage_pattern(static_cast<std::uint32_t>(s));
      return period();
    }

   private:
    friend class TableSchedule;
    std::span<const std::uint8_t> states_{};  ///< the states, or (periodic form) the round's P tags
    std::uint32_t index_{0};
    std::uint16_t round_bytes_{0};
    std::uint16_t switches_{0};
    /// Periodic form (round_bytes_ 0, states_ the round's P tags): P, the power of two in N.
    [[nodiscard]] constexpr std::uint32_t period() const { return (2U * switches_) & (~(2U * switches_) + 1U); }
  };

  constexpr TableSchedule() = default;

  /// Checks that the table is for this network (topology, N, d = 2), that its bit
  /// arrays have the sizes its rounds need, and at switch level that every ordered
  /// pair is served exactly once.
  static constexpr Result<TableSchedule> make(const Network& net, const ConfigurationTable& table) {
    if (net.radix != 2) return Errc::table_needs_binary;
    if (net.ports > kMaxTablePorts) return Errc::table_ports_too_large;
    if (table.topology != net.topology || table.ports != net.ports || table.rounds == 0 || !sized(net, table))
      return Errc::table_malformed;
    TableSchedule s;
    s.net_ = net;
    s.table_ = table;
    s.shift_ = static_cast<std::uint32_t>((std::uint64_t{1} << net.stages) % net.ports);
    if (table.periodic() && !s.periodic_rounds_route()) return Errc::table_not_exact;
    if (!s.serves_every_pair_once()) return Errc::table_not_exact;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return table_.rounds; }
  [[nodiscard]] constexpr const ConfigurationTable& table() const { return table_; }

  /// Round r (precondition r < rounds(); see checked_round for untrusted input).
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    return stored_round(net_, table_, r);
  }

  /// Round r of a table not yet checked (idle_bits() routes through it).
  [[nodiscard]] static constexpr Round stored_round(const Network& net, const ConfigurationTable& table,
                                                    std::uint32_t r) {
    Round round;
    round.index_ = r;
    round.switches_ = static_cast<std::uint16_t>(net.ports / 2);
    // The periodic form: the round's P tags; else all the states, and a round's width.
    round.states_ = table.periodic() ? table.states.subspan(std::size_t{r} * table.period, table.period) : table.states;
    if (!table.periodic())
      round.round_bytes_ = static_cast<std::uint16_t>(ConfigurationTable::round_bytes(net.ports, net.stages));
    return round;
  }

  /// Whether the rounds are of the periodic form (periodic_ports() has them).
  [[nodiscard]] constexpr bool periodic() const { return table_.period != 0; }
  /// The round's ports as a pattern (periodic form: its P tags and its classes' idle
  /// bits, send()'s formula for every port), else period 0.
  [[nodiscard]] constexpr PeriodicPorts periodic_ports(const Round& round) const {
    if (table_.period == 0) return {};
    return {table_.period, table_.idle[round.index_], shift_, round.states_};
  }

  /// Port i in `round`: idle where the table says so, else its destination and tag:
  /// in the periodic form its class's tag and (i 2^n + tag) mod N, O(1); else the path
  /// through the round's stored states.
  /// Not inlined: inlined into AnySchedule's dispatch its registers cost every other
  /// family's send a few instructions (bench_slices, 2026-12-04).
  [[nodiscard, gnu::noinline]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    if (table_.period != 0) {
      const std::uint32_t c = i & (table_.period - 1U);
      if (((table_.idle[round.index_] >> c) & 1U) != 0) return {false, 0, 0};
      const std::uint32_t tag = round.states_[c];
      return {true, (i * shift_ + tag) % net_.ports, tag};
    }
    if (ConfigurationTable::bit(table_.idle, std::size_t{round.index_} * net_.ports + i)) return {false, 0, 0};
    const Path path = route(net_, i, round);
    return {true, path.destination, path.tag};
  }

 private:
  /// A source at a time: its sends over all rounds must reach every processor once.
  [[nodiscard]] constexpr bool serves_every_pair_once() const {
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      std::array<std::uint32_t, kMaxTablePorts / 32> seen{};
      std::uint32_t served = 0;
      for (std::uint32_t r = 0; r < rounds(); ++r) {
        const PortSend hop = send(round(r), i);
        if (!hop.sends) continue;
        if (hop.destination >= net_.ports) return false;
        std::uint32_t& word = seen[hop.destination / 32];
        const std::uint32_t mask = std::uint32_t{1} << (hop.destination % 32);
        if ((word & mask) != 0) return false;  // a pair served twice
        word |= mask;
        ++served;
      }
      if (served != net_.ports) return false;  // a pair never served
    }
    return true;
  }

  /// The bit arrays have the sizes the rounds need; a periodic table is a GSEN's, with
  /// its period (gsen_period) and tags of n bits.
  [[nodiscard]] static constexpr bool sized(const Network& net, const ConfigurationTable& table) {
    if (!table.periodic())
      return table.states.size() == ConfigurationTable::state_bytes(net.ports, net.stages, table.rounds) &&
             table.idle.size() == ConfigurationTable::idle_bytes(net.ports, table.rounds);
    if (net.topology != Topology::gsen || table.period != ConfigurationTable::gsen_period(net.ports) ||
        table.states.size() != std::size_t{table.rounds} * table.period || table.idle.size() != table.rounds)
      return false;
    std::uint32_t bits = 0;  // every tag's bits: none at n or above
    for (const std::uint8_t tag : table.states) bits |= tag;
    return (bits >> net.stages) == 0;
  }

  /// Periodic form, O(P n) a round (not a route a port: N = 132 would take millions of
  /// instructions at make): at every stage the P classes sit on P distinct residues mod
  /// P, and the class on a switch's port 1 (terminal y + N / 2, residue q + P / 2, N / P
  /// odd) leaves by the other output than the class on its port 0 (residue q), so the
  /// switch's one state serves both. Then every input's path follows its tag switch by
  /// switch and reaches (i 2^n + tag) mod N; each class's first input is also routed at
  /// switch level (route(), through the stage patterns) and compared with the formula.
  [[nodiscard]] constexpr bool periodic_rounds_route() const {
    const std::uint32_t p = table_.period;
    const std::uint32_t n = net_.stages;
    for (std::uint32_t r = 0; r < rounds(); ++r) {
      const Round stored = round(r);
      for (std::uint32_t s = 0; s < n; ++s) {
        std::uint32_t taken = 0;   // residues held, bit q
        std::uint32_t leaves = 0;  // bit q: the output the class at residue q leaves stage s by
        for (std::uint32_t c = 0; c < p; ++c) {
          const std::uint32_t tag = stored.states_[c];
          const std::uint32_t q = (((c << s) + (tag >> (n - s))) % net_.ports) & (p - 1U);
          if (((taken >> q) & 1U) != 0) return false;
          taken |= 1U << q;
          leaves |= ((tag >> (n - 1U - s)) & 1U) << q;
        }
        const std::uint32_t half = p / 2;
        if (((leaves ^ (leaves >> half)) & ((1U << half) - 1U)) != (1U << half) - 1U) return false;
      }
      for (std::uint32_t c = 0; c < p; ++c) {
        const Path path = route(net_, c, stored);
        const std::uint32_t tag = stored.states_[c];
        if (path.tag != tag || path.destination != (c * shift_ + tag) % net_.ports) return false;
      }
    }
    return true;
  }

  Network net_{};
  ConfigurationTable table_{};
  std::uint32_t shift_{0};  ///< 2^n mod N: port i's part of its destination, i 2^n
};

static_assert(Schedule<TableSchedule>);

/// The idle bits of a stored set into `idle` (ConfigurationTable::idle_bytes): port i
/// idles in round r when an earlier round already took it to the same processor (each
/// pair is sent in the first round that reaches it). tools/catalogue-header.py writes
/// the catalogue's the same way; core_configuration_table compares the two.
constexpr void idle_bits(const Network& net, const ConfigurationTable& table, std::span<std::uint8_t> idle) {
  for (std::uint8_t& b : idle) b = 0;
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    std::array<std::uint32_t, kMaxTablePorts / 32> seen{};
    for (std::uint32_t r = 0; r < table.rounds; ++r) {
      const std::uint32_t j = route(net, i, TableSchedule::stored_round(net, table, r)).destination;
      if (j >= net.ports) continue;
      const std::uint32_t mask = std::uint32_t{1} << (j % 32);
      if ((seen[j / 32] & mask) == 0) {
        seen[j / 32] |= mask;
        continue;
      }
      const std::size_t k = static_cast<std::size_t>(r) * net.ports + i;
      idle[k / 8] = static_cast<std::uint8_t>(idle[k / 8] | (1U << (k % 8)));
    }
  }
}

}  // namespace a2a
