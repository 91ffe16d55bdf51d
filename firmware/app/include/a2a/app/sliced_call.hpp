// A long computation cut into slices: SlicedCall runs a function on a stack of its own
// (the caller's memory) and returns to its caller each time the function yields. The
// device plans around faults and diagnoses a stop this way: every tick of the planning
// meter (plan_meter.hpp) is a yield, so no slice is longer than one planning step,
// and whoever drives the device (a super-loop, an RTOS task, a timer interrupt's
// deferred work) gets control back after each slice, with nothing waiting inside a2a.
//
// Why a second stack and not a state machine: the planners are deep recursive-free
// searches whose state lives in dozens of locals across five nested loops; a stack of
// their own keeps that code one readable function and its cost per step unchanged. The
// switch saves the callee-saved registers (r4-r11 and, with an FPU, s16-s31 on
// Cortex-M; rbx, rbp, r12-r15 and the FP control words on x86-64) and moves the stack
// pointer: tens of instructions. On any other architecture the call runs to its end
// in its first slice (kSlices is false), as a plain call.
//
// Where the stack must be (docs/porting.md, "Planning in slices"):
//  - Bare metal, privileged thread mode on MSP (a super-loop): a slice runs with the
//    slice stack as PSP, so an interrupt stacks only its 32- or 104-byte exception
//    frame there and runs its handler on MSP, the caller's stack (the controller image
//    checks both at build time, stack-report.py). Thread mode on PSP (an RTOS task):
//    the same, the task's stack pointer is switched. Handler mode (the runner called
//    from an interrupt): nested interrupts run on the slice stack too: size it for them.
//  - An RTOS that checks a task's stack pointer against the task's stack (FreeRTOS's
//    configCHECK_FOR_STACK_OVERFLOW method 1, a Cortex-M33's PSPLIM) must see the slice
//    stack inside the task's stack: make it a local array of the task's function, or
//    check by method 2 (the stack's end pattern) only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/app/detail/stack_switch.hpp"

namespace a2a::app {

class SlicedCall {
 public:
  using Body = void (*)(void* context);
  /// Whether this architecture switches stacks (else a call runs in one slice).
  static constexpr bool kSlices = detail::kStackSwitch;
  /// The least stack a call is started on: the switch's frame, the body's first frames.
  static constexpr std::size_t kMinStackBytes = 512;

  /// No stack: every call runs in one slice, on the caller's stack.
  constexpr SlicedCall() = default;
  /// `stack` (kept by reference, aligned by the call) holds every slice's frames.
  explicit SlicedCall(std::span<std::byte> stack) { (void)use_stack(stack); }
  SlicedCall(const SlicedCall&) = delete;  // a suspended call's stack points into it
  SlicedCall& operator=(const SlicedCall&) = delete;
  SlicedCall(SlicedCall&&) = delete;
  SlicedCall& operator=(SlicedCall&&) = delete;
  ~SlicedCall() = default;

  /// Gives it a stack (empty: calls run in one slice). false, and nothing changed, while
  /// a call is under way or for a stack below kMinStackBytes.
  [[nodiscard]] bool use_stack(std::span<std::byte> stack) {
    if (active_ || (!stack.empty() && stack.size() < kMinStackBytes)) return false;
    stack_ = stack;
    paint();
    return true;
  }
  /// Starts `body(context)`; resume() runs it. false while another call is under way.
  [[nodiscard]] bool start(Body body, void* context) {
    if (active_) return false;
    body_ = body;
    context_ = context;
    active_ = true;
    started_ = false;
    return true;
  }
  /// Runs the call until it yields or returns: true once it has returned (then
  /// active() is false and another may start). Call it from the code that started it,
  /// never from inside the body.
  [[nodiscard]] bool resume() {
    if (!active_) return true;
    if (!sliced()) {
      run_in_one_slice(*this);
      active_ = false;
      return true;
    }
    if (!started_) prepare_stack();
    inside_ = true;
    detail::enter_side_stack(switch_, side_bottom(), stack_.size());
    process_stack_ = detail::thread_mode_on_main_stack();
    detail::switch_to_side(process_stack_, &caller_sp_, side_sp_);
    detail::back_from_side_stack(switch_);
    inside_ = false;
    return !active_;
  }
  /// From inside the body: back to resume()'s caller; returns at the next resume().
  /// Outside a sliced call it returns at once.
  void yield() {
    if (!inside_ || !sliced()) return;
    detail::leave_side_stack(switch_);
    detail::switch_to_caller(process_stack_, &side_sp_, caller_sp_);
    detail::back_on_side_stack(switch_);
  }
  /// For a PlanMeter's tick: `context` is the SlicedCall.
  static void yield_tick(void* context) { static_cast<SlicedCall*>(context)->yield(); }

  /// A call has started and not returned.
  [[nodiscard]] bool active() const { return active_; }
  /// The code running now is a slice of the call (its body, on the slice stack).
  [[nodiscard]] bool inside() const { return inside_; }
  /// Calls are cut into slices (a stack is given and the architecture switches).
  [[nodiscard]] bool sliced() const { return kSlices && !stack_.empty(); }
  /// The bytes of the stack the calls run on (its part between 16-byte boundaries; 0: none).
  [[nodiscard]] std::size_t stack_size() const { return aligned(std::span<const std::byte>(stack_)).size(); }
  /// The most of the stack the calls since it was given have used (bytes; the stack is
  /// painted when it is given): how much room is left is stack_size() minus this; all of
  /// it used means it overflowed.
  [[nodiscard]] std::size_t stack_used() const {
    const std::span<const std::byte> usable = aligned(std::span<const std::byte>(stack_));
    std::size_t untouched = 0;
    while (untouched < usable.size() && usable[untouched] == kPaint) ++untouched;
    return usable.size() - untouched;
  }

 private:
  static constexpr std::byte kPaint{0xA5};
  static constexpr std::size_t kAlign = 16;

  /// The part of `stack` between its first and last 16-byte boundary.
  template <class Byte>
  [[nodiscard]] static std::span<Byte> aligned(std::span<Byte> stack) {
    if (stack.empty()) return {};
    const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(stack.data()) % kAlign;
    const std::size_t skip = misaligned == 0 ? 0 : kAlign - misaligned;
    if (stack.size() <= skip) return {};
    return stack.subspan(skip, (stack.size() - skip) / kAlign * kAlign);
  }
  [[nodiscard]] const void* side_bottom() const { return stack_.data(); }

  /// Paints the stack, for stack_used().
  void paint() {
    for (std::byte& b : aligned(stack_)) b = kPaint;
  }
  /// Lays out the frame the first switch pops: it returns into the trampoline, which
  /// calls run_on_side_stack(this).
  void prepare_stack() {
    const std::span<std::byte> usable = aligned(stack_);
    side_sp_ = detail::initial_frame(usable.data() + usable.size(), &SlicedCall::run_on_side_stack, this);
    started_ = true;
  }
  /// The body's first frame on the slice stack: runs it, then switches back for good.
  [[noreturn]] static void run_on_side_stack(void* self) {
    auto* call = static_cast<SlicedCall*>(self);
    detail::first_on_side_stack(call->switch_);
    call->body_(call->context_);
    call->active_ = false;
    detail::leave_side_stack_for_good(call->switch_);
    detail::switch_to_caller(call->process_stack_, &call->side_sp_, call->caller_sp_);
    __builtin_unreachable();
  }
  /// Without a stack: the body here and now. Not inlined into the caller, so a
  /// static call graph (stack-report.py) sees the body only as an indirect call, as on
  /// the slice stack, and not beneath the caller's frames.
#if defined(__GNUC__) && !defined(__clang__)
  [[gnu::noipa]]
#else
  [[gnu::noinline]]
#endif
  static void
  run_in_one_slice(SlicedCall& call) {
    call.body_(call.context_);
  }

  std::span<std::byte> stack_{};
  Body body_{nullptr};
  void* context_{nullptr};
  void* caller_sp_{nullptr};
  void* side_sp_{nullptr};
  detail::SwitchNotes switch_{};
  bool active_{false};
  bool started_{false};
  bool inside_{false};
  bool process_stack_{false};  ///< this slice runs as the process stack (thread_mode_on_main_stack)
};

}  // namespace a2a::app
