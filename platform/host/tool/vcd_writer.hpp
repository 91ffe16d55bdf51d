// A round's bus signals as a Value Change Dump that libsigrok 0.5 reads (`a2a frames
// --vcd`): one-bit wires in `$scope module libsigrok`, every value at `#0`, times in
// nanoseconds, no $dumpvars (../shared/notes/real-parts.md has what its VCD input
// takes). The transfers are drawn as a logic analyser sees them:
//  - SPI, mode 0 (clock idle low, data set while it is low, sampled on its rising edge),
//    most significant bit first: `sclk`, `mosi`, `miso`, and a chip select per chain or
//    part, active low (`cs_n` for 0, `cs1_n`, `cs2_n`, ... for the others);
//  - I2C: `scl` and `sda` (open drain: a 1 is released), a start, the address byte with
//    its R/W bit, each byte and its acknowledge (the part's, or the controller's on a
//    read, the last one not acknowledged), a stop;
//  - the strobe (`latch`, or `update` for the crosspoints) as one pulse.
// A bit takes one period of --bus-hz; a gap (settle, guard) holds every line.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace a2a::tool {

/// One transfer of a round, as the wire carried it.
struct WireTransfer {
  enum class Kind : std::uint8_t { spi, i2c_write, i2c_read, pulse, gap };
  Kind kind{Kind::spi};
  std::uint32_t target{0};         ///< the chip select (SPI) or the 7-bit address (I2C)
  std::vector<std::uint8_t> tx{};  ///< what the controller sent (I2C: after the address)
  std::vector<std::uint8_t> rx{};  ///< what came back (SPI: as long as tx; I2C read: the bytes read)
  std::uint64_t gap_ns{0};         ///< Kind::gap: how long every line holds
};

class VcdWriter {
 public:
  /// `strobe`: the pulse's wire name (latch or update); `bus_hz`: the bit rate.
  VcdWriter(std::string strobe, std::uint64_t bus_hz);
  /// The transfers in order, each SPI one on its chip select.
  void draw(std::span<const WireTransfer> transfers);
  [[nodiscard]] std::string text() const;

 private:
  struct Wire {
    char id;
    std::string name;
    int value;
  };
  int wire(const std::string& name, int idle);
  void set(int w, int value);
  void wait(std::uint64_t ns) { now_ += ns; }
  void spi(const WireTransfer& t);
  void i2c(const WireTransfer& t);
  void i2c_byte(std::uint8_t byte, bool ack);
  std::vector<Wire> wires_;
  std::map<std::uint64_t, std::vector<std::pair<int, int>>> changes_;  // time -> (wire, value)
  std::uint64_t now_{0};
  std::uint64_t half_{500};  // half a bit period, ns
  std::string strobe_;
};

}  // namespace a2a::tool
