/* The C API test (C99): a program that includes only a2a.h (and its own output
 * shim) runs the omega N = 16 exchange of the Latin-square family in Gray order
 * round by round and checks it on its own: it routes every port's signal through
 * the omega wiring of docs/conventions.md with the round's switch states, compares
 * destination and tag with what a2a_schedule_send claims, and counts every
 * ordered pair in an N x N matrix. Then a2a_check_exchange must agree, the errors
 * must come back with their specific statuses and texts, the fault-tolerant
 * family must deliver around a faulty switch, and the states must have the sizes
 * docs/c-api.md states (A2A_DOC_* come from that page, read by CMake).
 * It runs on the host and on every board under QEMU. */
#include <stddef.h>
#include <string.h>

#include "a2a.h"
#include "capi_test_io.h"

#if !defined(A2A_DOC_SCHEDULE_SIZE) || !defined(A2A_DOC_ROUND_SIZE) || !defined(A2A_DOC_STATE_ALIGN)
#error "A2A_DOC_SCHEDULE_SIZE, A2A_DOC_ROUND_SIZE, A2A_DOC_STATE_ALIGN: the state table of docs/c-api.md"
#endif

#define PORTS 16u
#define STAGES 4u

static unsigned g_checks;
static unsigned g_failures;

static void put_u32(unsigned long value) {
  char text[16];
  size_t at = sizeof text - 1;
  text[at] = '\0';
  do {
    text[--at] = (char)('0' + value % 10u);
    value /= 10u;
  } while (value != 0u);
  capi_test_write(&text[at]);
}

static void check_at(int ok, const char* what, int line) {
  ++g_checks;
  if (ok) return;
  ++g_failures;
  capi_test_write("FAIL capi_test.c:");
  put_u32((unsigned long)line);
  capi_test_write(": ");
  capi_test_write(what);
  capi_test_write("\n");
}
#define CHECK(expr) check_at((expr) ? 1 : 0, #expr, __LINE__)
#define CHECK_STATUS(call, status) \
  check_at((call) == (status) && strcmp(a2a_strerror(status), "") != 0, #call " == " #status, __LINE__)

struct align_probe_schedule {
  char c;
  a2a_schedule s;
};
struct align_probe_round {
  char c;
  a2a_round r;
};

static void test_sizes(void) {
  CHECK(A2A_SCHEDULE_SIZE == A2A_DOC_SCHEDULE_SIZE);
  CHECK(A2A_ROUND_SIZE == A2A_DOC_ROUND_SIZE);
  CHECK(sizeof(a2a_schedule) == A2A_DOC_SCHEDULE_SIZE);
  CHECK(sizeof(a2a_round) == A2A_DOC_ROUND_SIZE);
  CHECK(offsetof(struct align_probe_schedule, s) == A2A_DOC_STATE_ALIGN);
  CHECK(offsetof(struct align_probe_round, r) == A2A_DOC_STATE_ALIGN);
}

/* Independent routing: omega (d = 2) shuffles in front of every stage (rotate the
 * n bits left by one); a switch in state k sends input port u to output u xor k. */
static unsigned route(unsigned port, const unsigned states[STAGES][PORTS / 2], unsigned* tag) {
  unsigned t = port, s;
  *tag = 0;
  for (s = 0; s < STAGES; ++s) {
    t = ((t << 1) | (t >> (STAGES - 1))) & (PORTS - 1);
    t ^= states[s][t >> 1];
    *tag = (*tag << 1) | (t & 1u);
  }
  return t;
}

static unsigned char g_seen[PORTS][PORTS];
static uint32_t g_scratch[A2A_CHECK_WORDS(PORTS, STAGES)];

static void test_gray_exchange(void) {
  a2a_topology topology;
  a2a_family family;
  a2a_order order;
  a2a_network net;
  a2a_schedule schedule;
  a2a_schedule_info info;
  a2a_check result;
  unsigned r, i, j, s, y, previous_word = 0;
  unsigned words_seen[PORTS] = {0};

  CHECK_STATUS(a2a_parse_topology("omega", &topology), A2A_OK);
  CHECK_STATUS(a2a_parse_family("latin-square", &family), A2A_OK);
  CHECK_STATUS(a2a_parse_order("gray", &order), A2A_OK);
  CHECK(topology == A2A_OMEGA && family == A2A_LATIN_SQUARE && order == A2A_GRAY);
  CHECK_STATUS(a2a_network_make(topology, PORTS, 2, &net), A2A_OK);
  CHECK(net.ports == PORTS && net.radix == 2 && net.stages == STAGES && net.switches_per_stage == PORTS / 2);
  CHECK_STATUS(a2a_schedule_make(&net, family, order, &schedule), A2A_OK);
  CHECK_STATUS(a2a_schedule_info_get(&schedule, &info), A2A_OK);
  CHECK(info.rounds == PORTS && info.family == A2A_LATIN_SQUARE && info.optical == 0 && info.broadcast == 0);
  CHECK(strcmp(a2a_family_name((a2a_family)info.family), "latin-square") == 0);
  CHECK(strcmp(a2a_topology_name((a2a_topology)info.network.topology), "omega") == 0);

  memset(g_seen, 0, sizeof g_seen);
  for (r = 0; r < info.rounds; ++r) {
    a2a_round round;
    a2a_round_info round_info;
    unsigned states[STAGES][PORTS / 2];
    unsigned char output_used[PORTS] = {0};
    uint32_t stage_states[PORTS / 2];
    CHECK_STATUS(a2a_schedule_round(&schedule, r, &round), A2A_OK);
    CHECK_STATUS(a2a_round_info_get(&round, &round_info), A2A_OK);
    CHECK(round_info.index == r && round_info.control == A2A_CONTROL_STAGE && round_info.word < PORTS);
    /* Gray order: every stage word once, one stage changing from round to round. */
    CHECK(words_seen[round_info.word & (PORTS - 1)]++ == 0);
    if (r > 0) {
      unsigned changed = round_info.word ^ previous_word;
      CHECK(changed != 0 && (changed & (changed - 1)) == 0);
    }
    previous_word = round_info.word;
    for (s = 0; s < STAGES; ++s) {
      CHECK_STATUS(a2a_round_stage_states(&round, s, stage_states, PORTS / 2), A2A_OK);
      for (y = 0; y < PORTS / 2; ++y) {
        uint32_t state = 99;
        CHECK_STATUS(a2a_round_switch_state(&round, s, y, &state), A2A_OK);
        /* Stage control: every switch of stage s takes digit s of the word (stage 0 most significant). */
        CHECK(state == ((round_info.word >> (STAGES - 1 - s)) & 1u) && state == stage_states[y]);
        states[s][y] = state;
      }
    }
    for (i = 0; i < PORTS; ++i) {
      a2a_send send;
      unsigned tag, destination = route(i, (const unsigned(*)[PORTS / 2]) states, &tag);
      CHECK_STATUS(a2a_schedule_send(&schedule, &round, i, &send), A2A_OK);
      CHECK(send.sends == 1 && send.relay == 0 && send.origin == i);
      CHECK(send.destination == destination && send.tag == tag && send.final_destination == destination);
      CHECK(output_used[destination]++ == 0); /* a round is a permutation */
      ++g_seen[i][destination];
    }
  }
  for (i = 0; i < PORTS; ++i)
    for (j = 0; j < PORTS; ++j) CHECK(g_seen[i][j] == 1); /* every ordered pair exactly once */

  /* The library's own check agrees, with the fast and with the smallest scratch. */
  CHECK(a2a_check_scratch_words(&net) <= A2A_CHECK_WORDS(PORTS, STAGES));
  CHECK(a2a_check_scratch_words(&net) > A2A_CHECK_MIN_WORDS(PORTS, STAGES));
  CHECK_STATUS(a2a_check_exchange(&schedule, g_scratch, A2A_CHECK_WORDS(PORTS, STAGES), &result), A2A_OK);
  CHECK(result.violation == A2A_VIOLATION_NONE && result.delivered == PORTS * PORTS && result.missing == 0 &&
        result.duplicates == 0 && result.rounds == PORTS && result.relayed == 0);
  CHECK_STATUS(a2a_check_exchange(&schedule, g_scratch, A2A_CHECK_MIN_WORDS(PORTS, STAGES), &result), A2A_OK);
  CHECK(result.delivered == PORTS * PORTS);
  CHECK_STATUS(a2a_check_exchange(&schedule, g_scratch, A2A_CHECK_MIN_WORDS(PORTS, STAGES) - 1, &result),
               A2A_ERR_BUFFER_TOO_SMALL);
  CHECK(result.violation == A2A_VIOLATION_STORAGE_TOO_SMALL);
  CHECK(strcmp(a2a_violation_text(A2A_VIOLATION_STORAGE_TOO_SMALL),
               "bit storage too small for the pairs or one round") == 0);
  CHECK(strcmp(a2a_violation_text(A2A_VIOLATION_NONE), "ok") == 0);
}

static void test_errors(void) {
  a2a_network net, small;
  a2a_schedule schedule, other, blank;
  a2a_round round, small_round;
  a2a_family family = A2A_OPTICAL;
  a2a_order order = A2A_NATURAL;
  a2a_topology topology = A2A_GSEN;
  a2a_send send;
  a2a_check result;
  uint32_t state = 0;

  CHECK_STATUS(a2a_network_make(A2A_OMEGA, 12, 2, &net), A2A_ERR_PORTS_NOT_POWER_OF_RADIX);
  CHECK(strcmp(a2a_strerror(A2A_ERR_PORTS_NOT_POWER_OF_RADIX),
               "N must be a power of the radix d (N = d^n) for this topology") == 0);
  CHECK_STATUS(a2a_network_make(A2A_OMEGA, 1u << 20, 2, &net), A2A_ERR_PORTS_TOO_LARGE);
  CHECK_STATUS(a2a_network_make(A2A_OMEGA, 16, 1, &net), A2A_ERR_RADIX_TOO_SMALL);
  /* A message composed from a limit (message_text.hpp) still ends where it should. */
  CHECK_STATUS(a2a_network_make(A2A_OMEGA, 16, 17, &net), A2A_ERR_RADIX_TOO_LARGE);
  CHECK(strcmp(a2a_strerror(A2A_ERR_RADIX_TOO_LARGE), "radix d must be at most 16") == 0);
  CHECK_STATUS(a2a_network_make((a2a_topology)42, 16, 2, &net), A2A_ERR_TOPOLOGY_UNKNOWN);
  CHECK_STATUS(a2a_parse_topology("omgea", &topology), A2A_ERR_TOPOLOGY_UNKNOWN);
  CHECK(topology == A2A_GSEN); /* untouched */
  CHECK(strcmp(a2a_strerror(A2A_ERR_TOPOLOGY_UNKNOWN), "unknown topology") == 0);
  CHECK_STATUS(a2a_parse_family("latin-squares", &family), A2A_ERR_SCHEDULE_UNKNOWN);
  CHECK(family == A2A_OPTICAL); /* untouched */
  CHECK(strcmp(a2a_strerror(A2A_ERR_SCHEDULE_UNKNOWN), "unknown schedule") == 0);
  CHECK_STATUS(a2a_parse_order("grey", &order), A2A_ERR_CONFIG_BAD_ORDER);
  CHECK(strcmp(a2a_strerror(A2A_ERR_CONFIG_BAD_ORDER), "round order must be natural or gray") == 0);
  CHECK(strcmp(a2a_strerror(A2A_OK), "ok") == 0);
  CHECK(strcmp(a2a_strerror((a2a_status)250), "unknown error") == 0);
  CHECK(strcmp(a2a_strerror((a2a_status)0x7FFFFFF0), "unknown error") == 0);
  CHECK(strcmp(a2a_strerror(A2A_ERR_NULL_ARGUMENT), "a required pointer argument is NULL") == 0);
  CHECK(strcmp(a2a_topology_name((a2a_topology)99), "unknown") == 0);
  CHECK(strcmp(a2a_family_name((a2a_family)99), "unknown") == 0);

  CHECK_STATUS(a2a_network_make(A2A_OMEGA, PORTS, 2, &net), A2A_OK);
  CHECK_STATUS(a2a_schedule_make(&net, (a2a_family)77, A2A_NATURAL, &schedule), A2A_ERR_SCHEDULE_UNKNOWN);
  CHECK_STATUS(a2a_schedule_make(&net, A2A_LATIN_SQUARE, (a2a_order)2, &schedule), A2A_ERR_CONFIG_BAD_ORDER);
  CHECK_STATUS(a2a_schedule_make(&net, A2A_ALTERNATING, A2A_NATURAL, &schedule), A2A_ERR_SCHEDULE_NEEDS_GSEN);
  CHECK_STATUS(a2a_schedule_make(&net, A2A_FAULT_TOLERANT, A2A_NATURAL, &schedule), A2A_ERR_SCHEDULE_NEEDS_FAULT);
  /* A failed make leaves no schedule behind. */
  CHECK_STATUS(a2a_schedule_round(&schedule, 0, &round), A2A_ERR_NOT_MADE);
  CHECK_STATUS(a2a_schedule_make(NULL, A2A_LATIN_SQUARE, A2A_GRAY, &schedule), A2A_ERR_NULL_ARGUMENT);

  CHECK_STATUS(a2a_schedule_make(&net, A2A_LATIN_SQUARE, A2A_GRAY, &schedule), A2A_OK);
  CHECK_STATUS(a2a_schedule_round(&schedule, PORTS, &round), A2A_ERR_ROUND_OUT_OF_RANGE);
  CHECK(strcmp(a2a_strerror(A2A_ERR_ROUND_OUT_OF_RANGE), "round index out of range") == 0);
  CHECK_STATUS(a2a_schedule_round(&schedule, 3, &round), A2A_OK);
  CHECK_STATUS(a2a_schedule_send(&schedule, &round, PORTS, &send), A2A_ERR_PORT_OUT_OF_RANGE);
  CHECK_STATUS(a2a_round_switch_state(&round, STAGES, 0, &state), A2A_ERR_STAGE_OUT_OF_RANGE);
  CHECK_STATUS(a2a_round_switch_state(&round, 0, PORTS / 2, &state), A2A_ERR_SWITCH_OUT_OF_RANGE);
  CHECK_STATUS(a2a_round_stage_states(&round, 0, &state, 1), A2A_ERR_BUFFER_TOO_SMALL);
  CHECK_STATUS(a2a_schedule_send(&schedule, &round, 0, NULL), A2A_ERR_NULL_ARGUMENT);

  /* States copy by assignment; zeroed bytes are not a state. */
  other = schedule;
  CHECK_STATUS(a2a_schedule_send(&other, &round, 0, &send), A2A_OK);
  memset(&blank, 0, sizeof blank);
  CHECK_STATUS(a2a_schedule_round(&blank, 0, &round), A2A_ERR_NOT_MADE);
  CHECK_STATUS(a2a_check_exchange(&blank, g_scratch, A2A_CHECK_WORDS(PORTS, STAGES), &result), A2A_ERR_NOT_MADE);
  CHECK(strstr(a2a_strerror(A2A_ERR_NOT_MADE), "not made") != NULL);

  /* A round of another schedule is refused, not used. */
  CHECK_STATUS(a2a_network_make(A2A_OMEGA, 8, 2, &small), A2A_OK);
  CHECK_STATUS(a2a_schedule_make(&small, A2A_LATIN_SQUARE, A2A_GRAY, &other), A2A_OK);
  CHECK_STATUS(a2a_schedule_round(&other, 0, &small_round), A2A_OK);
  CHECK_STATUS(a2a_schedule_send(&schedule, &small_round, 0, &send), A2A_ERR_ROUND_OF_OTHER_SCHEDULE);
}

static unsigned long
    g_fault_storage[(A2A_FAULT_STORAGE_BYTES(PORTS) + sizeof(unsigned long) - 1) / sizeof(unsigned long)];

static void test_fault_tolerant(void) {
  a2a_network net;
  a2a_schedule schedule;
  a2a_schedule_info info;
  a2a_check result;
  a2a_round round;
  a2a_send send;
  unsigned r, i, relays = 0;

  /* Omega: paper 004's design, no storage; a fault in stage 1 takes 2N + 1 rounds. */
  CHECK_STATUS(a2a_network_make(A2A_OMEGA, PORTS, 2, &net), A2A_OK);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 1, 3, NULL, 0, &schedule), A2A_OK);
  CHECK_STATUS(a2a_schedule_info_get(&schedule, &info), A2A_OK);
  CHECK(info.family == A2A_FAULT_TOLERANT && info.rounds == 2 * PORTS + 1);
  for (r = 0; r < info.rounds; ++r) {
    CHECK_STATUS(a2a_schedule_round(&schedule, r, &round), A2A_OK);
    for (i = 0; i < PORTS; ++i) {
      CHECK_STATUS(a2a_schedule_send(&schedule, &round, i, &send), A2A_OK);
      if (send.sends && (send.relay & A2A_SEND_INTO_RELAY) != 0) {
        ++relays;
        CHECK(send.final_destination != send.destination);
      }
      if (send.sends && (send.relay & A2A_SEND_FROM_RELAY) != 0) CHECK(send.origin != i);
    }
  }
  CHECK(relays > 0);
  CHECK_STATUS(a2a_check_exchange(&schedule, g_scratch, A2A_CHECK_WORDS(PORTS, STAGES), &result), A2A_OK);
  CHECK(result.delivered == PORTS * PORTS && result.relayed == relays && result.left_in_store == 0);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 0, 3, NULL, 0, &schedule), A2A_ERR_FAULT_CUTS_OFF_PROCESSORS);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 1, PORTS / 2, NULL, 0, &schedule), A2A_ERR_FAULT_OUT_OF_RANGE);

  /* Baseline: the relay planner, in the caller's storage. */
  CHECK_STATUS(a2a_network_make(A2A_BASELINE, PORTS, 2, &net), A2A_OK);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 1, 2, NULL, 0, &schedule), A2A_ERR_FAULT_PLAN_STORAGE_TOO_SMALL);
  CHECK_STATUS(
      a2a_schedule_make_fault_tolerant(&net, 1, 2, g_fault_storage, A2A_FAULT_STORAGE_BYTES(PORTS) - 1, &schedule),
      A2A_ERR_FAULT_PLAN_STORAGE_TOO_SMALL);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 1, 2, (char*)g_fault_storage + 2, A2A_FAULT_STORAGE_BYTES(PORTS),
                                                &schedule),
               A2A_ERR_BUFFER_MISALIGNED);
  CHECK_STATUS(a2a_schedule_make_fault_tolerant(&net, 1, 2, g_fault_storage, sizeof g_fault_storage, &schedule),
               A2A_OK);
  CHECK_STATUS(a2a_schedule_info_get(&schedule, &info), A2A_OK);
  CHECK(info.rounds > PORTS && info.rounds <= 4 * PORTS);
  CHECK_STATUS(a2a_check_exchange(&schedule, g_scratch, A2A_CHECK_WORDS(PORTS, STAGES), &result), A2A_OK);
  CHECK(result.delivered == PORTS * PORTS && result.relayed > 0 && result.left_in_store == 0);
}

/* The table family: GSEN N = 36's stored set (data/gsen-sets/gsen-36.txt), the
   network's default, in fewer rounds than paper 000's 40; no set for N = 12. */
static uint32_t g_table_scratch[A2A_CHECK_WORDS(36, 6)];
static void test_table(void) {
  a2a_network net;
  a2a_schedule schedule;
  a2a_schedule_info info;
  a2a_family family = A2A_LATIN_SQUARE;
  a2a_check result;
  a2a_round round;
  a2a_round_info round_info;
  CHECK_STATUS(a2a_network_make(A2A_GSEN, 36, 2, &net), A2A_OK);
  CHECK_STATUS(a2a_default_family(&net, &family), A2A_OK);
  CHECK(family == A2A_TABLE);
  CHECK(strcmp(a2a_family_name(A2A_TABLE), "table") == 0);
  CHECK_STATUS(a2a_schedule_make(&net, A2A_TABLE, A2A_NATURAL, &schedule), A2A_OK);
  CHECK_STATUS(a2a_schedule_info_get(&schedule, &info), A2A_OK);
  CHECK(info.rounds >= 36 && info.rounds < 40);
  CHECK_STATUS(a2a_schedule_round(&schedule, 0, &round), A2A_OK);
  CHECK_STATUS(a2a_round_info_get(&round, &round_info), A2A_OK);
  CHECK(round_info.control == A2A_CONTROL_INDIVIDUAL);
  CHECK_STATUS(a2a_check_exchange(&schedule, g_table_scratch, A2A_CHECK_WORDS(36, 6), &result), A2A_OK);
  CHECK(result.delivered == 36u * 36u && result.missing == 0 && result.duplicates == 0);
  CHECK_STATUS(a2a_network_make(A2A_GSEN, 12, 2, &net), A2A_OK);
  CHECK_STATUS(a2a_schedule_make(&net, A2A_TABLE, A2A_NATURAL, &schedule), A2A_ERR_TABLE_NONE_FOR_NETWORK);
  CHECK(strstr(a2a_strerror(A2A_ERR_TABLE_NONE_FOR_NETWORK), "no stored configuration set") != NULL);
}

int main(void) {
  test_sizes();
  test_gray_exchange();
  test_errors();
  test_fault_tolerant();
  test_table();
  if (g_failures != 0) {
    capi_test_write("capi_test: ");
    put_u32(g_failures);
    capi_test_write(" of ");
    put_u32(g_checks);
    capi_test_write(" checks FAILED\n");
  } else {
    capi_test_write("capi_test: omega N = 16 gray exchange checked, ");
    put_u32(g_checks);
    capi_test_write(" checks passed\n");
  }
  capi_test_flush();
  return g_failures == 0 ? 0 : 1;
}
