#include "go_structural.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cg::indexer {

Expected<size_t> computeGoStructuralImplements(store::IndexWriter& writer) {
  auto types = writer.goTypes();
  if (!types) return types.error();
  using GoType = store::IndexWriter::GoType;
  std::unordered_map<int64_t, const GoType*> byId;
  for (const auto& t : *types) byId.emplace(t.id, &t);
  // Full method sets: a type's own methods plus those promoted from the types it embeds (the
  // resolved `extends` edges: embedded structs and interfaces of a struct, embedded interfaces
  // of an interface), transitively. Pointer and value receivers are not told apart.
  std::unordered_map<const GoType*, std::unordered_set<std::string>> methodSets;
  for (const auto& t : *types) {
    auto& set = methodSets[&t];
    std::vector<const GoType*> todo{&t};
    std::unordered_set<const GoType*> seen;
    while (!todo.empty()) {
      const GoType* cur = todo.back();
      todo.pop_back();
      if (!seen.insert(cur).second || seen.size() > 64) continue;
      set.insert(cur->methods.begin(), cur->methods.end());
      auto bases = writer.basesOf(cur->id);
      if (!bases) return bases.error();
      for (int64_t b : *bases) {
        auto it = byId.find(b);
        if (it != byId.end()) todo.push_back(it->second);
      }
    }
  }
  // Inverted index: method name → the non-interface types that have it.
  std::unordered_map<std::string, std::vector<const GoType*>> byMethod;
  for (const auto& t : *types) {
    if (t.isInterface) continue;
    for (const auto& m : methodSets[&t]) byMethod[m].push_back(&t);
  }
  std::vector<store::IndexWriter::StructuralEdge> edges;
  for (const auto& iface : *types) {
    const auto& required = methodSets[&iface];
    if (!iface.isInterface || required.empty()) continue;
    // Candidates: the types having the interface's rarest method.
    const std::vector<const GoType*>* rarest = nullptr;
    for (const auto& m : required) {
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
      bool covers = std::all_of(required.begin(), required.end(),
                                [&set](const std::string& m) { return set.count(m) > 0; });
      if (covers) edges.push_back({t, &iface});
    }
  }
  if (auto s = writer.replaceStructuralImplements(edges); !s) return s.error();
  return edges.size();
}

}  // namespace cg::indexer
