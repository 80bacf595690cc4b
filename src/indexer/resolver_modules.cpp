// Module naming inside the resolver (resolver_impl.h): Python's module aliases, re-exports
// followed to the files (and, where they rename, the names) that define what a module exports,
// and namespaces that JavaScript/TypeScript modules re-export.
#include <deque>
#include <set>
#include <tuple>

#include "resolver_impl.h"

namespace cg::indexer {

std::vector<int64_t> Resolver::Impl::aliasTarget(const std::vector<int64_t>& files,
                                                 const std::string& seg, bool& ambiguous) {
  std::vector<int64_t> out;
  for (int64_t f : files) {
    for (const auto& b : rawBindings(f)) {
      if (!b.topLevel || b.wildcard || b.local != seg || !b.symbolName.empty() || b.files.empty())
        continue;
      if (!modules.rules(b.fileId).moduleAliases) continue;
      // `import a.b` binds `a` to the package, not to a/b.py.
      if (b.local == firstSegment(b.module) && b.module.find('.') != std::string::npos &&
          b.module[0] != '.')
        continue;
      if (out.empty())
        out = b.files;
      else if (out != b.files)
        ambiguous = true;
    }
    if (!out.empty()) return out;
    // A package's submodule (Python pkg/__init__.py → pkg/seg.py | pkg/seg/__init__.py).
    const lang::Rules& rules = modules.rules(f);
    if (rules.submodule)
      if (auto sub = rules.submodule(modules, pathOf(f), seg); !sub.empty()) return sub;
  }
  return out;
}

std::vector<int64_t> Resolver::Impl::walkAliases(std::vector<int64_t> files,
                                                 const std::vector<std::string>& segs, size_t from,
                                                 bool& ambiguous) {
  for (size_t i = from; i < segs.size() && !files.empty(); ++i)
    files = aliasTarget(files, segs[i], ambiguous);
  return files;
}

std::vector<int64_t> Resolver::Impl::pythonModuleFiles(int64_t fileId, const std::string& dotted,
                                                       bool& ambiguous) {
  auto segs = dottedSegments(dotted);
  for (size_t k = segs.size(); k > 0; --k) {
    store::PendingRef probe;
    probe.kind = RefKind::kImports;
    for (size_t i = 0; i < k; ++i) probe.module += (i ? "." : "") + segs[i];
    Binding pb = modules.bind(fileId, probe);
    if (pb.files.empty()) continue;
    return k == segs.size() ? pb.files : walkAliases(pb.files, segs, k, ambiguous);
  }
  return {};
}

std::vector<int64_t> Resolver::Impl::qualifierThroughAliases(const Binding& b,
                                                             const std::string& qualifier,
                                                             bool& ambiguous) {
  if (!modules.rules(b.fileId).moduleAliases || b.module.empty()) return {};
  auto segs = dottedSegments(qualifier);
  size_t consumed = 1;
  std::vector<int64_t> files = b.files;
  if (b.local == firstSegment(b.module) && b.symbolName.empty() && b.module[0] != '.') {
    // `import a.b.c` binds `a` to a/b/c.py: the qualifier must spell the whole module.
    auto mod = dottedSegments(b.module);
    if (mod.size() > segs.size() || !std::equal(mod.begin(), mod.end(), segs.begin())) return {};
    consumed = mod.size();
    // `import os.path` (no os/path.py): os.py's alias `path`.
    if (files.empty() && mod.size() > 1) {
      files = pythonModuleFiles(b.fileId, b.module, ambiguous);
      if (files.empty()) return {};
      return walkAliases(std::move(files), segs, consumed, ambiguous);
    }
  } else if (b.local != segs.front()) {
    return {};
  }
  if (files.empty()) return {};
  if (!b.symbolName.empty()) {
    // `from os import path`: the imported name is an alias of a module.
    files = aliasTarget(files, b.symbolName, ambiguous);
    if (files.empty()) return {};
  } else if (consumed == segs.size()) {
    return {};
  }
  return walkAliases(std::move(files), segs, consumed, ambiguous);
}

bool Resolver::Impl::reexportNothing(const std::vector<int64_t>& files) const {
  return std::all_of(files.begin(), files.end(), [&](int64_t f) {
    const store::FileRow* row = modules.file(f);
    return row && modules.rules(f).importsStayLocal;
  });
}

const std::vector<int64_t>& Resolver::Impl::reexportClosure(const std::vector<int64_t>& files,
                                                            const std::string& name,
                                                            std::vector<int64_t>& scratch) {
  if (reexportNothing(files)) return files;
  scratch = followReexports(files, name);
  return scratch;
}

std::vector<int64_t> Resolver::Impl::followReexports(const std::vector<int64_t>& files,
                                                     const std::string& name) {
  if (reexportNothing(files)) return files;
  std::vector<int64_t> out;
  std::unordered_set<int64_t> seen;
  std::deque<std::pair<int64_t, int>> queue;
  for (int64_t f : files) queue.emplace_back(f, 0);
  while (!queue.empty()) {
    auto [f, depth] = queue.front();
    queue.pop_front();
    if (!seen.insert(f).second) continue;
    out.push_back(f);
    if (depth >= 4) continue;
    for (const auto& b : bindings(f)) {
      if (modules.rules(b.fileId).importsStayLocal)
        continue;  // a Java import, a C# `using`: not re-exported
      if ((b.local == name && !name.empty()) || b.wildcard)
        for (int64_t next : b.files) queue.emplace_back(next, depth + 1);
    }
  }
  return out;
}

std::vector<std::pair<int64_t, std::string>> Resolver::Impl::renamedExports(
    const std::vector<int64_t>& files, const std::string& name) {
  std::vector<std::pair<int64_t, std::string>> out;
  if (reexportNothing(files) || name.empty()) return out;
  std::set<std::pair<int64_t, std::string>> seen;
  std::deque<std::tuple<int64_t, std::string, int>> queue;
  for (int64_t f : files) queue.emplace_back(f, name, 0);
  while (!queue.empty()) {
    auto [f, as, depth] = queue.front();
    queue.pop_front();
    if (!seen.emplace(f, as).second) continue;
    if (as != name) out.emplace_back(f, as);
    if (depth >= 4) continue;
    for (const auto& b : bindings(f)) {
      if (modules.rules(b.fileId).importsStayLocal) continue;
      if (b.wildcard || (b.local == as && b.symbolName.empty()))
        for (int64_t next : b.files) queue.emplace_back(next, as, depth + 1);
      else if (b.local == as)
        for (int64_t next : b.files) queue.emplace_back(next, b.symbolName, depth + 1);
    }
  }
  return out;
}

std::vector<int64_t> Resolver::Impl::reexportedNamespace(const std::vector<int64_t>& files,
                                                         const std::string& name) {
  std::vector<int64_t> scratch;
  for (int64_t f : reexportClosure(files, name, scratch))
    for (const auto& b : bindings(f))
      if (b.topLevel && !b.wildcard && b.local == name && b.symbolName.empty() && !b.files.empty())
        return b.files;
  return {};
}

std::vector<int64_t> Resolver::Impl::namespaceThroughReexports(const Binding& b,
                                                               const std::string& qualifier) {
  const lang::Rules& rules = modules.rules(b.fileId);
  if (rules.importsStayLocal || rules.moduleAliases || b.files.empty()) return {};
  const auto segs = dottedSegments(qualifier);
  if (segs.empty() || segs.front() != b.local || (b.symbolName.empty() && segs.size() == 1))
    return {};
  const std::string key = std::to_string(b.fileId) + '|' + b.local + '|' + qualifier;
  if (auto it = namespaceCache.find(key); it != namespaceCache.end()) return it->second;
  std::vector<int64_t> files = b.files;
  if (!b.symbolName.empty()) files = reexportedNamespace(files, b.symbolName);
  for (size_t i = 1; i < segs.size() && !files.empty(); ++i)
    files = reexportedNamespace(files, segs[i]);
  if (namespaceCache.size() > 65536) namespaceCache.clear();
  return namespaceCache.emplace(key, std::move(files)).first->second;
}

void Resolver::Impl::topLevelExported(const std::vector<int64_t>& files, const PendingRef& ref,
                                      const lang::Rules& rules, const Candidates& cands,
                                      std::vector<const DefinitionRow*>& found) {
  const size_t before = found.size();
  std::vector<int64_t> scratch;
  const std::vector<int64_t>& reached = reexportClosure(files, ref.name, scratch);
  for (const DefinitionRow& d : rows(cands))
    if (std::find(reached.begin(), reached.end(), d.fileId) != reached.end() &&
        (d.parentId == 0 || isNamespaceLike(d.parentId)) && sameFamily(rules, d.fileId) &&
        std::find(found.begin(), found.end(), &d) == found.end())
      found.push_back(&d);
  if (found.size() == before) renamedExported(files, ref, rules, found);
}

void Resolver::Impl::renamedExported(const std::vector<int64_t>& files, const PendingRef& ref,
                                     const lang::Rules& rules,
                                     std::vector<const DefinitionRow*>& found) {
  const bool values = rules.valuesAreCallable && ref.kind == RefKind::kCalls;
  auto take = [&](const DefinitionRow& d, int64_t file) {
    if (d.fileId == file && (d.parentId == 0 || isNamespaceLike(d.parentId)) &&
        std::find(found.begin(), found.end(), &d) == found.end())
      found.push_back(&d);
  };
  for (const auto& [file, original] : renamedExports(files, ref.name)) {
    for (const DefinitionRow& d : rows(compatibleNamed(ref.kind, original, rules))) take(d, file);
    // `const enumType = ZodEnum.create; export { enumType as enum }`: a called value
    if (values)
      for (const DefinitionRow& d : valueDefsNamed(original)) take(d, file);
  }
}

}  // namespace cg::indexer
