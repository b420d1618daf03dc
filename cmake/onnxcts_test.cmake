# onnxcts_test(NAME SOURCES a.cc... [LIBS lib...] [LABELS unit|exhaustive|...])
#
# One GoogleTest executable; each of its tests becomes a CTest test with the
# given labels, so `ctest -L unit` and `ctest -LE exhaustive` select them and
# `ctest -j` runs parameterised chunks side by side.
include(GoogleTest)
function(onnxcts_test name)
  cmake_parse_arguments(arg "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  if(NOT ONNXCTS_TESTS)
    return()
  endif()
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE ${arg_LIBS} GTest::gtest_main)
  if(NOT arg_LABELS)
    set(arg_LABELS unit)
  endif()
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST
    PROPERTIES LABELS "${arg_LABELS}" ENVIRONMENT "RC_PARAMS=seed=20261129")
endfunction()
