// `a2a device`: the byte stream to a controller's console. One file descriptor,
// whatever the target: a serial device or pseudo-terminal (raw 8N1), a TCP
// connection or a Unix stream socket (what QEMU's -serial offers). The tool is a
// client only: it connects or opens, it never listens.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace a2a::tool {

/// TARGET as given on the command line, split into its kind and address.
struct DeviceTarget {
  enum class Kind { serial, tcp, unix_socket } kind{Kind::serial};
  std::string path;  ///< serial: the device path; unix: the socket path
  std::string host;  ///< tcp only
  std::string port;  ///< tcp only
};

/// Parses "tcp:HOST:PORT", "unix:PATH" or a device path. Throws UsageError for
/// anything else (e.g. "foo:bar"), naming the accepted forms.
DeviceTarget parse_device_target(std::string_view text);

/// An open connection to the device. Every call is bounded by the milliseconds it
/// is given; the descriptor is non-blocking and closed by the destructor.
class DeviceLink {
 public:
  /// Opens or connects (a TCP connect waits at most `timeout_ms`). `baud` applies
  /// to serial targets only. Throws std::runtime_error naming the target and why.
  DeviceLink(const DeviceTarget& target, unsigned baud, int timeout_ms);
  ~DeviceLink();
  DeviceLink(const DeviceLink&) = delete;
  DeviceLink& operator=(const DeviceLink&) = delete;

  /// Bytes read into `buffer`: waits at most `timeout_ms` for the first one and
  /// returns 0 when none came. Throws when the peer has closed the connection.
  std::size_t read_some(char* buffer, std::size_t size, int timeout_ms);
  /// Writes all of `data`, waiting at most `timeout_ms` for the device to take it.
  void write_all(std::string_view data, int timeout_ms);

 private:
  int fd_{-1};
};

}  // namespace a2a::tool
