// Receiver types: a method call binds through the type of its receiver as the code's own
// declarations write it (SPEC: "Method calls bind through the receiver's type where the code
// declares it"). A type expression (docs/captures.md, `@type` / `@value`) is either a type
// name, "{T}", or a chain of names, members and calls ("NewServer().store", "cfg.db"), each
// step typed by a declaration: a parameter's or variable's type (substituted by the extractor),
// a field's or property's declared type, a function's declared result type, a constructor's
// class. No flow analysis: what a declaration says is what the value is.
#include <algorithm>

#include "resolver_impl.h"

namespace cg::indexer {
namespace {

constexpr int kMaxDepth = 6;          // declarations followed for one expression
constexpr size_t kMaxTypeCache = 200000;

bool isCurrentObject(const std::string& head) {
  return head == "self" || head == "this" || head == "cls" || head == "$this" || head == "Self";
}

// A qualifier as written, as a chain ("a->b" and "a?.b" as "a.b"); "" when it is not one.
std::string chainOf(const std::string& qualifier) {
  std::string out;
  out.reserve(qualifier.size());
  for (size_t i = 0; i < qualifier.size(); ++i) {
    const char c = qualifier[i];
    if (c == '-' && i + 1 < qualifier.size() && qualifier[i + 1] == '>') {
      out += '.';
      ++i;
    } else if (c == '?' && i + 1 < qualifier.size() && qualifier[i + 1] == '.') {
      out += '.';
      ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#' || c == '.' ||
               c == ':' || c == '(' || c == ')' || static_cast<unsigned char>(c) >= 0x80) {
      out += c;
    } else if (c == '!') {
      continue;  // a non-null assertion
    } else {
      return {};
    }
  }
  if (out.empty() || out.front() == '.' || out.front() == ':' || out.front() == '(') return {};
  return out;
}

// The end of the name that starts at `at` in a chain.
size_t nameEnd(const std::string& te, size_t at) {
  size_t end = te.find_first_of(".(:", at);
  return end == std::string::npos ? te.size() : end;
}

}  // namespace

const std::string& Resolver::Impl::declaredType(int64_t id) {
  auto it = declaredTypes.find(id);
  if (it != declaredTypes.end()) return it->second;
  std::string te;
  if (auto t = writer.typeExpr(id))
    te = std::move(*t);
  else
    noteFailure(t.error());
  return declaredTypes.emplace(id, std::move(te)).first->second;
}

bool Resolver::Impl::importedFromLibrary(int64_t fileId, const std::string& head) {
  for (const auto& b : bindings(fileId))
    if (b.local == head && b.files.empty() && !b.wildcard) return true;
  return false;
}

const DefinitionRow* Resolver::Impl::probe(RefKind kind, const std::string& name,
                                           const std::string& qualifier, int64_t fileId,
                                           int64_t sourceId, bool anyEvidence) {
  PendingRef p;
  p.kind = kind;
  p.fileId = fileId;
  p.sourceId = sourceId;
  p.name = name;
  p.qualifier = qualifier;
  const Resolution r = resolveRef(p);
  if (r.targetId == 0 || r.drop) return nullptr;
  // A repository-wide guess is no evidence of what a name is here.
  if (!anyEvidence && r.confidence < modules.rules(fileId).level(Evidence::kSamePackage) - 1e-9 &&
      r.confidence < 0.85)
    return nullptr;
  return def(r.targetId);
}

Resolver::Impl::TypeSet Resolver::Impl::typeNamed(const std::string& name, int64_t fileId,
                                                   int64_t sourceId) {
  TypeSet out;
  if (name == "Self" || name == "self" || name == "static" || name == "this") {
    if (const DefinitionRow* cls = enclosingClass(sourceId)) out.types.push_back(cls);
    return out;
  }
  size_t cut = std::string::npos, sepLen = 0;
  for (size_t k = 0; k < name.size(); ++k) {
    if (name[k] == '.' || name[k] == '\\') {
      cut = k;
      sepLen = 1;
    } else if (name[k] == ':' && k + 1 < name.size() && name[k + 1] == ':') {
      cut = k;
      sepLen = 2;
      ++k;
    }
  }
  const std::string last = cut == std::string::npos ? name : name.substr(cut + sepLen);
  const std::string qualifier = cut == std::string::npos ? std::string() : name.substr(0, cut);
  const lang::Rules& rules = modules.rules(fileId);
  if (qualifier.empty() && rules.isBuiltinName(last)) {
    out.library = true;
    return out;
  }
  if (const DefinitionRow* d = probe(RefKind::kUses, last, qualifier, fileId, sourceId, true)) {
    if (!model::isTypeLike(d->kind)) return out;  // not known as a type here: no conclusion
    if (d->kind != SymbolKind::kType) {
      out.types.push_back(d);
      return out;
    }
    // A type alias (`type A = B`, `typedef struct b A`): the type it names.
    if (d->kind == SymbolKind::kType && !declaredType(d->id).empty()) {
      const std::string& aliased = declaredType(d->id);
      if (aliased.size() > 2 && aliased.front() == '{' && aliased.back() == '}' &&
          aliased.find('}') == aliased.size() - 1) {
        const std::string target = aliased.substr(1, aliased.size() - 2);
        if (target != name && ++aliasHops < 8) {
          TypeSet followed = typeNamed(target, d->fileId, d->id);
          aliasHops = 0;
          return followed;
        }
        aliasHops = 0;
      }
    }
    out.types.push_back(d);
    return out;
  }
  // No type of that name in the repository, or one qualified by an import of library code.
  const std::string head = qualifier.substr(0, qualifier.find_first_of(".:\\"));
  if (!qualifier.empty() && importedFromLibrary(fileId, head)) {
    out.library = true;
  } else if (qualifier.empty() && compatibleNamed(RefKind::kUses, last, rules).empty()) {
    out.library = true;
  }
  return out;
}

const DefinitionRow* Resolver::Impl::implicitMember(const std::string& name, int64_t sourceId) {
  const DefinitionRow* cls = sourceId ? enclosingClass(sourceId) : nullptr;
  if (!cls) return nullptr;
  for (const DefinitionRow* m : membersNamed({cls}, name, modules.rules(cls->fileId)))
    if (model::isValueLike(m->kind)) return m;
  return nullptr;
}

Resolver::Impl::TypeSet Resolver::Impl::typeOfDeclaration(const DefinitionRow& d, int depth) {
  TypeSet out;
  if (model::isTypeLike(d.kind)) {
    out.types.push_back(&d);
    return out;
  }
  if (d.kind == SymbolKind::kConstructor) {
    if (const DefinitionRow* cls = enclosingClass(d.id)) out.types.push_back(cls);
    return out;
  }
  const std::string& te = declaredType(d.id);
  if (te.empty()) return out;
  return evalTypeExpr(te, d.fileId, d.id, depth + 1);
}

std::vector<const DefinitionRow*> Resolver::Impl::membersNamed(
    const std::vector<const DefinitionRow*>& types, const std::string& name,
    const lang::Rules& rules) {
  Candidates cands;
  for (const auto& d : defsNamed(name))
    if (sameFamily(rules, d.fileId) && d.parentId != 0) cands.push_back(&d);
  // Out-of-line members (Go methods declared beside their type) have no parent row.
  for (const auto& d : defsNamed(name))
    if (sameFamily(rules, d.fileId) && d.parentId == 0 &&
        d.qualifiedName.find_first_of(".:") != std::string::npos)
      cands.push_back(&d);
  std::vector<const DefinitionRow*> out;
  if (cands.empty()) return out;
  for (const DefinitionRow* t : types)
    for (const DefinitionRow* m : memberOfClassOrBases(t, cands))
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  return out;
}

Resolver::Impl::TypeSet Resolver::Impl::evalTypeExpr(const std::string& te, int64_t fileId,
                                                      int64_t sourceId, int depth) {
  TypeSet out;
  if (te.empty() || depth > kMaxDepth || nesting > 3 * kMaxDepth) return out;
  ++nesting;
  struct Unnest {
    int& n;
    ~Unnest() { --n; }
  } unnest{nesting};
  std::string key = std::to_string(fileId) + '|' + std::to_string(sourceId) + '|' + te;
  if (auto it = typeCache.find(key); it != typeCache.end()) return it->second;
  if (typeCache.size() > kMaxTypeCache) typeCache.clear();
  // A recursive declaration (`x = x.next()` through a field of its own type) ends here.
  typeCache.emplace(key, TypeSet{});
  const lang::Rules& rules = modules.rules(fileId);

  std::vector<const DefinitionRow*> cur;
  size_t i = 0;
  auto finish = [&](TypeSet result) {
    typeCache[key] = result;
    return result;
  };
  auto called = [&](size_t at) { return te.compare(at, 2, "()") == 0; };
  if (te[0] == '{') {
    const size_t close = te.find('}');
    if (close == std::string::npos) return finish(out);
    TypeSet named = typeNamed(te.substr(1, close - 1), fileId, sourceId);
    if (named.types.empty()) return finish(named);
    cur = std::move(named.types);
    i = close + 1;
  } else {
    const size_t headEnd = nameEnd(te, 0);
    const std::string head = te.substr(0, headEnd);
    i = headEnd;
    if (isCurrentObject(head)) {
      // `self.x`, and `cls()` in a class method: an instance of the enclosing class.
      if (called(i)) i += 2;
      if (const DefinitionRow* cls = sourceId ? enclosingClass(sourceId) : nullptr)
        cur.push_back(cls);
    } else if (head == "super") {
      return finish(out);
    } else if (called(i)) {
      // `f()`, `T()`: a function's result, a class's instance.
      i += 2;
      if (const DefinitionRow* d = probe(RefKind::kCalls, head, "", fileId, sourceId)) {
        TypeSet t = typeOfDeclaration(*d, depth);
        cur = std::move(t.types);
      } else if (rules.isBuiltinName(head)) {
        out.library = true;
        return finish(out);
      }
    } else if (const DefinitionRow* field = rules.implicitThis ? implicitMember(head, sourceId) : nullptr) {
      cur = typeOfDeclaration(*field, depth).types;  // a field of the class, `this` left out
    } else if (const DefinitionRow* v = probe(RefKind::kAccesses, head, "", fileId, sourceId)) {
      cur = typeOfDeclaration(*v, depth).types;  // a module-level variable or constant
    } else if (const DefinitionRow* t = probe(RefKind::kUses, head, "", fileId, sourceId)) {
      cur.push_back(t);  // a type: its static members follow
    } else {
      // A qualifier: `pkg.X`, `mod.sub.f()`, `ns::T::make()`: the first name it reaches.
      std::string qualifier = head;
      for (int hops = 0; hops < 3 && i < te.size(); ++hops) {
        size_t at = i;
        std::string sep = ".";
        if (te.compare(at, 2, "::") == 0) {
          sep = "::";
          at += 2;
        } else if (te[at] == '.') {
          at += 1;
        } else {
          return finish(out);
        }
        const size_t end = nameEnd(te, at);
        const std::string name = te.substr(at, end - at);
        const bool isCall = called(end);
        const DefinitionRow* d =
            probe(isCall ? RefKind::kCalls : RefKind::kAccesses, name, qualifier, fileId, sourceId);
        if (!d && !isCall) d = probe(RefKind::kUses, name, qualifier, fileId, sourceId);
        if (d) {
          i = end + (isCall ? 2 : 0);
          if (isCall || !model::isTypeLike(d->kind))
            cur = typeOfDeclaration(*d, depth).types;
          else
            cur.push_back(d);
          break;
        }
        if (hops == 0 && importedFromLibrary(fileId, head)) {
          out.library = true;
          return finish(out);
        }
        qualifier += sep + name;
        i = end;
        if (isCall) return finish(out);
      }
    }
  }
  // Members, then their declared types, step by step.
  while (i < te.size() && !cur.empty()) {
    size_t at = i;
    if (te.compare(at, 2, "::") == 0)
      at += 2;
    else if (te[at] == '.')
      at += 1;
    else
      return finish(out);  // a call of a call's result
    const size_t end = nameEnd(te, at);
    const std::string name = te.substr(at, end - at);
    i = end + (called(end) ? 2 : 0);
    std::vector<const DefinitionRow*> next;
    for (const DefinitionRow* m : membersNamed(cur, name, rules))
      for (const DefinitionRow* t : typeOfDeclaration(*m, depth).types)
        if (std::find(next.begin(), next.end(), t) == next.end()) next.push_back(t);
    cur = std::move(next);
  }
  if (i < te.size()) cur.clear();
  out.types = std::move(cur);
  return finish(out);
}

std::optional<Resolution> Resolver::Impl::receiverType(Lookup& look) {
  const PendingRef& ref = look.ref;
  if (ref.kind != RefKind::kCalls) return std::nullopt;
  // "?": a local whose type no declaration says.
  if (ref.receiver == "?") return std::nullopt;
  const std::string te = ref.receiver.empty() ? chainOf(ref.qualifier) : ref.receiver;
  if (te.empty()) return std::nullopt;
  // A bare qualifier without a receiver type from the extractor names a package, a module, a
  // type or a module-level value: the steps for qualified names know the first three.
  const bool single = ref.receiver.empty() && te.find_first_of(".:(") == std::string::npos;
  TypeSet types = evalTypeExpr(te, ref.fileId, ref.sourceId, 0);
  if (types.types.empty()) {
    if (types.library && !ref.receiver.empty()) return Resolution{ref.id};
    return std::nullopt;
  }
  if (single && model::isTypeLike(types.types.front()->kind) &&
      lastSegment(types.types.front()->qualifiedName) == te)
    return std::nullopt;  // `Type.m()`: a qualified name
  auto found = membersNamed(types.types, ref.name, look.rules);
  std::erase_if(found, [&](const DefinitionRow* d) {
    return !model::isCallable(d->kind) && !model::isTypeLike(d->kind);
  });
  // Only the definitions the reference may see (another build's, a test file's are not).
  std::erase_if(found, [&](const DefinitionRow* d) {
    return std::find(look.cands.begin(), look.cands.end(), d) == look.cands.end();
  });
  if (found.empty()) {
    // A type the repository defines (with its bases) and no such member: the member comes
    // from library code. A receiver typed only by a type alias or a non-container says less.
    const bool known = std::all_of(types.types.begin(), types.types.end(), [](const DefinitionRow* t) {
      return model::isContainer(t->kind);
    });
    if (known && !look.rules.openMembers) return Resolution{ref.id};
    return std::nullopt;
  }
  return pick(ref.id, found, Evidence::kReceiverType, look.rules, look.merge);
}

}  // namespace cg::indexer
