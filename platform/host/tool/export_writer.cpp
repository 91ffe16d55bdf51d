#include "export_writer.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "tool_error.hpp"

namespace a2a::tool {
namespace {

constexpr std::int64_t kNone = -1;

/// A round seen from both ends: the send of each input port and the send that
/// reaches each output, as indices into `sends` (kNone where there is none).
struct RoundMaps {
  std::vector<std::int64_t> by_src;
  std::vector<std::int64_t> by_dst;
};

/// Fills `maps` from `round`; returns an empty string, or why the round is no
/// (partial) permutation. Only a dump read with --input can fail here.
std::string map_round(const PlanRound& round, std::uint32_t ports, RoundMaps& maps) {
  maps.by_src.assign(ports, kNone);
  maps.by_dst.assign(ports, kNone);
  for (std::size_t k = 0; k < round.sends.size(); ++k) {
    const Send& s = round.sends[k];
    if (s.src >= ports || s.dst >= ports) return "a send outside the N = " + std::to_string(ports) + " ports";
    if (maps.by_src[s.src] != kNone) return "port " + std::to_string(s.src) + " sends twice";
    if (maps.by_dst[s.dst] != kNone) return "output " + std::to_string(s.dst) + " is reached twice";
    maps.by_src[s.src] = static_cast<std::int64_t>(k);
    maps.by_dst[s.dst] = static_cast<std::int64_t>(k);
  }
  return {};
}

/// The schedule name may come from a dump read back (--input): it goes into a '#'
/// line, so a line break in it must not start a line a reader would parse.
std::string one_line(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

/// "omega N = 8, d = 2, schedule latin-square", the first line of every export.
std::string network_line(const PlanInfo& info) {
  return std::string(name(info.net.topology)) + " N = " + std::to_string(info.net.ports) +
         ", d = " + std::to_string(info.net.radix) + ", schedule " + one_line(info.schedule);
}

/// A degraded plan's missing pairs, so that no export claims a complete exchange.
void write_left_out(const PlanInfo& info, std::ostream& out) {
  for (const LeftOutPair& pair : info.left_out)
    out << "# left_out " << pair.orig << ' ' << pair.final << ' ' << one_line(pair.reason) << '\n';
}

/// Node i's destination in each slice, kNone where it sends nothing.
std::vector<std::int64_t> slice_row(const PlanRound& round, std::uint32_t ports) {
  std::vector<std::int64_t> row(ports, kNone);
  for (const Send& s : round.sends) row[s.src] = s.dst;
  return row;
}

}  // namespace

void check_exportable(const Plan& plan) {
  const PlanInfo& info = plan.info();
  RoundMaps maps;
  PlanRound round;
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    plan.round_into(r, round);
    const std::string why = map_round(round, info.net.ports, maps);
    if (!why.empty())
      throw UsageError("cannot export round " + std::to_string(r) + ": " + why +
                       ", so the round is no matching (a2a verify names every violation)");
  }
}

void write_openoptics_export(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const std::uint32_t ports = info.net.ports;
  // OpenOptics' add_guardband rule: a guard slice follows slice t when some port's
  // connection (or its having none) differs in the next slice, the last slice wrapping
  // to the first (a rotor schedule repeats). Found in a pass of its own so that the
  // note comes before the matrix, holding only two rows at a time.
  std::vector<std::uint32_t> guard_after;
  if (info.rounds > 1) {
    PlanRound round;
    plan.round_into(0, round);
    const std::vector<std::int64_t> first = slice_row(round, ports);
    std::vector<std::int64_t> previous = first;
    for (std::uint32_t t = 0; t < info.rounds; ++t) {
      std::vector<std::int64_t> next = first;
      if (t + 1 < info.rounds) {
        plan.round_into(t + 1, round);
        next = slice_row(round, ports);
      }
      if (next != previous) guard_after.push_back(t);
      previous = std::move(next);
    }
  }
  out << "# a2a openoptics slice table: " << network_line(info) << "; " << info.rounds
      << " time slices (one per round), nb_node " << ports << ", nb_link 1\n"
      << "# row t: time slice t; column i: the node that node i (port 0) sends to, -1 = no connection\n"
      << "# guard_slices " << guard_after.size() << ':' << (guard_after.empty() ? " none" : " after slices");
  for (const std::uint32_t t : guard_after) out << ' ' << t;
  out << '\n';
  write_left_out(info, out);
  PlanRound round;
  for (std::uint32_t t = 0; t < info.rounds; ++t) {
    plan.round_into(t, round);
    const std::vector<std::int64_t> row = slice_row(round, ports);
    for (std::uint32_t i = 0; i < ports; ++i) out << (i == 0 ? "" : " ") << row[i];
    out << '\n';
    // The matrix says where each circuit goes, not what it carries: a relay hop's
    // message (orig -> final) is noted where a reader of the matrix can find it.
    for (const Send& s : round.sends)
      if (s.orig != s.src || s.final != s.dst)
        out << "# relay " << t << ' ' << s.src << ' ' << s.orig << ' ' << s.final << '\n';
  }
}

void write_mpi_export(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const std::uint32_t ports = info.net.ports;
  out << "# a2a mpi steps: " << network_line(info) << "; " << info.rounds << " steps, " << ports << " ranks\n"
      << "# one line per (step, rank); -1 = none (MPI_PROC_NULL); a hop carries the message orig -> final\n"
      << "# step rank send_to send_orig send_final recv_from recv_orig recv_final\n";
  write_left_out(info, out);
  PlanRound round;
  RoundMaps maps;
  for (std::uint32_t step = 0; step < info.rounds; ++step) {
    plan.round_into(step, round);
    map_round(round, ports, maps);  // check_exportable has refused a round that is no matching
    for (std::uint32_t rank = 0; rank < ports; ++rank) {
      out << step << ' ' << rank;
      if (const std::int64_t k = maps.by_src[rank]; k == kNone) {
        out << " -1 -1 -1";
      } else {
        const Send& s = round.sends[static_cast<std::size_t>(k)];
        out << ' ' << s.dst << ' ' << s.orig << ' ' << s.final;
      }
      if (const std::int64_t k = maps.by_dst[rank]; k == kNone) {
        out << " -1 -1 -1";
      } else {
        const Send& s = round.sends[static_cast<std::size_t>(k)];
        out << ' ' << s.src << ' ' << s.orig << ' ' << s.final;
      }
      out << '\n';
    }
  }
}

void write_matchings_export(const Plan& plan, std::ostream& out) {
  const PlanInfo& info = plan.info();
  const std::uint32_t ports = info.net.ports;
  out << "# a2a matchings: " << network_line(info) << "; " << info.rounds << " rounds\n"
      << "# line r: the output that input port 0, 1, ..., " << ports - 1 << " reaches in round r; - = idle\n";
  write_left_out(info, out);
  PlanRound round;
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    plan.round_into(r, round);
    const std::vector<std::int64_t> row = slice_row(round, ports);
    for (std::uint32_t i = 0; i < ports; ++i) {
      if (i != 0) out << ' ';
      if (row[i] == kNone)
        out << '-';
      else
        out << row[i];
    }
    out << '\n';
  }
}

}  // namespace a2a::tool
