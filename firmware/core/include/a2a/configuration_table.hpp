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
#pragma once

#include <array>
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

/// A stored configuration set for one network (d = 2), in the layout of the stored
/// files (data/gsen-sets/, docs/search.md): each round takes whole bytes; in round r,
/// bit k = s * W + y (W = N / 2 switches a stage) is switch y of stage s, 1 = cross,
/// bit k of the round's bytes LSB first. Idle bit (r * N + i) says port i stays idle
/// in round r (idle_bits() computes them from the states).
struct ConfigurationTable {
  Topology topology{Topology::gsen};
  std::uint32_t ports{0};
  std::uint32_t rounds{0};
  std::span<const std::uint8_t> states{};
  std::span<const std::uint8_t> idle{};
  /// Where the set came from: its file and the note the search wrote there (what
  /// the console's exchange line and `a2a dump` name).
  std::string_view origin{};

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
      const std::size_t first = static_cast<std::size_t>(round_bytes_) * 8U * index_;  // the round's first bit
      const std::size_t k = first + static_cast<std::size_t>(stage) * switches_ + y;
      return ConfigurationTable::bit(states_, k) ? 1U : 0U;
    }

   private:
    friend class TableSchedule;
    std::span<const std::uint8_t> states_{};
    std::uint32_t index_{0};
    std::uint16_t round_bytes_{0};
    std::uint16_t switches_{0};
  };

  constexpr TableSchedule() = default;

  /// Checks that the table is for this network (topology, N, d = 2), that its bit
  /// arrays have the sizes its rounds need, and at switch level that every ordered
  /// pair is served exactly once.
  static constexpr Result<TableSchedule> make(const Network& net, const ConfigurationTable& table) {
    if (net.radix != 2) return Errc::table_needs_binary;
    if (net.ports > kMaxTablePorts) return Errc::table_ports_too_large;
    if (table.topology != net.topology || table.ports != net.ports || table.rounds == 0 ||
        table.states.size() != ConfigurationTable::state_bytes(net.ports, net.stages, table.rounds) ||
        table.idle.size() != ConfigurationTable::idle_bytes(net.ports, table.rounds))
      return Errc::table_malformed;
    TableSchedule s;
    s.net_ = net;
    s.table_ = table;
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
    round.states_ = table.states;
    round.index_ = r;
    round.round_bytes_ = static_cast<std::uint16_t>(ConfigurationTable::round_bytes(net.ports, net.stages));
    round.switches_ = static_cast<std::uint16_t>(net.ports / 2);
    return round;
  }

  /// Port i in `round`: idle where the table says so, else the path through the
  /// round's stored states gives destination and tag.
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
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

  Network net_{};
  ConfigurationTable table_{};
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
