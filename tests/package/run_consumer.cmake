# cmake -DCONSUMER_SOURCE_DIR=.. -DBINARY_DIR=.. -DMODE=<find_package|
#       subdirectory|fetchcontent> -DGENERATOR=.. -DCXX_COMPILER=..
#       [-DBUILD_TYPE=..] [-DA2A_SOURCE_DIR=..]
#       [-DINSTALL_BUILD_DIR=.. -DINSTALL_PREFIX=..] [-DEXPECTED_VERSION=..]
#       -P run_consumer.cmake
# Optionally installs a2a, then configures and builds the consumer from a clean
# binary dir and runs it. Any failing step fails the test.
foreach(var CONSUMER_SOURCE_DIR BINARY_DIR MODE GENERATOR CXX_COMPILER)
  if(NOT ${var})
    message(FATAL_ERROR "run_consumer.cmake: ${var} is required")
  endif()
endforeach()

function(run step)
  list(JOIN ARGN " " cmd)
  message(STATUS "[${step}] ${cmd}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "[${step}] failed (${rc})")
  endif()
endfunction()

set(args -DA2A_MODE=${MODE})
if(EXPECTED_VERSION)
  list(APPEND args "-DA2A_EXPECTED_VERSION=${EXPECTED_VERSION}")
endif()
if(INSTALL_PREFIX)
  file(REMOVE_RECURSE "${INSTALL_PREFIX}")
  run(install "${CMAKE_COMMAND}" --install "${INSTALL_BUILD_DIR}"
      --prefix "${INSTALL_PREFIX}")
  list(APPEND args "-DCMAKE_PREFIX_PATH=${INSTALL_PREFIX}")
endif()
if(A2A_SOURCE_DIR)
  list(APPEND args "-DA2A_SOURCE_DIR=${A2A_SOURCE_DIR}")
endif()
if(BUILD_TYPE)
  list(APPEND args "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
endif()

file(REMOVE_RECURSE "${BINARY_DIR}")
run(configure "${CMAKE_COMMAND}" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${args}
    -S "${CONSUMER_SOURCE_DIR}" -B "${BINARY_DIR}")
run(build "${CMAKE_COMMAND}" --build "${BINARY_DIR}")
run(run "${BINARY_DIR}/consumer")
