#include "codegraph/graph/communities.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace cg::graph {

std::string communityLabel(const SymbolGraph& graph, const std::vector<uint32_t>& members,
                           const std::vector<double>& score) {
  std::map<std::string, uint32_t> folders;
  for (uint32_t m : members) ++folders[directoryOf(graph.nodes[m]->filePath())];
  const std::string* folder = nullptr;
  uint32_t best = 0;
  for (const auto& [dir, count] : folders) {  // map order: ties resolved by the path below
    if (!folder || count > best || (count == best && dir.size() < folder->size())) {
      folder = &dir;
      best = count;
    }
  }
  std::vector<uint32_t> ranked(members);
  std::sort(ranked.begin(), ranked.end(), [&](uint32_t a, uint32_t b) {
    return score[a] != score[b] ? score[a] > score[b] : a < b;
  });
  std::string label = folder ? *folder : std::string(".");
  std::vector<std::string> names;
  for (uint32_t m : ranked) {
    const std::string& name = graph.nodes[m]->name;
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    names.push_back(name);
    if (names.size() == 3) break;
  }
  for (size_t i = 0; i < names.size(); ++i) label += (i == 0 ? ": " : ", ") + names[i];
  return label;
}

CommunityAssignment resolveCommunities(const SymbolGraph& graph, const std::vector<uint32_t>& cluster,
                                       uint32_t count, const std::vector<double>& score,
                                       const std::vector<model::Community>& stored, bool keepSettledLabels,
                                       const std::function<bool()>& stop) {
  const auto n = static_cast<uint32_t>(graph.nodes.size());
  CommunityAssignment out;
  auto stopped = [&] { return stop && (out.interrupted = stop()); };
  std::unordered_map<int64_t, uint32_t> storedIndex;
  for (uint32_t k = 0; k < stored.size(); ++k) storedIndex.emplace(stored[k].id, k);

  std::vector<std::vector<uint32_t>> members(count);
  for (uint32_t i = 0; i < n; ++i) members[cluster[i]].push_back(i);
  // Stored membership among present symbols, and the overlap of every (cluster, stored) pair.
  std::vector<uint32_t> storedSize(stored.size(), 0);
  std::unordered_map<uint64_t, uint32_t> overlap;  // cluster << 32 | stored index → shared members
  for (uint32_t i = 0; i < n; ++i) {
    auto it = storedIndex.find(graph.nodes[i]->communityId);
    if (it == storedIndex.end()) continue;
    ++storedSize[it->second];
    ++overlap[(static_cast<uint64_t>(cluster[i]) << 32) | it->second];
  }
  if (stopped()) return out;
  std::vector<std::tuple<double, uint32_t, int64_t>> pairs;  // (-jaccard, cluster, stored id)
  for (const auto& [key, shared] : overlap) {
    const auto c = static_cast<uint32_t>(key >> 32);
    const auto k = static_cast<uint32_t>(key & 0xffffffffu);
    if (members[c].size() < kMinCommunitySize) continue;  // no community: continues none
    double unionSize = static_cast<double>(members[c].size() + storedSize[k] - shared);
    double jaccard = shared / unionSize;
    if (jaccard >= kContinuityJaccard) pairs.emplace_back(-jaccard, c, stored[k].id);
  }
  std::sort(pairs.begin(), pairs.end());
  if (stopped()) return out;

  out.clusters.resize(count);
  out.clusterOf = cluster;
  std::unordered_set<int64_t> storedTaken;
  std::unordered_set<std::string> uidsTaken;
  for (const auto& [negJ, c, id] : pairs) {
    if (out.clusters[c].storedId != 0 || storedTaken.count(id)) continue;
    out.clusters[c].storedId = id;
    out.clusters[c].uid = stored[storedIndex.at(id)].uid;
    storedTaken.insert(id);
    uidsTaken.insert(out.clusters[c].uid);
  }
  for (uint32_t c = 0; c < count; ++c) {
    if ((c & 0xffff) == 0xffff && stopped()) return out;
    auto& rc = out.clusters[c];
    rc.size = static_cast<uint32_t>(members[c].size());
    if (!rc.isCommunity()) continue;
    if (rc.storedId != 0) {
      const model::Community& old = stored[storedIndex.at(rc.storedId)];
      // Settled: exactly the stored members (same count, all from it, as the stored size says).
      const auto k = storedIndex.at(rc.storedId);
      auto shared = overlap.find((static_cast<uint64_t>(c) << 32) | k);
      bool settled = keepSettledLabels && old.size == rc.size && storedSize[k] == rc.size &&
                     shared != overlap.end() && shared->second == rc.size;
      rc.label = settled ? old.label : communityLabel(graph, members[c], score);
      continue;
    }
    rc.label = communityLabel(graph, members[c], score);
    uint32_t top = members[c].front();
    for (uint32_t m : members[c])
      if (score[m] > score[top]) top = m;  // members are in index order: ties keep the first
    std::string base = "community:" + graph.nodes[top]->uid();
    std::string uid = base;
    for (int k = 2; uidsTaken.count(uid); ++k) uid = base + "#" + std::to_string(k);
    // A stored community not continued may still hold this uid; the writer frees its row first.
    uidsTaken.insert(uid);
    rc.uid = uid;
  }
  return out;
}

}  // namespace cg::graph
