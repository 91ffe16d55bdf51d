// a2a/app/sliced_call.hpp: a computation on a stack of its own, returning to its caller
// at every yield: the slices are counted, the caller's registers (integer and, on
// boards with an FPU, floating point) survive each switch, a planner metered by
// yield_tick plans exactly what it plans in one call, and calls are refused while one
// is under way. Portable: every board runs it (Thumb-1, Thumb-2 with and without an FPU).
#include <a2a/app/sliced_call.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

#include "a2a/a2a.hpp"
#include "a2a_test.hpp"

namespace sliced_call_unit {
using a2a::app::SlicedCall;

#if defined(__arm__)
constexpr std::size_t kStackBytes = 6144;  // the planner's frames at N = 16 on Cortex-M
#else
constexpr std::size_t kStackBytes = 256 * 1024;  // host frames, with AddressSanitizer's redzones
#endif
alignas(16) std::array<std::byte, kStackBytes> g_stack{};

struct Counter {
  SlicedCall* call{nullptr};
  std::uint32_t yields{0};
  std::uint32_t progress{0};
  volatile float scale{1.5F};
};
/// Counts to `yields`, yielding after each count; floats kept live across the switches.
void count_body(void* context) {
  auto* c = static_cast<Counter*>(context);
  float acc = c->scale;
  for (std::uint32_t k = 0; k < c->yields; ++k) {
    ++c->progress;
    acc = acc * 1.0F + 0.5F;
    c->call->yield();
  }
  c->progress += acc == c->scale + 0.5F * static_cast<float>(c->yields) ? 1000U : 0U;
}
/// Recurses `depth` frames of 64 bytes each: the stack's high-water mark grows.
std::uint32_t deep(std::uint32_t depth, SlicedCall& call) {
  volatile std::uint8_t frame[64] = {};
  frame[depth % 64] = static_cast<std::uint8_t>(depth);
  if (depth == 0) {
    call.yield();
    return frame[0];
  }
  return deep(depth - 1, call) + frame[depth % 64];
}
struct Deep {
  SlicedCall* call{nullptr};
  std::uint32_t result{0};
};
void deep_body(void* context) {
  auto* d = static_cast<Deep*>(context);
  d->result = deep(24, *d->call);
}

/// Plans one faulty switch of the baseline network (the relay planner, metered).
struct Planning {
  a2a::SingleFaultPlanStorage<16>* storage{nullptr};
  a2a::PlanMeter* meter{nullptr};
  std::uint32_t rounds{0};
  std::uint32_t first_extra_word{0};
};
void plan_body(void* context) {
  auto* p = static_cast<Planning*>(context);
  const auto net = a2a::make_network(a2a::Topology::baseline, 16).value();
  a2a::FaultPlanOptions options;
  options.meter = p->meter;
  const auto plan = a2a::FaultTolerantSchedule::make(net, a2a::SwitchFault{2, 3}, p->storage->span(), options);
  if (!plan) return;
  p->rounds = plan->rounds();
  p->first_extra_word = plan->round(16).word();
}
a2a::SingleFaultPlanStorage<16> g_plan_storage;
struct TickCount {
  SlicedCall* call{nullptr};
  std::uint32_t count{0};
};
/// A meter's tick: counted, then SlicedCall::yield_tick.
void count_and_yield(void* context) {
  auto* t = static_cast<TickCount*>(context);
  ++t->count;
  SlicedCall::yield_tick(t->call);
}

#if defined(__arm__)
/// What the stack pointers were inside a slice and in an interrupt taken there.
struct StackSeen {
  std::uint32_t control_in_slice{0};
  std::uintptr_t local_in_slice{0};
  std::uintptr_t handler_sp{0};  // the PendSV handler's own stack pointer
  std::uintptr_t psp_in_handler{0};
  bool handled{false};
};
StackSeen g_seen;
std::uint32_t control_now() {
  std::uint32_t control = 0;
  __asm__ volatile("mrs %0, control" : "=r"(control));
  return control;
}
/// Pends PendSV (ICSR.PENDSVSET) from inside the slice: it is taken at once.
void pend_sv_body(void* context) {
  volatile std::uint32_t local = 0;
  g_seen.control_in_slice = control_now();
  g_seen.local_in_slice = reinterpret_cast<std::uintptr_t>(&local);
  *reinterpret_cast<volatile std::uint32_t*>(0xE000ED04U) = 1U << 28;
  __asm__ volatile("dsb\n isb" ::: "memory");
  static_cast<SlicedCall*>(context)->yield();
}
bool in_stack(std::uintptr_t address) {
  const auto bottom = reinterpret_cast<std::uintptr_t>(g_stack.data());
  return address >= bottom && address < bottom + g_stack.size();
}
#endif
}  // namespace sliced_call_unit

#if defined(__arm__)
extern "C" void PendSV_Handler() {
  std::uintptr_t sp = 0;
  std::uintptr_t psp = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  __asm__ volatile("mrs %0, psp" : "=r"(psp));
  sliced_call_unit::g_seen.handler_sp = sp;
  sliced_call_unit::g_seen.psp_in_handler = psp;
  sliced_call_unit::g_seen.handled = true;
}

TEST_CASE("sliced call: from thread mode on MSP a slice runs on PSP; an interrupt's handler stays on MSP") {
  using namespace sliced_call_unit;
  REQUIRE((control_now() & 2U) == 0);  // the test runs in thread mode on MSP
  SlicedCall call(g_stack);
  REQUIRE(call.start(&pend_sv_body, &call));
  CHECK_FALSE(call.resume());
  CHECK((g_seen.control_in_slice & 2U) != 0);  // SPSEL: the slice ran on PSP
  CHECK(in_stack(g_seen.local_in_slice));
  REQUIRE(g_seen.handled);
  CHECK_FALSE(in_stack(g_seen.handler_sp));  // the handler ran on MSP, the caller's stack
  CHECK(in_stack(g_seen.psp_in_handler));    // its exception frame went on the slice stack
  CHECK((control_now() & 2U) == 0);          // back on MSP between slices
  CHECK(call.resume());
  CHECK((control_now() & 2U) == 0);  // and after the call's end
}
#endif

TEST_CASE("sliced call: each yield ends a slice; registers and floats survive; the call ends once") {
  using namespace sliced_call_unit;
  SlicedCall call(g_stack);
  CHECK(call.sliced() == SlicedCall::kSlices);
  Counter c;
  c.call = &call;
  c.yields = 5;
  REQUIRE(call.start(&count_body, &c));
  CHECK_FALSE(call.start(&count_body, &c));  // one at a time
  CHECK_FALSE(call.use_stack({}));           // the stack stays while a call is under way
  std::uint32_t slices = 0;
  std::uint32_t live = 0x5A5A0000U;  // held in a callee-saved register across each resume
  float live_float = 2.25F;
  while (!call.resume()) {
    ++slices;
    if (SlicedCall::kSlices) CHECK(c.progress == slices);  // the body stopped where it yielded
    live += slices;
    live_float *= 2.0F;
  }
  CHECK(c.progress == 1005U);  // five counts, and its float intact at the end
  if (SlicedCall::kSlices) {
    CHECK(slices == 5);
    CHECK(live == 0x5A5A0000U + 15U);
    CHECK(live_float == 2.25F * 32.0F);
  }
  CHECK_FALSE(call.active());
  CHECK(call.resume());  // nothing under way: done at once
}

TEST_CASE("sliced call: the stack's high-water mark; a second call reuses the stack") {
  using namespace sliced_call_unit;
  SlicedCall call(g_stack);
  Deep d;
  d.call = &call;
  REQUIRE(call.start(&deep_body, &d));
  std::uint32_t slices = 0;
  while (!call.resume()) ++slices;
  CHECK(d.result == 24U * 25U / 2U);
  if (SlicedCall::kSlices) {
    CHECK(slices == 1);
    CHECK(call.stack_used() >= 25U * 64U);  // 25 frames of at least 64 bytes
    CHECK(call.stack_used() < kStackBytes);
  }
  d.result = 0;
  REQUIRE(call.start(&deep_body, &d));
  while (!call.resume()) {
  }
  CHECK(d.result == 24U * 25U / 2U);
}

TEST_CASE("sliced call: without a stack the call runs in one slice; yield outside a call returns") {
  using namespace sliced_call_unit;
  SlicedCall call;
  CHECK_FALSE(call.sliced());
  call.yield();  // not inside a call: nothing happens
  Counter c;
  c.call = &call;
  c.yields = 3;
  REQUIRE(call.start(&count_body, &c));
  CHECK(call.resume());  // all of it
  CHECK(c.progress == 1003U);
  std::array<std::byte, 64> small{};
  CHECK_FALSE(call.use_stack(small));  // below kMinStackBytes
  CHECK_FALSE(call.sliced());
}

TEST_CASE("sliced call: a planner whose meter yields plans what it plans in one call, one slice a step") {
  using namespace sliced_call_unit;
  Planning whole;
  a2a::PlanMeter whole_meter;
  whole.storage = &g_plan_storage;
  whole.meter = &whole_meter;
  plan_body(&whole);
  REQUIRE(whole.rounds > 16U);

  SlicedCall call(g_stack);
  TickCount ticks{&call};
  a2a::PlanMeter meter(0, &count_and_yield, &ticks);
  Planning sliced;
  sliced.storage = &g_plan_storage;
  sliced.meter = &meter;
  REQUIRE(call.start(&plan_body, &sliced));
  std::uint32_t slices = 1;
  while (!call.resume()) ++slices;
  CHECK(sliced.rounds == whole.rounds);
  CHECK(sliced.first_extra_word == whole.first_extra_word);
  CHECK(meter.steps() == whole_meter.steps());
  if (SlicedCall::kSlices) {
    CHECK(slices == ticks.count + 1);  // a slice per tick (every step, every checkpoint), and the last piece
    CHECK(ticks.count >= meter.steps());
    CHECK(call.stack_used() < kStackBytes);
  }
}
