#include "report/merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace onnxcts {
namespace {

std::string BackendText(const BackendInfo& b) {
  return fmt::format("{} {} ({})", b.name, b.version, b.spec);
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Throws when `what` of report i differs from report 0's.
void RequireSame(const std::vector<std::string>& files, size_t i,
                 const char* what, const std::string& first,
                 const std::string& other) {
  if (first == other) return;
  throw MergeError(fmt::format("{} and {} have different {}: {} vs {}",
                               files[0], files[i], what, first, other));
}

void CheckCompatible(const std::vector<Report>& reports,
                     const std::vector<std::string>& files) {
  const Report& first = reports[0];
  for (size_t i = 1; i < reports.size(); ++i) {
    const Report& r = reports[i];
    RequireSame(files, i, "suites",
                fmt::format("{}", fmt::join(Sorted(first.suites), ", ")),
                fmt::format("{}", fmt::join(Sorted(r.suites), ", ")));
    RequireSame(files, i, "backends", BackendText(first.backend),
                BackendText(r.backend));
    RequireSame(files, i, "policies", std::string(PolicyName(first.policy)),
                std::string(PolicyName(r.policy)));
    RequireSame(files, i, "filters", "\"" + first.filter + "\"",
                "\"" + r.filter + "\"");
    RequireSame(files, i, "--strict-ops",
                fmt::format("{}", fmt::join(first.strict_ops, ",")),
                fmt::format("{}", fmt::join(r.strict_ops, ",")));
    RequireSame(files, i, "shard counts", std::to_string(first.shard.count),
                std::to_string(r.shard.count));
  }
}

// A merged report claims to be the whole run, so every shard must be there.
void CheckShards(const std::vector<Report>& reports,
                 const std::vector<std::string>& files) {
  std::map<int, size_t> by_index;
  for (size_t i = 0; i < reports.size(); ++i) {
    const auto [it, added] = by_index.try_emplace(reports[i].shard.index, i);
    if (!added) {
      throw MergeError(fmt::format(
          "{} and {} are both shard {}/{}", files[it->second], files[i],
          reports[i].shard.index, reports[i].shard.count));
    }
  }
  const int count = reports[0].shard.count;
  for (int index = 0; index < count; ++index) {
    if (by_index.count(index) == 0) {
      throw MergeError(fmt::format("shard {}/{} is missing", index, count));
    }
  }
}

std::vector<CaseResult> JoinResults(const std::vector<Report>& reports,
                                    const std::vector<std::string>& files) {
  std::map<std::pair<std::string, int>, size_t> owner;
  std::vector<CaseResult> results;
  for (size_t i = 0; i < reports.size(); ++i) {
    for (const CaseResult& r : reports[i].results) {
      const auto [it, added] = owner.try_emplace({r.case_id, r.data_set}, i);
      if (!added) {
        throw MergeError(fmt::format("{} and {} both hold case {} data set {}",
                                     files[it->second], files[i], r.case_id,
                                     r.data_set));
      }
      results.push_back(r);
    }
  }
  std::sort(results.begin(), results.end(),
            [](const CaseResult& a, const CaseResult& b) {
              return std::tie(a.case_id, a.data_set) <
                     std::tie(b.case_id, b.data_set);
            });
  return results;
}

// Shards may run on several machines; the merged report names them all.
std::string Hosts(const std::vector<Report>& reports) {
  std::vector<std::string> hosts;
  for (const Report& r : reports) {
    if (std::find(hosts.begin(), hosts.end(), r.host) == hosts.end()) {
      hosts.push_back(r.host);
    }
  }
  return fmt::format("{}", fmt::join(hosts, ", "));
}

std::vector<KnownFailureEntry> KnownFailures(
    const std::vector<Report>& reports) {
  std::vector<KnownFailureEntry> all;
  std::set<std::string> globs;
  for (const Report& r : reports) {
    for (const KnownFailureEntry& k : r.known_failures) {
      if (globs.insert(k.glob).second) all.push_back(k);
    }
  }
  return all;
}

}  // namespace

Report MergeReports(const std::vector<Report>& reports,
                    const std::vector<std::string>& files) {
  if (reports.empty()) throw MergeError("no reports to merge");
  if (files.size() != reports.size()) {
    throw std::invalid_argument("MergeReports: one file name per report");
  }
  CheckCompatible(reports, files);
  CheckShards(reports, files);
  const auto lowest = std::min_element(reports.begin(), reports.end(),
                                       [](const Report& a, const Report& b) {
                                         return a.shard.index < b.shard.index;
                                       });
  Report merged = *lowest;
  merged.results = JoinResults(reports, files);
  merged.host = Hosts(reports);
  merged.known_failures = KnownFailures(reports);
  merged.shard = ShardSpec{0, 1};
  for (const Report& r : reports) {
    merged.started = std::min(merged.started, r.started);
    merged.ended = std::max(merged.ended, r.ended);
  }
  return merged;
}

}  // namespace onnxcts
