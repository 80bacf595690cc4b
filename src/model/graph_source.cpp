#include "codegraph/model/graph_source.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

namespace cg::model {

namespace {

const std::string kNoPath;

// The uid of a node as up to six pieces, compared without concatenating them.
struct UidPieces {
  std::string_view piece[6];
  char ordinal[16];
  explicit UidPieces(const GraphNode& n) {
    piece[0] = n.filePath();
    piece[1] = "::";
    piece[2] = n.qualifiedName();
    piece[3] = "::";
    piece[4] = toString(n.kind);
    piece[5] = {};
    if (n.ordinal > 1) {
      const int len = std::snprintf(ordinal, sizeof ordinal, "#%u", n.ordinal);
      piece[5] = std::string_view(ordinal, static_cast<size_t>(len));
    }
  }
};

// -1 or 1 when x and y differ within their common length, 0 when one starts with the other.
int firstDifference(std::string_view x, std::string_view y) {
  const size_t n = std::min(x.size(), y.size());
  const int c = x.compare(0, n, y.substr(0, n));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// The whole comparison, piece by piece.
bool uidLessSlow(const GraphNode& a, const GraphNode& b) {
  UidPieces pa(a), pb(b);
  size_t ia = 0, ib = 0, oa = 0, ob = 0;  // piece index, offset in it
  for (;;) {
    while (ia < 6 && oa == pa.piece[ia].size()) ++ia, oa = 0;
    while (ib < 6 && ob == pb.piece[ib].size()) ++ib, ob = 0;
    if (ia == 6 || ib == 6) return ia == 6 && ib < 6;
    const size_t n = std::min(pa.piece[ia].size() - oa, pb.piece[ib].size() - ob);
    if (int c = pa.piece[ia].compare(oa, n, pb.piece[ib].substr(ob, n)); c != 0) return c < 0;
    oa += n;
    ob += n;
  }
}

}  // namespace

const std::string& GraphNode::filePath() const { return path ? *path : kNoPath; }

std::string GraphNode::uid() const { return symbolUid(filePath(), qualifiedName(), kind, ordinal); }

bool uidLess(const GraphNode& a, const GraphNode& b) {
  // Sorting compares millions of pairs: decide on the path or the qualified name when they differ
  // within their common length (the usual case), and walk the pieces only when one is a prefix
  // of the other (then the "::" after it takes part in the comparison).
  const std::string& pathA = a.filePath();
  const std::string& pathB = b.filePath();
  if (&pathA != &pathB && pathA != pathB) {
    if (int c = firstDifference(pathA, pathB)) return c < 0;
    return uidLessSlow(a, b);
  }
  const std::string& qa = a.qualifiedName();
  const std::string& qb = b.qualifiedName();
  if (qa != qb) {
    if (int c = firstDifference(qa, qb)) return c < 0;
    return uidLessSlow(a, b);
  }
  if (a.kind != b.kind) {
    if (int c = firstDifference(toString(a.kind), toString(b.kind))) return c < 0;
    return uidLessSlow(a, b);
  }
  return uidLessSlow(a, b);  // the ordinals: "#10" sorts before "#2", as text does
}

void replaceFiles(GraphSnapshot& snapshot, const std::vector<int64_t>& fileIds, GraphSnapshot&& fresh) {
  const std::unordered_set<int64_t> dirty(fileIds.begin(), fileIds.end());
  auto byUid = [](const GraphNode& a, const GraphNode& b) { return uidLess(a, b); };
  const bool sorted = snapshot.uidOrdered;
  assert(!sorted || std::is_sorted(snapshot.nodes.begin(), snapshot.nodes.end(), byUid));
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
