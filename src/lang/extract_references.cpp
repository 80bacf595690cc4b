// The stages of an Extraction (extraction.h) that come after the symbols: local bindings and
// the types they say, branches, and the references.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "call_shapes.h"
#include "codegraph/lang/rules.h"
#include "extraction.h"
#include "text_util.h"

namespace cg::lang {

using model::RefKind;

// One per name node (the first pattern wins, as for definitions); scoped to the innermost
// enclosing symbol, visible after the declaration to the references of that symbol and of the
// symbols nested in it. Block scopes inside a function are not modelled: the last declaration of
// the name before the reference counts.
void Extraction::collectLocals() {
  std::sort(bindings_.begin(), bindings_.end(), [](const RawBinding& a, const RawBinding& b) {
    uint32_t as = ts_node_start_byte(a.name), bs = ts_node_start_byte(b.name);
    return as != bs ? as < bs : a.pattern < b.pattern;
  });
  uint32_t lastStart = UINT32_MAX;
  const bool lexicalFromName = language_.id == "javascript" || language_.id == "typescript" || language_.id == "tsx";
  for (const auto& b : bindings_) {
    const uint32_t start = ts_node_start_byte(b.name);
    if (start == lastStart) continue;
    lastStart = start;
    // A local whose type no declaration says ("?") still hides the names outside it.
    std::string te = typeExprOf(b.hasType, b.type, b.first && b.hasValue, b.value, source_,
                                subscriptElements_);
    if (te.empty() && b.hasCallee) te = callbackParameter(b.name, b.callee, source_);
    if (te.empty() && b.hasElement) {
      std::string_view text = nodeText(b.element, source_);
      if (text.size() <= 4096)
        if (std::string chain = valueChain(normalizeSpace(text)); !chain.empty()) te = chain + "[]";
    }
    if (b.hasWithin) {
      // A narrowing (`if (x instanceof T) {...}`, `if (isT(x)) {...}`): x inside the block. A
      // guard's type is read from its signature; what x was before stays the fallback, filled
      // in below once every local is known.
      std::string narrowed = te;
      if (b.hasGuard) {
        narrowed = valueChain(normalizeSpace(nodeText(b.guard, source_)));
        if (narrowed.empty()) continue;
        narrowed = "(is:" + narrowed + ")";
      }
      if (narrowed.empty()) continue;
      localsByName_[std::string(nodeText(b.name, source_))].push_back(
          {ts_node_start_byte(b.within), enclosingSymbol(start), std::move(narrowed), ts_node_end_byte(b.within),
           b.hasGuard ? start : 0, start});
      continue;
    }
    if (te.empty()) te = "?";
    // JavaScript's `const` and `let` are in scope in their whole block: a closure in the
    // initialiser sees the variable (`const sub = subscribe(() => sub.unsubscribe())`).
    const uint32_t visibleFrom = lexicalFromName ? ts_node_end_byte(b.name) : std::max(start, b.end);
    localsByName_[std::string(nodeText(b.name, source_))].push_back(
        {visibleFrom, enclosingSymbol(start), std::move(te), UINT32_MAX, 0, start});
  }
  // A type guard's narrowing falls back on what the name was where the guard is written
  // ("(is:isT|{Base})"): a guard whose result says no `x is T` narrows nothing.
  for (auto& [name, locals] : localsByName_)
    for (Local& l : locals)
      if (l.guardAt != 0 && l.typeExpr.rfind("(is:", 0) == 0 && l.typeExpr.back() == ')') {
        std::string before = substituteLocals(name, l.scope, l.guardAt);
        if (before == "?") before.clear();  // a local of no known type: no fallback
        l.typeExpr.insert(l.typeExpr.size() - 1, "|" + before);
      }
}

const Local* Extraction::findLocal(const std::string& name, int32_t scope, uint32_t at) const {
  auto it = localsByName_.find(name);
  if (it == localsByName_.end()) return nullptr;
  for (int32_t s = scope;; s = rangeParent_[static_cast<size_t>(s)]) {
    const Local* best = nullptr;
    for (const Local& l : it->second)
      if (l.scope == s && l.byte < at && at < l.until) best = &l;
    if (best || s < 0) return best;
  }
}

std::string Extraction::substituteLocals(std::string te, int32_t scope, uint32_t at, int budget) const {
  for (int depth = 0; depth < 4; ++depth) {
    if (te.empty() || te[0] == '{' || te == "?") return te;
    if (te[0] == '?') return "?";
    if (te[0] == '(') {
      const size_t colon = te.find(':'), close = closingBracket(te, 0);
      if (budget <= 0 || colon == std::string::npos || close == std::string::npos || colon > close) return te;
      std::string callee = substituteLocals(te.substr(colon + 1, close - colon - 1), scope, at, budget - 1);
      if (callee.empty() || callee == "?") return "?";
      return te.substr(0, colon + 1) + callee + te.substr(close);
    }
    const size_t headEnd = std::min(te.find_first_of(".(:["), te.size());
    const std::string head = te.substr(0, headEnd);
    const Local* local = findLocal(head, scope, at);
    if (!local) return te;
    te = local->typeExpr + te.substr(headEnd);
    scope = local->scope;
    at = local->byte;
  }
  return "?";
}

bool Extraction::callsLocal(const std::string& name, int32_t scope, uint32_t at,
                            const std::unordered_map<std::string_view, std::vector<int32_t>>& symbolsByName) const {
  const Local* local = findLocal(name, scope, at);
  if (!local || local->scope < 0 || local->until != UINT32_MAX ||
      !model::isCallable(out_.symbols[static_cast<size_t>(local->scope)].kind))
    return false;
  if (auto it = symbolsByName.find(name); it != symbolsByName.end())
    for (int32_t i : it->second) {
      const auto& s = out_.symbols[static_cast<size_t>(i)];
      if (s.startByte <= local->nameAt && local->nameAt < s.endByte) return false;
    }
  return true;
}

void Extraction::typeThroughLocals() {
  // A definition's initialiser that names a local (`self.env = env` in a constructor): the
  // local's type expression.
  for (size_t i = 0; i < out_.symbols.size(); ++i) {
    std::string& te = out_.symbols[i].typeExpr;
    if (te.empty() || te[0] == '{') continue;
    te = substituteLocals(te, rangeParent_[i], out_.symbols[i].startByte);
    if (te == "?") te.clear();
  }
}

void Extraction::countBranches() {
  for (uint32_t byte : branches_) {
    int32_t s = enclosingSymbol(byte);
    while (s >= 0 && !model::isCallable(out_.symbols[s].kind)) s = rangeParent_[static_cast<size_t>(s)];
    if (s >= 0) ++out_.symbols[s].complexity;
  }
}

// The alias of each import, else the first and last segment of its module path (without a Go
// major-version suffix, and without a "go-" prefix or "-go" suffix).
std::unordered_set<std::string> Extraction::importNames() const {
  std::unordered_set<std::string> names;
  auto isVersion = [](const std::string& x) {
    return x.size() > 1 && x[0] == 'v' && std::all_of(x.begin() + 1, x.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  for (const auto& r : refs_) {
    if (r.kind != RefKind::kImports) continue;
    if (!r.alias.empty()) {
      names.insert(r.alias);
      continue;
    }
    std::vector<std::string> segs;
    std::string cur;
    for (char c : r.module) {
      if (c == '/' || c == '.' || c == ':' || c == '\\') {
        if (!cur.empty()) segs.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) segs.push_back(cur);
    while (segs.size() > 1 && isVersion(segs.back())) segs.pop_back();
    if (segs.empty()) continue;
    names.insert(segs.front());
    std::string last = segs.back();
    names.insert(last);
    if (last.rfind("go-", 0) == 0) names.insert(last.substr(3));
    if (last.size() > 3 && last.compare(last.size() - 3, 3, "-go") == 0) names.insert(last.substr(0, last.size() - 3));
  }
  return names;
}

void Extraction::buildReferences() {
  std::sort(refs_.begin(), refs_.end(), [](const RawRef& a, const RawRef& b) {
    TSNode na = a.hasName ? a.name : a.site, nb = b.hasName ? b.name : b.site;
    return ts_node_start_byte(na) < ts_node_start_byte(nb);
  });
  std::unordered_set<std::string> seenRefs;
  // A qualified read is kept only when its qualifier is an imported name (`pkg.Var`), or where
  // member reads bind through the receiver's type (Rules::memberAccesses): elsewhere `obj.field`
  // reads are not references to anything extracted.
  const std::unordered_set<std::string> imported = importNames();
  const bool memberAccesses = rulesFor(language_.id).memberAccesses;
  // Callee name nodes: the name of a call is not also a read; nor is a member assigned.
  std::unordered_set<uint32_t> calleeStarts, memberWriteStarts;
  for (const auto& r : refs_) {
    if (r.kind == RefKind::kCalls && r.hasName) calleeStarts.insert(ts_node_start_byte(r.name));
    if (r.kind == RefKind::kAssigns && r.hasName && !r.qualifier.empty())
      memberWriteStarts.insert(ts_node_start_byte(r.name));
  }
  const bool localsShadowCalls = rulesFor(language_.id).localsShadowCalls;
  std::unordered_map<std::string_view, std::vector<int32_t>> symbolsByName;
  if (localsShadowCalls)
    for (size_t i = 0; i < out_.symbols.size(); ++i) symbolsByName[out_.symbols[i].name].push_back(static_cast<int32_t>(i));
  std::unordered_map<std::string, int32_t> typeByName;
  for (size_t i = 0; i < out_.symbols.size(); ++i)
    if (model::isTypeLike(out_.symbols[i].kind)) typeByName.emplace(out_.symbols[i].name, static_cast<int32_t>(i));
  for (const auto& r : refs_) {
    TSNode at = r.hasName ? r.name : r.site;
    ExtractedRef e;
    e.kind = r.kind;
    std::string rawQualifier;  // as written, argument lists and all
    if (r.hasName) {
      std::string text = normalizeSpace(std::string(nodeText(r.name, source_)));
      auto [prefix, last] = splitQualified(text);
      e.name = last;
      rawQualifier = r.qualifier.empty() ? prefix : r.qualifier;
      e.qualifier = compactQualifier(rawQualifier);
      if (e.name.empty()) continue;
      if (e.kind == RefKind::kAccesses && !r.qualifier.empty()) {
        if (calleeStarts.count(ts_node_start_byte(r.name))) continue;
        if (memberAccesses) {
          if (memberWriteStarts.count(ts_node_start_byte(r.name))) continue;
        } else {
          std::string head = e.qualifier.substr(0, e.qualifier.find_first_of(".:"));
          if (!imported.count(head)) continue;
        }
      }
    }
    e.module = r.module;
    e.alias = r.alias;
    TSPoint pt = ts_node_start_point(at);
    e.line = pt.row + 1;
    e.column = pt.column;
    e.source = enclosingSymbol(ts_node_start_byte(r.site));
    if (!r.subject.empty()) {
      auto it = typeByName.find(r.subject);
      if (it != typeByName.end()) e.source = it->second;
    }
    const bool member = memberAccesses && !e.qualifier.empty() &&
                        (e.kind == RefKind::kAccesses || e.kind == RefKind::kAssigns);
    // Qualified by the name of the enclosing method's receiver: the current object.
    if (!e.qualifier.empty()) {
      for (int32_t s = e.source; s >= 0; s = rangeParent_[static_cast<size_t>(s)]) {
        if (receiverOfSymbol_[static_cast<size_t>(s)].empty()) continue;
        if (e.qualifier == receiverOfSymbol_[static_cast<size_t>(s)]) e.qualifier = "self";
        break;
      }
    }
    // `self.x = self.y` where it declares the field x (in `__init__`): the statement lies in
    // the field's own range, and it is the method that writes x and reads y.
    if (member && e.source >= 0) {
      const auto& src = out_.symbols[static_cast<size_t>(e.source)];
      const int32_t parent = rangeParent_[static_cast<size_t>(e.source)];
      if ((src.kind == model::SymbolKind::kField || src.kind == model::SymbolKind::kProperty) &&
          parent >= 0 && model::isCallable(out_.symbols[static_cast<size_t>(parent)].kind))
        e.source = parent;
    }
    // A bare call of a parameter or local variable calls that value (Rules::localsShadowCalls).
    if (localsShadowCalls && e.kind == RefKind::kCalls && e.qualifier.empty() &&
        callsLocal(e.name, e.source, ts_node_start_byte(at), symbolsByName))
      continue;
    if (e.kind == RefKind::kCalls) e.arity = argumentCount(r.site, source_);
    // A call on a local value, or a member read or written on one: its type as the local's
    // declaration says.
    if ((e.kind == RefKind::kCalls || member) && !e.qualifier.empty() && e.qualifier != "self") {
      std::string typed = substituteLocals(valueChain(normalizeSpace(rawQualifier)), e.source, ts_node_start_byte(at));
      // Kept when it says more than the qualifier as written (`a->b` is `a.b`).
      std::string written = e.qualifier;
      for (size_t k; (k = written.find("->")) != std::string::npos;) written.replace(k, 2, ".");
      for (size_t k; (k = written.find("?.")) != std::string::npos;) written.replace(k, 2, ".");
      if (!typed.empty() && typed != written) e.receiver = std::move(typed);
    }
    // A definition's own name is not a reference to itself.
    if (e.source >= 0 && e.kind != RefKind::kImports && r.hasName) {
      const auto& src = out_.symbols[e.source];
      if (src.name == e.name && src.range.line == e.line && e.qualifier.empty() &&
          (e.kind == RefKind::kAccesses || e.kind == RefKind::kAssigns || e.kind == RefKind::kUses))
        continue;
    }
    // Reads, writes and type uses are kept once per (source, name): the edge matters, not every
    // occurrence. Calls keep every site (callers want each line).
    std::string key;
    if (e.kind == RefKind::kAccesses || e.kind == RefKind::kAssigns || e.kind == RefKind::kUses) {
      key = std::to_string(static_cast<int>(e.kind)) + '|' + std::to_string(e.source) + '|' + e.qualifier + '|' + e.name;
    } else {
      key = std::to_string(static_cast<int>(e.kind)) + '|' + std::to_string(e.line) + ':' +
            std::to_string(e.column) + '|' + e.name + '|' + e.module;
    }
    if (!seenRefs.insert(key).second) continue;
    out_.refs.push_back(std::move(e));
  }
}

}  // namespace cg::lang
