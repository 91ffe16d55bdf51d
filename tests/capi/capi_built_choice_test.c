/* The C API as a product that chose one family and one topology builds it
 * (A2A_FAMILIES=latin-square, A2A_TOPOLOGIES=omega, A2A_STATUS_TEXTS=capi:
 * docs/c-api.md, "Sizes"): what it carries runs and checks, what it leaves out is
 * refused by name with its own status, and the texts it left out say so. */
#include <a2a.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) {                                                    \
      printf("%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                     \
    }                                                                 \
  } while (0)

static uint32_t scratch[A2A_CHECK_WORDS(64u, 6u)];

int main(void) {
  a2a_network net;
  a2a_schedule schedule;
  a2a_check check;
  a2a_family family;
  static uint32_t storage[(A2A_FAULT_STORAGE_BYTES(64u) + 3u) / 4u];

  CHECK(a2a_network_make(A2A_GSEN, 36, 2, &net) == A2A_ERR_TOPOLOGY_NOT_BUILT);
  CHECK(a2a_network_make(A2A_BASELINE, 16, 2, &net) == A2A_ERR_TOPOLOGY_NOT_BUILT);
  CHECK(a2a_network_make((a2a_topology)99, 16, 2, &net) == A2A_ERR_TOPOLOGY_UNKNOWN);
  CHECK(a2a_network_make(A2A_OMEGA, 12, 2, &net) == A2A_ERR_PORTS_NOT_POWER_OF_RADIX);
  CHECK(a2a_network_make(A2A_OMEGA, 64, 2, &net) == A2A_OK);

  CHECK(a2a_schedule_make(&net, A2A_OPTICAL, A2A_NATURAL, &schedule) == A2A_ERR_SCHEDULE_NOT_BUILT);
  CHECK(a2a_schedule_make(&net, (a2a_family)99, A2A_NATURAL, &schedule) == A2A_ERR_SCHEDULE_UNKNOWN);
  CHECK(a2a_schedule_make_fault_tolerant(&net, 1, 0, storage, sizeof storage, &schedule) == A2A_ERR_SCHEDULE_NOT_BUILT);
  CHECK(a2a_default_family(&net, &family) == A2A_OK && family == A2A_LATIN_SQUARE);
  CHECK(a2a_parse_family("optical", &family) == A2A_OK && family == A2A_OPTICAL); /* known by name */

  CHECK(a2a_schedule_make(&net, A2A_LATIN_SQUARE, A2A_GRAY, &schedule) == A2A_OK);
  CHECK(a2a_check_exchange(&schedule, scratch, sizeof scratch / sizeof scratch[0], &check) == A2A_OK);
  CHECK(check.delivered == 64u * 64u && check.rounds == 64u && check.duplicates == 0u);

  CHECK(strstr(a2a_strerror(A2A_ERR_SCHEDULE_NOT_BUILT), "A2A_FAMILIES") != NULL);
  CHECK(strstr(a2a_strerror(A2A_ERR_TOPOLOGY_NOT_BUILT), "A2A_TOPOLOGIES") != NULL);
  CHECK(strstr(a2a_strerror(A2A_ERR_NULL_ARGUMENT), "NULL") != NULL);
  CHECK(strstr(a2a_strerror(A2A_ERR_CONFIG_BAD_ORDER), "A2A_STATUS_TEXTS") == NULL);
  CHECK(strstr(a2a_strerror(A2A_ERR_FABRIC_TIMEOUT), "A2A_STATUS_TEXTS=capi") != NULL);
  CHECK(strstr(a2a_strerror(A2A_ERR_CONFIG_CRC_MISMATCH), "A2A_STATUS_TEXTS=capi") != NULL);

  if (failures != 0) return 1;
  printf("ok: a2a built with latin-square and omega only\n");
  return 0;
}
