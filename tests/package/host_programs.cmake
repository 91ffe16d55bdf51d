# The package tests that need the host programs (the tool, the Python module, the
# device stand-in): included by the top CMakeLists.txt after platform/host, so that
# those targets exist. See CMakeLists.txt here for the consumer tests.
# (d) the installed tree for C and Python users: a C program built with pkg-config
# alone, and the Python module imported from the prefix's site-packages.
set(_a2a_installed_python "")
if(TARGET a2a_python)
  set(_a2a_installed_python "${A2A_PYTHON_EXECUTABLE}")
endif()
add_test(NAME package_installed_c_python
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/installed_test.sh" "${PROJECT_BINARY_DIR}/tests/package/install-prefix"
          "${CMAKE_CURRENT_LIST_DIR}/c_consumer/main.c" "${PROJECT_BINARY_DIR}/tests/package/installed-c"
          "${PROJECT_VERSION}" ${_a2a_installed_python})
set_tests_properties(package_installed_c_python PROPERTIES LABELS package FIXTURES_REQUIRED a2a_installed)

# (e) one version: the banner, a2a --version, __version__, a2a_version(), the package.
enable_language(C)
add_executable(a2a_print_version "${CMAKE_CURRENT_LIST_DIR}/print_version.c")
target_link_libraries(a2a_print_version PRIVATE a2a::capi)
find_program(A2A_VERSION_TEST_PYTHON python3)
if(A2A_VERSION_TEST_PYTHON AND TARGET a2a_tool AND TARGET a2a_docs_device)
  set(_a2a_version_python "")
  if(TARGET a2a_python)
    set(_a2a_version_python --python "${A2A_PYTHON_EXECUTABLE}" --python-path $<TARGET_FILE_DIR:a2a_python>)
  endif()
  add_test(NAME package_version
    COMMAND ${A2A_VERSION_TEST_PYTHON} "${CMAKE_CURRENT_LIST_DIR}/version_test.py" --root "${PROJECT_SOURCE_DIR}"
            --device $<TARGET_FILE:a2a_docs_device> --tool $<TARGET_FILE:a2a_tool>
            --c-program $<TARGET_FILE:a2a_print_version>
            --package-version "${PROJECT_BINARY_DIR}/a2aConfigVersion.cmake" ${_a2a_version_python})
  set_tests_properties(package_version PROPERTIES LABELS package)
endif()
