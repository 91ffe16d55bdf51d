// The tool's two kinds of failure, mapped to exit codes by main():
//  - UsageError: the command line or an input file is wrong (exit 2). The
//    message names the problem; main() prefixes "a2a <command>: error: ".
//  - a verification that finds violations is not an error: it returns exit 1.
// The host tool may throw (unlike the core): every throw is caught in main().
#pragma once

#include <stdexcept>
#include <string>

namespace a2a::tool {

class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

inline constexpr int kExitClean = 0;       ///< success; for verify: no violation
inline constexpr int kExitViolations = 1;  ///< verify found violations
inline constexpr int kExitUsage = 2;       ///< bad arguments or bad input

}  // namespace a2a::tool
