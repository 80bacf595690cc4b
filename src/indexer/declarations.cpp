// Definitions that are one symbol (declarations.h). The resolver calls these
// for every candidate list it picks from.
#include "declarations.h"

#include <string_view>
#include <unordered_map>

#include "resolver_rules.h"

namespace cg::indexer {

using store::DefinitionRow;

// `a` and `b` are definitions of one symbol split over files (a language with partial types, C#:
// partial classes and methods): same namespace, same qualified name and kind, different files.
bool isPartialPartOf(const DefinitionRow& a, const DefinitionRow& b, const ModuleMap& modules) {
  if (a.fileId == b.fileId || a.kind != b.kind || a.qualifiedName != b.qualifiedName) return false;
  const store::FileRow* fa = modules.file(a.fileId);
  const store::FileRow* fb = modules.file(b.fileId);
  return fa && fb && modules.rules(a.fileId).partialTypes && modules.rules(b.fileId).partialTypes &&
         fa->package == fb->package;
}

// Between two definitions of one file that tie on everything else: the earlier, so that the
// choice never depends on the order they were read in (most central first, then by kind).
bool earlierInFile(const DefinitionRow& a, const DefinitionRow& b) {
  if (a.startLine != b.startLine) return a.startLine < b.startLine;
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.endLine != b.endLine) return a.endLine < b.endLine;
  return a.id < b.id;
}

std::vector<const DefinitionRow*> mergeDeclarations(std::vector<const DefinitionRow*> v, bool merge,
                                                    const ModuleMap& modules) {
  auto pathOf = [&modules](int64_t fileId) -> const std::string& {
    static const std::string kNone;
    const store::FileRow* f = modules.file(fileId);
    return f ? f->path : kNone;
  };
  if (v.size() < 2) return v;
  if (!merge) {
    // C# partial parts count once: the longest part (the main declaration of a partial
    // class, the implementation of a partial method), on a tie the first by path. Keyed by
    // namespace, qualified name and kind.
    std::vector<const DefinitionRow*> out;
    std::unordered_map<std::string, size_t> slot;
    for (const auto* d : v) {
      const store::FileRow* f = modules.file(d->fileId);
      if (!f || !modules.rules(d->fileId).partialTypes) {
        out.push_back(d);
        continue;
      }
      std::string key =
          f->package + '\n' + d->qualifiedName + '\n' + std::to_string(static_cast<int>(d->kind));
      auto [it, fresh] = slot.emplace(std::move(key), out.size());
      if (fresh) {
        out.push_back(d);
        continue;
      }
      const DefinitionRow*& same = out[it->second];
      if (same->id == d->id) continue;
      if (!isPartialPartOf(*same, *d, modules)) {  // overloads in one file: kept apart
        out.push_back(d);
        continue;
      }
      uint32_t span = d->endLine - d->startLine, bestSpan = same->endLine - same->startLine;
      if (span > bestSpan ||
          (span == bestSpan && (d->fileId != same->fileId ? pathOf(d->fileId) < pathOf(same->fileId)
                                                          : earlierInFile(*d, *same))))
        same = d;
    }
    return out;
  }
  // One slot per qualified name, in the order of first appearance. Keys view the names of
  // the cached rows (they outlive this call): C++'s unresolved names have thousands of
  // candidates, and a copy of each name was a fifth of binding Boost.
  std::unordered_map<std::string_view, size_t> slot;
  slot.reserve(v.size());
  std::vector<const DefinitionRow*> out;
  for (const auto* d : v) {
    auto [it, fresh] = slot.emplace(d->qualifiedName, out.size());
    if (fresh) {
      out.push_back(d);
      continue;
    }
    // On a tie (a one-line definition and its declaration) a source file's beats a header's.
    const DefinitionRow*& held = out[it->second];
    uint32_t span = d->endLine - d->startLine;
    uint32_t bestSpan = held->endLine - held->startLine;
    if (span > bestSpan) {
      held = d;
      continue;
    }
    if (span < bestSpan) continue;
    const std::string& path = pathOf(d->fileId);
    const std::string& heldPath = pathOf(held->fileId);
    auto isHeader = [&modules](int64_t fileId, const std::string& p) {
      const lang::Rules& rules = modules.rules(fileId);
      return rules.isHeader && rules.isHeader(p);
    };
    bool header = isHeader(d->fileId, path), bestHeader = isHeader(held->fileId, heldPath);
    if (header != bestHeader        ? !header
        : d->fileId != held->fileId ? path < heldPath
                                    : earlierInFile(*d, *held))
      held = d;
  }
  return out;
}

}  // namespace cg::indexer
