// Fuzz target: the host tool's JSON schedule-dump reader (platform/host/tool
// dump_reader.cpp), which takes files from anywhere. Any input must either give
// a Plan whose rounds can be read back, or a UsageError with a message; any
// other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "dump_reader.hpp"
#include "tool_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const auto plan = a2a::tool::read_dump(in, "fuzz.json");
    if (!plan) __builtin_trap();
    const a2a::tool::PlanInfo& info = plan->info();
    for (std::uint32_t r = 0; r < info.rounds && r < 4; ++r) {
      const a2a::tool::PlanRound round = plan->round(r);
      if (round.stages.size() != info.net.stages) __builtin_trap();
    }
  } catch (const a2a::tool::UsageError& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  }
  return 0;
}
