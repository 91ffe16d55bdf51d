// a2a/app/device_settings.hpp: `set` takes the device's keys and the configuration's
// together or not at all, naming the word it refuses; `inject`'s positions.
#include <a2a/app/device_settings.hpp>

#include "a2a_test.hpp"

TEST_CASE("device settings: set applies every word or none") {
  using namespace a2a;
  using namespace a2a::app;
  const ControllerConfig config;
  const DeviceKnobs knobs;
  const SetResult ok = apply_set(config, knobs, "slot_us=200 mode=lookahead ports=32 trace=off");
  REQUIRE(ok.error == Errc::ok);
  CHECK(ok.knobs.slot_us == 200);
  CHECK(ok.knobs.mode == RunMode::lookahead);
  CHECK(!ok.knobs.trace);
  CHECK(ok.config.ports == 32);
  // One bad word: nothing changes, and the word is named (the network itself is checked
  // when the exchange is planned, not here).
  const SetResult bad = apply_set(config, knobs, "slot_us=200 ports=32 radix=x");
  CHECK(bad.error == Errc::argument_bad_value);
  CHECK(bad.word == "radix=x");
  CHECK(bad.knobs == knobs);
  CHECK(bad.config.ports == config.ports);
  CHECK(apply_set(config, knobs, "mode=fast").error == Errc::argument_bad_value);
  CHECK(apply_set(config, knobs, "slot_us=1000001").error == Errc::argument_bad_value);  // above a second
  CHECK(apply_set(config, knobs, "trace=on trace=off").error == Errc::argument_repeated);
  CHECK(apply_set(config, knobs, "   ").error == Errc::argument_bad_value);
}

TEST_CASE("device settings: inject positions and slice") {
  using namespace a2a;
  using namespace a2a::app;
  const Result<Injection> in = parse_injection("2:5", "7");
  REQUIRE(in.ok());
  CHECK(in->stage == 2);
  CHECK(in->switch_index == 5);
  CHECK(in->round == 7);
  CHECK(parse_injection("2:5", "").value().round == 0);
  CHECK(parse_injection("25", "").error() == Errc::argument_bad_value);
  CHECK(parse_injection("2:x", "").error() == Errc::argument_bad_value);
  CHECK(parse_injection("2:5", "-1").error() == Errc::argument_bad_value);
  CHECK(slice("abcdef", 2, 3) == "cde");
  CHECK(slice("abc", 5) == "");
  CHECK(slice("abc", 1, 99) == "bc");
  CHECK(name(RunMode::lookahead) == "lookahead");
}
