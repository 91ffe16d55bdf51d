// Compile-fail cases for the register typing: each A2A_CASE must be refused by
// the compiler with the static_assert text the CTest test looks for.
// A2A_CASE=0 is the same code used correctly and must build.
#include <a2a/hal/hal.hpp>

#include <cstdint>

using namespace a2a::hal;

namespace {
struct NullBus {
  std::uint32_t read32(std::uint32_t) { return 0; }
  void write32(std::uint32_t, std::uint32_t) {}
};
}  // namespace

int main() {
  NullBus bus;
  using L = FabricLayout<256, 8>;
#if A2A_CASE == 0
  write_register(bus, L::stage_control(0), RegisterValue<reg::StageControl>{}.set<reg::StageControl::State>(1));
  write_register(bus, L::kControl,
                 RegisterValue<reg::Control>{}.flag<reg::Control::Commit>().set<reg::Control::Ticket>(1));
  const auto status = read_register<reg::Status>(bus, L::kStatus);
  const auto duplicates = read_register<reg::Counter>(bus, offset::kDuplicates);
  return static_cast<int>(status.get<reg::Status::Busy>() + status.get<reg::Status::Ticket>() +
                          duplicates.get<reg::Counter::Count>() +
                          read_register<reg::LastError>(bus, L::kLastError).raw());
#elif A2A_CASE == 1   // building a value with a read-only field
  return static_cast<int>(RegisterValue<reg::Status>{}.set<reg::Status::Busy>(1).raw());
#elif A2A_CASE == 2   // writing a read-only register
  write_register(bus, L::kStatus, RegisterValue<reg::Status>{});
  return 0;
#elif A2A_CASE == 3   // a field of another register
  return static_cast<int>(RegisterValue<reg::StageControl>{}.set<reg::PortHeader::Tag>(1).raw());
#elif A2A_CASE == 4   // reading a write-only field
  return static_cast<int>(RegisterValue<reg::Control>{}.get<reg::Control::Commit>());
#elif A2A_CASE == 5   // reading a write-only register
  return static_cast<int>(read_register<reg::Control>(bus, L::kControl).raw());
#elif A2A_CASE == 6   // a compile-time value wider than its field
  return static_cast<int>(RegisterValue<reg::StageControl>{}.set<reg::StageControl::State, 16>().raw());
#elif A2A_CASE == 7   // a writable field declared in a read-only register
  return static_cast<int>(Field<reg::Status, 0, 1, ReadWrite>::mask);
#elif A2A_CASE == 8   // a block beyond the supported capacity
  return static_cast<int>(FabricLayout<65537, 16>::kSize);
#elif A2A_CASE == 9   // writing a counter (read-only register)
  write_register(bus, offset::kDuplicates, RegisterValue<reg::Counter>{});
  return 0;
#elif A2A_CASE == 10  // setting STATUS.Ticket (a read-only field; CONTROL.Ticket is the writable one)
  return static_cast<int>(RegisterValue<reg::Status>{}.set<reg::Status::Ticket>(3).raw());
#elif A2A_CASE == 11  // LAST_ERROR is read-only
  write_register(bus, L::kLastError, RegisterValue<reg::LastError>{});
  return 0;
#else
#error "unknown A2A_CASE"
#endif
}
