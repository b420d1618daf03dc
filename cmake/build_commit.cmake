# cmake -DSOURCE_DIR=... -DGIT=... -DOUT=... -P build_commit.cmake
#
# Writes OUT, a source file defining onnxcts::BuildCommit(): the commit
# SOURCE_DIR is checked out at, with "-dirty" when tracked files differ from
# it, or "unknown" outside a git checkout. Run at every build; OUT is
# rewritten only when that text changes, so an unchanged commit recompiles
# nothing.
set(commit unknown)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --verify HEAD
                  OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE failed ERROR_QUIET)
  if(NOT failed AND head MATCHES "^[0-9a-f]+$")
    set(commit ${head})
    # No optional locks: a build must not write the checkout's index.
    execute_process(COMMAND ${GIT} --no-optional-locks -C ${SOURCE_DIR}
                            status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
    if(failed OR NOT changes STREQUAL "")
      string(APPEND commit -dirty)
    endif()
  endif()
endif()

set(text "// Written by cmake/build_commit.cmake at build time.
#include \"report/version.h\"

namespace onnxcts {

std::string_view BuildCommit() { return \"${commit}\"; }

}  // namespace onnxcts
")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
