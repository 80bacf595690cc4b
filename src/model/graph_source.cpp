#include "codegraph/model/graph_source.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cg::model {

void replaceFiles(GraphSnapshot& snapshot, const std::vector<int64_t>& fileIds, GraphSnapshot&& fresh) {
  const std::unordered_set<int64_t> dirty(fileIds.begin(), fileIds.end());
  auto byUid = [](const GraphNode& a, const GraphNode& b) { return a.uid < b.uid; };
  const bool sorted = std::is_sorted(snapshot.nodes.begin(), snapshot.nodes.end(), byUid);
  std::erase_if(snapshot.nodes, [&](const GraphNode& n) { return dirty.count(n.fileId) != 0; });
  std::erase_if(snapshot.edges, [&](const GraphEdge& e) { return dirty.count(e.fileId) != 0; });
  std::erase_if(snapshot.mentions, [&](const DocMention& m) { return dirty.count(m.docFileId) != 0; });
  auto append = [](auto& to, auto&& from) {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  };
  // Nodes kept in uid order stay in it (the order the analytics number them in).
  const auto middle = static_cast<std::ptrdiff_t>(snapshot.nodes.size());
  std::sort(fresh.nodes.begin(), fresh.nodes.end(), byUid);
  append(snapshot.nodes, std::move(fresh.nodes));
  if (sorted) std::inplace_merge(snapshot.nodes.begin(), snapshot.nodes.begin() + middle, snapshot.nodes.end(), byUid);
  append(snapshot.edges, std::move(fresh.edges));
  append(snapshot.mentions, std::move(fresh.mentions));
}

void applyAnalytics(GraphSnapshot& snapshot, const AnalyticsUpdate& update,
                    const std::vector<int64_t>& newCommunityIds) {
  auto storedId = [&](int64_t id) {
    if (id >= 0) return id;
    auto k = static_cast<size_t>(-id - 1);
    return k < newCommunityIds.size() ? newCommunityIds[k] : 0;
  };
  if (!update.symbols.empty()) {
    std::unordered_map<int64_t, const SymbolAnalytics*> byId;
    byId.reserve(update.symbols.size());
    for (const auto& a : update.symbols) byId.emplace(a.id, &a);
    for (auto& n : snapshot.nodes) {
      auto it = byId.find(n.id);
      if (it == byId.end()) continue;
      n.pagerank = it->second->pagerank;
      n.centrality = it->second->centrality;
      n.communityId = storedId(it->second->communityId);
      n.complexityRank = it->second->complexityRank;
    }
  }
  auto& cs = snapshot.communities;
  const std::unordered_set<int64_t> removed(update.removedCommunities.begin(), update.removedCommunities.end());
  std::erase_if(cs, [&](const Community& c) { return removed.count(c.id) != 0; });
  if (!update.changedCommunities.empty()) {
    std::unordered_map<int64_t, const Community*> changed;
    for (const auto& c : update.changedCommunities) changed.emplace(c.id, &c);
    for (auto& c : cs)
      if (auto it = changed.find(c.id); it != changed.end()) c = *it->second;
  }
  for (size_t k = 0; k < update.newCommunities.size() && k < newCommunityIds.size(); ++k) {
    Community c = update.newCommunities[k];
    c.id = newCommunityIds[k];
    cs.push_back(std::move(c));
  }
  auto& links = snapshot.docLinks;
  if (!update.removedLinks.empty()) {
    std::vector<DocLink> gone(update.removedLinks);
    std::sort(gone.begin(), gone.end());
    std::erase_if(links, [&](const DocLink& l) { return std::binary_search(gone.begin(), gone.end(), l); });
  }
  links.insert(links.end(), update.addedLinks.begin(), update.addedLinks.end());
}

}  // namespace cg::model
