// The table-driven baseline of figure 5: the way paper 002 (Step 1 of algorithm
// ATAPE) and rotor-switch controllers work, the whole N x N Latin square is built
// before the exchange and each round reads its row. Built at switch level, as
// the paper builds it: every row is the permutation the network realizes under
// stage-control word gray(r), found by routing every input. One 32-bit entry
// (destination | tag << 16) per (round, port): 4 N^2 bytes, 64 MiB at N = 4096.
// Host only (std::vector): this is the thing a2a exists to avoid.
#pragma once

#include <cstdint>
#include <vector>

#include "a2a/a2a.hpp"

namespace a2a::bench {

class TableSchedule {
 public:
  /// Round r: the stage word, so route() and check_exchange see the same switches.
  class Round {
   public:
    [[nodiscard]] std::uint32_t index() const { return index_; }
    [[nodiscard]] std::uint32_t word() const { return control_.word; }
    [[nodiscard]] ControlMode control() const { return ControlMode::stage; }
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const {
      return control_.switch_state(stage, sw);
    }

   private:
    friend class TableSchedule;
    std::uint32_t index_{0};
    StageControl control_{};
  };

  /// Routes all N^2 (round, port) pairs of the Gray-order stage-control exchange.
  static TableSchedule build(const Network& net) {
    TableSchedule t;
    t.net_ = net;
    const DigitArithmetic digits(net.radix, net.stages);
    t.words_.resize(net.ports);
    t.table_.resize(std::size_t{net.ports} * net.ports);
    for (std::uint32_t r = 0; r < net.ports; ++r) {
      t.words_[r] = digits.gray(r);
      const StageControl control{t.words_[r], net.radix, net.stages};
      std::uint32_t* row = t.table_.data() + std::size_t{r} * net.ports;
      for (std::uint32_t i = 0; i < net.ports; ++i) {
        const Path p = route(net, i, control);
        row[i] = p.destination | (p.tag << 16);
      }
    }
    return t;
  }

  [[nodiscard]] Network network() const { return net_; }
  [[nodiscard]] std::uint32_t rounds() const { return net_.ports; }
  [[nodiscard]] Round round(std::uint32_t r) const {
    Round round;
    round.index_ = r;
    round.control_ = StageControl{words_[r], net_.radix, net_.stages};
    return round;
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const {
    const std::uint32_t entry = table_[std::size_t{round.index_} * net_.ports + i];
    return {true, entry & 0xFFFFU, entry >> 16};
  }
  /// Memory the table holds (entries and row words).
  [[nodiscard]] std::size_t bytes() const {
    return table_.size() * sizeof(std::uint32_t) + words_.size() * sizeof(std::uint32_t);
  }

 private:
  Network net_{};
  std::vector<std::uint32_t> table_;
  std::vector<std::uint32_t> words_;
};

static_assert(Schedule<TableSchedule>);

}  // namespace a2a::bench
