# hal_register_doc_mismatch: the doc check must fail when the doc and the register
# table disagree. Copies docs/register-map.md with one offset changed inside the
# generated region and expects a2a_register_export check-doc to refuse it.
# cmake -DEXPORTER=<a2a_register_export> -DDOC=<register-map.md> -DOUT=<copy> -P this
file(READ "${DOC}" text)
string(REPLACE "| CONTROL | 0x018 |" "| CONTROL | 0x01C |" changed "${text}")
if(changed STREQUAL text)
  message(FATAL_ERROR "the CONTROL row of the register table was not found in ${DOC}")
endif()
file(WRITE "${OUT}" "${changed}")
execute_process(COMMAND "${EXPORTER}" check-doc "${OUT}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "check-doc accepted a doc that disagrees with the code (exit ${rc})")
endif()
message(STATUS "check-doc refused the changed doc as it should:\n${err}")
