// The image's switch path on a board with an SPI controller for switch chains
// (A2A_BOARD_SPI_CHAIN_BASE, the MPS2 boards' PL022): `set fabric=spi-chain` sets the
// switch elements through a2a::spi_chain's sink on this wire, one chain per stage,
// while the a2a block stays the endpoints and counters (hal::SplitFabric).
//
// On hardware the chains' far ends come back on the PL022's receive line, chain s is
// selected by its line (pl022.h) and the latch is a strobe line. Under QEMU
// (A2A_BOARD_EMULATED_FABRIC) the PL022 runs in loopback mode: what the controller
// shifts comes back in its receive FIFO and is handed to the emulated far end
// (a2a/board/emulated_chain.h, served by platform/emulated-fabric), which returns
// what the chain held before and, at the strobe, sets the block's switches from the
// chains' contents.
//
// The PL022 is driven without waiting (hal::AsyncSpiBus + hal::ServicedTransfer,
// a2a/hal/transfer.hpp): start() selects the chain and fills the transmit FIFO,
// service() (once per step of the round loop, from the sink's latch_progress) moves at
// most a FIFO's worth (8 frames) between the FIFOs and the frame by the status flags,
// and the last byte in completes the transfer; no call waits for a byte. The image
// reads the flags per step rather than taking the PL022's FIFO interrupt (a board whose
// interrupt is wired would call service() from its handler instead: the same form).
#pragma once

#include <a2a/board/board.h>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/hal/transfer.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <array>
#include <cstdint>
#include <span>

#include "pl022.h"
#ifdef A2A_BOARD_EMULATED_FABRIC
#include <a2a/board/emulated_chain.h>
#endif

namespace a2a::board {

/// Services a transfer may go without moving a byte before it is given up (bus_timeout):
/// a byte at PCLK / 2 takes 16 cycles, a service call hundreds; far beyond any healthy one.
inline constexpr std::uint32_t kChainSpiPolls = 10000;

/// The chains' SPI side, start/complete: chain `chain` selected, the frame shifted
/// through the PL022 a FIFO's worth a service(), what came back from the chain's far end
/// in `rx` when `done` completes.
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
    service();
    return Errc::ok;
  }
  /// At most a FIFO's worth moved by the status flags; the transfer completed once the
  /// last byte is in (or given up when nothing moves for kChainSpiPolls calls).
  void service() {
    if (done_ == nullptr) return;
    const auto n = static_cast<std::uint32_t>(tx_.size());
    bool moved = false;
    for (std::uint32_t k = 0; k < 2 * kFifo; ++k) {
      const std::uint32_t sr = spi_->SR;
      if ((sr & A2A_PL022_SR_RNE) != 0 && received_ < n) {
        wire_[received_++] = static_cast<std::uint8_t>(spi_->DR);
      } else if ((sr & A2A_PL022_SR_TNF) != 0 && sent_ < n && sent_ - received_ < kFifo) {
        spi_->DR = tx_[sent_++];
      } else {
        break;
      }
      moved = true;
    }
    if (received_ == n) return finish();
    if (!moved && ++idle_ >= kChainSpiPolls) end(Errc::bus_timeout);
  }

 private:
  static constexpr std::uint32_t kMaxFrame = (A2A_FW_MAX_PORTS / 2 + 7) / 8;
  static constexpr std::uint32_t kFifo = 8;  // the PL022's FIFOs: 8 frames each way
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
    a2a_mps2_chain_select(-1);
    hal::TransferCompletion* done = done_;
    done_ = nullptr;
    done->complete(result);
  }
  void start_controller() {
#ifdef A2A_BOARD_EMULATED_FABRIC
    constexpr bool kLoopback = true;
#else
    constexpr bool kLoopback = false;
#endif
    a2a_pl022_init(spi_, 2, 0, kLoopback);  // PCLK / 2: 12.5 MHz at 25 MHz
    started_ = true;
  }
  a2a_pl022_regs* spi_;
  hal::TransferCompletion* done_{nullptr};  // the transfer under way (null: none)
  std::span<const std::uint8_t> tx_{};
  std::span<std::uint8_t> rx_{};
  std::array<std::uint8_t, kMaxFrame> wire_{};
  std::uint32_t chain_{0};
  std::uint32_t sent_{0};
  std::uint32_t received_{0};
  std::uint32_t idle_{0};
  bool started_{false};
};

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
  using Sink = spi_chain::ShiftChainSink<Pl022Chains, ChainLatch, A2A_FW_MAX_PORTS>;
  using Fabric = hal::SwitchFabric<Sink, BoardMicros, A2A_FW_MAX_PORTS / 2>;

  explicit SpiChainPath(std::uintptr_t base) : chains_(base), sink_(chains_, latch_), fabric_(sink_, clock_) {}
  SpiChainPath(const SpiChainPath&) = delete;  // the sink and fabric point into it
  SpiChainPath& operator=(const SpiChainPath&) = delete;
  SpiChainPath(SpiChainPath&&) = delete;
  SpiChainPath& operator=(SpiChainPath&&) = delete;
  ~SpiChainPath() = default;

  Fabric& fabric() { return fabric_; }

 private:
  Pl022Chains chains_;
  ChainLatch latch_;
  BoardMicros clock_;
  Sink sink_;
  Fabric fabric_;
};

}  // namespace a2a::board
