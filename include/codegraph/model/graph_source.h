// GraphSource: the bulk read the graph analytics run on (src/graph), and AnalyticsUpdate, what
// they hand back to be stored. Both are plain model types: the algorithms never see SQL, and the
// store never sees the algorithms. Implemented by store::SqliteGraphSource; the update is written
// by store::AnalyticsWriter in one transaction.
//
// Size: a snapshot holds every symbol and resolved edge in memory: about 140 bytes per symbol
// (plus its name and qualified name when longer than 15 characters; the uid is derived and the
// path shared per file) and 40 per edge. Strings the analytics do not need (doc, signature) are
// not loaded.
// Threads: a GraphSource is used by one thread (the indexer's writer thread).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "codegraph/model/symbol.h"
#include "codegraph/support/expected.h"

namespace cg::model {

// One symbol as the analytics see it, with the analytics values currently stored for it.
// Compact, because the analytics hold every symbol of the repository (4.2 million on the Linux
// kernel): the uid is not stored but derived (`<path>::<qualified name>::<kind>[#n]`, the one
// form model::symbolUid makes), and the path is one string shared by the symbols of a file.
struct GraphNode {
  int64_t id = 0;
  int64_t fileId = 0;  // the file that defines it (the unit a refresh replaces)
  std::string name;
  // The qualified name, unless it is the name itself (`qualifiedIsName`): most C symbols are
  // top-level, and a second copy of the kernel's 2.3 million long names cost ~100 MB at the
  // analytics' peak. Read it with qualifiedName(); set it with setQualifiedName(), after the name.
  std::string qualified;
  std::shared_ptr<const std::string> path;  // shared by the file's symbols; null = ""
  SymbolKind kind = SymbolKind::kFunction;
  uint32_t ordinal = 0;  // the uid's "#n" (n >= 2) for the n-th symbol of one name and kind; else 0
  uint32_t complexity = 1;
  bool isTest = false;
  bool qualifiedIsName = false;
  // Stored values (0 for a symbol added since the last computation).
  double pagerank = 0;        // raw PageRank score (sums to 1 over the graph)
  double centrality = 0;      // percentile of pagerank
  int64_t communityId = 0;    // 0 = none
  double complexityRank = 0;

  const std::string& filePath() const;
  const std::string& qualifiedName() const { return qualifiedIsName ? name : qualified; }
  void setQualifiedName(std::string q) {
    qualifiedIsName = q == name;
    if (qualifiedIsName) qualified.clear();
    else qualified = std::move(q);
  }
  std::string uid() const;
};

// a.uid() < b.uid(), without building either.
bool uidLess(const GraphNode& a, const GraphNode& b);

// A resolved edge between two symbols (references from a file's top level have no source symbol
// and are not edges of the symbol graph).
struct GraphEdge {
  int64_t sourceId = 0;
  int64_t targetId = 0;
  RefKind kind = RefKind::kCalls;
  double confidence = 1;
  int64_t fileId = 0;  // the file the reference is written in
};

// A code name a Markdown document mentions in inline code or a code block, as extracted:
// identifiers and their dotted / `::` forms (`AuthService`, `login`, `AuthService.login`).
struct DocMention {
  int64_t docFileId = 0;
  std::string name;
};

struct DocLink {
  int64_t symbolId = 0;
  int64_t docFileId = 0;
  auto operator<=>(const DocLink&) const = default;
};

struct GraphSnapshot {
  std::vector<GraphNode> nodes;          // any order
  std::vector<GraphEdge> edges;          // any order, repeats allowed
  std::vector<DocMention> mentions;
  std::vector<Community> communities;    // as stored (id, uid, label, size)
  std::vector<DocLink> docLinks;         // as stored
  // The nodes are in model::uidLess order: the graph cache sorts a snapshot once when it loads
  // it and replaceFiles keeps the order, so neither it nor buildSymbolGraph checks 4 million
  // nodes again (a linear pass of string comparisons, on every refresh).
  bool uidOrdered = false;
};

// What to change in the stored analytics. Only differences are listed, so a refresh that moves
// little writes little.
struct SymbolAnalytics {
  int64_t id = 0;
  double pagerank = 0;
  double centrality = 0;
  int64_t communityId = 0;  // a stored id, or a negative placeholder -k for newCommunities[k-1]
  double complexityRank = 0;
};

struct AnalyticsUpdate {
  std::vector<SymbolAnalytics> symbols;       // changed symbols only
  std::vector<Community> changedCommunities;  // existing ids whose label/size/uid changed
  std::vector<Community> newCommunities;      // id ignored; referenced as -(index+1)
  std::vector<int64_t> removedCommunities;    // ids no symbol belongs to any more
  std::vector<DocLink> addedLinks;
  std::vector<DocLink> removedLinks;
  bool empty() const {
    return symbols.empty() && changedCommunities.empty() && newCommunities.empty() &&
           removedCommunities.empty() && addedLinks.empty() && removedLinks.empty();
  }
};

class GraphSource {
 public:
  virtual ~GraphSource() = default;
  virtual Expected<GraphSnapshot> load() = 0;
};

// Keeping a snapshot current without reloading it: every symbol, edge and mention belongs to one
// file, so a refresh's changes are the set of files whose rows changed. Replaces, in `snapshot`,
// the nodes, edges and mentions of each file in `fileIds` with `fresh` (which holds exactly the
// rows of those files as they are now; a removed file has none). Nodes in uid order stay in
// it (the analytics then need not sort them again). Stored analytics values
// (communities, document links, the nodes' scores) are not touched: see applyAnalytics.
void replaceFiles(GraphSnapshot& snapshot, const std::vector<int64_t>& fileIds, GraphSnapshot&& fresh);

// Makes `snapshot` hold what was stored after `update` was written; `newCommunityIds[k]` is the id
// the store gave update.newCommunities[k].
void applyAnalytics(GraphSnapshot& snapshot, const AnalyticsUpdate& update,
                    const std::vector<int64_t>& newCommunityIds);

}  // namespace cg::model
