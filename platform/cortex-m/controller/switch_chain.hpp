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
#pragma once

#include <a2a/board/board.h>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <array>
#include <cstdint>
#include <span>

#include "pl022.h"
#ifdef A2A_BOARD_EMULATED_FABRIC
#include <a2a/board/emulated_chain.h>
#endif

namespace a2a::board {

/// STATUS reads a byte's transfer may take: at 25 MHz a byte at PCLK / 2 takes 16
/// cycles; 10000 reads is far beyond any healthy transfer (bus_timeout then).
inline constexpr std::uint32_t kChainSpiPolls = 10000;

/// The chains' SPI side (a2a::spi_chain::ChainSpi): chain `chain` selected, the frame
/// shifted through the PL022, what came back from the chain's far end in `rx`.
class Pl022Chains {
 public:
  explicit Pl022Chains(std::uintptr_t base) : spi_(reinterpret_cast<a2a_pl022_regs*>(base)) {}
  Errc write_read(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (!started_) start();
    a2a_mps2_chain_select(static_cast<int>(chain));
    std::array<std::uint8_t, kMaxFrame> wire{};
    const auto n = static_cast<std::uint32_t>(tx.size());
    const int e = n <= kMaxFrame ? a2a_pl022_transfer(spi_, tx.data(), wire.data(), n, kChainSpiPolls) : -1;
    a2a_mps2_chain_select(-1);
    if (e != 0) return Errc::bus_timeout;
#ifdef A2A_BOARD_EMULATED_FABRIC
    // Loopback: `wire` is what reached the chain; its far end answers with what it held
    // (or, a fault armed, never answers: the transfer's bus timeout).
    if (a2a_emulated_chain_shift(chain, wire.data(), rx.data(), n) != 0) return Errc::bus_timeout;
#else
    for (std::uint32_t i = 0; i < n && i < rx.size(); ++i) rx[i] = wire[i];
#endif
    return Errc::ok;
  }

 private:
  static constexpr std::uint32_t kMaxFrame = (A2A_FW_MAX_PORTS / 2 + 7) / 8;
  void start() {
#ifdef A2A_BOARD_EMULATED_FABRIC
    constexpr bool kLoopback = true;
#else
    constexpr bool kLoopback = false;
#endif
    a2a_pl022_init(spi_, 2, 0, kLoopback);  // PCLK / 2: 12.5 MHz at 25 MHz
    started_ = true;
  }
  a2a_pl022_regs* spi_;
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
