#!/bin/bash -eu
# Builds every fuzz target of onnxcts for OSS-Fuzz and ClusterFuzzLite, and
# for fuzz/ci and fuzz/nightly, which run it here with local values.
#
# The contract: the compiler and flags come from $CC $CXX $CFLAGS $CXXFLAGS,
# the engine from $LIB_FUZZING_ENGINE, scratch space is $WORK, and $OUT
# receives each target with <target>_seed_corpus.zip, <target>.dict and
# <target>.options, plus what the targets load at run time (the reference
# plugin, and the shared libraries the runner image lacks, in $OUT/lib).
#
# Local knobs: ONNXCTS_FUZZ_EXTRA_TARGETS (more CMake targets to build in
# the same tree, e.g. onnxcts_defective_plugin) and ONNXCTS_FUZZ_CMAKE_ARGS
# (more configure arguments).

: "${OUT:?}" "${WORK:?}" "${CC:?}" "${CXX:?}" "${LIB_FUZZING_ENGINE:?}"

# Here the script sits in <root>/.clusterfuzzlite; in the OSS-Fuzz image it
# is copied to $SRC/build.sh and the project to $SRC/onnxcts.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [[ -f ${here}/../fuzz/CMakeLists.txt ]]; then
  root=$(cd "${here}/.." && pwd)
else
  root=${SRC:?}/onnxcts
fi
build=${WORK}/build

# OSS-Fuzz compiles C++ against its own libc++; the Debian/Ubuntu libraries
# the harness links (protobuf, ONNX) are built against libstdc++.
CXXFLAGS=${CXXFLAGS:-}
CXXFLAGS=${CXXFLAGS//-stdlib=libc++/}
# FuzzedDataProvider.h comes with the compiler in use, wherever it lives.
fdp_include=$("${CXX}" -print-resource-dir)/include
fdp_args=()
if [[ -f ${fdp_include}/fuzzer/FuzzedDataProvider.h ]]; then
  fdp_args=(-DONNXCTS_FDP_INCLUDE="${fdp_include}")
fi

# The Debian/Ubuntu libraries are shared only (libonnx.so, libhwy.so...):
# the targets find their copies in $OUT/lib. None is installed on the
# runner image. (The backslash keeps the shell ninja starts from expanding
# $ORIGIN.)
# shellcheck disable=SC2016
rpath='-Wl,-rpath,\$ORIGIN/lib'
# The plugins link with --no-undefined, but clang's sanitizer runtimes are
# in the executable that loads them: -z undefs, last on the line, lifts it.
late_flags='-Wl,-z,undefs'
# CMAKE_BUILD_TYPE=None: the flags are $CFLAGS and $CXXFLAGS alone.
# shellcheck disable=SC2086
cmake -S "${root}" -B "${build}" -G Ninja \
  -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER="${CC}" -DCMAKE_CXX_COMPILER="${CXX}" \
  -DCMAKE_C_FLAGS="${CFLAGS:-}" -DCMAKE_CXX_FLAGS="${CXXFLAGS}" \
  -DCMAKE_EXE_LINKER_FLAGS="${rpath}" \
  -DCMAKE_MODULE_LINKER_FLAGS="${rpath}" \
  -DCMAKE_CXX_STANDARD_LIBRARIES="${late_flags}" \
  -DONNXCTS_FUZZ_ENGINE="${LIB_FUZZING_ENGINE}" \
  -DONNXCTS_TESTS=OFF -DONNXCTS_BENCH=OFF -DONNXCTS_WERROR=OFF \
  "${fdp_args[@]}" \
  ${ONNXCTS_FUZZ_CMAKE_ARGS:-} >/dev/null
# shellcheck disable=SC2086
cmake --build "${build}" --target onnxcts_fuzzers onnxcts_reference_plugin \
  onnxcts_plugin_host \
  ${ONNXCTS_FUZZ_EXTRA_TARGETS:-}

# Largest input a target may get: its largest seed, at least libFuzzer's
# 4096, at most 1 MiB.
max_len_of() {
  local largest
  largest=$(find "$@" -type f -printf '%s\n' 2>/dev/null | sort -n | tail -1)
  largest=${largest:-0}
  ((largest < 4096)) && largest=4096
  ((largest > 1048576)) && largest=1048576
  echo "${largest}"
}

# Shared libraries outside the C and C++ runtimes, copied beside the targets.
bundle_libs() {
  # Emptied first, so that ldd resolves from the system, not the old copies.
  rm -rf "${OUT:?}/lib"
  mkdir -p "${OUT}/lib"
  ldd "$@" | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
    case $(basename "${lib}") in
      libc.so*|libm.so*|libdl.so*|librt.so*|libpthread.so*|ld-linux*|\
      libstdc++.so*|libgcc_s.so*) ;;
      *) cp -L "${lib}" "${OUT}/lib/" ;;
    esac
  done
}

# Zips the files of the folders named (flat, by their sha1 names).
zip_seeds() {
  local zip_file=$1
  shift
  rm -f "${zip_file}"
  local file files=()
  local -A seen=()
  # A seed can also be a regression file; one sha1 name is one content, and
  # zip -j refuses a name twice.
  while IFS= read -r file; do
    [[ -n ${seen[${file##*/}]:-} ]] && continue
    seen[${file##*/}]=1
    files+=("${file}")
  done < <(find "$@" -maxdepth 1 -type f 2>/dev/null | sort)
  ((${#files[@]} == 0)) && return
  zip -q -j "${zip_file}" "${files[@]}"
}

mkdir -p "${OUT}"
targets=()
for source in "${root}"/fuzz/*_fuzzer.cc; do
  target=$(basename "${source}" .cc)
  name=${target%_fuzzer}
  cp "${build}/bin/${target}" "${OUT}/"
  targets+=("${OUT}/${target}")
  seeds=("${root}/corpora/fuzz/${name}" "${root}/fuzz/regressions/${name}")
  zip_seeds "${OUT}/${target}_seed_corpus.zip" "${seeds[@]}"
  dict=${root}/fuzz/${name}.dict
  [[ -f ${dict} ]] || dict=${root}/fuzz/onnx.dict
  options="[libfuzzer]"$'\n'
  if [[ -f ${dict} ]]; then
    cp "${dict}" "${OUT}/${target}.dict"
    options+="dict = ${target}.dict"$'\n'
  fi
  options+="max_len = $(max_len_of "${seeds[@]}")"$'\n'
  options+="timeout = 10"$'\n'
  printf '%s' "${options}" >"${OUT}/${target}.options"
done
# The plugin_backend target loads this one from beside itself, in the
# program beside itself that isolated plugins run in.
cp "${build}/lib/onnxcts_reference_plugin.so" "${build}/bin/onnxcts_plugin_host" \
  "${OUT}/"
bundle_libs "${targets[@]}" "${OUT}/onnxcts_reference_plugin.so" \
  "${OUT}/onnxcts_plugin_host"
