#include "paper_table.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <string_view>
#include <vector>

namespace a2a::tool {
namespace {

struct Fig14Entry {
  std::uint32_t ports;
  const char* r;  // R(N); "<=40": the paper gives only this upper bound
  std::uint32_t r_sc;
};

// Transcribed from paper 000 (Chou & Chen), Fig. 14, "Known results of R(N) and
// R_sc(N) for N = 4, 6, ..., 128" (papers/000_*.txt, the table at its end). The
// OCR prints the bounds as "≤ 40"; R_sc(N) = 2^ceil(log2 N) throughout (Theorem 3.8).
constexpr std::array<Fig14Entry, 63> kFig14 = {{
    {4, "4", 4},       {6, "6", 8},       {8, "8", 8},        {10, "10", 16},    {12, "16", 16},    {14, "14", 16},
    {16, "16", 16},    {18, "18", 32},    {20, "24", 32},     {22, "22", 32},    {24, "32", 32},    {26, "26", 32},
    {28, "32", 32},    {30, "30", 32},    {32, "32", 32},     {34, "34", 64},    {36, "<=40", 64},  {38, "38", 64},
    {40, "64", 64},    {42, "42", 64},    {44, "<=48", 64},   {46, "46", 64},    {48, "64", 64},    {50, "50", 64},
    {52, "64", 64},    {54, "54", 64},    {56, "64", 64},     {58, "58", 64},    {60, "64", 64},    {62, "62", 64},
    {64, "64", 64},    {66, "66", 128},   {68, "<=72", 128},  {70, "70", 128},   {72, "<=96", 128}, {74, "74", 128},
    {76, "<=88", 128}, {78, "78", 128},   {80, "128", 128},   {82, "82", 128},   {84, "<=96", 128}, {86, "86", 128},
    {88, "128", 128},  {90, "90", 128},   {92, "<=112", 128}, {94, "94", 128},   {96, "128", 128},  {98, "98", 128},
    {100, "128", 128}, {102, "102", 128}, {104, "128", 128},  {106, "106", 128}, {108, "128", 128}, {110, "110", 128},
    {112, "128", 128}, {114, "114", 128}, {116, "128", 128},  {118, "118", 128}, {120, "128", 128}, {122, "122", 128},
    {124, "128", 128}, {126, "126", 128}, {128, "128", 128},
}};

const Fig14Entry* find(std::uint32_t ports) {
  for (const Fig14Entry& e : kFig14)
    if (e.ports == ports) return &e;
  return nullptr;
}

/// Rounds the schedule `kind` takes on a GSEN with N ports, or "-" where it does not apply.
std::string rounds_with(ScheduleKind kind, std::uint32_t ports) {
  const auto net = make_network(Topology::gsen, ports, 2);
  if (!net) return "-";
  const auto schedule = AnySchedule::make(*net, kind);
  return schedule ? std::to_string(schedule->rounds()) : "-";
}

/// Rounds of the schedule a GSEN with N ports gets by default (the fewest known).
std::string default_rounds(std::uint32_t ports) {
  const auto net = make_network(Topology::gsen, ports, 2);
  return net ? rounds_with(default_schedule_kind(*net), ports) : "-";
}

/// Column width: the name and two spaces, at least 8.
int width_of(std::string_view heading) { return static_cast<int>(std::max<std::size_t>(8, heading.size() + 2)); }

}  // namespace

std::optional<std::string> paper_r(std::uint32_t ports) {
  const Fig14Entry* e = find(ports);
  return e ? std::optional<std::string>(e->r) : std::nullopt;
}

std::optional<std::uint32_t> paper_r_sc(std::uint32_t ports) {
  const Fig14Entry* e = find(ports);
  return e ? std::optional<std::uint32_t>(e->r_sc) : std::nullopt;
}

void print_round_table(std::uint32_t from, std::uint32_t to, std::optional<ScheduleKind> only, std::ostream& out) {
  std::vector<ScheduleKind> kinds;
  for (ScheduleKind k : kAllScheduleKinds)  // fault-tolerant needs a fault: not a column of this fault-free table
    if ((!only || *only == k) && k != ScheduleKind::fault_tolerant) kinds.push_back(k);
  out << "GSEN (d = 2): rounds of an all-to-all personalized exchange with the schedules available "
         "(- : does not apply; broadcast: all-to-all broadcast),\n"
         "default = the network's default schedule (the fewest rounds known), "
         "next to paper 000, Fig. 14: R(N) = fewest network configurations known (<=x: only an upper bound), "
         "R_sc(N) = fewest with stage control\n";
  out << std::setw(6) << "N" << std::setw(4) << "n";
  for (ScheduleKind k : kinds) out << std::setw(width_of(name(k))) << name(k);
  if (!only) out << std::setw(width_of("default")) << "default";
  out << std::setw(8) << "R(N)" << std::setw(9) << "R_sc(N)" << '\n';
  for (std::uint32_t ports = from + (from % 2); ports <= to && ports >= from; ports += 2) {
    std::uint32_t n = 0;
    while ((std::uint64_t{1} << n) < ports) ++n;
    out << std::setw(6) << ports << std::setw(4) << n;
    for (ScheduleKind k : kinds) out << std::setw(width_of(name(k))) << rounds_with(k, ports);
    if (!only) out << std::setw(width_of("default")) << default_rounds(ports);
    const auto r_sc = paper_r_sc(ports);
    out << std::setw(8) << paper_r(ports).value_or("-") << std::setw(9) << (r_sc ? std::to_string(*r_sc) : "-") << '\n';
  }
}

}  // namespace a2a::tool
