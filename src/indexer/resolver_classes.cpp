// Classes inside the resolver (resolver_impl.h): the class around a symbol (out-of-line members
// by their qualified name), the parts of a C# partial class, and members looked up through a
// class and its bases.
#include <deque>

#include "resolver_impl.h"

namespace cg::indexer {

const DefinitionRow* Resolver::Impl::enclosingClass(int64_t symbolId) {
  const DefinitionRow* d = def(symbolId);
  for (int guard = 0; d && guard < 16; ++guard) {
    if (model::isContainer(d->kind) && d->kind != SymbolKind::kNamespace &&
        d->kind != SymbolKind::kModule)
      return d;
    d = def(d->parentId);
  }
  // An out-of-line member (C++ `void ns::Foo::bar() {}`, nested in the namespace or at top
  // level) names its class in its qualified name: the class is the definition so named.
  const DefinitionRow* self = def(symbolId);
  if (!self) return nullptr;
  // A Go method (`Book.Label`) names its receiver type, declared in the same package; so
  // do a Kotlin extension function (`fun Book.label()`) and a member of a Swift extension,
  // whose receiver is `this` / `self`.
  const std::string& q = self->qualifiedName;
  const lang::Rules& rules = modules.rules(self->fileId);
  const bool samePackage = rules.ownerInSamePackage;
  size_t cut = rules.dottedMemberOwner ? q.rfind('.') : q.rfind("::");
  if (cut == std::string::npos || cut == 0) return nullptr;
  const std::string owner = q.substr(0, cut);
  const DefinitionRow* best = nullptr;
  for (const auto& c : defsNamed(lastSegment(owner))) {
    if (c.qualifiedName != owner || !model::isContainer(c.kind) ||
        c.kind == SymbolKind::kNamespace || c.kind == SymbolKind::kModule)
      continue;
    if (samePackage && !modules.sameDirectory(c.fileId, self->fileId)) continue;
    if (!best || pathOf(c.fileId) < pathOf(best->fileId) ||
        (c.fileId == best->fileId && c.startLine < best->startLine))
      best = &c;
  }
  return best;
}

std::vector<int64_t> Resolver::Impl::partsOf(const DefinitionRow* cls) {
  std::vector<int64_t> out{cls->id};
  if (!modules.rules(cls->fileId).partialTypes || !model::isContainer(cls->kind)) return out;
  for (const auto& d : defsNamed(lastSegment(cls->qualifiedName)))
    if (d.id != cls->id && d.kind == cls->kind && d.qualifiedName == cls->qualifiedName &&
        isPartialPartOf(d, *cls, modules))
      out.push_back(d.id);
  return out;
}

std::vector<const DefinitionRow*> Resolver::Impl::memberOfClassOrBases(const DefinitionRow* cls,
                                                                       const Candidates& cands,
                                                                       bool basesOnly) {
  std::vector<const DefinitionRow*> found;
  std::deque<std::pair<int64_t, int>> queue;
  if (basesOnly) {
    for (int64_t part : partsOf(cls))
      for (int64_t b : bases(part)) queue.emplace_back(b, 1);
  } else {
    queue.emplace_back(cls->id, 0);
  }
  std::unordered_set<int64_t> seen;
  while (!queue.empty() && found.empty()) {
    auto [id, depth] = queue.front();
    queue.pop_front();
    if (!seen.insert(id).second) continue;
    const DefinitionRow* c = def(id);
    // The other parts of a C# partial class are searched with it, and their bases after it.
    const std::vector<int64_t> parts = c ? partsOf(c) : std::vector<int64_t>{id};
    for (int64_t part : parts)
      if (part != id) seen.insert(part);
    for (const DefinitionRow& d : rows(cands)) {
      if (std::find(parts.begin(), parts.end(), d.parentId) != parts.end()) found.push_back(&d);
      // Out-of-line members (C++ Foo::bar, Go receivers) name the class by qualified name.
      else if (c && (d.parentId == 0 || isNamespaceLike(d.parentId)) &&
               (!modules.rules(c->fileId).ownerInSamePackage ||
                modules.sameDirectory(d.fileId, c->fileId)) &&
               d.qualifiedName.size() > c->qualifiedName.size() &&
               d.qualifiedName.compare(0, c->qualifiedName.size(), c->qualifiedName) == 0 &&
               lastSegment(d.qualifiedName.substr(c->qualifiedName.size())) ==
                   lastSegment(d.qualifiedName) &&
               d.qualifiedName.find_first_of(".:", c->qualifiedName.size()) ==
                   c->qualifiedName.size())
        found.push_back(&d);
    }
    if (depth < 6)
      for (int64_t part : parts)
        for (int64_t b : bases(part)) queue.emplace_back(b, depth + 1);
  }
  return found;
}

bool Resolver::Impl::callsDataMember(const DefinitionRow* source,
                                     const std::vector<DefinitionRow>& all,
                                     const Candidates& cands) {
  if (!source) return false;
  bool anyData = false;
  for (const auto& d : all)
    if (model::isValueLike(d.kind) && d.parentId != 0) anyData = true;
  if (!anyData) return false;
  const DefinitionRow* cls = enclosingClass(source->id);
  if (!cls) return false;
  Candidates data;
  for (const auto& d : all)
    if (model::isValueLike(d.kind)) data.push_back(&d);
  if (memberOfClassOrBases(cls, data).empty()) return false;
  return memberOfClassOrBases(cls, cands).empty();
}

bool Resolver::Impl::basesEndOutside(const DefinitionRow* cls, const lang::Rules& rules) {
  if (auto it = basesEndOutsideCache.find(cls->id); it != basesEndOutsideCache.end())
    return it->second;
  bool outside = true;
  std::deque<int64_t> queue{cls->id};
  std::unordered_set<int64_t> seen;
  while (outside && !queue.empty()) {
    const int64_t id = queue.front();
    queue.pop_front();
    if (!seen.insert(id).second) continue;
    auto declared = reader.basesOutside(id);
    if (!declared) {
      noteFailure(declared.error());
      outside = false;
      break;
    }
    const std::vector<int64_t>& inRepo = bases(id);
    size_t libraryBases = 0;
    for (const std::string& name : declared->names)
      if (!rules.isBuiltinName(name)) ++libraryBases;
    // Every declared base is either a repository class (followed) or outside; and a class
    // without repository bases has a library base of its own.
    if (inRepo.size() + declared->names.size() != declared->declared ||
        (inRepo.empty() && libraryBases == 0))
      outside = false;
    for (int64_t b : inRepo) queue.push_back(b);
    if (seen.size() > 64) outside = false;
  }
  basesEndOutsideCache.emplace(cls->id, outside);
  return outside;
}

}  // namespace cg::indexer
