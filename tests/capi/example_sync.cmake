# Fails when the C example shown in docs/c-api.md (between <!-- c-example:begin -->
# and <!-- c-example:end -->) differs from docs/examples/c_example.c, the file the
# tests build and run.
file(READ "${PAGE}" page)
file(READ "${EXAMPLE}" example)
set(opening "<!-- c-example:begin -->\n```c\n")
string(FIND "${page}" "${opening}" begin)
string(FIND "${page}" "```\n<!-- c-example:end -->" end)
if(begin EQUAL -1 OR end EQUAL -1)
  message(FATAL_ERROR "${PAGE} has no <!-- c-example:begin/end --> block")
endif()
string(LENGTH "${opening}" skip)
math(EXPR start "${begin} + ${skip}")
math(EXPR length "${end} - ${start}")
string(SUBSTRING "${page}" ${start} ${length} block)
if(NOT block STREQUAL example)
  message(FATAL_ERROR "the example in ${PAGE} differs from ${EXAMPLE}: update one from the other")
endif()
message(STATUS "the C example is in sync")
