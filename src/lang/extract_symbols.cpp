// The symbol stages of an Extraction (extraction.h): definitions ordered and nested, symbols
// named and described, their containers and visibilities.
#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "call_shapes.h"
#include "extraction.h"
#include "text_util.h"
#include "visibility.h"

namespace cg::lang {
namespace {

using model::SymbolKind;

constexpr size_t kMaxSignature = 300;
constexpr size_t kMaxDoc = 600;

// A node that ends with its line's newline (C `#define`, preprocessor conditionals) ends at
// column 0 of the next line; its range ends on the line of its last character instead.
model::Range rangeOf(TSNode n, std::string_view src) {
  TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  uint32_t endByte = ts_node_end_byte(n);
  if (e.column == 0 && e.row > s.row && endByte > 0 && endByte <= src.size() &&
      src[endByte - 1] == '\n') {
    uint32_t lineEnd = endByte - 1;  // the newline
    if (lineEnd > 0 && src[lineEnd - 1] == '\r') --lineEnd;
    size_t prev = lineEnd > 0 ? src.rfind('\n', lineEnd - 1) : std::string_view::npos;
    uint32_t lineStart = prev == std::string_view::npos ? 0 : static_cast<uint32_t>(prev + 1);
    return {s.row + 1, s.column, e.row, lineEnd - lineStart};
  }
  return {s.row + 1, s.column, e.row + 1, e.column};
}

// The definition node of a wrapper (export_statement, decorated_definition, template_declaration)
// that ends where the definition ends: comments before the wrapper document the definition.
TSNode outermostWrapper(TSNode node) {
  TSNode cur = node;
  for (int i = 0; i < 4; ++i) {
    TSNode parent = ts_node_parent(cur);
    if (ts_node_is_null(parent)) break;
    if (ts_node_end_byte(parent) != ts_node_end_byte(cur) ||
        ts_node_start_byte(parent) >= ts_node_start_byte(cur))
      break;
    TSNode prev = ts_node_prev_named_sibling(cur);
    if (!ts_node_is_null(prev) && std::strstr(ts_node_type(prev), "comment")) break;
    // Stop at nodes that hold many statements: the wrapper must be a thin shell.
    if (ts_node_named_child_count(parent) > 4) break;
    cur = parent;
  }
  return cur;
}

std::string precedingComments(TSNode node, std::string_view src) {
  TSNode cur = outermostWrapper(node);
  std::vector<std::string_view> parts;
  uint32_t expectRow = ts_node_start_point(cur).row;
  TSNode prev = ts_node_prev_sibling(cur);
  // Attributes and decorators between the doc comment and the item are skipped.
  while (!ts_node_is_null(prev) && (std::strstr(ts_node_type(prev), "attribute") ||
                                    std::strstr(ts_node_type(prev), "decorator"))) {
    expectRow = ts_node_start_point(prev).row;
    prev = ts_node_prev_sibling(prev);
  }
  while (!ts_node_is_null(prev) && std::strstr(ts_node_type(prev), "comment")) {
    uint32_t endRow = ts_node_end_point(prev).row;
    if (endRow + 1 < expectRow) break;  // a blank line separates it
    parts.push_back(nodeText(prev, src));
    expectRow = ts_node_start_point(prev).row;
    prev = ts_node_prev_sibling(prev);
    if (parts.size() > 40) break;
  }
  std::reverse(parts.begin(), parts.end());
  std::string joined;
  for (auto p : parts) {
    if (!joined.empty()) joined += '\n';
    joined += p;
  }
  return cleanComment(joined, kMaxDoc);
}

}  // namespace

std::string typeExprOf(bool hasType, TSNode type, bool hasValue, TSNode value, std::string_view src,
                       bool subscriptElements) {
  if (hasType) {
    const std::string text = normalizeSpace(nodeText(type, src));
    if (subscriptElements)
      if (std::string element = subscriptElementTypeName(text); !element.empty())
        return "[]{" + element + "}";
    std::string name = typeName(text);
    if (!name.empty()) return "{" + name + "}";
    name = elementTypeName(text);
    if (!name.empty()) return "[]{" + name + "}";
  }
  if (hasValue) {
    std::string_view text = nodeText(value, src);
    if (text.size() <= 4096) return valueChain(normalizeSpace(text));
  }
  return {};
}


namespace {

// A definition's head as written, up to its body (a value or container without a body: its
// first line), for its signature.
std::string_view declarationHead(const RawDef& d, uint32_t startByte, std::string_view source) {
  TSNode body = d.hasBody ? d.body : ts_node_child_by_field_name(d.node, "body", 4);
  if (!ts_node_is_null(body) && ts_node_start_byte(body) > startByte) {
    uint32_t headEnd = ts_node_start_byte(body);
    // A comment between the head and the body (Python `def f():  # note`) is not signature.
    uint32_t childCount = ts_node_child_count(d.node);
    for (uint32_t c = 0; c < childCount; ++c) {
      TSNode child = ts_node_child(d.node, c);
      if (ts_node_start_byte(child) >= headEnd) break;
      if (std::strstr(ts_node_type(child), "comment") && ts_node_start_byte(child) > startByte) {
        headEnd = ts_node_start_byte(child);
        break;
      }
    }
    return source.substr(startByte, headEnd - startByte);
  }
  std::string_view head = nodeText(d.node, source);
  if (model::isValueLike(d.kind) || model::isContainer(d.kind)) head = head.substr(0, head.find('\n'));
  return head;
}

}  // namespace

void Extraction::orderDefinitions() {
  // One definition per node and per name node: the first pattern wins.
  std::stable_sort(defs_.begin(), defs_.end(), [](const RawDef& a, const RawDef& b) {
    return a.pattern < b.pattern;
  });
  {
    std::vector<RawDef> unique;
    std::unordered_set<uint64_t> seenNodes, seenNames;
    auto key = [](TSNode n) {
      return (static_cast<uint64_t>(ts_node_start_byte(n)) << 32) ^ ts_node_end_byte(n) ^
             (static_cast<uint64_t>(ts_node_symbol(n)) << 48);
    };
    for (auto& d : defs_) {
      if (!seenNodes.insert(key(d.node)).second) continue;
      if (!seenNames.insert(key(d.name) ^ (d.isScope ? 1ULL << 63 : 0)).second) continue;
      unique.push_back(d);
    }
    defs_.swap(unique);
  }
  std::sort(defs_.begin(), defs_.end(), [](const RawDef& a, const RawDef& b) {
    uint32_t as = ts_node_start_byte(a.node), bs = ts_node_start_byte(b.node);
    if (as != bs) return as < bs;
    return ts_node_end_byte(a.node) > ts_node_end_byte(b.node);
  });

  // Sweep with a stack of open definitions and scopes to find each one's enclosing entry.
  enclosing_.assign(defs_.size(), -1);
  {
    std::vector<int32_t> stack;
    for (size_t i = 0; i < defs_.size(); ++i) {
      uint32_t start = ts_node_start_byte(defs_[i].node);
      while (!stack.empty() && ts_node_end_byte(defs_[stack.back()].node) <= start) stack.pop_back();
      if (!stack.empty()) enclosing_[i] = stack.back();
      stack.push_back(static_cast<int32_t>(i));
    }
  }
  // `(#is-not? local)`: such a definition inside a @local.scope node is a local, not a symbol;
  // what lies inside it nests in its own enclosing definition. Scope nodes nest or are disjoint,
  // so the outermost ones, in start order, answer "inside one?" by a binary search.
  isLocal_.assign(defs_.size(), false);
  if (!localScopes_.empty()) {
    std::sort(localScopes_.begin(), localScopes_.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    std::vector<std::pair<uint32_t, uint32_t>> outermost;
    for (const auto& r : localScopes_)
      if (outermost.empty() || r.first >= outermost.back().second) outermost.push_back(r);
    for (size_t i = 0; i < defs_.size(); ++i) {
      if (!defs_[i].notLocal) continue;
      uint32_t start = ts_node_start_byte(defs_[i].node), end = ts_node_end_byte(defs_[i].node);
      auto it = std::upper_bound(outermost.begin(), outermost.end(), start,
                                 [](uint32_t b, const auto& r) { return b < r.first; });
      isLocal_[i] = it != outermost.begin() && end <= std::prev(it)->second;
    }
  }
  for (auto& e : enclosing_)
    while (e >= 0 && isLocal_[e]) e = enclosing_[e];
}

void Extraction::buildSymbols() {
  symbolIndexOfDef_.assign(defs_.size(), -1);
  qualifiedOfDef_.assign(defs_.size(), std::string());
  for (size_t i = 0; i < defs_.size(); ++i)
    if (!isLocal_[i]) addSymbol(i);
  starts_.reserve(out_.symbols.size());
  for (const auto& s : out_.symbols) starts_.push_back(s.startByte);
}

void Extraction::addSymbol(size_t i) {
  const std::string sep(language_.separator);
  const RawDef& d = defs_[i];
  std::string name(nodeText(d.name, source_));
  name = normalizeSpace(name);
  // A name written as a symbol literal (Ruby `attr_reader :items`) is the name without colon.
  if (name.size() > 1 && name[0] == ':' && name[1] != ':') name.erase(0, 1);
  std::string container = d.container;
  // A name written qualified (C++ `Foo::bar`, JS `a.b.c = function`) splits at the last
  // separator: the prefix becomes the container.
  auto [prefix, last] = splitQualified(name);
  if (!prefix.empty()) {
    if (container.empty()) container = prefix;
    name = last;
  }
  if (name.empty()) return;
  int32_t enc = enclosing_[i];
  std::string parentQualified = enc >= 0 ? qualifiedOfDef_[enc] : std::string();
  std::string qualified;
  if (!container.empty()) {
    qualified = (parentQualified.empty() || d.container.empty() ? parentQualified : std::string());
    if (!qualified.empty()) qualified += sep;
    qualified += container + sep + name;
  } else {
    qualified = parentQualified.empty() ? name : parentQualified + sep + name;
  }
  qualifiedOfDef_[i] = qualified;
  if (d.isScope) return;

  ExtractedSymbol sym;
  sym.name = name;
  sym.qualifiedName = qualified;
  sym.kind = d.kind;
  sym.range = rangeOf(d.node, source_);
  sym.startByte = ts_node_start_byte(d.node);
  sym.endByte = ts_node_end_byte(d.node);
  // Parent: the nearest enclosing definition that is a symbol (skipping scopes).
  int32_t p = enc;
  while (p >= 0 && defs_[p].isScope) p = enclosing_[p];
  sym.parent = p >= 0 ? symbolIndexOfDef_[p] : -1;
  rangeParent_.push_back(sym.parent);
  sym.signature = makeSignature(declarationHead(d, sym.startByte, source_), kMaxSignature);
  sym.doc = d.hasDoc ? cleanComment(std::string(nodeText(d.doc, source_)), kMaxDoc)
                     : precedingComments(d.node, source_);
  sym.typeExpr = typeExprOf(d.hasType, d.type, d.hasValue, d.value, source_,
                            subscriptElements_);
  if (model::isCallable(d.kind) && d.kind != SymbolKind::kMacro) {
    auto [lo, hi] = parameterCounts(d.node, source_);
    sym.paramsMin = lo;
    sym.paramsMax = hi;
  }
  out_.symbols.push_back(std::move(sym));
  explicitContainer_.push_back(!container.empty());
  receiverOfSymbol_.push_back(d.receiver);
  symbolIndexOfDef_[i] = static_cast<int32_t>(out_.symbols.size() - 1);
}

void Extraction::linkContainers() {
  // Explicit containers name a type of this file: link it as the parent when it is there
  // (also over a range parent: `this.x = ...` in a constructor is a member of the class).
  std::unordered_map<std::string, int32_t> containers;
  for (size_t i = 0; i < out_.symbols.size(); ++i)
    if (model::isContainer(out_.symbols[i].kind) || out_.symbols[i].kind == SymbolKind::kType)
      containers.emplace(out_.symbols[i].qualifiedName, static_cast<int32_t>(i));
  for (size_t i = 0; i < out_.symbols.size(); ++i) {
    auto& s = out_.symbols[i];
    if (s.parent >= 0 && !explicitContainer_[i]) continue;
    auto [prefix, last] = splitQualified(s.qualifiedName);
    if (prefix.empty()) continue;
    auto it = containers.find(prefix);
    if (it != containers.end() && it->second != static_cast<int32_t>(i)) s.parent = it->second;
  }
}

void Extraction::decideVisibilities() {
  // Visibility needs the parent chain, so it comes after nesting.
  std::vector<int32_t> defOfSymbol(out_.symbols.size(), -1);
  for (size_t k = 0; k < defs_.size(); ++k)
    if (symbolIndexOfDef_[k] >= 0 && defOfSymbol[static_cast<size_t>(symbolIndexOfDef_[k])] < 0)
      defOfSymbol[static_cast<size_t>(symbolIndexOfDef_[k])] = static_cast<int32_t>(k);
  for (size_t i = 0; i < out_.symbols.size(); ++i) {
    auto& s = out_.symbols[i];
    if (defOfSymbol[i] < 0) continue;
    const RawDef* d = &defs_[static_cast<size_t>(defOfSymbol[i])];
    VisibilityInput vin{language_, s, s.parent >= 0 ? &out_.symbols[s.parent] : nullptr, d->node,
                        d->hasModifiers ? std::optional<TSNode>(d->modifiers) : std::nullopt,
                        source_};
    s.visibility = decideVisibility(vin);
  }
  // A member defined outside its container's body (C++ `int Foo::bar() {...}`) is as visible
  // as its declaration inside the body (the same qualified name); across files the resolver
  // does the same (IndexWriter::inheritMemberVisibility).
  std::unordered_map<std::string, int32_t> declaredInBody;
  auto inParentBody = [&](size_t i) {
    const auto& s = out_.symbols[i];
    if (s.parent < 0) return false;
    const auto& p = out_.symbols[static_cast<size_t>(s.parent)];
    return p.startByte <= s.startByte && s.endByte <= p.endByte;
  };
  for (size_t i = 0; i < out_.symbols.size(); ++i)
    if (inParentBody(i)) declaredInBody.emplace(out_.symbols[i].qualifiedName, static_cast<int32_t>(i));
  for (size_t i = 0; i < out_.symbols.size(); ++i) {
    auto& s = out_.symbols[i];
    if (!explicitContainer_[i] || s.parent < 0 || inParentBody(i)) continue;
    auto it = declaredInBody.find(s.qualifiedName);
    if (it != declaredInBody.end() && out_.symbols[static_cast<size_t>(it->second)].parent == s.parent)
      s.visibility = out_.symbols[static_cast<size_t>(it->second)].visibility;
  }
}

int32_t Extraction::enclosingSymbol(uint32_t byte) const {
  auto it = std::upper_bound(starts_.begin(), starts_.end(), byte);
  if (it == starts_.begin()) return -1;
  int32_t i = static_cast<int32_t>(it - starts_.begin()) - 1;
  while (i >= 0) {
    const auto& s = out_.symbols[i];
    if (s.startByte <= byte && byte < s.endByte) return i;
    // Walk to the previous candidate: the symbol enclosing this one by range (never the parent
    // named by an explicit container, which may lie anywhere in the file), which precedes it in
    // start order, else the previous symbol.
    int32_t up = rangeParent_[static_cast<size_t>(i)];
    i = (up >= 0 && out_.symbols[up].endByte > byte) ? up : i - 1;
  }
  return -1;
}

}  // namespace cg::lang
