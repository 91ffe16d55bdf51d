/* QEMU TCG plugin: exact instruction counts between two marker instructions.
 *
 * Debian ships QEMU 7.2 with the plugin interface built in but without
 * qemu-plugin.h, so the few declarations used here are written out by hand
 * (plugin API version 1, as in QEMU 7.2's include/qemu/qemu-plugin.h).
 *
 * The guest brackets the code to measure with two no-op instructions that
 * compilers never emit (bench/target/icount_markers.h):
 *   START  mov r10, r10  (Thumb 0x46D2)   STOP  mov r11, r11  (Thumb 0x46DB)
 *   FLUSH  mov r9, r9    (Thumb 0x46C9)
 * Every instruction executed between a START and the next STOP is counted
 * (markers excluded); a second START restarts the interval. A FLUSH drops an
 * interval still open and prints one line for the intervals since the last
 * FLUSH:
 *   a2a-icount intervals=<k> min=<a> max=<b> total=<t>
 * Option entry=<address> (hex, a Thumb function's address; bit 0 is ignored):
 * executing the instruction there starts an interval too. An interrupt handler
 * cannot hold a marker before its prologue, so the look-ahead benchmark
 * (lookahead_bench.cpp) starts at the handler's first instruction this way and
 * stops at a STOP right after the WFI it returns to: the count is the handler's
 * instructions from entry to its return, without the hardware's exception entry.
 * Option profile=<file>: every instruction counted in an interval is also counted at
 * its address, and each FLUSH appends "<address hex> <count>" lines (then "flush")
 * to <file>: where a bracket's instructions go (bench/target/profile.py names the
 * functions). Slower (a callback an instruction): for a developer's look, not the
 * benchmarks' figures. With option longest=1 the lines are those of each group's
 * longest interval alone (where the longest step goes).
 * Build: gcc -shared -fPIC -O2 -o libicount.so icount_plugin.c
 * Run:   qemu-system-arm ... -plugin ./libicount.so[,entry=0x...] -d plugin -D <log file>
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct {
  const char* target_name;
  struct {
    int min;
    int cur;
  } version;
  bool system_emulation;
  union {
    struct {
      int smp_vcpus;
      int max_vcpus;
    } system;
  };
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void* userdata);
typedef void (*qemu_plugin_atexit_cb_t)(qemu_plugin_id_t id, void* userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn* insn, qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void* userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn* insn, enum qemu_plugin_op op, void* ptr,
                                                uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_atexit_cb_t cb, void* userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
struct qemu_plugin_insn* qemu_plugin_tb_get_insn(const struct qemu_plugin_tb* tb, size_t idx);
const void* qemu_plugin_insn_data(const struct qemu_plugin_insn* insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn* insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn* insn);
void qemu_plugin_outs(const char* string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

enum { MARK_START = 0x46D2, MARK_STOP = 0x46DB, MARK_FLUSH = 0x46C9 };

static uint64_t executed; /* every non-marker instruction (one vCPU) */
static uint64_t started_at;
static bool running;
static uint64_t intervals, total, min_count, max_count;
static bool have_entry;
static uint64_t entry_address;     /* entry=: an instruction that starts an interval */
static FILE* profile_file;         /* profile=: counts per address */
enum { PROFILE_SLOTS = 1u << 21 }; /* halfwords of one 4 MiB region: the image's code */
static uint64_t* profile_counts;
static uint64_t profile_base; /* the region's address (the first instruction instrumented) */
static bool profile_based;
/* longest=1: the current interval's counts (sparse: the slots it touched), and the
 * group's longest interval's, kept as (slot, count) pairs. */
static bool profile_longest;
static uint32_t* interval_counts;
static uint32_t *touched, touched_count;
static uint32_t *longest_slots, *longest_counts, longest_size;
static uint64_t longest_length;

static void on_profiled(unsigned int vcpu, void* data) {
  (void)vcpu;
  ++executed;
  if (!running) return;
  const uintptr_t slot = (uintptr_t)data;
  if (!profile_longest) {
    ++profile_counts[slot];
  } else if (interval_counts[slot]++ == 0) {
    touched[touched_count++] = (uint32_t)slot;
  }
}

/* longest=1: an interval ended after `length` instructions: kept if the group's longest. */
static void profile_interval_end(uint64_t length) {
  if (!profile_longest) return;
  if (length >= longest_length) {
    longest_length = length;
    longest_size = touched_count;
    for (uint32_t k = 0; k < touched_count; ++k) {
      longest_slots[k] = touched[k];
      longest_counts[k] = interval_counts[touched[k]];
    }
  }
  for (uint32_t k = 0; k < touched_count; ++k) interval_counts[touched[k]] = 0;
  touched_count = 0;
}

static void profile_flush(void) {
  if (profile_file == NULL) return;
  if (profile_longest) {
    for (uint32_t k = 0; k < touched_count; ++k) interval_counts[touched[k]] = 0;
    touched_count = 0;
    for (uint32_t k = 0; k < longest_size; ++k)
      fprintf(profile_file, "%" PRIx64 " %" PRIu32 "\n", profile_base + (uint64_t)longest_slots[k] * 2,
              longest_counts[k]);
    longest_size = 0;
    longest_length = 0;
  }
  for (uint64_t k = 0; k < PROFILE_SLOTS; ++k)
    if (profile_counts[k] != 0) {
      fprintf(profile_file, "%" PRIx64 " %" PRIu64 "\n", profile_base + k * 2, profile_counts[k]);
      profile_counts[k] = 0;
    }
  fprintf(profile_file, "flush\n");
  fflush(profile_file);
}

static void on_start(unsigned int vcpu, void* data) {
  (void)vcpu;
  (void)data;
  started_at = executed + 1; /* the branch right after START (icount_markers.h) is not the interval's */
  running = true;
  if (profile_longest) { /* a restarted interval: what the last one touched is not this one's */
    for (uint32_t k = 0; k < touched_count; ++k) interval_counts[touched[k]] = 0;
    touched_count = 0;
  }
}

/* The entry instruction starts an interval and is its first counted instruction. */
static void on_entry(unsigned int vcpu, void* data) {
  on_start(vcpu, data);
  started_at = executed; /* no branch after it to pass over: this instruction counts */
  ++executed;
}

static void on_stop(unsigned int vcpu, void* data) {
  (void)vcpu;
  (void)data;
  if (!running) return;
  running = false;
  const uint64_t count = executed - started_at - 1; /* the branch to STOP (icount_markers.h) is not the interval's */
  if (intervals == 0 || count < min_count) min_count = count;
  if (intervals == 0 || count > max_count) max_count = count;
  total += count;
  ++intervals;
  profile_interval_end(count);
}

static void on_flush(unsigned int vcpu, void* data) {
  (void)vcpu;
  (void)data;
  running = false; /* an interval still open (started, never stopped) is dropped */
  char line[160];
  snprintf(line, sizeof line, "a2a-icount intervals=%" PRIu64 " min=%" PRIu64 " max=%" PRIu64 " total=%" PRIu64 "\n",
           intervals, min_count, max_count, total);
  qemu_plugin_outs(line);
  intervals = total = min_count = max_count = 0;
  profile_flush();
}

static unsigned marker_of(const struct qemu_plugin_insn* insn) {
  if (qemu_plugin_insn_size(insn) != 2) return 0;
  const uint8_t* bytes = qemu_plugin_insn_data(insn);
  const unsigned half = (unsigned)bytes[0] | ((unsigned)bytes[1] << 8); /* little-endian Thumb */
  return half == MARK_START || half == MARK_STOP || half == MARK_FLUSH ? half : 0;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    if (have_entry && qemu_plugin_insn_vaddr(insn) == entry_address) {
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_entry, QEMU_PLUGIN_CB_NO_REGS, NULL);
      continue;
    }
    switch (marker_of(insn)) {
      case MARK_START: qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL); break;
      case MARK_STOP: qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop, QEMU_PLUGIN_CB_NO_REGS, NULL); break;
      case MARK_FLUSH: qemu_plugin_register_vcpu_insn_exec_cb(insn, on_flush, QEMU_PLUGIN_CB_NO_REGS, NULL); break;
      default:
        if (profile_file != NULL && !profile_based) {
          profile_base = qemu_plugin_insn_vaddr(insn) & ~(uint64_t)(2 * PROFILE_SLOTS - 1);
          profile_based = true;
        }
        if (profile_file != NULL && qemu_plugin_insn_vaddr(insn) - profile_base < 2 * (uint64_t)PROFILE_SLOTS)
          qemu_plugin_register_vcpu_insn_exec_cb(insn, on_profiled, QEMU_PLUGIN_CB_NO_REGS,
                                                 (void*)(uintptr_t)((qemu_plugin_insn_vaddr(insn) - profile_base) / 2));
        else
          qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
        break;
    }
  }
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc,
                                                               char** argv) {
  (void)info;
  for (int i = 0; i < argc; ++i) {
    if (strncmp(argv[i], "entry=", 6) == 0) {
      char* end = NULL;
      entry_address = strtoull(argv[i] + 6, &end, 16) & ~(uint64_t)1;
      if (end == argv[i] + 6 || *end != '\0') return -1;
      have_entry = true;
    } else if (strncmp(argv[i], "profile=", 8) == 0) {
      profile_file = fopen(argv[i] + 8, "w");
      profile_counts = calloc(PROFILE_SLOTS, sizeof *profile_counts);
      if (profile_file == NULL || profile_counts == NULL) return -1;
    } else if (strcmp(argv[i], "longest=1") == 0) {
      profile_longest = true;
      interval_counts = calloc(PROFILE_SLOTS, sizeof *interval_counts);
      touched = calloc(PROFILE_SLOTS, sizeof *touched);
      longest_slots = calloc(PROFILE_SLOTS, sizeof *longest_slots);
      longest_counts = calloc(PROFILE_SLOTS, sizeof *longest_counts);
      if (interval_counts == NULL || touched == NULL || longest_slots == NULL || longest_counts == NULL) return -1;
    } else {
      return -1; /* unknown option: QEMU refuses to load the plugin */
    }
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  return 0;
}
