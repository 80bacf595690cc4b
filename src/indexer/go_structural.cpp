#include "go_structural.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cg::indexer {

Expected<size_t> computeGoStructuralImplements(store::IndexWriter& writer) {
  auto types = writer.goTypes();
  if (!types) return types.error();
  // Inverted index: method name → the non-interface types that have it.
  std::unordered_map<std::string, std::vector<const store::IndexWriter::GoType*>> byMethod;
  std::unordered_map<const store::IndexWriter::GoType*, std::unordered_set<std::string>> methodSets;
  for (const auto& t : *types) {
    if (t.isInterface) continue;
    auto& set = methodSets[&t];
    for (const auto& m : t.methods)
      if (set.insert(m).second) byMethod[m].push_back(&t);
  }
  std::vector<store::IndexWriter::StructuralEdge> edges;
  for (const auto& iface : *types) {
    if (!iface.isInterface || iface.methods.empty()) continue;
    // Candidates: the types having the interface's rarest method.
    const std::vector<const store::IndexWriter::GoType*>* rarest = nullptr;
    for (const auto& m : iface.methods) {
      auto it = byMethod.find(m);
      if (it == byMethod.end()) {
        rarest = nullptr;
        break;
      }
      if (!rarest || it->second.size() < rarest->size()) rarest = &it->second;
    }
    if (!rarest) continue;
    for (const auto* t : *rarest) {
      const auto& set = methodSets[t];
      bool covers = std::all_of(iface.methods.begin(), iface.methods.end(),
                                [&set](const std::string& m) { return set.count(m) > 0; });
      if (covers) edges.push_back({t, &iface});
    }
  }
  if (auto s = writer.replaceStructuralImplements(edges); !s) return s.error();
  return edges.size();
}

}  // namespace cg::indexer
