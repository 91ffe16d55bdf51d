// The device's save, erase, reboot and config saved= (issue 33) on a host board with a
// configuration store over the NOR flash model: what is saved boots after a reset;
// a flash error names its step and keeps the saved copy; refusals while a run goes on,
// with nothing valid to save, with nothing to erase, on a board without a store.
#include <a2a/app/device.hpp>

#include <memory>
#include <string>

#include "device_bench.hpp"
#include "nor_flash_model.hpp"
#include <doctest/doctest.h>

using namespace a2a;
using a2a::test::has;
using a2a::test::NorFlashModel;

namespace {

constexpr std::uint32_t kPorts = 64;
constexpr ConfigRegion kRegion{{0x0003F800U, 0x0003FC00U}};  // the micro:bit's two pages

/// A host board that keeps a configuration store (StoringBoard) and can reset itself.
class StoringBoard : public test::BasicHostBoard<kPorts> {
 public:
  NorFlashModel& config_flash() { return *flash; }
  ConfigRegion config_region() const { return kRegion; }
  void reboot() { ++reboots; }  // the test builds the next boot's device itself

  std::shared_ptr<NorFlashModel> flash = std::make_shared<NorFlashModel>(
      std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0x3F800U, 1024U}, {0x3FC00U, 1024U}});
  int reboots{0};
};
static_assert(app::StoringBoard<StoringBoard> && app::RebootingBoard<StoringBoard>);
static_assert(!app::StoringBoard<test::HostBoard> && !app::RebootingBoard<test::HostBoard>);

using Device = app::Device<StoringBoard, kPorts>;

/// A device booted on `board` (a fresh boot of the same board: its flash kept).
struct Boot {
  explicit Boot(StoringBoard& b, const ControllerConfig& fallback_config = ControllerConfig{Topology::omega, 4})
      : board(&b), fallback(encode_config(fallback_config)) {
    device = std::make_unique<Device>(b, std::span<const std::uint8_t>{}, fallback, storage->span());
    device->boot();
    banner = b.take_output();
    for (int k = 0; k < 100000 && !banner.ends_with("ready\n"); ++k) {
      device->poll();
      banner += b.take_output();
    }
  }
  std::string command(std::string_view line) {
    board->type(line);
    board->type("\n");
    std::string text;
    for (int i = 0; i < 2000000; ++i) {
      device->poll();
      text += board->take_output();
      if (test::ends_reply(text)) break;
    }
    return text;
  }
  StoringBoard* board;
  std::array<std::uint8_t, kConfigBlockSize> fallback;
  std::unique_ptr<SingleFaultPlanStorage<kPorts>> storage = std::make_unique<SingleFaultPlanStorage<kPorts>>();
  std::unique_ptr<Device> device;
  std::string banner;
};

}  // namespace

TEST_CASE("set, save, reboot: the next boot runs the saved configuration; erase: the default again") {
  StoringBoard board;
  {
    Boot first(board);
    CHECK(has(first.banner, "config source: the image's built-in default (no configuration is saved)\n"));
    CHECK(has(first.banner, " saved=none\n"));
    CHECK(has(first.command("set topology=baseline ports=32"), " saved=none\n"));
    const std::string saved = first.command("save");
    CHECK(has(saved, "saved: copy 0, sequence 1, read back and checked: the next boot runs this configuration\nok\n"));
    CHECK(has(first.command("config"), "config: topology=baseline ports=32 "));
    CHECK(has(first.command("config"), " saved=yes\n"));
    CHECK(has(first.command("set ports=16"), " saved=no\n"));
    const std::string reboot = first.command("reboot");
    CHECK(has(reboot,
              "rebooting: the next boot runs the saved configuration (the running configuration is not saved: "
              "saved=no)\nok\n"));
    CHECK(board.reboots == 1);
  }
  Boot second(board);
  CHECK(has(second.banner, "config source: the saved configuration (copy 0, sequence 1)\n"));
  CHECK(has(second.banner, "config: topology=baseline ports=32 "));
  CHECK(has(second.banner, "source=saved"));
  CHECK(has(second.banner, " saved=yes\n"));
  const std::string run = second.command("run");
  CHECK(has(run, "pairs delivered 1024/1024, missing 0, duplicates 0"));
  CHECK(has(second.command("erase"),
            "erased: both copies of the configuration store; the next boot uses the image's "
            "built-in default\nok\n"));
  CHECK(has(second.command("config"), " saved=none\n"));
  CHECK(has(second.command("erase"),
            "error: erase: no configuration is saved (both copies of the store are blank): "
            "nothing erased\n"));
  Boot third(board);
  CHECK(has(third.banner, "config source: the image's built-in default (no configuration is saved)\n"));
  CHECK(has(third.banner, "config: topology=omega ports=4 "));
}

TEST_CASE("a flash error during save names the step and the copy; the saved configuration stays") {
  StoringBoard board;
  Boot first(board);
  (void)first.command("set topology=omega ports=8");
  REQUIRE(has(first.command("save"), "saved: copy 0, sequence 1"));
  (void)first.command("set ports=16");
  board.flash->fail_operation(4, Errc::config_flash_parallelism_error);  // the 4th word of copy 1
  const std::string reply = first.command("save");
  CHECK(has(reply, "error: save: programming copy 1: the configuration flash flagged a programming parallelism error"));
  CHECK(has(reply, "; the saved configuration is copy 0, sequence 1 (saved=no)\n"));
  board.flash->fail_operation(0, Errc::config_flash_write_protected);  // the erase of copy 1
  CHECK(has(first.command("save"),
            "error: save: erasing copy 1: the configuration flash refused the operation: its "
            "sector is write-protected (WRPERR)"));
  board.flash->keep_bits(kRegion.copies[1], 0x2U);  // a worn cell: copy 1's magic will not program
  const std::string verify = first.command("save");
  CHECK(has(verify,
            "error: save: verifying copy 1: the configuration copy read back differs from what was "
            "programmed (a worn or failing flash); the saved configuration is copy 0, sequence 1 (saved=no)\n"));
  board.flash->keep_bits(0, 0);
  Boot second(board);
  CHECK(has(second.banner, "config source: the saved configuration (copy 0, sequence 1)\n"));
  CHECK(has(second.banner, "config: topology=omega ports=8 "));
  // The torn copy 1 is named, and the next save lands there.
  CHECK(has(second.banner, "warning: configuration store copy 1 ignored: "));
  CHECK(has(second.command("save"), "saved: copy 1, sequence 2"));
}

TEST_CASE("save, erase and reboot during a run are refused; the run goes on and nothing saved changes") {
  StoringBoard board;
  Boot first(board);
  (void)first.command("set topology=omega ports=64 trace=off");
  board.type("run 1000\n");
  std::string text;
  for (int k = 0; k < 200000 && !has(text, "exchange 2/1000"); ++k) {
    first.device->poll();
    text += board.take_output();
  }
  REQUIRE(has(text, "exchange 2/1000"));
  for (std::string_view word : {"save", "erase", "reboot"}) {
    board.type(word);
    board.type("\n");
    std::string reply;
    for (int k = 0; k < 1000 && !has(reply, "error: "); ++k) {
      first.device->poll();
      reply += board.take_output();
    }
    CHECK(has(reply, "error: " + std::string(word) + ": exchange "));
    CHECK(has(reply, "/1000 is running: send stop, then " + std::string(word)));
  }
  CHECK(board.reboots == 0);
  (void)first.command("stop");
  CHECK(board.flash->operations() == 0);  // nothing was erased or programmed
}

TEST_CASE("nothing valid to save; a board without a store or a reset") {
  StoringBoard board;
  Boot refused(board, ControllerConfig{Topology::omega, 3});  // the built-in default is refused too
  CHECK(has(refused.command("save"), "error: save: no valid configuration to save"));
  CHECK(board.flash->operations() == 0);
  test::DeviceBench plain;
  CHECK(has(plain.command("save"), "error: save: this board keeps no configuration store"));
  CHECK(has(plain.command("erase"), "error: erase: this board keeps no configuration store"));
  CHECK(has(plain.command("reboot"), "error: reboot: this board cannot reset itself"));
  CHECK(!has(plain.command("config"), "saved="));
}

TEST_CASE("commands that take no words refuse one: save now, reboot 1, status extra ... do nothing") {
  StoringBoard board;
  Boot first(board);
  (void)first.command("set topology=omega ports=8");
  for (const char* command : {"status", "config", "clear", "save", "erase", "reboot", "stop"}) {
    CAPTURE(command);
    const std::string reply = first.command(std::string(command) + " now");
    CHECK(reply == "error: usage: " + std::string(command) + " (it takes no words); nothing was done\n");
  }
  CHECK(board.reboots == 0);                                       // reboot 1 did not reboot
  CHECK(has(first.command("config"), " saved=none\n"));            // save now saved nothing
  CHECK(has(first.command("save"), "saved: copy 0, sequence 1"));  // the word alone still works
  CHECK(first.command("erase  ").ends_with("ok\n"));               // trailing spaces are no word
}
