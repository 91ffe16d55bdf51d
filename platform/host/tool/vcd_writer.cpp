// See vcd_writer.hpp.
#include "vcd_writer.hpp"

#include <algorithm>
#include <utility>

namespace a2a::tool {

VcdWriter::VcdWriter(std::string strobe, std::uint64_t bus_hz) : strobe_(std::move(strobe)) {
  half_ = std::max<std::uint64_t>(1, 500'000'000ULL / std::max<std::uint64_t>(1, bus_hz));
}

int VcdWriter::wire(const std::string& name, int idle) {
  for (std::size_t w = 0; w < wires_.size(); ++w)
    if (wires_[w].name == name) return static_cast<int>(w);
  wires_.push_back({static_cast<char>('!' + wires_.size()), name, idle});
  changes_[0].emplace_back(static_cast<int>(wires_.size() - 1), idle);
  return static_cast<int>(wires_.size() - 1);
}

void VcdWriter::set(int w, int value) {
  Wire& it = wires_[static_cast<std::size_t>(w)];
  if (it.value == value) return;
  it.value = value;
  changes_[now_].emplace_back(w, value);
}

void VcdWriter::draw(std::span<const WireTransfer> transfers) {
  // The wires first, each idle at #0: the SPI lines and every chip select, the I2C
  // lines, the strobe, in the order the round uses them.
  for (const WireTransfer& t : transfers) {
    if (t.kind == WireTransfer::Kind::spi) {
      wire("sclk", 0), wire("mosi", 0), wire("miso", 0);
      wire(t.target == 0 ? "cs_n" : "cs" + std::to_string(t.target) + "_n", 1);
    } else if (t.kind == WireTransfer::Kind::i2c_write || t.kind == WireTransfer::Kind::i2c_read) {
      wire("scl", 1), wire("sda", 1);
    }
  }
  const int strobe = wire(strobe_, 0);
  wait(2 * half_);
  for (const WireTransfer& t : transfers) {
    switch (t.kind) {
      case WireTransfer::Kind::spi: spi(t); break;
      case WireTransfer::Kind::i2c_write:
      case WireTransfer::Kind::i2c_read: i2c(t); break;
      case WireTransfer::Kind::pulse:
        set(strobe, 1);
        wait(2 * half_);
        set(strobe, 0);
        break;
      case WireTransfer::Kind::gap: wait(t.gap_ns); break;
    }
    wait(2 * half_);
  }
  // A last change after the end, so a reader keeps the final values' sample.
  changes_[now_ + 2 * half_].emplace_back(strobe, 0);
}

void VcdWriter::spi(const WireTransfer& t) {
  const int sclk = wire("sclk", 0), mosi = wire("mosi", 0), miso = wire("miso", 0);
  const int cs = wire(t.target == 0 ? "cs_n" : "cs" + std::to_string(t.target) + "_n", 1);
  set(cs, 0);
  wait(half_);
  for (std::size_t i = 0; i < t.tx.size(); ++i) {
    for (int bit = 7; bit >= 0; --bit) {
      set(mosi, (t.tx[i] >> bit) & 1);
      set(miso, i < t.rx.size() ? (t.rx[i] >> bit) & 1 : 0);
      wait(half_);
      set(sclk, 1);  // sampled here (mode 0)
      wait(half_);
      set(sclk, 0);
    }
  }
  wait(half_);
  set(cs, 1);
  set(mosi, 0);
  set(miso, 0);
}

void VcdWriter::i2c_byte(std::uint8_t byte, bool ack) {
  const int scl = wire("scl", 1), sda = wire("sda", 1);
  for (int bit = 7; bit >= 0; --bit) {
    set(sda, (byte >> bit) & 1);
    wait(half_);
    set(scl, 1);
    wait(half_);
    set(scl, 0);
  }
  set(sda, ack ? 0 : 1);  // the acknowledge: low, or released (not acknowledged)
  wait(half_);
  set(scl, 1);
  wait(half_);
  set(scl, 0);
}

void VcdWriter::i2c(const WireTransfer& t) {
  const int scl = wire("scl", 1), sda = wire("sda", 1);
  const auto start = [&] {  // sda falls while scl is high
    set(sda, 1);
    set(scl, 1);
    wait(half_);
    set(sda, 0);
    wait(half_);
    set(scl, 0);
  };
  const auto address = static_cast<std::uint8_t>(t.target << 1);
  start();
  i2c_byte(address, true);
  for (const std::uint8_t b : t.tx) i2c_byte(b, true);
  if (t.kind == WireTransfer::Kind::i2c_read) {
    wait(half_);
    start();  // a repeated start, then the address with R
    i2c_byte(static_cast<std::uint8_t>(address | 1U), true);
    for (std::size_t i = 0; i < t.rx.size(); ++i) i2c_byte(t.rx[i], i + 1 < t.rx.size());
  }
  set(sda, 0);  // the stop: sda rises while scl is high
  wait(half_);
  set(scl, 1);
  wait(half_);
  set(sda, 1);
}

std::string VcdWriter::text() const {
  std::string out = "$timescale 1 ns $end\n$scope module libsigrok $end\n";
  for (const Wire& w : wires_) out += "$var wire 1 " + std::string(1, w.id) + " " + w.name + " $end\n";
  out += "$upscope $end\n$enddefinitions $end\n";
  for (const auto& [time, changes] : changes_) {
    out += "#" + std::to_string(time) + "\n";
    for (const auto& [w, value] : changes)
      out += std::to_string(value) + std::string(1, wires_[static_cast<std::size_t>(w)].id) + "\n";
  }
  return out;
}

}  // namespace a2a::tool
