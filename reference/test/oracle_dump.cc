// Prints the oracle's reading of every pattern of the float formats that
// ml_dtypes also implements and the kernels do not take (float4e2m1,
// float8e8m0), one line each: dtype, pattern, value (C99 hex float, exact),
// class name. oracle_ml_dtypes_test.py checks them against ml_dtypes.
#include <cstdio>

#include "onnxcts/oracle.h"

int main() {
  using namespace onnxcts;
  for (DType d : {DType::kFloat4E2M1, DType::kFloat8E8M0}) {
    const DTypeInfo& t = Info(d);
    for (uint64_t bits = 0; bits <= t.all_bits(); ++bits) {
      std::printf("%s %llu %a %s\n", t.name.data(),
                  static_cast<unsigned long long>(bits), oracle::Value(t, bits),
                  oracle::ClassName(t, bits).c_str());
    }
  }
  return 0;
}
