// What the crosspoint parts' tests share: the model as the parts' I2C multiplexer, and a
// start/complete wire over a model (SPI with a chip select per part, I2C, a mux on the
// bus) whose transfer ends after `delay` looks: service() calls (FIFO flags read once a
// step) or irq() (an interrupt between steps). The model takes the transfer at its end,
// so a part's registers change only when the transfer completes, as on a real bus.
#pragma once

#include <a2a/hal/transfer.hpp>
#include <a2a/status.hpp>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace a2a::test {

/// The model as the parts' I2C multiplexer, selected at once (a mux on GPIO lines).
template <class Model>
struct ModelMux {
  Model* model;
  Errc select(std::uint32_t group) { return model->select(group); }
};

/// A start/complete wire over `Model`: one transfer at a time, ended on its last look.
template <class Model>
class DeferredWire {
 public:
  Model* model{nullptr};
  std::uint32_t delay{2};
  Errc fail_next{Errc::ok};  ///< the next transfer to end ends so (not reaching the model)
  /// Each transfer ends as it starts (configure's, run to their end in one call: an
  /// interrupt comes while the caller waits, which a test cannot raise mid-call).
  bool at_once{false};
  std::uint64_t started{0};
  std::uint64_t most_starts_a_step{0};

  // --- SPI, a chip select per part (hal::AsyncSpiBus) ---
  Errc start(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
             hal::TransferCompletion& done) {
    std::vector<std::uint8_t> sent(tx.begin(), tx.end());
    return begin(done, [this, part, sent, rx] { return model->write_read(part, sent, rx); });
  }
  // --- I2C (hal::AsyncI2cBus) ---
  Errc start_write(std::uint8_t address, std::span<const std::uint8_t> tx, hal::TransferCompletion& done) {
    std::vector<std::uint8_t> sent(tx.begin(), tx.end());
    return begin(done, [this, address, sent] { return model->write(address, sent); });
  }
  Errc start_write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
                        hal::TransferCompletion& done) {
    std::vector<std::uint8_t> sent(tx.begin(), tx.end());
    return begin(done, [this, address, sent, rx] { return model->write_read(address, sent, rx); });
  }
  /// A mux on the same bus: its select is a transfer of its own.
  Errc start_select(std::uint32_t group, hal::TransferCompletion& done) {
    ++mux_transfers;
    return begin(done, [this, group] { return model->select(group); });
  }
  std::uint64_t mux_transfers{0};

  /// One look: the transfer ends on the last (delay 0: it never ends).
  void look() {
    if (left_ == 0 || delay == 0) return;
    if (--left_ != 0) return;
    const Errc e = fail_next != Errc::ok ? fail_next : action_();
    fail_next = Errc::ok;
    done_->complete(e);
  }
  /// Between steps: the most transfers a step started so far.
  void step_ends() {
    most_starts_a_step = starts_this_step_ > most_starts_a_step ? starts_this_step_ : most_starts_a_step;
    starts_this_step_ = 0;
  }
  [[nodiscard]] bool in_flight() const { return left_ != 0; }

 private:
  Errc begin(hal::TransferCompletion& done, std::function<Errc()> action) {
    if (left_ != 0) return Errc::bus_timeout;  // one transfer at a time
    done_ = &done;
    action_ = std::move(action);
    left_ = delay == 0 ? 1 : delay;
    ++started;
    ++starts_this_step_;
    if (at_once) {
      left_ = 1;
      look();
    }
    return Errc::ok;
  }
  hal::TransferCompletion* done_{nullptr};
  std::function<Errc()> action_;
  std::uint32_t left_{0};
  std::uint64_t starts_this_step_{0};
};

/// Without an interrupt: the sink's service() reads the "FIFO flags" once.
template <class Model>
struct ServicedWire : DeferredWire<Model> {
  void service() { this->look(); }
};
/// With an interrupt: the test raises it between steps.
template <class Model>
struct InterruptWire : DeferredWire<Model> {
  void irq() { this->look(); }
};

/// The wire as the I2C multiplexer, its select a started transfer (crosspoint::StartingMux).
template <class Wire>
struct WireMux {
  Wire* wire;
  Errc start_select(std::uint32_t group, hal::TransferCompletion& done) { return wire->start_select(group, done); }
};

}  // namespace a2a::test
