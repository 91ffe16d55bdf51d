// The image's switch path on a board with an SPI controller for switch chains
// (A2A_BOARD_SPI_CHAIN_BASE, the MPS2 boards' PL022): `set fabric=spi-chain` sets the
// switch elements through a2a::spi_chain's sink on this wire, one chain per stage,
// while the a2a block stays the endpoints and counters (hal::SplitFabric).
//
// On hardware the chains' far ends come back on the PL022's receive line, chain s is
// selected by its line (pl022.h) and the latch is a strobe line. Under QEMU
// (A2A_BOARD_EMULATED_FABRIC) the PL022 runs in loopback mode: what the controller
// shifts comes back in its receive FIFO and is handed to the emulated far end
// (a2a/board/emulated_chain.h, served by platform/emulated), which returns
// what the chain held before and, at the strobe, sets the block's switches from the
// chains' contents.
//
// The PL022 is driven without waiting (hal::AsyncSpiBus, a2a/hal/transfer.hpp): start()
// selects the chain and arms the transfer; the bytes move between the FIFOs and the
// frame by the status flags, a FIFO's worth (8 frames) at a time, and the last byte in
// completes the transfer; no call waits for a byte. Where the board wires the PL022's
// interrupt to the NVIC (A2A_BOARD_SPI_CHAIN_IRQ: the MPS2 boards' 11, which QEMU 7.2's
// model raises from the FIFO levels) they move in its handler (transmit FIFO half empty,
// receive FIFO half full, receive timeout), and service(), once per step of the round
// loop, only watches for a transfer that stopped moving; else service() moves them.
#pragma once

#include <a2a/board/board.h>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/hal/transfer.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <span>

#include "board_common.h"
#include "pl022.h"
#ifdef A2A_BOARD_EMULATED_FABRIC
#include <a2a/board/emulated_chain.h>
#endif

namespace a2a::board {

/// Services a transfer may go without moving a byte before it is given up (bus_timeout):
/// a byte at PCLK / 2 takes 16 cycles, a service call hundreds; far beyond any healthy one.
inline constexpr std::uint32_t kChainSpiPolls = 10000;

#ifdef A2A_BOARD_SPI_CHAIN_IRQ
inline constexpr bool kChainInterrupt = true;
inline constexpr std::uint32_t kChainIrq = A2A_BOARD_SPI_CHAIN_IRQ;  ///< the PL022's interrupt on the NVIC
#else
inline constexpr bool kChainInterrupt = false;
inline constexpr std::uint32_t kChainIrq = 0;  // (no interrupt: service() moves the bytes)
#endif

/// The chains' SPI side, start/complete: chain `chain` selected, the frame shifted
/// through the PL022 a FIFO's worth at a time (from its interrupt when Interrupt, else
/// a service() call a step), what came back from the chain's far end in `rx` when
/// `done` completes.
template <bool Interrupt>
class Pl022Chains {
 public:
  explicit Pl022Chains(std::uintptr_t base) : spi_(reinterpret_cast<a2a_pl022_regs*>(base)) {}
  Errc start(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
             hal::TransferCompletion& done) {
    if (done_ != nullptr) return Errc::bus_timeout;  // one transfer at a time
    if (tx.size() > kMaxFrame || rx.size() < tx.size()) return Errc::fabric_capacity_exceeded;
    if (!started_) start_controller();
    for (std::uint32_t k = 0; k < kFifo && (spi_->SR & A2A_PL022_SR_RNE) != 0; ++k) (void)spi_->DR;  // nothing stale
    a2a_mps2_chain_select(static_cast<int>(chain));
    chain_ = chain;
    tx_ = tx;
    rx_ = rx;
    sent_ = received_ = idle_ = 0;
    done_ = &done;
    if constexpr (Interrupt) {
      moved_ = watched_ = 0;
      std::atomic_signal_fence(std::memory_order_seq_cst);  // the transfer armed before its interrupt can come
      spi_->IMSC = A2A_PL022_INT_TX | A2A_PL022_INT_RX | A2A_PL022_INT_RT;  // the transmit FIFO is empty: it comes now
    } else {
      service();
    }
    return Errc::ok;
  }
  /// Once a step: moves the bytes (no interrupt), or gives up a transfer whose interrupt
  /// has moved nothing for kChainSpiPolls steps (bus_timeout).
  void service() {
    if constexpr (Interrupt) {
      if (done_ == nullptr) return;
      if (moved_ != watched_) {
        watched_ = moved_;
        idle_ = 0;
        return;
      }
      if (++idle_ < kChainSpiPolls) return;
      a2a_board_irq_disable(kChainIrq);  // no handler runs past this: the transfer is ours
      spi_->IMSC = 0;
      if (done_ != nullptr) end(Errc::bus_timeout);
      a2a_board_irq_enable(kChainIrq);
    } else {
      if (done_ == nullptr) return;
      if (move() == 0 && received_ != tx_.size() && ++idle_ >= kChainSpiPolls) return end(Errc::bus_timeout);
      if (received_ == tx_.size()) finish();
    }
  }
  /// From the PL022's interrupt: the FIFOs served until neither moves (each frame out
  /// comes back in the loopback at once; on the wire the next interrupt brings the
  /// rest), the transmit interrupt off once the frame is all out.
  void on_interrupt() requires(Interrupt) {
    spi_->ICR = A2A_PL022_INT_RT | A2A_PL022_INT_ROR;
    if (done_ == nullptr) {
      spi_->IMSC = 0;
      return;
    }
    for (std::uint32_t k = 0; k < 2 * kMaxFrame && move() != 0; ++k) {
    }
    if (sent_ == tx_.size()) spi_->IMSC = A2A_PL022_INT_RX | A2A_PL022_INT_RT;  // what is left comes in
    if (received_ == tx_.size()) finish();
  }

 private:
  static constexpr std::uint32_t kMaxFrame = (A2A_FW_MAX_PORTS / 2 + 7) / 8;
  static constexpr std::uint32_t kFifo = 8;  // the PL022's FIFOs: 8 frames each way
  /// At most a FIFO's worth moved by the status flags: the frames moved.
  std::uint32_t move() {
    const auto n = static_cast<std::uint32_t>(tx_.size());
    std::uint32_t moved = 0;
    for (std::uint32_t k = 0; k < 2 * kFifo; ++k, ++moved) {
      const std::uint32_t sr = spi_->SR;
      if ((sr & A2A_PL022_SR_RNE) != 0 && received_ < n) {
        wire_[received_++] = static_cast<std::uint8_t>(spi_->DR);
      } else if ((sr & A2A_PL022_SR_TNF) != 0 && sent_ < n && sent_ - received_ < kFifo) {
        spi_->DR = tx_[sent_++];
      } else {
        break;
      }
    }
    if constexpr (Interrupt) moved_ = moved_ + moved;
    return moved;
  }
  void finish() {
    const auto n = static_cast<std::uint32_t>(tx_.size());
#ifdef A2A_BOARD_EMULATED_FABRIC
    // Loopback: `wire_` is what reached the chain; its far end answers with what it held
    // (or, a fault armed, never answers: the transfer's bus timeout).
    if (a2a_emulated_chain_shift(chain_, wire_.data(), rx_.data(), n) != 0) return end(Errc::bus_timeout);
#else
    for (std::uint32_t i = 0; i < n; ++i) rx_[i] = wire_[i];
#endif
    end(Errc::ok);
  }
  void end(Errc result) {
    if constexpr (Interrupt) spi_->IMSC = 0;
    a2a_mps2_chain_select(-1);
    hal::TransferCompletion* done = done_;
    done_ = nullptr;
    done->complete(result);  // the last touch: a start() may follow at once
  }
  void start_controller() {
#ifdef A2A_BOARD_EMULATED_FABRIC
    constexpr bool kLoopback = true;
#else
    constexpr bool kLoopback = false;
#endif
    a2a_pl022_init(spi_, 2, 0, kLoopback);  // PCLK / 2: 12.5 MHz at 25 MHz
    spi_->IMSC = 0;
    if constexpr (Interrupt) a2a_board_irq_enable(kChainIrq);
    started_ = true;
  }
  a2a_pl022_regs* spi_;
  hal::TransferCompletion* volatile done_{nullptr};  // the transfer under way (null: none); the handler's too
  std::span<const std::uint8_t> tx_{};
  std::span<std::uint8_t> rx_{};
  std::array<std::uint8_t, kMaxFrame> wire_{};
  std::uint32_t chain_{0};
  std::uint32_t sent_{0};
  std::uint32_t received_{0};
  std::uint32_t idle_{0};
  volatile std::uint32_t moved_{0};  // frames the handler moved (service() watches it)
  std::uint32_t watched_{0};
  bool started_{false};
};

using BoardChains = Pl022Chains<kChainInterrupt>;

/// The latch strobe (hal::LatchLine).
struct ChainLatch {
  Errc pulse() {
    a2a_mps2_chain_latch_pulse();
#ifdef A2A_BOARD_EMULATED_FABRIC
    if (const std::uint32_t e = a2a_emulated_chain_latch(); e != 0) return static_cast<Errc>(e);
#endif
    return Errc::ok;
  }
};

/// The board's microsecond timer (hal::MicrosClock): settle and guard deadlines.
struct BoardMicros {
  std::uint64_t now_us() { return a2a_board_micros(); }
};

/// Sink and SwitchFabric over the board's chains, as the device's switch path.
class SpiChainPath {
 public:
  using Sink = spi_chain::ShiftChainSink<BoardChains, ChainLatch, A2A_FW_MAX_PORTS>;
  using Fabric = hal::SwitchFabric<Sink, BoardMicros, A2A_FW_MAX_PORTS / 2>;

  explicit SpiChainPath(std::uintptr_t base) : chains_(base), sink_(chains_, latch_), fabric_(sink_, clock_) {}
  SpiChainPath(const SpiChainPath&) = delete;  // the sink and fabric point into it
  SpiChainPath& operator=(const SpiChainPath&) = delete;
  SpiChainPath(SpiChainPath&&) = delete;
  SpiChainPath& operator=(SpiChainPath&&) = delete;
  ~SpiChainPath() = default;

  Fabric& fabric() { return fabric_; }
#ifdef A2A_BOARD_SPI_CHAIN_IRQ
  /// The PL022's interrupt handler's work.
  void on_interrupt() { chains_.on_interrupt(); }
#endif

 private:
  BoardChains chains_;
  ChainLatch latch_;
  BoardMicros clock_;
  Sink sink_;
  Fabric fabric_;
};

}  // namespace a2a::board
