// The single doctest main() shared by all test executables (a2a_test_main).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
