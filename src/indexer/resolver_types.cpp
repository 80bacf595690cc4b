// Receiver types: a method call binds through the type of its receiver as the code's own
// declarations write it (docs/captures.md "Receiver types", docs/ACCURACY.md). A type expression
// (docs/captures.md, `@type` / `@value`) is either a type name, "{T}", or a chain of names, members
// and calls ("NewServer().store", "cfg.db"), each step typed by a declaration: a parameter's or
// variable's type (substituted by the extractor), a field's or property's declared type, a
// function's declared result type, a constructor's class. No flow analysis: what a declaration says
// is what the value is.
#include <algorithm>
#include <cstring>

#include "resolver_impl.h"
#include "signature_types.h"

namespace cg::indexer {
namespace {

constexpr int kMaxDepth = 6;  // declarations followed for one expression
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
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#' ||
               c == '.' || c == ':' || c == '(' || c == ')' || c == '[' || c == ']' ||
               static_cast<unsigned char>(c) >= 0x80) {
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

// The index of the ')' that closes the '(' at te[0], or npos.
size_t closingParen(const std::string& te) {
  int depth = 0;
  for (size_t i = 0; i < te.size(); ++i) {
    if (te[i] == '(') ++depth;
    else if (te[i] == ')' && --depth == 0) return i;
  }
  return std::string::npos;
}

// The end of the name that starts at `at` in a chain.
size_t nameEnd(const std::string& te, size_t at) {
  size_t end = te.find_first_of(".(:[", at);
  return end == std::string::npos ? te.size() : end;
}

// Whether a call's "()" follows at `at`.
bool calledAt(const std::string& te, size_t at) {
  return te.compare(at, 2, "()") == 0;
}

}  // namespace

const std::string& Resolver::Impl::declaredType(int64_t id) {
  auto it = declaredTypes.find(id);
  if (it != declaredTypes.end()) return it->second;
  std::string te;
  if (auto t = reader.typeExpr(id))
    te = std::move(*t);
  else
    noteFailure(t.error());
  return declaredTypes.emplace(id, std::move(te)).first->second;
}

bool Resolver::Impl::importedFromLibrary(int64_t fileId, const std::string& head) {
  for (const auto& b : bindings(fileId)) {
    if (!b.files.empty() || b.wildcard) continue;
    if (b.local == head) return true;
    // A package imported by path without a name is known by its package clause, which library
    // code does not show us: by convention the path's last segment, a major-version suffix
    // (`/v5`) and a `go-` prefix or `-go` suffix dropped (`github.com/go-git/go-billy/v5` →
    // billy).
    std::string m = b.module;
    for (;;) {
      const size_t slash = m.rfind('/');
      const std::string last = slash == std::string::npos ? m : m.substr(slash + 1);
      const bool version = last.size() > 1 && last[0] == 'v' &&
                           std::all_of(last.begin() + 1, last.end(), [](char c) {
                             return std::isdigit(static_cast<unsigned char>(c));
                           });
      if (!version || slash == std::string::npos) break;
      m.resize(slash);
    }
    std::string last = m.substr(m.rfind('/') == std::string::npos ? 0 : m.rfind('/') + 1);
    if (last.rfind("go-", 0) == 0) last = last.substr(3);
    if (last.size() > 3 && last.compare(last.size() - 3, 3, "-go") == 0)
      last.resize(last.size() - 3);
    if (last == head) return true;
  }
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
  // A type parameter: the type its bound (or default) names, where it is declared.
  if (qualifier.empty() && boundHops < 4) {
    if (auto [bound, declarer] = typeParameterBound(last, sourceId); !bound.empty()) {
      ++boundHops;
      ++boundReads;
      TypeSet viaBound = typeNamed(bound, declarer->fileId, declarer->id);
      --boundHops;
      return viaBound;
    }
  }
  // No type of that name in the repository, or one qualified by an import of library code.
  const std::string head = qualifier.substr(0, qualifier.find_first_of(".:\\"));
  if (!qualifier.empty() && importedFromLibrary(fileId, head)) {
    out.library = true;
  } else if (qualifier.empty() && compatibleNamed(RefKind::kUses, last, rules).empty() &&
             !typeParameter(last, sourceId)) {
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

bool Resolver::Impl::typeParameter(const std::string& name, int64_t sourceId) {
  if (name.size() <= 2 && std::isupper(static_cast<unsigned char>(name[0])))
    return true;  // T, K, V, T1
  // Declared by the enclosing declarations' signatures: `<T extends X>`, Go `[T any]`.
  for (const DefinitionRow* d = def(sourceId); d; d = def(d->parentId)) {
    std::string sig;
    if (auto s = reader.signature(d->id)) sig = std::move(*s);
    for (const char* open : {"<", "[", ", "})
      if (size_t at = sig.find(open + name); at != std::string::npos) {
        const size_t end = at + std::strlen(open) + name.size();
        if (end < sig.size() &&
            (sig[end] == ' ' || sig[end] == ',' || sig[end] == '>' || sig[end] == ']'))
          return true;
      }
  }
  return false;
}

const DefinitionRow* Resolver::Impl::calleeOf(const std::string& callee, int64_t fileId,
                                              int64_t sourceId, int depth) {
  if (callee.empty()) return nullptr;
  const lang::Rules& rules = modules.rules(fileId);
  if (callee[0] == '{' && callee.find('}') == callee.size() - 1) {
    // `new T(...)`: T's constructor.
    const DefinitionRow* fn = nullptr;
    TypeSet cls = evalTypeExpr(callee, fileId, sourceId, depth + 1);
    for (const DefinitionRow* c : cls.types)
      for (const DefinitionRow* m : membersNamed({c}, "constructor", rules))
        if (m->kind == SymbolKind::kConstructor) fn = m;
    return fn;
  }
  const size_t cut = callee.find_last_of('.');
  if (cut == std::string::npos) return probe(RefKind::kCalls, callee, "", fileId, sourceId);
  TypeSet recv = evalTypeExpr(callee.substr(0, cut), fileId, sourceId, depth + 1);
  auto members = membersNamed(recv.types, callee.substr(cut + 1), rules);
  if (members.size() == 1) return members.front();
  if (recv.types.empty())
    return probe(RefKind::kCalls, callee.substr(cut + 1), callee.substr(0, cut), fileId, sourceId);
  return nullptr;
}

std::pair<std::string, const DefinitionRow*> Resolver::Impl::typeParameterBound(
    const std::string& name, int64_t sourceId) {
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (const DefinitionRow* d = def(sourceId); d; d = def(d->parentId)) {
    std::string sig;
    if (auto got = reader.signature(d->id)) sig = std::move(*got);
    // The type parameter list: the first `<...>` of the signature, before its parameters.
    const size_t open = sig.find('<'), paren = sig.find('(');
    if (open == std::string::npos || (paren != std::string::npos && paren < open)) continue;
    int angle = 0;
    size_t close = std::string::npos;
    for (size_t i = open; i < sig.size(); ++i) {
      if (sig[i] == '<') ++angle;
      else if (sig[i] == '>' && (i == 0 || sig[i - 1] != '=') && --angle == 0) {
        close = i;
        break;
      }
    }
    if (close == std::string::npos) continue;
    // Its top-level entries: "Name extends Bound = Default", "Name: Bound".
    size_t start = open + 1;
    int nestedDepth = 0;
    for (size_t i = open + 1; i <= close; ++i) {
      const char c = sig[i];
      if (i < close && (c == '<' || c == '(' || c == '[' || c == '{')) {
        ++nestedDepth;
        continue;
      }
      if (i < close && (c == ')' || c == ']' || c == '}' || (c == '>' && sig[i - 1] != '='))) {
        --nestedDepth;
        continue;
      }
      if (i < close && (c != ',' || nestedDepth > 0)) continue;
      std::string entry = sig.substr(start, i - start);
      start = i + 1;
      size_t b = entry.find_first_not_of(' ');
      if (b == std::string::npos) continue;
      for (const char* modifier : {"const ", "in ", "out ", "in out "})
        if (entry.compare(b, std::strlen(modifier), modifier) == 0) b += std::strlen(modifier);
      if (entry.compare(b, name.size(), name) != 0) continue;
      size_t at = b + name.size();
      if (at < entry.size() && word(entry[at])) continue;
      while (at < entry.size() && entry[at] == ' ') ++at;
      std::string boundText;
      if (entry.compare(at, 8, "extends ") == 0) {
        boundText = entry.substr(at + 8);
      } else if (at < entry.size() && entry[at] == ':' && entry.compare(at, 2, "::") != 0) {
        boundText = entry.substr(at + 1);
      } else if (at < entry.size() && entry[at] == '=') {
        boundText = entry.substr(at + 1);
      } else {
        return {};  // declared here without a bound: nothing to follow
      }
      // "Base<A, B> = Default": the bound's name, its own arguments left out.
      if (size_t eq = boundText.find(" = "); eq != std::string::npos) boundText.resize(eq);
      size_t from = boundText.find_first_not_of(' ');
      if (from == std::string::npos) return {};
      size_t end = from;
      while (end < boundText.size() && (word(boundText[end]) || boundText[end] == '.')) ++end;
      const std::string rest = boundText.substr(end);
      // A union, intersection, `keyof`, a function or object type: no one type.
      const size_t after = rest.find_first_not_of(' ');
      if (end == from || (after != std::string::npos && rest[after] != '<')) return {};
      const std::string bound = boundText.substr(from, end - from);
      if (bound == name || bound == "keyof" || bound == "typeof") return {};
      return {bound, d};
    }
  }
  return {};
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
  if (te.empty() && model::isCallable(d.kind)) {
    // An implementation whose overload signatures say the result: the first that does.
    for (const auto& o : defsNamed(lastSegment(d.qualifiedName)))
      if (o.id != d.id && o.fileId == d.fileId && o.parentId == d.parentId &&
          model::isCallable(o.kind) && !declaredType(o.id).empty())
        return evalTypeExpr(declaredType(o.id), o.fileId, o.id, depth + 1);
  }
  if (te.empty()) return out;
  return evalTypeExpr(te, d.fileId, d.id, depth + 1);
}

bool Resolver::Impl::namesLocalDeclaration(const std::string& te, int64_t fileId) {
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (size_t i = 0; i < te.size();) {
    if (!word(te[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < te.size() && word(te[end])) ++end;
    const std::string name = te.substr(i, end - i);
    i = end;
    for (const auto& b : bindings(fileId))
      if (!b.topLevel && b.local == name) return true;
    for (const auto& d : defsNamed(name)) {
      if (d.fileId != fileId || d.parentId == 0) continue;
      // Inside a function, a namespace or a module (a class body is no scope of bare names
      // where `this` is not implicit, and where it is, every entry is the source's already).
      const DefinitionRow* parent = def(d.parentId);
      if (parent && (!model::isContainer(parent->kind) || parent->kind == SymbolKind::kNamespace ||
                     parent->kind == SymbolKind::kModule))
        return true;
    }
  }
  return false;
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
  const lang::Rules& rules = modules.rules(fileId);
  // What an expression names depends on the enclosing symbol only through the current object
  // (`self`, `this`, implicit members) and names declared inside functions: most expressions of
  // a file share one entry. Not those naming a local declaration of the file (a class declared
  // in a function, a nested function, an import inside a function): from another function the
  // same text names another declaration, or none, and a shared entry would answer with the first
  // one evaluated, whichever reference came first (a refresh, which resolves only some of the
  // file's references, would then bind otherwise than a full index).
  const bool bySource = rules.implicitThis || te[0] == '(' || te.compare(0, 4, "self") == 0 ||
                        te.compare(0, 4, "this") == 0 || te.compare(0, 3, "cls") == 0 ||
                        te.compare(0, 5, "$this") == 0 || te.find("Self") != std::string::npos ||
                        te.find("{static}") != std::string::npos ||
                        namesLocalDeclaration(te, fileId);
  std::string key =
      std::to_string(fileId) + '|' + std::to_string(bySource ? sourceId : 0) + '|' + te;
  if (auto it = typeCache.find(key); it != typeCache.end()) return it->second;
  if (typeCache.size() > kMaxTypeCache) typeCache.clear();
  // A recursive declaration (`x = x.next()` through a field of its own type) ends here.
  typeCache.emplace(key, TypeSet{});

  TypeWalk walk;
  const uint64_t boundReadsBefore = boundReads;
  auto finish = [&](TypeSet result) {
    if (boundReads != boundReadsBefore)
      typeCache.erase(key);  // read through a type parameter: true where it is written only
    else
      typeCache[key] = result;
    return result;
  };
  // The first step by the expression's shape, then its members.
  std::optional<TypeSet> decided;
  if (te.compare(0, 4, "(is:") == 0)
    decided = typeGuardStep(te, fileId, sourceId, depth, walk);
  else if (te[0] == '(')
    decided = callbackParameterStep(te, fileId, sourceId, depth, walk);
  else if (te.compare(0, 3, "[]{") == 0 || te[0] == '{')
    decided = namedTypeStep(te, fileId, sourceId, walk);
  else
    decided = headNameStep(te, fileId, sourceId, depth, rules, walk);
  if (!decided) decided = memberSteps(te, depth, rules, walk);
  if (decided) return finish(std::move(*decided));
  if (walk.i < te.size()) {
    walk.cur.clear();
    walk.elements.clear();
    walk.library = false;
  }
  out.types = std::move(walk.cur);
  out.elements = std::move(walk.elements);
  out.library = out.types.empty() && out.elements.empty() && walk.library;
  return finish(out);
}

// "(is:guard|before)rest", a name a type guard narrows: the T of the guard's `x is T`, else what
// the name was before the guard; the expression's answer when nothing follows or it names no
// type, else the value its members start from.
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::typeGuardStep(const std::string& te,
                                                                     int64_t fileId,
                                                                     int64_t sourceId, int depth,
                                                                     TypeWalk& walk) {
  const size_t close = closingParen(te);
  if (close == std::string::npos) return TypeSet{};
  const std::string inner = te.substr(4, close - 4);
  const size_t bar = inner.find('|');
  const std::string guard = inner.substr(0, bar);
  const std::string before = bar == std::string::npos ? std::string() : inner.substr(bar + 1);
  TypeSet narrowed;
  if (const DefinitionRow* fn = calleeOf(guard, fileId, sourceId, depth);
      fn && model::isCallable(fn->kind)) {
    if (const std::string t = guardedType(signatureOf(fn->id)); !t.empty())
      narrowed = evalTypeExpr("{" + t + "}", fn->fileId, fn->id, depth + 1);
  }
  if (narrowed.types.empty() && !before.empty())
    narrowed = evalTypeExpr(before, fileId, sourceId, depth + 1);
  if (close + 1 == te.size() || narrowed.types.empty()) return narrowed;
  walk.take(std::move(narrowed));  // then its members
  walk.i = close + 1;
  return std::nullopt;
}

// "(j,k:callee)rest", a callback's parameter: the type the callee's signature gives it; the
// expression's answer when nothing follows or it names no type, else the value its members
// start from.
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::callbackParameterStep(
    const std::string& te, int64_t fileId, int64_t sourceId, int depth, TypeWalk& walk) {
  const size_t comma = te.find(','), colon = te.find(':'), close = closingParen(te);
  if (comma == std::string::npos || colon == std::string::npos || close == std::string::npos ||
      colon < comma || close < colon)
    return TypeSet{};
  const int argIndex = std::atoi(te.c_str() + 1), paramIndex = std::atoi(te.c_str() + comma + 1);
  const std::string callee = te.substr(colon + 1, close - colon - 1);
  const std::string rest = te.substr(close + 1);
  const DefinitionRow* fn = calleeOf(callee, fileId, sourceId, depth);
  if (!fn || !model::isCallable(fn->kind)) return TypeSet{};
  const std::string signature = signatureOf(fn->id);
  const std::string t = callbackParameterType(signature, fn->qualifiedName, argIndex, paramIndex);
  if (t.empty()) return TypeSet{};
  TypeSet param = evalTypeExpr("{" + t + "}", fn->fileId, fn->id, depth + 1);
  if (rest.empty() || param.types.empty()) return param;
  walk.take(std::move(param));  // then its members
  walk.i = close + 1;
  return std::nullopt;
}

// "[]{T}rest", a collection whose elements are of the type named (`[]*Item`, `List<Item>`,
// `list[Item]`), and "{T}rest", a value of the type named: the value its members start from;
// the expression's answer when the braces do not close or `{T}` names no type.
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::namedTypeStep(const std::string& te,
                                                                     int64_t fileId,
                                                                     int64_t sourceId,
                                                                     TypeWalk& walk) {
  const size_t close = te.find('}');
  if (close == std::string::npos) return TypeSet{};
  if (te[0] == '[') {
    walk.elements = typeNamed(te.substr(3, close - 3), fileId, sourceId).types;
  } else {
    TypeSet named = typeNamed(te.substr(1, close - 1), fileId, sourceId);
    if (named.types.empty()) return named;
    walk.take(std::move(named));
  }
  walk.i = close + 1;
  return std::nullopt;
}

// A chain that starts with a name: the current object, a call of a function or type, an
// implicit member, a module-level variable, a type, a function value, else a qualifier. The
// value its members start from, or the expression's answer (none for `super`, a library value).
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::headNameStep(const std::string& te,
                                                                    int64_t fileId,
                                                                    int64_t sourceId, int depth,
                                                                    const lang::Rules& rules,
                                                                    TypeWalk& walk) {
  const size_t headEnd = nameEnd(te, 0);
  const std::string head = te.substr(0, headEnd);
  size_t& i = walk.i;
  i = headEnd;
  if (isCurrentObject(head)) {
    // `self.x`, and `cls()` in a class method: an instance of the enclosing class.
    if (calledAt(te, i)) i += 2;
    if (const DefinitionRow* cls = sourceId ? enclosingClass(sourceId) : nullptr)
      walk.cur.push_back(cls);
  } else if (head == "super") {
    return TypeSet{};
  } else if (calledAt(te, i)) {
    // `f()`, `T()`: a function's result, a class's instance.
    i += 2;
    if (const DefinitionRow* d = probe(RefKind::kCalls, head, "", fileId, sourceId)) {
      walk.take(typeOfDeclaration(*d, depth));
    } else if (const DefinitionRow* t = probe(RefKind::kUses, head, "", fileId, sourceId)) {
      walk.cur.push_back(t);  // a conversion `T(x)` (Go), a type called as a constructor
    } else if (rules.isBuiltinName(head)) {
      return TypeSet{{}, {}, true};  // a library value
    }
  } else if (const DefinitionRow* field =
                 rules.implicitThis ? implicitMember(head, sourceId) : nullptr) {
    walk.take(typeOfDeclaration(*field, depth));  // a field of the class, `this` left out
  } else if (const DefinitionRow* v = probe(RefKind::kAccesses, head, "", fileId, sourceId)) {
    walk.take(typeOfDeclaration(*v, depth));  // a module-level variable or constant
  } else if (const DefinitionRow* t = probe(RefKind::kUses, head, "", fileId, sourceId)) {
    walk.cur.push_back(t);  // a type: its static members follow
  } else if (const DefinitionRow* fn = rules.valuesAreCallable && i == te.size()
                                           ? probe(RefKind::kCalls, head, "", fileId, sourceId)
                                           : nullptr;
             fn && model::isCallable(fn->kind)) {
    // A value that is a function (`static create = createZodEnum`): what calling it gives.
    walk.take(typeOfDeclaration(*fn, depth));
  } else {
    return qualifierStep(te, head, fileId, sourceId, depth, walk);
  }
  return std::nullopt;
}

// A qualifier: `pkg.X`, `mod.sub.f()`, `ns::T::make()`: the first name it reaches (within three
// hops), as the value its members start from; the expression's answer when it reaches none
// (a library value where the head is a library import).
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::qualifierStep(const std::string& te,
                                                                     const std::string& head,
                                                                     int64_t fileId,
                                                                     int64_t sourceId, int depth,
                                                                     TypeWalk& walk) {
  size_t& i = walk.i;
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
      return TypeSet{};
    }
    const size_t end = nameEnd(te, at);
    const std::string name = te.substr(at, end - at);
    const bool isCall = calledAt(te, end);
    const DefinitionRow* d =
        probe(isCall ? RefKind::kCalls : RefKind::kAccesses, name, qualifier, fileId, sourceId);
    if (!d && !isCall) d = probe(RefKind::kUses, name, qualifier, fileId, sourceId);
    if (d) {
      i = end + (isCall ? 2 : 0);
      if (isCall || !model::isTypeLike(d->kind))
        walk.take(typeOfDeclaration(*d, depth));
      else
        walk.cur.push_back(d);
      return std::nullopt;
    }
    if (hops == 0 && importedFromLibrary(fileId, head)) return TypeSet{{}, {}, true};
    qualifier += sep + name;
    i = end;
    if (isCall) return TypeSet{};
  }
  return std::nullopt;
}

// Members, then their declared types, step by step, from the value in `walk` while it has
// types (or elements, for `[]`); the expression's answer (none) at a call of a call's result.
std::optional<Resolver::Impl::TypeSet> Resolver::Impl::memberSteps(const std::string& te,
                                                                   int depth,
                                                                   const lang::Rules& rules,
                                                                   TypeWalk& walk) {
  std::vector<const DefinitionRow*>& cur = walk.cur;
  std::vector<const DefinitionRow*>& elements = walk.elements;
  size_t& i = walk.i;
  while (i < te.size() && (!cur.empty() || !elements.empty())) {
    if (te.compare(i, 2, "[]") == 0) {
      // An element of the collection: `xs[i]`, a range or for-of variable.
      cur = std::move(elements);
      elements.clear();
      walk.library = false;
      i += 2;
      // `kinds[k]()`, elements that are classes (`Dict[str, Type[T]]`): an instance of T.
      if (rules.subscriptElementTypes && calledAt(te, i) && !cur.empty() &&
          std::all_of(cur.begin(), cur.end(),
                      [](const DefinitionRow* t) { return model::isTypeLike(t->kind); }))
        i += 2;
      continue;
    }
    if (cur.empty()) break;
    size_t at = i;
    if (te.compare(at, 2, "::") == 0)
      at += 2;
    else if (te[at] == '.')
      at += 1;
    else
      return TypeSet{};  // a call of a call's result
    const size_t end = nameEnd(te, at);
    const std::string name = te.substr(at, end - at);
    i = end + (calledAt(te, end) ? 2 : 0);
    std::vector<const DefinitionRow*> next, nextElements;
    bool allLibrary = true, any = false;
    const auto members = membersNamed(cur, name, rules);
    // Ruby's `Foo.new`, a constructor the class does not define: an instance of the class.
    if (members.empty() && name == "new" && i <= te.size() &&
        std::all_of(cur.begin(), cur.end(),
                    [](const DefinitionRow* t) { return model::isTypeLike(t->kind); }))
      continue;
    for (const DefinitionRow* m : members) {
      TypeSet t = typeOfDeclaration(*m, depth);
      any = true;
      allLibrary = allLibrary && t.library;
      for (const DefinitionRow* d : t.types)
        if (std::find(next.begin(), next.end(), d) == next.end()) next.push_back(d);
      for (const DefinitionRow* d : t.elements)
        if (std::find(nextElements.begin(), nextElements.end(), d) == nextElements.end())
          nextElements.push_back(d);
    }
    cur = std::move(next);
    elements = std::move(nextElements);
    walk.library = cur.empty() && elements.empty() && any && allLibrary;
  }
  return std::nullopt;
}

// The declared signature of callable `id` ("" when it has none or the read fails).
std::string Resolver::Impl::signatureOf(int64_t id) {
  std::string signature;
  if (auto sig = reader.signature(id))
    signature = std::move(*sig);
  else
    noteFailure(sig.error());
  return signature;
}

std::optional<Resolution> Resolver::Impl::constructorCall(const PendingRef& ref,
                                                          const lang::Rules& rules) {
  if (ref.kind != RefKind::kCalls || !ref.qualifier.empty() ||
      (ref.name != "super" && ref.name != "this") || rules.isBuiltinName(ref.name))
    return std::nullopt;  // Python's `super()` is a built-in function
  const DefinitionRow* cls = ref.sourceId ? enclosingClass(ref.sourceId) : nullptr;
  if (!cls) return std::nullopt;
  std::vector<const DefinitionRow*> classes;
  if (ref.name == "this") {
    classes.push_back(cls);
  } else {
    for (int64_t b : bases(cls->id))
      if (const DefinitionRow* d = def(b);
          d && (d->kind == SymbolKind::kClass || d->kind == SymbolKind::kStruct))
        classes.push_back(d);
  }
  // The nearest class up the bases that declares a constructor (an implicit one calls its base's).
  for (int depth = 0; depth < 8 && !classes.empty(); ++depth) {
    const DefinitionRow* c = classes.front();
    std::vector<const DefinitionRow*> ctors;
    for (const std::string& name :
         {std::string("constructor"), std::string("__init__"), lastSegment(c->qualifiedName)})
      for (const auto& d : defsNamed(name))
        if (d.kind == SymbolKind::kConstructor && d.parentId == c->id &&
            sameFamily(rules, d.fileId) && std::find(ctors.begin(), ctors.end(), &d) == ctors.end())
          ctors.push_back(&d);
    if (!ctors.empty()) return pick(ref.id, ctors, Evidence::kScope, rules, false);
    std::vector<const DefinitionRow*> up;
    for (int64_t b : bases(c->id))
      if (const DefinitionRow* d = def(b);
          d && (d->kind == SymbolKind::kClass || d->kind == SymbolKind::kStruct))
        up.push_back(d);
    if (up.empty()) return pick(ref.id, {c}, Evidence::kScope, rules, false);
    classes = std::move(up);
  }
  return std::nullopt;
}

std::optional<Resolution> Resolver::Impl::memberAccess(const PendingRef& ref, const lang::Rules& rules,
                                                       const store::FileRow* file) {
  Resolution dropped{ref.id};
  dropped.drop = true;
  if (ref.receiver == "?") return dropped;  // a local whose type no declaration says
  std::vector<const DefinitionRow*> types;
  Evidence evidence = Evidence::kReceiverType;
  if (isSelfQualifier(ref.qualifier)) {
    const DefinitionRow* source = def(ref.sourceId);
    const DefinitionRow* cls = source ? enclosingClass(source->id) : nullptr;
    if (!cls) return dropped;
    types.push_back(cls);
    evidence = Evidence::kScope;
  } else {
    const std::string te = ref.receiver.empty() ? chainOf(ref.qualifier) : ref.receiver;
    if (te.empty()) return dropped;
    // One name as written: an import's (`mod.VAR`, the module-level variable steps) or a class's.
    const bool single = ref.receiver.empty() && te.find_first_of(".:([") == std::string::npos;
    if (single)
      for (const auto& b : bindings(ref.fileId))
        if (b.local == te) return std::nullopt;
    types = evalTypeExpr(te, ref.fileId, ref.sourceId, 0).types;
    // `Registry.LIMIT`: a class attribute read through the class itself.
    if (types.empty() && single)
      for (const DefinitionRow* t : typeNamed(te, ref.fileId, ref.sourceId).types)
        if (model::isContainer(t->kind)) types.push_back(t);
  }
  if (types.empty()) return dropped;
  auto found = membersNamed(types, ref.name, rules);
  std::erase_if(found, [&](const DefinitionRow* d) {
    return !(d->kind == SymbolKind::kField || d->kind == SymbolKind::kProperty ||
             d->kind == SymbolKind::kVariable || d->kind == SymbolKind::kConstant) ||
           !buildVisible(file, *d);
  });
  if (found.empty()) return dropped;
  return pick(ref.id, std::move(found), evidence, rules, false);
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
  const bool single = ref.receiver.empty() && te.find_first_of(".:([") == std::string::npos;
  if (single)
    for (const auto& b : bindings(ref.fileId))
      if (b.local == te) return std::nullopt;  // `pkg.F()`, `module.f()`: an import's name
  TypeSet types = evalTypeExpr(te, ref.fileId, ref.sourceId, 0);
  if (types.types.empty()) {
    if (types.library) return Resolution{ref.id};  // a value of a library type
    // A method of the collection itself (`xs.append()`, `d.items()`): where subscripted
    // annotations type elements, they name only the built-in and typing collections.
    if (look.rules.subscriptElementTypes && !types.elements.empty()) return Resolution{ref.id};
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
    const bool known =
        std::all_of(types.types.begin(), types.types.end(),
                    [](const DefinitionRow* t) { return model::isContainer(t->kind); });
    if (known && !look.rules.openMembers) return Resolution{ref.id};
    return std::nullopt;
  }
  return pick(look, found, Evidence::kReceiverType);
}

}  // namespace cg::indexer
