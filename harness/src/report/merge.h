// Shard reports joined into one (`onnxcts report merge`), as if one
// unsharded run had produced it.
#ifndef ONNXCTS_HARNESS_REPORT_MERGE_H_
#define ONNXCTS_HARNESS_REPORT_MERGE_H_

#include <stdexcept>
#include <string>
#include <vector>

#include "report/report.h"

namespace onnxcts {

// Why reports cannot be merged; the message names the reports at fault.
class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// MergeReports()
//
// Joins `reports` (read from `files`, named in errors; at least one). They
// must share suites, backend (spec, name and version), policy and filter,
// be shards of one split (same count, no index twice, none missing), and
// hold no case id and data set twice; MergeError otherwise. The result
// holds all results sorted by case id then data set, started at the
// earliest start and ended at the latest end, as shard 0/1, with the
// environment and command line of the lowest shard and every host.
Report MergeReports(const std::vector<Report>& reports,
                    const std::vector<std::string>& files);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_REPORT_MERGE_H_
