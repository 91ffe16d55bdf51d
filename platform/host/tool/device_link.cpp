#include "device_link.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "tool_error.hpp"

namespace a2a::tool {
namespace {

std::string why() { return std::strerror(errno); }

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

speed_t baud_constant(unsigned baud) {
  struct Rate {
    unsigned baud;
    speed_t constant;
  };
  static constexpr Rate kRates[] = {{1200, B1200},      {2400, B2400},     {4800, B4800},     {9600, B9600},
                                    {19200, B19200},    {38400, B38400},   {57600, B57600},   {115200, B115200},
                                    {230400, B230400},  {460800, B460800}, {921600, B921600}, {1000000, B1000000},
                                    {2000000, B2000000}};
  for (const Rate& r : kRates)
    if (r.baud == baud) return r.constant;
  throw UsageError("--baud " + std::to_string(baud) +
                   " is not a rate the terminal driver knows (e.g. 9600, 57600, 115200, 921600)");
}

// A serial port or a pty: raw bytes (no echo, no line editing, no CR/LF mapping),
// 8N1, no flow control. CLOCAL: a USB adapter without a carrier line still reads.
int open_serial(const std::string& path, unsigned baud) {
  const speed_t speed = baud_constant(baud);
  // O_NONBLOCK: open() of a modem line would otherwise wait for carrier.
  const int fd = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail("cannot open '" + path + "': " + why());
  termios tio{};
  if (!::isatty(fd) || ::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    fail("'" + path + "' is not a serial device or terminal (for sockets use unix:PATH or tcp:HOST:PORT)");
  }
  ::cfmakeraw(&tio);
  tio.c_cflag &= ~static_cast<tcflag_t>(CSTOPB | PARENB | CRTSCTS | CSIZE);
  tio.c_cflag |= CS8 | CLOCAL | CREAD;
  tio.c_iflag &= ~static_cast<tcflag_t>(IXON | IXOFF | IXANY);
  ::cfsetispeed(&tio, speed);
  ::cfsetospeed(&tio, speed);
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) {
    const std::string reason = why();
    ::close(fd);
    fail("cannot set '" + path + "' to raw " + std::to_string(baud) + " 8N1: " + reason);
  }
  return fd;
}

int open_unix(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof(address.sun_path))
    throw UsageError("unix:PATH needs a socket path of 1.." + std::to_string(sizeof(address.sun_path) - 1) +
                     " characters");
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fail("cannot create a socket: " + why());
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const std::string reason = why();
    ::close(fd);
    fail("cannot connect to unix:" + path + ": " + reason + " (is QEMU running with -serial unix:" + path +
         ",server=on,wait=off?)");
  }
  return fd;
}

// Non-blocking connect, then poll: a host that drops SYNs must not hang the tool.
int connect_tcp(const std::string& host, const std::string& port, int timeout_ms) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string name = "tcp:" + host + ":" + port;
  if (const int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
    fail("cannot resolve " + name + ": " + ::gai_strerror(rc));
  std::string reason = "no address";
  int fd = -1;
  for (const addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    int error = 0;
    if (::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      error = errno;
      if (error == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        int n;
        while ((n = ::poll(&p, 1, timeout_ms)) < 0 && errno == EINTR) {
        }
        socklen_t length = sizeof error;
        if (n == 0)
          error = ETIMEDOUT;
        else if (n < 0 || ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0)
          error = errno;
      }
    }
    if (error != 0) {
      reason = std::strerror(error);
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  if (fd < 0) fail("cannot connect to " + name + ": " + reason);
  return fd;
}

// Waits for `events` on fd, at most timeout_ms; false when the time ran out.
bool wait_for(int fd, short events, int timeout_ms) {
  pollfd p{fd, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, timeout_ms);
    if (n >= 0) return n > 0;
    if (errno != EINTR) fail(std::string("poll failed: ") + why());
  }
}

}  // namespace

DeviceTarget parse_device_target(std::string_view text) {
  DeviceTarget target;
  const auto colon = text.find(':');
  const auto slash = text.find('/');
  if (colon == std::string_view::npos || (slash != std::string_view::npos && slash < colon)) {
    if (text.empty()) throw UsageError("--connect needs a TARGET");
    target.path = std::string(text);  // a device path; colons after a '/' belong to it
    return target;
  }
  const std::string_view scheme = text.substr(0, colon);
  const std::string_view rest = text.substr(colon + 1);
  if (scheme == "unix") {
    target.kind = DeviceTarget::Kind::unix_socket;
    target.path = std::string(rest);
    if (target.path.empty()) throw UsageError("unix:PATH needs a socket path");
    return target;
  }
  const auto last = rest.rfind(':');
  if (scheme == "tcp" && last != std::string_view::npos && last > 0 && last + 1 < rest.size()) {
    target.kind = DeviceTarget::Kind::tcp;
    target.host = std::string(rest.substr(0, last));
    if (target.host.size() > 2 && target.host.front() == '[' && target.host.back() == ']')
      target.host = target.host.substr(1, target.host.size() - 2);  // [::1]
    target.port = std::string(rest.substr(last + 1));
    return target;
  }
  throw UsageError("bad TARGET '" + std::string(text) +
                   "' (known: a serial device or pty path such as /dev/ttyUSB0, tcp:HOST:PORT, unix:PATH)");
}

DeviceLink::DeviceLink(const DeviceTarget& target, unsigned baud, int timeout_ms) {
  switch (target.kind) {
    case DeviceTarget::Kind::serial: fd_ = open_serial(target.path, baud); break;
    case DeviceTarget::Kind::unix_socket: fd_ = open_unix(target.path); break;
    case DeviceTarget::Kind::tcp: fd_ = connect_tcp(target.host, target.port, timeout_ms); break;
  }
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags < 0 || ::fcntl(fd_, F_SETFL, flags | O_NONBLOCK) != 0) {
    ::close(fd_);
    fail(std::string("cannot make the connection non-blocking: ") + why());
  }
}

DeviceLink::~DeviceLink() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t DeviceLink::read_some(char* buffer, std::size_t size, int timeout_ms) {
  if (!wait_for(fd_, POLLIN, timeout_ms)) return 0;
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, size);
    if (n > 0) return static_cast<std::size_t>(n);
    // EIO: the other side of a pseudo-terminal was closed (QEMU exited).
    if (n == 0 || errno == EIO || errno == ECONNRESET) fail("the connection closed (the device or QEMU went away)");
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;  // poll woke us, nothing there after all
    if (errno != EINTR) fail(std::string("read failed: ") + why());
  }
}

void DeviceLink::write_all(std::string_view data, int timeout_ms) {
  while (!data.empty()) {
    if (!wait_for(fd_, POLLOUT, timeout_ms)) fail("the device did not take the command within the timeout");
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n > 0) {
      data.remove_prefix(static_cast<std::size_t>(n));
    } else if (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
      if (errno == EPIPE || errno == ECONNRESET || errno == EIO)
        fail("the connection closed (the device or QEMU went away)");
      fail(std::string("write failed: ") + why());
    }
  }
}

}  // namespace a2a::tool
