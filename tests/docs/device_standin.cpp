// a2a_docs_device: the controller device on the host, for the docs test
// (tests/docs/docs_test.py). It runs the firmware's own a2a::app::Device, the
// code of the controller image, over a host board: the console on stdin/stdout
// or on a Unix socket, a real monotonic clock, and the fabric's register block in
// RAM served by the emulated fabric (platform/emulated) between the
// controller's register reads, as tests/app/device_bench.hpp does. The docs show
// sessions with the image under QEMU; the docs test runs them with this stand-in
// instead (no arm build, no QEMU, milliseconds instead of seconds).
//
//   a2a_docs_device [--board NAME] [--block FILE] [--listen PATH [--wait]]
//
// --board NAME   the name the banner and `status` report (QEMU's -M machine); default "host"
// --block FILE   the provisioned configuration block at the store's copy 0 (QEMU's -device
//                loader), 64 bytes; without it the store is blank and the built-in default
//                runs (16-port omega, the image's A2A_FW_* defaults)
// --listen PATH  the console on a Unix socket (QEMU's -serial unix:PATH,server=on):
//                one client at a time, output while none is connected is dropped
//                (wait=off); --wait holds the boot until the first client (wait=on)
//
// Without --listen the console is stdin/stdout; at the end of stdin the device
// finishes the lines it has and the program exits 0 (QEMU would keep running).
// The capacity is 256 ports and the watchdog 2000 ms, as on the MPS2 boards, whose
// configuration store it keeps too (the RAM region at 0x003FF000, two 2 KiB copies:
// save, erase); `reboot` boots a new device on the same board and store.
#include <a2a/config/config_block.hpp>
#include <a2a/flash/ram_region.hpp>
#include <a2a/app/device.hpp>
#include <a2a/emulated/fabric_emulator.hpp>
#include <a2a/emulated/ram_block.hpp>

#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "console_text.hpp"       // tests/support: the console of a host board
#include "played_slot_timer.hpp"  // tests/app: the slot timer of a host board

namespace {

constexpr std::uint32_t kPorts = 256;
using Layout = a2a::hal::FabricLayout<kPorts, a2a::kMaxStages>;
using Emulator = a2a::emulated::FabricEmulator<Layout, kPorts>;
using RamBlock = a2a::emulated::RamBlock<Layout::kSize>;
using Bus = a2a::emulated::ServicedBus<Emulator, RamBlock>;

/// The MPS2's configuration region as host memory: a bus whose offset is the address.
class RegionBus {
 public:
  static constexpr std::uint32_t kBase = 0x003FF000U;
  static constexpr std::uint32_t kBytes = 4096;
  std::uint32_t read32(std::uint32_t address) const { return words_.at((address - kBase) / 4); }
  void write32(std::uint32_t address, std::uint32_t value) { words_.at((address - kBase) / 4) = value; }

 private:
  std::array<std::uint32_t, kBytes / 4> words_{};  // zeroed, as QEMU's RAM
};
using RegionFlash = a2a::flash::RamRegion<RegionBus>;

class StandinBoard : public a2a::test::ConsoleText {
 public:
  explicit StandinBoard(std::string name)
      : name_(std::move(name)),
        ram_(std::make_unique<RamBlock>()),
        fabric_(std::make_unique<Emulator>()),
        bus_(*fabric_, *ram_, 3),
        start_(std::chrono::steady_clock::now()) {
    fabric_->power_on(*ram_);
  }
  // --- DeviceBoard ---
  int read_byte() {
    if (next_ >= input_.size()) return -1;
    return static_cast<unsigned char>(input_[next_++]);
  }
  std::uint64_t micros() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start_).count());
  }
  void feed_watchdog() {}
  std::uint32_t watchdog_ms() const { return 2000; }
  std::uint32_t fabric_polls() const { return 1000; }
  std::uint32_t console_overruns() const { return 0; }  // the host's console loses nothing
  std::string_view name() const { return name_; }
  a2a::app::ResetCause reset_cause() const { return cause_; }
  std::uint32_t crumb(std::uint32_t i) { return crumbs_[i]; }
  void set_crumb(std::uint32_t i, std::uint32_t v) { crumbs_[i] = v; }
  Bus& bus() { return bus_; }
  // --- StoringBoard, RebootingBoard ---
  RegionFlash& config_flash() { return flash_; }
  a2a::ConfigRegion config_region() const { return {{RegionBus::kBase, RegionBus::kBase + RegionBus::kBytes / 2}}; }
  void reboot() { reboot_asked_ = true; }  // the program boots a new device (serve)
  // --- SlotTimerBoard: look-ahead mode, its interrupt played on the loop's waits ---
  a2a::test::PlayedSlotTimer<StandinBoard, Bus> slot_timer(std::uint32_t period_ns) {
    return {*this, bus_, *ring_, period_ns};
  }

  // --- the program's side ---
  void type(const char* data, std::size_t size) {
    input_.erase(0, next_);
    next_ = 0;
    input_.append(data, size);
  }
  bool has_input() const { return next_ < input_.size(); }
  RegionBus& region() { return region_; }
  bool take_reboot() {
    if (!reboot_asked_) return false;
    reboot_asked_ = false;
    cause_ = a2a::app::ResetCause::software;  // SYSRESETREQ, as a board reports it
    return true;
  }

 private:
  std::string name_;
  std::unique_ptr<RamBlock> ram_;
  std::unique_ptr<Emulator> fabric_;
  Bus bus_;
  std::unique_ptr<a2a::test::HostSlotRing> ring_ = std::make_unique<a2a::test::HostSlotRing>();
  std::chrono::steady_clock::time_point start_;
  std::array<std::uint32_t, 8> crumbs_{};
  std::string input_;
  std::size_t next_{0};
  RegionBus region_;
  RegionFlash flash_{region_, RegionBus::kBytes / 2};
  bool reboot_asked_{false};
  a2a::app::ResetCause cause_{a2a::app::ResetCause::power_on};
};

using Device = a2a::app::Device<StandinBoard, kPorts>;

/// The device of one boot, on the board (its store kept across reboots).
struct Boots {
  StandinBoard& board;
  std::unique_ptr<a2a::SingleFaultPlanStorage<kPorts>> storage =
      std::make_unique<a2a::SingleFaultPlanStorage<kPorts>>();
  std::unique_ptr<Device> device;
  static constexpr auto kDefault = a2a::encode_config(a2a::ControllerConfig{});  // A2A_FW_* defaults
  void boot() {
    device.reset();
    device = std::make_unique<Device>(board, std::span<const std::uint8_t>{}, kDefault, storage->span());
    device->boot();
  }
};

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

/// Runs the device on what arrives on `in` until its end; output to `out` (-1: dropped).
/// Returns false when `out` went away.
bool serve(Boots& boots, StandinBoard& board, int in, int out) {
  std::array<char, 4096> buffer{};
  for (;;) {
    const ssize_t n = ::read(in, buffer.data(), buffer.size());
    if (n <= 0) return true;
    // One line at a time, as a host that waits for each reply sends them: the
    // device's poll() drops the byte after a line end when more input is
    // already waiting (reported with the docs test; not this program's to fix).
    const std::string_view chunk(buffer.data(), static_cast<std::size_t>(n));
    std::size_t from = 0;
    while (from < chunk.size()) {
      const std::size_t end = chunk.find_first_of("\r\n", from);
      const std::size_t to = end == std::string_view::npos ? chunk.size() : end + 1;
      board.type(chunk.data() + from, to - from);
      from = to;
      while (board.has_input() || boots.device->busy()) {  // a run goes on between lines
        boots.device->poll();
        if (board.take_reboot()) boots.boot();  // `reboot`: the next boot's banner follows
        if (out >= 0 && !write_all(out, board.take_output())) return false;
      }
    }
  }
}

int usage(const char* message) {
  std::fprintf(
      stderr,
      "a2a_docs_device: error: %s\nusage: a2a_docs_device [--board NAME] [--block FILE] [--listen PATH [--wait]]\n",
      message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  ::signal(SIGPIPE, SIG_IGN);  // a client that went away is a failed write, not the end
  std::string board_name = "host";
  std::string block_file;
  std::string listen_path;
  bool wait = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--board" && has_value) {
      board_name = argv[++i];
    } else if (arg == "--block" && has_value) {
      block_file = argv[++i];
    } else if (arg == "--listen" && has_value) {
      listen_path = argv[++i];
    } else if (arg == "--wait") {
      wait = true;
    } else {
      return usage(("bad argument '" + std::string(arg) + "'").c_str());
    }
  }

  StandinBoard board(board_name);
  if (!block_file.empty()) {
    std::array<std::uint8_t, a2a::kConfigBlockSize> region{};
    std::ifstream f(block_file, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (!f.eof() && !f.good()) return usage(("cannot read " + block_file).c_str());
    // QEMU's loader places the file's bytes at the address; a shorter file leaves the rest blank.
    std::memcpy(region.data(), bytes.data(), std::min(bytes.size(), region.size()));
    for (std::uint32_t w = 0; w < a2a::kStoreBlockWords; ++w)  // the store's copy 0
      board.region().write32(RegionBus::kBase + 4 * w, a2a::detail::load_le(region, 4 * w, 4));
  }
  Boots boots{board, std::make_unique<a2a::SingleFaultPlanStorage<kPorts>>(), nullptr};

  if (listen_path.empty()) {
    boots.boot();
    if (!write_all(STDOUT_FILENO, board.take_output())) return 1;
    serve(boots, board, STDIN_FILENO, STDOUT_FILENO);
    return 0;
  }

  const int server = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (server < 0 || listen_path.size() >= sizeof(address.sun_path)) return usage("cannot make the socket");
  std::memcpy(address.sun_path, listen_path.c_str(), listen_path.size() + 1);
  ::unlink(listen_path.c_str());
  if (::bind(server, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0 || ::listen(server, 1) != 0)
    return usage(("cannot listen on " + listen_path).c_str());
  bool booted = false;
  if (!wait) {  // wait=off: the banner goes out while nobody listens
    boots.boot();
    board.take_output();
    booted = true;
  }
  for (;;) {
    const int client = ::accept(server, nullptr, nullptr);
    if (client < 0) continue;
    if (!booted) {
      boots.boot();
      booted = true;
    }
    if (write_all(client, board.take_output())) serve(boots, board, client, client);
    ::close(client);
  }
}
