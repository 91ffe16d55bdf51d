// A host model of switch elements on shift-register chains, written from the wire
// format in docs/switch-backends.md and not from the sink's code: each chain is a
// row of one-bit registers, position 0 nearest the controller's data out; every bit
// shifted in moves each register's bit one position farther and the farthest one
// out on the data in; the latch line copies every chain's registers to its outputs,
// which set the elements (element e: w bits from position e w, least significant
// first). Test hooks: fail a transfer, flip a bit on the way back, shift LSB first
// (the swapped bit order a frame test must catch).
#pragma once

#include <a2a/status.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace a2a::test {

class ChainModel {
 public:
  explicit ChainModel(std::uint32_t chains = 16, bool lsb_first = false)
      : registers_(chains), outputs_(chains), lsb_first_(lsb_first) {}

  // --- ChainSpi ---
  Errc write_read(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (fail_next_ != Errc::ok) {
      const Errc e = fail_next_;
      fail_next_ = Errc::ok;
      return e;
    }
    ++transfers_;
    bool flip_now = false;
    if (flip_chain_ == chain) {
      if (flip_skip_ == 0)
        flip_now = true;
      else
        --flip_skip_;
    }
    std::vector<bool>& cells = registers_.at(chain);
    if (cells.size() != 8 * tx.size()) cells.assign(8 * tx.size(), false);  // the chain is as long as its frames
    for (std::size_t k = 0; k < 8 * tx.size(); ++k) {
      const std::uint32_t bit = lsb_first_ ? k % 8 : 7 - k % 8;
      const bool in = ((tx[k / 8] >> bit) & 1U) != 0;
      bool out = cells.back();  // the farthest register's bit leaves on the data in
      if (flip_now && flip_at_ == k) out = !out, flip_chain_ = ~0U;
      for (std::size_t p = cells.size() - 1; p > 0; --p) cells[p] = cells[p - 1];
      cells[0] = in;
      if (!return_line_) out = true;  // no return line: the data in floats high (a pull-up)
      if (!rx.empty()) {
        if (k % 8 == 0) rx[k / 8] = 0;
        if (out) rx[k / 8] = static_cast<std::uint8_t>(rx[k / 8] | (1U << bit));
      }
    }
    return Errc::ok;
  }
  // --- LatchLine ---
  Errc pulse() {
    ++pulses_;
    outputs_ = registers_;
    return Errc::ok;
  }

  // --- the test's side ---
  /// The state element `element` of chain `chain` is set to (w bits per element).
  [[nodiscard]] std::uint32_t element_state(std::uint32_t chain, std::uint32_t element, std::uint32_t w) const {
    const std::vector<bool>& cells = outputs_.at(chain);
    std::uint32_t state = 0;
    for (std::uint32_t b = 0; b < w; ++b)
      if (element * w + b < cells.size() && cells[element * w + b]) state |= 1U << b;
    return state;
  }
  void fail_next(Errc e) { fail_next_ = e; }
  /// The chains' far end not wired back: every bit read is 1.
  void cut_return_line() { return_line_ = false; }
  /// The next transfer on `chain` but `skip` returns bit k (in sending order) inverted.
  void flip_readback(std::uint32_t chain, std::size_t k, std::uint32_t skip = 0) {
    flip_chain_ = chain;
    flip_at_ = k;
    flip_skip_ = skip;
  }
  [[nodiscard]] std::uint64_t transfers() const { return transfers_; }
  [[nodiscard]] std::uint64_t pulses() const { return pulses_; }

 private:
  std::vector<std::vector<bool>> registers_;
  bool return_line_{true};
  std::vector<std::vector<bool>> outputs_;
  bool lsb_first_;
  Errc fail_next_{Errc::ok};
  std::uint32_t flip_chain_{~0U};
  std::size_t flip_at_{0};
  std::uint32_t flip_skip_{0};
  std::uint64_t transfers_{0};
  std::uint64_t pulses_{0};
};

}  // namespace a2a::test
