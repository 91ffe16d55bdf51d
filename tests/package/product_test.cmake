# cmake -DMODE=<subdirectory|fetchcontent|fetchcontent_archive|find_package|find_package_own_toolchain>
#       -DSOURCE_DIR=<a2a> -DBINARY_DIR=<dir>
#       -DGENERATOR=.. [-DINSTALL_BUILD_DIR=<a2a cross build> -DINSTALL_PREFIX=<dir>]
#       -DQEMU=<qemu-system-arm> -P product_test.cmake
# The example product (examples/product) as a firmware team builds it: its own
# toolchain file, start-up code and linker script, a2a taken in as MODE says (for
# find_package: the a2a cross build INSTALL_BUILD_DIR installed into INSTALL_PREFIX
# first; for find_package_own_toolchain: a2a configured, built and installed with the
# product's toolchain file and no a2a option, as a product team does it); then its image
# runs on QEMU's mps2-an385: its timer-driven exchange must
# deliver every pair exactly once, then a2a's console device on its UART, over the
# product's own driver (no counters), must verify a run by the endpoints'
# acknowledgements and answer status.
foreach(var MODE SOURCE_DIR BINARY_DIR GENERATOR QEMU)
  if(NOT ${var})
    message(FATAL_ERROR "product_test.cmake: ${var} is required")
  endif()
endforeach()

set(no_input "/dev/null")
function(run step)
  list(JOIN ARGN " " cmd)
  message(STATUS "[${step}] ${cmd}")
  if(NOT input)
    set(input "${no_input}")
  endif()
  execute_process(COMMAND ${ARGN} INPUT_FILE "${input}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "[${step}] failed (${rc}):\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

set(product "${SOURCE_DIR}/examples/product")
set(args -DACME_A2A_FROM=${MODE} -DACME_A2A_SOURCE_DIR=${SOURCE_DIR})
if(MODE STREQUAL "fetchcontent_archive")
  # An archive of the source tree, as a release would ship it: what a consumer's build
  # reads of a2a (its build files and the library's sources), fetched by URL.
  set(archive "${BINARY_DIR}-a2a.tar.gz")
  file(REMOVE "${archive}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E tar cfz "${archive}" -- CMakeLists.txt cmake firmware hal platform
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "could not archive the source tree (${rc})")
  endif()
  set(args -DACME_A2A_FROM=fetchcontent "-DACME_A2A_URL=file://${archive}")
endif()
if(MODE STREQUAL "find_package_own_toolchain")
  # a2a itself built by the product's toolchain file: no a2a option, no board folder.
  set(INSTALL_BUILD_DIR "${BINARY_DIR}-a2a")
  file(REMOVE_RECURSE "${INSTALL_BUILD_DIR}")
  run(a2a-configure "${CMAKE_COMMAND}" -G "${GENERATOR}" "-DCMAKE_TOOLCHAIN_FILE=${product}/toolchain/cortex-m3.cmake"
      -S "${SOURCE_DIR}" -B "${INSTALL_BUILD_DIR}")
  if(NOT last_output MATCHES "a2a: cross build without an a2a board folder[^\n]*the libraries only")
    message(FATAL_ERROR "a2a's configure with a product's toolchain file did not say what it builds:\n${last_output}")
  endif()
  run(a2a-build "${CMAKE_COMMAND}" --build "${INSTALL_BUILD_DIR}")
  set(MODE find_package)
  set(args -DACME_A2A_FROM=find_package -DACME_A2A_SOURCE_DIR=${SOURCE_DIR})
endif()
if(MODE STREQUAL "find_package")
  file(REMOVE_RECURSE "${INSTALL_PREFIX}")
  run(install "${CMAKE_COMMAND}" --install "${INSTALL_BUILD_DIR}" --prefix "${INSTALL_PREFIX}")
  foreach(file lib/cmake/a2a/a2aConfigVersion.cmake lib/liba2a.a include/a2a/mmio/mmio_bus.hpp share/a2a/no_heap.cpp
               include/a2a/app/round_runner.hpp include/a2a.h)
    if(NOT EXISTS "${INSTALL_PREFIX}/${file}")
      message(FATAL_ERROR "the cross install has no ${file}")
    endif()
  endforeach()
  # liba2a.a was built for the target: an Arm object, not the host's.
  execute_process(COMMAND arm-none-eabi-objdump -f "${INSTALL_PREFIX}/lib/liba2a.a" OUTPUT_VARIABLE arch)
  if(NOT arch MATCHES "elf32-littlearm")
    message(FATAL_ERROR "the cross install's liba2a.a is not an Arm library:\n${arch}")
  endif()
  list(APPEND args "-DCMAKE_FIND_ROOT_PATH=${INSTALL_PREFIX}")
endif()

file(REMOVE_RECURSE "${BINARY_DIR}")
run(configure "${CMAKE_COMMAND}" -G "${GENERATOR}" "-DCMAKE_TOOLCHAIN_FILE=${product}/toolchain/cortex-m3.cmake"
    ${args} -S "${product}" -B "${BINARY_DIR}")
run(build "${CMAKE_COMMAND}" --build "${BINARY_DIR}")
# a2a::no_heap: the product's image above links (nothing allocates); one that calls
# malloc must not, and the error names a2a's ban.
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target acme_heap_probe
                INPUT_FILE "${no_input}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "undefined reference to `a2a_heap_is_forbidden_in_firmware'")
  message(FATAL_ERROR "an image that calls malloc linked with a2a::no_heap, or failed otherwise (${rc}):\n${out}")
endif()
# The console session: the product powers off at EOT, after the run's reply has ended.
string(ASCII 4 eot)
set(input "${BINARY_DIR}/console-input.txt")
file(WRITE "${input}" "run\nset topology=omega ports=32 order=gray trace=off\nrun 2\nstatus\n${eot}")
run(qemu timeout 60 "${QEMU}" -M mps2-an385 -display none -monitor none -serial stdio
    -semihosting-config enable=on,target=native -kernel "${BINARY_DIR}/acme_controller.elf")
message(STATUS "${last_output}")
if(NOT last_output MATCHES "pairs received: 4096\nduplicates: 0\nevery pair exactly once")
  message(FATAL_ERROR "the product's exchange did not end with every pair once:\n${last_output}")
endif()
foreach(expected
        "fabric: the product's driver, up to 64 ports; no delivery counters: runs verified by the product's acknowledgements"
        "summary: rounds 64/64, pairs sent 4096/4096, acknowledged 4096, lost 0,"
        "exchange 2/2: omega, N = 32, d = 2, 5 stages; schedule latin-square, gray order, 32 rounds"
        "summary: rounds 32/32, pairs sent 1024/1024, acknowledged 1024, lost 0,"
        "verified by acknowledgements: every pair acknowledged exactly once\nok\n"
        "status: board=acme reset=power-on config=valid exchanges=")  # during the run or after: QEMU's timing
  string(FIND "${last_output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the product's console did not print '${expected}':\n${last_output}")
  endif()
endforeach()
