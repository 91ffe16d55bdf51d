// Text for the SVG writers (svg_render.cpp: rounds; chart_svg.cpp: charts over N).
#pragma once

#include <cstdio>
#include <string>

namespace a2a::tool::svg {

/// `text` safe inside an element or a double-quoted attribute.
inline std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

/// A coordinate or value with one decimal, as both writers print them.
inline std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

}  // namespace a2a::tool::svg
