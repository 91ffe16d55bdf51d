// The stack switch beneath SlicedCall (sliced_call.hpp): one naked function per
// architecture that saves the callee-saved registers on the stack it leaves, stores
// that stack pointer, loads the other one and pops what was saved there; the frame a
// new stack starts from (initial_frame); and AddressSanitizer's notes on the switch
// (its fiber interface), which keep its view of the stack right on the host.
#pragma once
// IWYU pragma: private, include "a2a/app/sliced_call.hpp"

#include <cstddef>
#include <cstdint>

#if defined(__SANITIZE_ADDRESS__)
#define A2A_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define A2A_ASAN_FIBERS 1
#endif
#endif
#if defined(A2A_ASAN_FIBERS)
#include <sanitizer/common_interface_defs.h>
#endif

namespace a2a::app::detail {

#if defined(__x86_64__) && !defined(_WIN32)
inline constexpr bool kStackSwitch = true;
/// Saves rbp, rbx, r12-r15 and the SSE and x87 control words on the stack it leaves,
/// stores rsp in *save_sp (rdi), loads load_sp (rsi) and restores the same from there.
[[gnu::naked, gnu::noinline]] inline void switch_stacks(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile(
      "pushq %rbp\n pushq %rbx\n pushq %r12\n pushq %r13\n pushq %r14\n pushq %r15\n"
      "subq $8, %rsp\n stmxcsr (%rsp)\n fnstcw 4(%rsp)\n"
      "movq %rsp, (%rdi)\n movq %rsi, %rsp\n"
      "ldmxcsr (%rsp)\n fldcw 4(%rsp)\n addq $8, %rsp\n"
      "popq %r15\n popq %r14\n popq %r13\n popq %r12\n popq %rbx\n popq %rbp\n ret\n");
}
/// A new stack's first return lands here: entry(arg), r13(r12); entry never returns.
[[gnu::naked, gnu::noinline]] inline void side_stack_trampoline() {
  __asm__ volatile("movq %r12, %rdi\n callq *%r13\n ud2\n");
}
inline constexpr std::size_t kFrameWords = 8;
inline constexpr std::size_t kEntryWord = 3;  // r13
inline constexpr std::size_t kArgWord = 4;    // r12
inline constexpr std::size_t kReturnWord = 7;
inline constexpr std::uintptr_t kControlWords = 0x1F80U | (std::uintptr_t{0x037FU} << 32);  // MXCSR, x87 CW at reset
#elif defined(__arm__) && defined(__thumb2__)
inline constexpr bool kStackSwitch = true;
#if defined(__ARM_FP)
#define A2A_SWITCH_SAVE_FP "vpush {s16-s31}\n"
#define A2A_SWITCH_LOAD_FP "vpop {s16-s31}\n"
inline constexpr std::size_t kFpWords = 16;
#else
#define A2A_SWITCH_SAVE_FP ""
#define A2A_SWITCH_LOAD_FP ""
inline constexpr std::size_t kFpWords = 0;
#endif
/// Thumb-2 (ARMv7-M, ARMv8-M mainline): r4-r11 and lr, with an FPU s16-s31.
[[gnu::naked, gnu::noinline]] inline void switch_stacks(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile("push {r4-r11, lr}\n" A2A_SWITCH_SAVE_FP
                   "mov r2, sp\n str r2, [r0]\n mov sp, r1\n" A2A_SWITCH_LOAD_FP "pop {r4-r11, pc}\n");
}
/// The same, into a slice stack as the process stack: the stack it leaves is MSP (kept
/// as it is), the one it loads becomes PSP and thread mode moves onto it (SPSEL).
[[gnu::naked, gnu::noinline]] inline void enter_process_stack(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile("push {r4-r11, lr}\n" A2A_SWITCH_SAVE_FP
                   "mov r2, sp\n str r2, [r0]\n msr psp, r1\n"
                   "mrs r2, control\n orr r2, r2, #2\n msr control, r2\n isb\n" A2A_SWITCH_LOAD_FP
                   "pop {r4-r11, pc}\n");
}
/// Back from the process stack: thread mode moves onto MSP again, which `load_sp` is.
[[gnu::naked, gnu::noinline]] inline void leave_process_stack(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile("push {r4-r11, lr}\n" A2A_SWITCH_SAVE_FP
                   "mov r2, sp\n str r2, [r0]\n"
                   "mrs r2, control\n bic r2, r2, #2\n msr control, r2\n isb\n mov sp, r1\n" A2A_SWITCH_LOAD_FP
                   "pop {r4-r11, pc}\n");
}
inline constexpr std::size_t kFrameWords = kFpWords + 9;
inline constexpr std::size_t kEntryWord = kFpWords + 0;  // r4
inline constexpr std::size_t kArgWord = kFpWords + 1;    // r5
inline constexpr std::size_t kReturnWord = kFpWords + 8;
#undef A2A_SWITCH_SAVE_FP
#undef A2A_SWITCH_LOAD_FP
#elif defined(__arm__) && defined(__thumb__)
inline constexpr bool kStackSwitch = true;
/// Thumb-1 (ARMv6-M, ARMv8-M baseline): r8-r11 go through r4-r7, which are pushed first.
[[gnu::naked, gnu::noinline]] inline void switch_stacks(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile(
      "push {r4-r7, lr}\n mov r4, r8\n mov r5, r9\n mov r6, r10\n mov r7, r11\n push {r4-r7}\n"
      "mov r2, sp\n str r2, [r0]\n mov sp, r1\n"
      "pop {r4-r7}\n mov r8, r4\n mov r9, r5\n mov r10, r6\n mov r11, r7\n pop {r4-r7, pc}\n");
}
/// CONTROL is written whole: ARMv6-M and ARMv8-M baseline have no bits in it but nPRIV
/// and SPSEL, and thread_mode_on_main_stack() found both clear.
[[gnu::naked, gnu::noinline]] inline void enter_process_stack(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile(
      "push {r4-r7, lr}\n mov r4, r8\n mov r5, r9\n mov r6, r10\n mov r7, r11\n push {r4-r7}\n"
      "mov r2, sp\n str r2, [r0]\n msr psp, r1\n"
      "movs r2, #2\n msr control, r2\n isb\n"
      "pop {r4-r7}\n mov r8, r4\n mov r9, r5\n mov r10, r6\n mov r11, r7\n pop {r4-r7, pc}\n");
}
[[gnu::naked, gnu::noinline]] inline void leave_process_stack(void** /*save_sp*/, void* /*load_sp*/) {
  __asm__ volatile(
      "push {r4-r7, lr}\n mov r4, r8\n mov r5, r9\n mov r6, r10\n mov r7, r11\n push {r4-r7}\n"
      "mov r2, sp\n str r2, [r0]\n"
      "movs r2, #0\n msr control, r2\n isb\n mov sp, r1\n"
      "pop {r4-r7}\n mov r8, r4\n mov r9, r5\n mov r10, r6\n mov r11, r7\n pop {r4-r7, pc}\n");
}
inline constexpr std::size_t kFrameWords = 9;
inline constexpr std::size_t kEntryWord = 4;  // r4 (the words before it are r8-r11)
inline constexpr std::size_t kArgWord = 5;    // r5
inline constexpr std::size_t kReturnWord = 8;
#else
inline constexpr bool kStackSwitch = false;
inline void switch_stacks(void**, void*) {}
#endif

#if defined(__arm__) && defined(__thumb__)
/// entry(arg), r4(r5); entry never returns.
[[gnu::naked, gnu::noinline]] inline void side_stack_trampoline() { __asm__ volatile("mov r0, r5\n blx r4\n b .\n"); }
inline constexpr std::uintptr_t kControlWords = 0;
/// Privileged thread mode on the main stack (a bare-metal super-loop): a slice then runs
/// on the process stack, so an interrupt taken in it stacks one exception frame there
/// and runs its handler on the main stack, and the slice stack need not hold the
/// handlers too. Anywhere else (an RTOS task on PSP, handler mode) the stack pointer in
/// use is switched as it is.
inline bool thread_mode_on_main_stack() {
  std::uint32_t ipsr = 0;
  std::uint32_t control = 0;
  __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
  __asm__ volatile("mrs %0, control" : "=r"(control));
  return ipsr == 0 && (control & 3U) == 0;  // nPRIV and SPSEL clear
}
/// Into the slice stack, as the process stack when `process_stack`, else as it is.
inline void switch_to_side(bool process_stack, void** save_sp, void* load_sp) {
  if (process_stack) {
    enter_process_stack(save_sp, load_sp);
  } else {
    switch_stacks(save_sp, load_sp);
  }
}
/// Back to the caller's stack, the way switch_to_side() came.
inline void switch_to_caller(bool process_stack, void** save_sp, void* load_sp) {
  if (process_stack) {
    leave_process_stack(save_sp, load_sp);
  } else {
    switch_stacks(save_sp, load_sp);
  }
}
#else
inline bool thread_mode_on_main_stack() { return false; }
inline void switch_to_side(bool, void** save_sp, void* load_sp) { switch_stacks(save_sp, load_sp); }
inline void switch_to_caller(bool, void** save_sp, void* load_sp) { switch_stacks(save_sp, load_sp); }
#endif

/// The stack pointer a new stack starts from, below `top`: switch_stacks() pops zeros
/// into the saved registers, `entry` and `arg` where the trampoline finds them, and
/// returns into the trampoline with the stack aligned as a call needs it (16 bytes).
#if defined(__x86_64__) && !defined(_WIN32) || defined(__arm__) && defined(__thumb__)
inline void* initial_frame(std::byte* top, void (*entry)(void*), void* arg) {
  // (top is the stack's 16-byte aligned end: through void*, which says so to -Wcast-align)
  auto* words = static_cast<std::uintptr_t*>(static_cast<void*>(top)) - kFrameWords;
  for (std::size_t k = 0; k < kFrameWords; ++k) words[k] = 0;
  words[0] = kControlWords;  // x86-64: the control words (the FPU's first saved word elsewhere: 0)
  words[kEntryWord] = reinterpret_cast<std::uintptr_t>(entry);
  words[kArgWord] = reinterpret_cast<std::uintptr_t>(arg);
  words[kReturnWord] = reinterpret_cast<std::uintptr_t>(&side_stack_trampoline);
  return words;
}
#else
inline void* initial_frame(std::byte* top, void (*)(void*), void*) { return top; }
#endif

/// AddressSanitizer's fiber notes: its fake stacks and the caller's stack bounds.
struct SwitchNotes {
  void* caller_fake{nullptr};
  void* side_fake{nullptr};
  const void* caller_bottom{nullptr};
  std::size_t caller_size{0};
};
#if defined(A2A_ASAN_FIBERS)
inline void enter_side_stack(SwitchNotes& n, const void* bottom, std::size_t size) {
  __sanitizer_start_switch_fiber(&n.caller_fake, bottom, size);
}
inline void back_from_side_stack(SwitchNotes& n) { __sanitizer_finish_switch_fiber(n.caller_fake, nullptr, nullptr); }
inline void first_on_side_stack(SwitchNotes& n) {
  __sanitizer_finish_switch_fiber(nullptr, &n.caller_bottom, &n.caller_size);
}
inline void leave_side_stack(SwitchNotes& n) {
  __sanitizer_start_switch_fiber(&n.side_fake, n.caller_bottom, n.caller_size);
}
inline void back_on_side_stack(SwitchNotes& n) {
  __sanitizer_finish_switch_fiber(n.side_fake, &n.caller_bottom, &n.caller_size);
}
inline void leave_side_stack_for_good(SwitchNotes& n) {
  __sanitizer_start_switch_fiber(nullptr, n.caller_bottom, n.caller_size);
}
#else
inline void enter_side_stack(SwitchNotes&, const void*, std::size_t) {}
inline void back_from_side_stack(SwitchNotes&) {}
inline void first_on_side_stack(SwitchNotes&) {}
inline void leave_side_stack(SwitchNotes&) {}
inline void back_on_side_stack(SwitchNotes&) {}
inline void leave_side_stack_for_good(SwitchNotes&) {}
#endif

}  // namespace a2a::app::detail
