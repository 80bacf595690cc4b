#include "go_structural.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <unordered_set>

#include "codegraph/lang/rules.h"

namespace cg::indexer {

Expected<size_t> computeGoStructuralImplements(store::IndexReader& reader, store::IndexWriter& writer) {
  const auto t0 = std::chrono::steady_clock::now();
  auto lap = [last = t0]() mutable {
    auto now = std::chrono::steady_clock::now();
    double s = std::chrono::duration<double>(now - last).count();
    last = now;
    return s;
  };
  auto types = reader.structuralTypes(lang::languageIdsWhere(&lang::Rules::structuralImplements));
  const double readSeconds = lap();
  if (!types) return types.error();
  using StructuralType = store::StructuralType;
  std::unordered_map<int64_t, const StructuralType*> byId;
  for (const auto& t : *types) byId.emplace(t.id, &t);
  // Full method sets: a type's own methods plus those promoted from the types it embeds (the
  // resolved `extends` edges: embedded structs and interfaces of a struct, embedded interfaces
  // of an interface), transitively. Pointer and value receivers are not told apart.
  auto declared = reader.declaredBases();
  if (!declared) return declared.error();
  std::unordered_map<int64_t, std::vector<int64_t>> basesOf;
  for (const auto& [type, base] : *declared)
    if (byId.count(type)) basesOf[type].push_back(base);
  std::unordered_map<const StructuralType*, std::unordered_set<std::string>> methodSets;
  for (const auto& t : *types) {
    auto& set = methodSets[&t];
    std::vector<const StructuralType*> todo{&t};
    std::unordered_set<const StructuralType*> seen;
    while (!todo.empty()) {
      const StructuralType* cur = todo.back();
      todo.pop_back();
      if (!seen.insert(cur).second || seen.size() > 64) continue;
      set.insert(cur->methods.begin(), cur->methods.end());
      auto bases = basesOf.find(cur->id);
      if (bases == basesOf.end()) continue;
      for (int64_t b : bases->second) {
        auto it = byId.find(b);
        if (it != byId.end()) todo.push_back(it->second);
      }
    }
  }
  // Inverted index: method name → the non-interface types that have it.
  std::unordered_map<std::string, std::vector<const StructuralType*>> byMethod;
  for (const auto& t : *types) {
    if (t.isInterface) continue;
    for (const auto& m : methodSets[&t]) byMethod[m].push_back(&t);
  }
  std::vector<store::IndexWriter::StructuralEdge> edges;
  for (const auto& iface : *types) {
    const auto& required = methodSets[&iface];
    if (!iface.isInterface || required.empty()) continue;
    // Candidates: the types having the interface's rarest method.
    const std::vector<const StructuralType*>* rarest = nullptr;
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
  const double computeSeconds = lap();
  if (auto s = writer.replaceStructuralImplements(edges); !s) return s.error();
  spdlog::debug("go structural: {} types; read {:.3f}s, method sets and matching {:.3f}s, write {:.3f}s",
                types->size(), readSeconds, computeSeconds, lap());
  return edges.size();
}

}  // namespace cg::indexer
