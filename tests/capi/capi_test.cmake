# The C API test program, for the host (tests/capi) and every board (tests/target,
# through target_tests.cmake): a2a_add_capi_test(<name> <io source>) builds
# tests/capi/capi_test.c as C99 with the output shim <io source>, with the state
# sizes docs/c-api.md states (its table) as A2A_DOC_*: the program compares them
# with a2a.h and sizeof. A table the regexes no longer find gives 0: the test fails.
include_guard(GLOBAL)

set(_a2a_capi_test_dir "${CMAKE_CURRENT_LIST_DIR}")

function(_a2a_capi_doc_sizes out)
  set(page "${PROJECT_SOURCE_DIR}/docs/c-api.md")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${page}")
  file(READ "${page}" text)
  set(defs "")
  foreach(state schedule round)
    string(TOUPPER "${state}" upper)
    if(text MATCHES "\n\\| `a2a_${state}` \\| ([0-9]+) \\| ([0-9]+) \\|")
      list(APPEND defs A2A_DOC_${upper}_SIZE=${CMAKE_MATCH_1})
      set(align_${state} ${CMAKE_MATCH_2})
    else()
      list(APPEND defs A2A_DOC_${upper}_SIZE=0)
      set(align_${state} 0)
    endif()
  endforeach()
  if(NOT align_schedule STREQUAL align_round)
    set(align_schedule 0)  # one alignment for both states, as a2a.h makes them
  endif()
  list(APPEND defs A2A_DOC_STATE_ALIGN=${align_schedule})
  set(${out} ${defs} PARENT_SCOPE)
endfunction()

# C99, strict: what a C user's compiler would see of a2a.h.
function(a2a_capi_c_program target standard)
  set_target_properties(${target} PROPERTIES C_STANDARD ${standard} C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror -pedantic)
  target_link_libraries(${target} PRIVATE a2a::capi)
endfunction()

function(a2a_add_capi_test name io_source)
  add_executable(${name} "${_a2a_capi_test_dir}/capi_test.c" "${io_source}")
  a2a_capi_c_program(${name} 99)
  _a2a_capi_doc_sizes(defs)
  target_compile_definitions(${name} PRIVATE ${defs})
  target_include_directories(${name} PRIVATE "${_a2a_capi_test_dir}")
endfunction()

# capi_no_allocation_<suffix>: the C API's objects reference no heap, exception,
# RTTI or libstdc++ symbol (tests/freestanding/check_symbols.cmake).
function(a2a_add_capi_symbol_test name nm)
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DNM=${nm} "-DOBJECTS=$<TARGET_OBJECTS:a2a_capi>"
    -P "${PROJECT_SOURCE_DIR}/tests/freestanding/check_symbols.cmake")
  set_tests_properties(${name} PROPERTIES LABELS "capi;freestanding" REQUIRED_FILES "$<TARGET_OBJECTS:a2a_capi>")
endfunction()
