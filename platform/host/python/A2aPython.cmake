# a2a_python_probe(): a macro, since pybind11_add_module needs the variables
# find_package(pybind11) sets. What the Python module needs, looked for once and shared by
# the module (platform/host/python) and its tests (tests/python, configured first).
# Sets in the caller's scope:
#   A2A_PYTHON_EXECUTABLE  the interpreter the module is built for and tested with
#                          (cached; -DA2A_PYTHON_EXECUTABLE=... chooses another)
#   A2A_PYTHON_UNAVAILABLE empty when the module can be built, else why not
#   A2A_PYTHON_MODULE_DIR  where the built extension goes: <build>/python
#
# Why the interpreter is chosen here, not by find_package(Python3) alone: the first
# python3 on PATH may be another installation (pyenv, a venv) without Debian's NumPy,
# and pybind11's own fallback search then stops the whole configure with an error.
# So the interpreter is the first python3 (PATH first, then /usr/bin) that imports
# numpy, and find_package(Python3) is told to use exactly that one.
macro(a2a_python_probe)
  set(A2A_PYTHON_MODULE_DIR "${PROJECT_BINARY_DIR}/python")
  set(A2A_PYTHON_UNAVAILABLE "")
  if(NOT A2A_PYTHON_EXECUTABLE)
    find_program(_a2a_path_python python3)
    foreach(_a2a_candidate IN ITEMS "${_a2a_path_python}" /usr/bin/python3)
      if(_a2a_candidate AND EXISTS "${_a2a_candidate}" AND NOT A2A_PYTHON_EXECUTABLE)
        execute_process(COMMAND "${_a2a_candidate}" -c "import numpy" RESULT_VARIABLE _a2a_rc
                        OUTPUT_QUIET ERROR_QUIET)
        if(_a2a_rc EQUAL 0)
          set(A2A_PYTHON_EXECUTABLE "${_a2a_candidate}" CACHE FILEPATH "Python interpreter of the a2a Python module")
        endif()
      endif()
    endforeach()
    unset(_a2a_path_python CACHE)
  endif()
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _a2a_config)
  if("${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_a2a_config}}" MATCHES "-fsanitize")
    # An extension built with a sanitizer needs its runtime loaded before the
    # interpreter starts; the sanitizer presets test the C++ instead.
    set(A2A_PYTHON_UNAVAILABLE "a sanitizer build (-fsanitize): python3 does not load the sanitizer's runtime")
  elseif(NOT A2A_PYTHON_EXECUTABLE)
    set(A2A_PYTHON_UNAVAILABLE "missing a python3 that imports numpy (install python3-numpy)")
  else()
    set(Python3_EXECUTABLE "${A2A_PYTHON_EXECUTABLE}")
    find_package(Python3 QUIET COMPONENTS Interpreter Development.Module NumPy)
    if(NOT Python3_Interpreter_FOUND)
      set(A2A_PYTHON_UNAVAILABLE "missing a working ${A2A_PYTHON_EXECUTABLE}")
    elseif(NOT Python3_Development.Module_FOUND)
      set(A2A_PYTHON_UNAVAILABLE "missing Python's headers for ${A2A_PYTHON_EXECUTABLE} (install python3-dev)")
    elseif(NOT Python3_NumPy_FOUND)
      set(A2A_PYTHON_UNAVAILABLE "missing NumPy for ${A2A_PYTHON_EXECUTABLE} (install python3-numpy)")
    else()
      # With Python3 found, pybind11's config uses it (its FindPython mode) and does
      # not search again.
      find_package(pybind11 CONFIG QUIET)
      if(NOT pybind11_FOUND)
        set(A2A_PYTHON_UNAVAILABLE "missing pybind11 (install pybind11-dev and python3-pybind11)")
      endif()
    endif()
  endif()
endmacro()
