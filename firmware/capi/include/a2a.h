/* a2a.h: the C API of a2a (docs/c-api.md).
 *
 * C99 and C11 programs (and C++ ones, through extern "C") drive the core from
 * here: make a network, a schedule of any family, take round r (stage word,
 * switch states), ask what a port sends (destination, tag, relay) and check a
 * whole exchange. The API allocates nothing: every state lives in the caller's
 * fixed-size structs, whose sizes below are pinned (a change is a new
 * A2A_CAPI_VERSION) and held to the C++ objects by static_asserts (src/).
 * Every call that can fail returns an a2a_status; a2a_strerror() says what it
 * means. The numbers of the core's errors are the core's (errc.hpp), the ones
 * only this API reports start at 192. */
#ifndef A2A_H
#define A2A_H

/* A C header: C's headers and typedefs, not C++'s <cstdint> and using (clang-tidy
 * reads it as C++). NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using) */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define A2A_CAPI_VERSION 1

/* Bytes of the opaque states, the same on every target (docs/c-api.md has the
 * table); both are aligned for uint64_t. */
#define A2A_SCHEDULE_SIZE 512
#define A2A_ROUND_SIZE 96

/* Words of scratch a2a_check_exchange() needs for a network of at most N ports
 * and S stages: A2A_CHECK_WORDS for the fast (stage-parallel) check,
 * A2A_CHECK_MIN_WORDS at least (then it traces signal by signal). */
#define A2A_CHECK_MIN_WORDS(N, S) (2u * (((N) * (N) + 31u) / 32u) + (((N) + 31u) / 32u) * (1u + (S)))
#define A2A_CHECK_WORDS(N, S) (A2A_CHECK_MIN_WORDS(N, S) + 5u * (N) + 5u * (N) * (S))

/* Bytes of relay-plan storage a fault-tolerant schedule on baseline, banyan or
 * their reverses needs for N ports (4-byte aligned; it must outlive the schedule). */
#define A2A_FAULT_STORAGE_BYTES(N) (106u * (N) + 4u)

/* The status of a call: a2a::Errc's codes, named here one by one in their layers'
 * ranges (the core's, the configuration block's, the fabric's: stated once, in
 * a2a/errc.hpp), then this API's own from A2A_ERR_NULL_ARGUMENT on. */
typedef enum a2a_status {
  A2A_OK = 0,
  A2A_ERR_RADIX_TOO_SMALL = 1,
  A2A_ERR_RADIX_TOO_LARGE = 2,
  A2A_ERR_PORTS_TOO_SMALL = 3,
  A2A_ERR_PORTS_TOO_LARGE = 4,
  A2A_ERR_PORTS_ODD = 5,
  A2A_ERR_PORTS_NOT_POWER_OF_RADIX = 6,
  A2A_ERR_TOPOLOGY_UNKNOWN = 7,
  A2A_ERR_TOPOLOGY_NEEDS_BINARY = 8,
  A2A_ERR_SHIFT_NEEDS_BINARY = 9,
  A2A_ERR_SHIFT_PORTS_TOO_LARGE = 10,
  A2A_ERR_PORT_OUT_OF_RANGE = 11,
  A2A_ERR_ROUND_OUT_OF_RANGE = 12,
  A2A_ERR_STAGE_OUT_OF_RANGE = 13,
  A2A_ERR_SWITCH_OUT_OF_RANGE = 14,
  A2A_ERR_STATE_OUT_OF_RANGE = 15,
  A2A_ERR_SCHEDULE_UNKNOWN = 16,
  A2A_ERR_SCHEDULE_NEEDS_UNIQUE_PATH = 17,
  A2A_ERR_SCHEDULE_NEEDS_PORTS_2_MOD_4 = 18,
  A2A_ERR_SCHEDULE_NEEDS_GSEN = 19,
  A2A_ERR_INITIAL_CONFIG_NEEDS_BINARY = 20,
  A2A_ERR_INITIAL_CONFIG_SIZE_MISMATCH = 21,
  A2A_ERR_SHIFT_NETWORK_NEEDS_SHIFT_SCHEDULE = 22,
  A2A_ERR_SCHEDULE_NEEDS_SHIFT_NETWORK = 23,
  A2A_ERR_OPTICAL_NEEDS_BINARY = 24,
  A2A_ERR_SCHEDULE_SET_MALFORMED = 25,
  A2A_ERR_SCHEDULE_SET_INCOMPLETE = 26,
  A2A_ERR_SCHEDULE_ORDER_NEEDS_ALL_CONFIGURATIONS = 27,
  A2A_ERR_GSEN_SCHEDULE_ON_OTHER_TOPOLOGY = 28,
  A2A_ERR_TABLE_SIZE_MISMATCH = 29,
  A2A_ERR_FAULT_OUT_OF_RANGE = 30,
  A2A_ERR_FAULTS_NOT_SUPPORTED = 31,
  A2A_ERR_FAULT_CUTS_OFF_PROCESSORS = 32,
  A2A_ERR_SCHEDULE_NEEDS_FAULT = 33,
  A2A_ERR_FAULT_PLAN_STORAGE_TOO_SMALL = 34,
  A2A_ERR_FAULT_PLAN_TOO_LONG = 35,
  A2A_ERR_LINK_FAULT_OUT_OF_RANGE = 36,
  A2A_ERR_FAULT_DUPLICATE = 37,
  A2A_ERR_FAULTS_TOO_MANY = 38,
  A2A_ERR_FAULTS_SEPARATE_PROCESSORS = 39,
  A2A_ERR_TABLE_NEEDS_BINARY = 40,
  A2A_ERR_TABLE_PORTS_TOO_LARGE = 41,
  A2A_ERR_TABLE_MALFORMED = 42,
  A2A_ERR_TABLE_NOT_EXACT = 43,
  A2A_ERR_TABLE_NONE_FOR_NETWORK = 44,
  A2A_ERR_FAULT_PLAN_OVER_BUDGET = 45,
  A2A_ERR_TOPOLOGY_NOT_BUILT = 46,
  A2A_ERR_SCHEDULE_NOT_BUILT = 47,
  A2A_ERR_CONFIG_TOO_SHORT = 64,
  A2A_ERR_CONFIG_BAD_MAGIC = 65,
  A2A_ERR_CONFIG_UNSUPPORTED_VERSION = 66,
  A2A_ERR_CONFIG_CRC_MISMATCH = 67,
  A2A_ERR_CONFIG_BAD_ORDER = 68,
  A2A_ERR_CONFIG_TOO_MANY_FAULTS = 69,
  A2A_ERR_CONFIG_RESERVED_NOT_ZERO = 70,
  A2A_ERR_ARGUMENT_UNKNOWN_KEY = 71,
  A2A_ERR_ARGUMENT_BAD_VALUE = 72,
  A2A_ERR_ARGUMENT_REPEATED = 73,
  A2A_ERR_CONFIG_FAULT_FLAGS_INVALID = 74,
  A2A_ERR_CONFIG_TIME_OUT_OF_RANGE = 75,
  A2A_ERR_CONFIG_UNKNOWN_FABRIC = 76,
  A2A_ERR_CONFIG_STORE_ABSENT = 77,
  A2A_ERR_CONFIG_STORE_EMPTY = 78,
  A2A_ERR_CONFIG_FLASH_LOCKED = 79,
  A2A_ERR_CONFIG_FLASH_WRITE_PROTECTED = 80,
  A2A_ERR_CONFIG_FLASH_ALIGNMENT_ERROR = 81,
  A2A_ERR_CONFIG_FLASH_PARALLELISM_ERROR = 82,
  A2A_ERR_CONFIG_FLASH_SEQUENCE_ERROR = 83,
  A2A_ERR_CONFIG_FLASH_OPERATION_ERROR = 84,
  A2A_ERR_CONFIG_FLASH_TIMEOUT = 85,
  A2A_ERR_CONFIG_FLASH_NOT_ERASED = 86,
  A2A_ERR_CONFIG_FLASH_VERIFY_MISMATCH = 87,
  A2A_ERR_TAG_OUT_OF_RANGE = 128,
  A2A_ERR_CONTROL_MODE_UNKNOWN = 129,
  A2A_ERR_FABRIC_NOT_CONFIGURED = 130,
  A2A_ERR_FABRIC_NETWORK_MISMATCH = 131,
  A2A_ERR_FABRIC_CAPACITY_EXCEEDED = 132,
  A2A_ERR_FABRIC_DEVICE_MISMATCH = 133,
  A2A_ERR_FABRIC_TIMEOUT = 134,
  A2A_ERR_FABRIC_ROUND_NOT_RUN = 135,
  A2A_ERR_FABRIC_ROUND_FAULTED = 136,
  A2A_ERR_FABRIC_READBACK_MISMATCH = 137,
  A2A_ERR_FABRIC_ROUND_IN_DOUBT = 138,
  A2A_ERR_POLL_BOUND_ZERO = 139,
  A2A_ERR_FABRIC_INJECT_UNSUPPORTED = 140,
  A2A_ERR_FABRIC_RELAY_UNSUPPORTED = 141,
  A2A_ERR_FABRIC_RELAY_OFF = 142,
  A2A_ERR_LOOKAHEAD_INDIVIDUAL_CONTROL = 143,
  A2A_ERR_LOOKAHEAD_NEEDS_ONE_STAGE = 144,
  A2A_ERR_LOOKAHEAD_BAD_WINDOW = 145,
  A2A_ERR_SLOT_TIMER_REFUSED = 146,
  A2A_ERR_STEPPER_NEEDS_GRAY_STEPS = 147,
  A2A_ERR_FABRIC_ROUND_INCOMPLETE = 148,
  A2A_ERR_EXCHANGE_STOPPED = 149,
  A2A_ERR_BUS_NACK = 150,
  A2A_ERR_BUS_TIMEOUT = 151,
  A2A_ERR_BUS_READBACK_MISMATCH = 152,
  A2A_ERR_FABRIC_TIMING_UNSUPPORTED = 153,
  A2A_ERR_FABRIC_BACKEND_UNAVAILABLE = 154,
  A2A_ERR_EXCHANGE_UNACKNOWLEDGED = 155,
  A2A_ERR_FABRIC_OPERATION_UNSUPPORTED = 156,
  /* --- the C API's own (192-255) */
  A2A_ERR_NULL_ARGUMENT = 192,
  A2A_ERR_NOT_MADE = 193,
  A2A_ERR_ROUND_OF_OTHER_SCHEDULE = 194,
  A2A_ERR_BUFFER_TOO_SMALL = 195,
  A2A_ERR_EXCHANGE_VIOLATION = 196,
  A2A_ERR_BUFFER_MISALIGNED = 197,
  A2A_STATUS_MAX_ENUM = 0x7FFFFFFF /* any int-sized value may arrive from C: refused, never undefined */
} a2a_status;

/* The topology codes of the configuration block (pinned). */
typedef enum a2a_topology {
  A2A_OMEGA = 0,
  A2A_BASELINE = 1,
  A2A_BANYAN = 2,
  A2A_REVERSE_OMEGA = 3,
  A2A_REVERSE_BASELINE = 4,
  A2A_REVERSE_BANYAN = 5,
  A2A_GSEN = 6,
  A2A_SHIFT = 7,
  A2A_TOPOLOGY_MAX_ENUM = 0x7FFFFFFF /* any int-sized value may arrive from C: refused, never undefined */
} a2a_topology;

/* The schedule families, by their configuration-block codes (pinned). */
typedef enum a2a_family {
  A2A_LATIN_SQUARE = 0,
  A2A_ALTERNATING = 1,
  A2A_OPTICAL = 2,
  A2A_SHIFT_PASSES = 3,
  A2A_GSEN_STAGE_CONTROL = 4,
  A2A_DOUBLY_ALTERNATING = 5,
  A2A_QUADRUPLY_ALTERNATING = 6,
  A2A_BROADCAST = 7,
  A2A_FAULT_TOLERANT = 8,
  A2A_TABLE = 9,
  A2A_FAMILY_MAX_ENUM = 0x7FFFFFFF /* any int-sized value may arrive from C: refused, never undefined */
} a2a_family;

typedef enum a2a_order { A2A_NATURAL = 0, A2A_GRAY = 1, A2A_ORDER_MAX_ENUM = 0x7FFFFFFF } a2a_order;

/* How a round sets its switches (a2a_round_info.control). */
typedef enum a2a_control {
  A2A_CONTROL_STAGE = 0,
  A2A_CONTROL_ALTERNATING = 1,
  A2A_CONTROL_DOUBLY_ALTERNATING = 2,
  A2A_CONTROL_QUADRUPLY_ALTERNATING = 3,
  A2A_CONTROL_INDIVIDUAL = 4,
  A2A_CONTROL_MAX_ENUM = 0x7FFFFFFF /* any int-sized value may arrive from C: refused, never undefined */
} a2a_control;

/* What a2a_check_exchange() found first (a2a_check.violation). */
typedef enum a2a_violation {
  A2A_VIOLATION_NONE = 0,
  A2A_VIOLATION_STORAGE_TOO_SMALL = 1,
  A2A_VIOLATION_WRONG_ROUND_COUNT = 2,
  A2A_VIOLATION_WRONG_DESTINATION = 3,
  A2A_VIOLATION_WRONG_TAG = 4,
  A2A_VIOLATION_OUTPUT_CONFLICT = 5,
  A2A_VIOLATION_PAIR_DUPLICATED = 6,
  A2A_VIOLATION_PAIR_MISSING = 7,
  A2A_VIOLATION_RELAY_OUT_OF_ORDER = 8,
  A2A_VIOLATION_CROSSTALK = 9,
  A2A_VIOLATION_MAX_ENUM = 0x7FFFFFFF /* any int-sized value may arrive from C: refused, never undefined */
} a2a_violation;

/* A network checked by a2a_network_make(). The schedule calls rebuild it from
 * topology, ports and radix; stages and switches_per_stage are for reading. */
typedef struct a2a_network {
  uint32_t topology; /* a2a_topology */
  uint32_t ports;    /* N */
  uint32_t radix;    /* d: the switches are d x d */
  uint32_t stages;   /* n */
  uint32_t switches_per_stage;
} a2a_network;

/* Opaque states: made by the calls below, copied by assignment, never freed. */
typedef struct a2a_schedule {
  union {
    unsigned char bytes[A2A_SCHEDULE_SIZE];
    uint64_t align;
  } opaque;
} a2a_schedule;

typedef struct a2a_round {
  union {
    unsigned char bytes[A2A_ROUND_SIZE];
    uint64_t align;
  } opaque;
} a2a_round;

typedef struct a2a_schedule_info {
  a2a_network network;
  uint32_t family;    /* a2a_family */
  uint32_t rounds;    /* R: rounds 0 .. R-1 */
  uint32_t optical;   /* 1: no two signals share a switch in a round (crosstalk-free) */
  uint32_t broadcast; /* 1: each port's one message to every processor */
} a2a_schedule_info;

typedef struct a2a_round_info {
  uint32_t index;   /* r */
  uint32_t word;    /* stage word: stage 0 is the most significant base-d digit */
  uint32_t control; /* a2a_control */
} a2a_round_info;

/* Bits of a2a_send.relay. */
#define A2A_SEND_INTO_RELAY 1u /* the hop leaves the message at a relay (destination != final_destination) */
#define A2A_SEND_FROM_RELAY 2u /* the port forwards a message it holds for another processor (origin != port) */

/* What one input port does in one round. An idle port has sends = 0 and the rest 0. */
typedef struct a2a_send {
  uint32_t sends;
  uint32_t destination;       /* the processor (network output) this hop reaches */
  uint32_t tag;               /* forward control tag: output ports per stage, stage 0 most significant */
  uint32_t origin;            /* the processor that wrote the message */
  uint32_t final_destination; /* the processor the message is for */
  uint32_t relay;             /* A2A_SEND_* bits, 0 for a direct send */
} a2a_send;

/* The outcome of a2a_check_exchange(): the tally of the exchange (delivered,
 * missing, ...) and the first violation with where it happened. */
typedef struct a2a_check {
  uint64_t delivered;      /* messages that reached their final destination, first time */
  uint64_t missing;        /* ordered pairs never delivered */
  uint64_t duplicates;     /* messages that arrived (or were stored) again */
  uint64_t misroutes;      /* signals that arrived elsewhere than claimed */
  uint64_t conflicts;      /* signals that shared a switch output */
  uint64_t crosstalk;      /* optical: further signals through one switch in one round */
  uint64_t relayed;        /* hops into a relay's store */
  uint64_t relay_errors;   /* hops out of a relay for a message no store held */
  uint64_t left_in_store;  /* messages still in a relay store at the end */
  uint64_t faulted_rounds; /* rounds voided by a faulty switch */
  uint32_t violation;      /* a2a_violation */
  uint32_t round;          /* round of the violation */
  uint32_t port;           /* input port (pair_missing: the source) */
  uint32_t other;          /* destination involved */
  uint32_t rounds;         /* rounds of the schedule */
} a2a_check;

/* The contract-violation handler (a broken precondition inside the library, never
 * bad input: that is a status). Define it once in your program to replace the
 * default, which traps; it must not return. Weakly referenced: the library and
 * your code call the one you define. */
#if defined(__GNUC__)
__attribute__((noreturn, weak))
#endif
void a2a_contract_violation(void);

/* The library's version, "major.minor.patch" (the one in CMake's project()). */
const char* a2a_version(void);

/* The core's message for a status ("ok" for A2A_OK); never NULL. */
const char* a2a_strerror(a2a_status status);
/* The checker's message for a violation; never NULL. */
const char* a2a_violation_text(a2a_violation violation);

/* Names as the tool, dumps and configuration overrides spell them. */
const char* a2a_topology_name(a2a_topology topology); /* "unknown" if not one */
const char* a2a_family_name(a2a_family family);       /* "unknown" if not one */
a2a_status a2a_parse_topology(const char* name, a2a_topology* out);
a2a_status a2a_parse_family(const char* name, a2a_family* out);
a2a_status a2a_parse_order(const char* name, a2a_order* out); /* "natural" or "gray" */

/* N ports of d x d switches (radix 2 for the binary networks). */
a2a_status a2a_network_make(a2a_topology topology, uint32_t ports, uint32_t radix, a2a_network* out);
/* The family the network gets when none is asked for (the controller's "auto"). */
a2a_status a2a_default_family(const a2a_network* network, a2a_family* out);

/* A schedule of a fault-free family (A2A_FAULT_TOLERANT needs the call below). */
a2a_status a2a_schedule_make(const a2a_network* network, a2a_family family, a2a_order order, a2a_schedule* out);
/* The fault-tolerant schedule around one faulty switch (stage, switch_index) of
 * an internal stage (paper 004). Baseline, banyan and their reverses need
 * `storage` of A2A_FAULT_STORAGE_BYTES(N) bytes, 4-byte aligned, which must
 * outlive the schedule and its copies; the others take storage NULL, bytes 0. */
a2a_status a2a_schedule_make_fault_tolerant(const a2a_network* network, uint32_t stage, uint32_t switch_index,
                                            void* storage, size_t storage_bytes, a2a_schedule* out);
a2a_status a2a_schedule_info_get(const a2a_schedule* schedule, a2a_schedule_info* out);

/* Round r (0 .. rounds-1), computed on demand. */
a2a_status a2a_schedule_round(const a2a_schedule* schedule, uint32_t r, a2a_round* out);
a2a_status a2a_round_info_get(const a2a_round* round, a2a_round_info* out);
/* The state (0 .. d-1) of switch `switch_index` of stage `stage` in this round. */
a2a_status a2a_round_switch_state(const a2a_round* round, uint32_t stage, uint32_t switch_index, uint32_t* state);
/* Every switch state of one stage into states[0 .. switches_per_stage-1]
 * (A2A_ERR_BUFFER_TOO_SMALL if count is fewer). */
a2a_status a2a_round_stage_states(const a2a_round* round, uint32_t stage, uint32_t* states, size_t count);
/* What input port `port` sends in `round`, a round of this schedule. */
a2a_status a2a_schedule_send(const a2a_schedule* schedule, const a2a_round* round, uint32_t port, a2a_send* out);

/* Words of scratch the fast check needs for this network (A2A_CHECK_WORDS bounds it). */
size_t a2a_check_scratch_words(const a2a_network* network);
/* Checks the whole exchange switch by switch: every signal traced, every ordered
 * pair (i, j) delivered exactly once. A2A_OK: it holds; A2A_ERR_EXCHANGE_VIOLATION:
 * `out` says what failed first; A2A_ERR_BUFFER_TOO_SMALL: fewer scratch words
 * than A2A_CHECK_MIN_WORDS. `scratch` is overwritten. */
a2a_status a2a_check_exchange(const a2a_schedule* schedule, uint32_t* scratch, size_t scratch_words, a2a_check* out);

#ifdef __cplusplus
}
#endif

/* NOLINTEND(modernize-deprecated-headers, modernize-use-using) */
#endif /* A2A_H */
