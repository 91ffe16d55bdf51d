// The test facade: test sources include this, never a framework directly, so the
// same TEST_CASEs run on the host (doctest) and on Cortex-M under QEMU (the
// heap-free light runner, selected with A2A_TEST_LIGHT).
//
// The portable subset: TEST_CASE("name"), CHECK(expr), CHECK_FALSE(expr),
// REQUIRE(expr), INFO(args...) with integers, const char* and std::string_view.
// Host-only tests (large sweeps with std::vector) may use all of doctest.
#pragma once

#if defined(A2A_TEST_LIGHT)
#include "a2a_light_test.hpp"
#else
#include <doctest/doctest.h>

#include <ostream>
#include <string_view>
#endif
