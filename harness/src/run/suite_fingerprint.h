// The content of a run's suite in 16 hex digits, which a journal records so
// that --resume refuses to mix results of a suite that changed since.
#ifndef ONNXCTS_HARNESS_RUN_SUITE_FINGERPRINT_H_
#define ONNXCTS_HARNESS_RUN_SUITE_FINGERPRINT_H_

#include <string>
#include <vector>

#include "core/test_case.h"

namespace onnxcts {

// SuiteFingerprint()
//
// A 64-bit hash, in hex, of every case's id and must-reject flag and of the
// names and bytes of its model and .pb files, in case id order (so not of
// where the suite lies). A file that cannot be read counts as such, not as
// an error: the run reports it.
std::string SuiteFingerprint(const std::vector<TestCase>& cases);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_RUN_SUITE_FINGERPRINT_H_
