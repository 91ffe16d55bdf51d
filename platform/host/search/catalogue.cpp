#include "a2a/search/catalogue.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "a2a/topology.hpp"

namespace a2a::search {
namespace {

constexpr const char* kMagic = "a2a-config-set 1";

std::string hex_of(const std::vector<std::uint8_t>& states) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::vector<std::uint8_t> bytes((states.size() + 7) / 8, 0);
  for (std::size_t k = 0; k < states.size(); ++k)
    if (states[k] != 0) bytes[k / 8] = static_cast<std::uint8_t>(bytes[k / 8] | (1U << (k % 8)));
  std::string text;
  for (const std::uint8_t byte : bytes) {
    text.push_back(kDigits[byte >> 4]);
    text.push_back(kDigits[byte & 15U]);
  }
  return text;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string format_stored_set(const StoredSet& stored) {
  const ConfigSet& set = stored.set;
  std::ostringstream out;
  out << kMagic << "\n"
      << "topology " << name(set.net.topology) << "\n"
      << "ports " << set.net.ports << "\n"
      << "stages " << set.net.stages << "\n"
      << "rounds " << set.rounds() << "\n"
      << "note " << stored.note << "\n";
  for (const auto& round : set.states) out << "round " << hex_of(round) << "\n";
  return out.str();
}

bool write_stored_set(const std::string& path, const StoredSet& stored, std::string& error) {
  // Written beside and renamed over: a search stopped while it writes leaves the old set.
  const std::string partial = path + ".partial";
  std::ofstream file(partial);
  file << format_stored_set(stored);
  file.close();
  if (!file || std::rename(partial.c_str(), path.c_str()) != 0) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

namespace {

/// A `round` line's hex digits: one bit per switch (the low nibble first in each byte
/// pair, as write_stored_set writes them), bits past the last switch zero.
bool decode_round(const std::string& value, std::uint32_t bits, std::vector<std::uint8_t>& states, std::string& why) {
  if (value.size() != 2 * static_cast<std::size_t>((bits + 7) / 8)) {
    why = "round has " + std::to_string(value.size()) + " hex digits, expected " + std::to_string(2 * ((bits + 7) / 8));
    return false;
  }
  states.assign(bits, 0);
  for (std::size_t c = 0; c < value.size(); ++c) {
    const int digit = hex_value(value[c]);
    if (digit < 0) {
      why = std::string("not a lowercase hex digit: '") + value[c] + "'";
      return false;
    }
    for (std::uint32_t b = 0; b < 4; ++b) {
      const std::size_t k = (c % 2 == 0 ? 4 : 0) + (c / 2) * 8 + b;
      const bool set = ((static_cast<unsigned>(digit) >> b) & 1U) != 0;
      if (k >= bits) {
        if (set) {
          why = "bits past the last switch must be 0";
          return false;
        }
      } else {
        states[k] = set ? 1 : 0;
      }
    }
  }
  return true;
}

/// A whole number of 32 bits, all of `value`.
bool parse_number(const std::string& value, std::uint32_t& target) {
  try {
    std::size_t used = 0;
    const unsigned long parsed = std::stoul(value, &used);
    if (used != value.size() || parsed > 0xFFFFFFFFUL) return false;
    target = static_cast<std::uint32_t>(parsed);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

/// The network a stored set's header names: a binary one with the stages it says.
bool make_stored_network(const std::string& topology, std::uint32_t ports, std::uint32_t stages, Network& net,
                         std::string& why) {
  const auto t = parse_topology(topology);
  if (!t) {
    why = "unknown topology \"" + topology + "\"";
    return false;
  }
  const auto made = make_network(*t, ports);
  if (!made) {
    why = "no " + topology + " network with " + std::to_string(ports) + " ports";
    return false;
  }
  if (made->radix != 2) {
    why = "only binary networks (d = 2) are stored";
    return false;
  }
  if (made->stages != stages) {
    why = "stages " + std::to_string(stages) + " but the network has " + std::to_string(made->stages);
    return false;
  }
  net = *made;
  return true;
}

}  // namespace

bool read_stored_set(const std::string& path, StoredSet& stored, std::string& error) {
  std::ifstream file(path);
  if (!file) {
    error = path + ": cannot open";
    return false;
  }
  std::string line;
  std::uint32_t line_number = 0;
  auto fail = [&](const std::string& why) {
    error = path + ":" + std::to_string(line_number) + ": " + why;
    return false;
  };
  std::string topology;
  std::uint32_t ports = 0;
  std::uint32_t stages = 0;
  std::uint32_t rounds = 0;
  bool have_rounds = false;
  bool have_network = false;
  stored = StoredSet{};
  ++line_number;
  if (!std::getline(file, line) || line != kMagic)
    return fail(std::string("the first line must be \"") + kMagic + "\"");
  while (std::getline(file, line)) {
    ++line_number;
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? std::string() : line.substr(space + 1);
    const auto number = [&value](std::uint32_t& target) { return parse_number(value, target); };
    if (key == "topology") {
      topology = value;
    } else if (key == "ports") {
      if (!number(ports)) return fail("ports must be a whole number, got \"" + value + "\"");
    } else if (key == "stages") {
      if (!number(stages)) return fail("stages must be a whole number, got \"" + value + "\"");
    } else if (key == "rounds") {
      if (!number(rounds)) return fail("rounds must be a whole number, got \"" + value + "\"");
      have_rounds = true;
    } else if (key == "note") {
      stored.note = value;
    } else if (key == "round") {
      if (!have_network) {
        have_network = true;
        if (std::string why; !make_stored_network(topology, ports, stages, stored.set.net, why)) return fail(why);
      }
      std::vector<std::uint8_t> states;
      if (std::string why; !decode_round(value, stored.set.switches(), states, why)) return fail(why);
      stored.set.states.push_back(std::move(states));
    } else if (!key.empty()) {
      return fail("unknown line \"" + key + "\"");
    }
  }
  if (!have_rounds) return fail("no \"rounds\" line");
  if (stored.set.rounds() != rounds)
    return fail("rounds " + std::to_string(rounds) + " but " + std::to_string(stored.set.rounds()) + " round lines");
  return true;
}

bool write_dump(const std::string& path, const ConfigSet& set, std::string& error) {
  std::ofstream out(path);
  const Network& net = set.net;
  out << "{\"topology\": \"" << name(net.topology) << "\", \"ports\": " << net.ports << ", \"radix\": " << net.radix
      << ", \"stages\": " << net.stages << ", \"schedule\": \"searched-set\",\n \"faults\": [],\n \"optical\": false,\n"
      << " \"rounds\": [\n";
  const SetSchedule schedule(set);
  const std::uint32_t w = net.switches_per_stage();
  for (std::uint32_t r = 0; r < set.rounds(); ++r) {
    out << "  {\"stages\": [";
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      out << (s == 0 ? "[" : ", [");
      for (std::uint32_t y = 0; y < w; ++y) out << (y == 0 ? "" : ",") << set.state(r, s, y);
      out << "]";
    }
    out << "],\n   \"sends\": [";
    bool first = true;
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const PortSend send = schedule.send(schedule.round(r), i);
      if (!send.sends) continue;
      out << (first ? "\n" : ",\n") << "    {\"src\": " << i << ", \"dst\": " << send.destination
          << ", \"tag\": " << send.tag << ", \"orig\": " << i << ", \"final\": " << send.destination << "}";
      first = false;
    }
    out << "]}" << (r + 1 < set.rounds() ? ",\n" : "\n");
  }
  out << " ]}\n";
  out.close();
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

bool write_set_file(const std::string& path, const StoredSet& stored, std::string& error) {
  const bool json = path.size() > 5 && path.compare(path.size() - 5, 5, ".json") == 0;
  return json ? write_dump(path, stored.set, error) : write_stored_set(path, stored, error);
}

}  // namespace a2a::search
