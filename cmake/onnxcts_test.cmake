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
  # Tests may read the source tree; the programs they test may not.
  target_compile_definitions(${name} PRIVATE
    ONNXCTS_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  onnxcts_cold_code(${name})
  if(NOT arg_LABELS)
    set(arg_LABELS unit)
  endif()
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST
    PROPERTIES LABELS "${arg_LABELS}" ENVIRONMENT "RC_PARAMS=seed=20261129")
endfunction()

# Test code and the CLI's glue are not where the time goes at run time (the
# kernels, the sweep and the runner are libraries, built with -O2), but -O2
# doubles their compile time (long_run.cc: 48 s at -O2, 25 s at -O1), which
# is most of a fresh build. So they get -O1 in the optimised configurations,
# or ONNXCTS_COLD_CODE_FLAGS where that is set: the sanitizer build
# (fuzz/nightly_common.py) sets -O0, which halves the cost of these files
# under ASan and UBSan (run_command.cc: 25 s at -O1, 12 s at -O0) while the
# libraries the fuzzers spend their time in keep the build's -O1.
set(ONNXCTS_COLD_CODE_FLAGS "" CACHE STRING
  "Compile flags of the tests and the CLI's glue, in place of -O1")
function(onnxcts_cold_code target)
  if(ONNXCTS_COLD_CODE_FLAGS)
    separate_arguments(flags UNIX_COMMAND "${ONNXCTS_COLD_CODE_FLAGS}")
    target_compile_options(${target} PRIVATE ${flags})
  else()
    target_compile_options(${target} PRIVATE
      $<$<CONFIG:RelWithDebInfo,Release,MinSizeRel>:-O1>)
  endif()
endfunction()
