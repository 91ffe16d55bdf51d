// The device's configuration store and reset (device.hpp includes this): the newest
// saved copy at boot, `save`, `erase`, `reboot`, and `config`'s saved= (docs/console.md).
// The store's steps run from poll(), a few flash operations a pass, so the watchdog
// is fed between them however long the flash takes.
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"

// Self-contained: included first, this brings the class in (device.hpp then includes
// this part at its end once more, passed over by #pragma once, and the members follow).
#include "a2a/app/device.hpp"

namespace a2a::app {

/// At boot, on a board with a store: the newest usable copy becomes the block the
/// device boots (none: blank, and the built-in default runs); a torn copy is named.
/// `stored`: boot()'s buffer for it (the block is read once, at boot).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::load_store(std::span<std::uint8_t, kConfigBlockSize> stored) {
  if constexpr (kStoring) {
    (void)store_.load();
    const StoredConfig& s = store_.newest();
    for (std::size_t c = 0; c < kStoreCopies; ++c)
      if (s.copies[c].state == CopyState::torn)
        board_->print("warning: configuration store copy ", static_cast<std::uint32_t>(c),
                      " ignored: ", describe(s.copies[c].why), " (a write cut short, or foreign data)\n");
    block_ = store_.read_block(stored) ? std::span<const std::uint8_t>(stored) : std::span<const std::uint8_t>();
  } else {
    (void)stored;
  }
}

/// Where a provisioned configuration came from: `saved` (by save) or `block` (a probe's).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
std::string_view Device<Board, MaxPorts, Fabric>::block_source() const {
  if constexpr (kStoring) return store_.newest().info.state == CopyState::saved ? "saved" : "block";
  return "block";
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_config_source(bool provisioned, bool skip_block) {
  board_->print("config source: ");
  if (!provisioned)
    return board_->print("the image's built-in default (",
                         kStoring ? "no configuration is saved" : "the configuration block is blank", ")\n");
  if (skip_block)
    return board_->print("the image's built-in default (the ", kStoring ? "saved configuration" : "provisioned block",
                         " was not applied)\n");
  if constexpr (kStoring) {
    const StoredConfig& s = store_.newest();
    if (s.info.state == CopyState::saved)
      return board_->print("the saved configuration (copy ", static_cast<std::uint32_t>(s.copy), ", sequence ",
                           s.info.sequence, ")\n");
    return board_->print("the provisioned configuration block (copy ", static_cast<std::uint32_t>(s.copy), ")\n");
  }
  board_->print("the provisioned configuration block\n");
}

/// `config`'s saved=: none (nothing saved), yes (the running configuration is the saved
/// one, byte for byte in the block), no.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
std::string_view Device<Board, MaxPorts, Fabric>::saved_state() {
  if constexpr (kStoring) {
    const StoredConfig& s = store_.newest();
    if (!s.found) return "none";
    return config_ok_ && store_.holds(encode_config(config_)) ? "yes" : "no";
  }
  return "none";
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::refuse_while_running(std::string_view command) {
  if (!running_.active) return false;
  error(command, ": exchange ", running_.index + 1, "/", running_.count, " is running: send stop, then ", command,
        " once the run's reply has ended; nothing changed");
  return true;
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_save() {
  if (refuse_while_running("save")) return;
  if constexpr (kStoring) {
    if (!config_ok_)
      return error("save: no valid configuration to save (give one with set, see config): nothing saved");
    const std::array<std::uint8_t, kConfigBlockSize> block = encode_config(config_);
    if (store_.start_save(block) != Errc::ok) return print_store_failure("save", store_.last());
    store_command_ = StoreCommand::save;  // poll() steps it (continue_store)
  } else {
    error("save: ", describe(Errc::config_store_absent), ": nothing saved");
  }
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_erase() {
  if (refuse_while_running("erase")) return;
  if constexpr (kStoring) {
    const Errc e = store_.start_erase();
    if (e == Errc::config_store_empty) return error("erase: ", describe(e), ": nothing erased");
    if (e != Errc::ok) return print_store_failure("erase", store_.last());
    store_command_ = StoreCommand::erase;
  } else {
    error("erase: ", describe(Errc::config_store_absent), ": nothing erased");
  }
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_reboot() {
  if (refuse_while_running("reboot")) return;
  if constexpr (RebootingBoard<Board>) {
    const std::string_view saved = saved_state();
    board_->print("rebooting: the next boot runs ",
                  saved == "none" ? "the image's built-in default" : "the saved configuration",
                  saved == "no" ? " (the running configuration is not saved: saved=no)" : "", "\n");
    ok();
    board_->reboot();  // sends the reply first; does not return
  } else {
    error("reboot: this board cannot reset itself (its board gives no reboot())");
  }
}

/// One pass of a save or an erase; its reply once it has ended.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::continue_store() {
  if constexpr (kStoring) {
    // The block is encoded again each pass (config_ stays: set is held while storing),
    // so the store keeps no copy of it.
    const StoreProgress p = store_.step(board_->micros(), encode_config(config_));
    if (p.busy) return;
    const StoreCommand command = store_command_;
    store_command_ = StoreCommand::none;
    const std::string_view word = command == StoreCommand::save ? "save" : "erase";
    if (p.error != Errc::ok) return print_store_failure(word, p);
    const StoredConfig& s = store_.newest();
    if (command == StoreCommand::save)
      board_->print("saved: copy ", static_cast<std::uint32_t>(s.copy), ", sequence ", s.info.sequence,
                    ", read back and checked: the next boot runs this configuration\n");
    else
      board_->print(
          "erased: both copies of the configuration store; the next boot uses the image's built-in default\n");
    ok();
  }
}

/// A save or erase that failed: the step, the copy, the flash's reason, and what the
/// store still holds (the copy that was newest is never touched by a save).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_store_failure(std::string_view command, const StoreProgress& p) {
  if constexpr (kStoring) {
    const StoredConfig& s = store_.newest();
    board_->print("error: ", command, ": ", name(p.step), " copy ", static_cast<std::uint32_t>(p.copy), ": ",
                  describe(p.error), "; ");
    if (s.found && s.info.state == CopyState::saved)
      board_->print("the saved configuration is copy ", static_cast<std::uint32_t>(s.copy), ", sequence ",
                    s.info.sequence, " (saved=", saved_state(), ")\n");
    else if (s.found)
      board_->print("the provisioned block in copy ", static_cast<std::uint32_t>(s.copy), " stays\n");
    else
      board_->print("nothing is saved: the next boot uses the image's built-in default\n");
  } else {
    (void)command;
    (void)p;
  }
}

}  // namespace a2a::app
