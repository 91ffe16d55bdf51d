// A console for host tests of the controller firmware: collects what it prints.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

namespace a2a::test {

struct StringConsole {
  std::string text;
  template <class... Args>
  void print(const Args&... args) {
    (append(args), ...);
  }
  void append(std::string_view s) { text += s; }
  void append(const char* s) { text += s; }
  template <class T>
    requires std::is_integral_v<T>
  void append(T v) { text += std::to_string(v); }
};

}  // namespace a2a::test
