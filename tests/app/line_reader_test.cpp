// a2a/app/line_reader.hpp: bytes in, one event per line: a line, too long, junk, or
// unterminated; CR, LF and CR LF each end one line, an empty line is nothing.
#include <a2a/app/line_reader.hpp>

#include <string_view>

#include "a2a_test.hpp"

namespace line_reader_unit {
using Reader = a2a::app::LineReader<16>;
using a2a::app::LineEvent;
/// Feeds `text` at time 0; returns the last event other than none.
inline LineEvent feed(Reader& r, std::string_view text) {
  LineEvent last = LineEvent::none;
  for (const char c : text)
    if (const LineEvent e = r.push(static_cast<std::uint8_t>(c), 0); e != LineEvent::none) last = e;
  return last;
}
}  // namespace line_reader_unit

TEST_CASE("line reader: CR, LF and CR LF end one line each; tabs are spaces; empty lines are nothing") {
  using namespace line_reader_unit;
  Reader r;
  CHECK(feed(r, "run\r\n") == LineEvent::line);
  CHECK(r.text() == "run");
  CHECK(feed(r, "\n") == LineEvent::none);  // an empty line
  CHECK(feed(r, "set\tx\r") == LineEvent::line);
  CHECK(r.text() == "set x");
  CHECK(feed(r, "status\n") == LineEvent::line);
  CHECK(r.text() == "status");
}

TEST_CASE("line reader: a line too long, a byte that is not text, a line never ended") {
  using namespace line_reader_unit;
  Reader r;
  CHECK(feed(r, "0123456789abcdef") == LineEvent::none);  // exactly the capacity: still a line
  CHECK(feed(r, "\n") == LineEvent::line);
  CHECK(r.text().size() == 16);
  CHECK(feed(r, "0123456789abcdefg\n") == LineEvent::too_long);
  CHECK(feed(r, "ok\n") == LineEvent::line);  // the next line is whole again
  CHECK(feed(r, std::string_view("r\x01n\n", 4)) == LineEvent::junk);
  CHECK(r.push('s', 100) == LineEvent::none);
  CHECK(r.idle(150, 100) == LineEvent::none);  // not idle long enough
  CHECK(r.idle(200, 100) == LineEvent::unterminated);
  CHECK(r.idle(1000, 100) == LineEvent::none);  // given up once, nothing started since
  CHECK(feed(r, "go\n") == LineEvent::line);
  CHECK(r.text() == "go");
}
