#include "codegraph/lang/extractor.h"
#include "codegraph/support/cpu_clock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "call_shapes.h"
#include "query_set.h"
#include "syntax_repair.h"
#include "text_util.h"
#include "visibility.h"

namespace cg::lang {
namespace {

using model::RefKind;
using model::SymbolKind;

constexpr auto kParseTimeLimit = std::chrono::seconds(20);
// setParseTimeLimitForTesting
std::atomic<int64_t> parseTimeLimitMs{std::chrono::milliseconds(kParseTimeLimit).count()};
constexpr auto kQueryTimeLimit = std::chrono::seconds(10);
constexpr size_t kMaxSignature = 300;
constexpr size_t kMaxDoc = 600;

struct RawDef {
  TSNode node{};
  TSNode name{};
  SymbolKind kind = SymbolKind::kFunction;
  uint32_t pattern = 0;
  std::string container;  // explicit @container text
  std::string receiver;   // @receiver: the name bound to the current object (Go)
  TSNode body{};
  TSNode doc{};
  TSNode modifiers{};
  TSNode type{}, value{};  // @type, @value
  TSNode callee{};         // @callee (bindings)
  TSNode element{};        // @element (bindings)
  TSNode within{}, guard{};  // @within, @guard (narrowing bindings)
  bool hasBody = false, hasDoc = false, hasModifiers = false, isScope = false;
  bool hasType = false, hasValue = false, hasCallee = false, hasElement = false;
  bool hasWithin = false, hasGuard = false;
  bool notLocal = false;  // its pattern says `(#is-not? local)`
};

struct RawRef {
  RefKind kind = RefKind::kCalls;
  TSNode site{};  // the role node
  TSNode name{};
  bool hasName = false;
  std::string qualifier, module, alias, subject;
};

struct Branch {
  uint32_t byte;
};

// A local name's declaration (@binding): a parameter, a local variable.
struct RawBinding {
  TSNode name{};
  TSNode type{}, value{};
  bool hasType = false, hasValue = false;
  bool first = true;  // the first name of its declaration (a value types only the first)
  uint32_t pattern = 0;
  uint32_t end = 0;  // where the declaration ends: it types what follows (not `x = x.next()`)
  TSNode callee{};   // @callee: the call the function declaring this parameter is passed to
  bool hasCallee = false;
  TSNode element{};  // @element: the collection whose elements this name ranges over
  bool hasElement = false;
  TSNode within{};   // @within: the name is narrowed inside this node only
  bool hasWithin = false;
  TSNode guard{};    // @guard: the type guard whose `x is T` narrows it
  bool hasGuard = false;
};

// A type expression from a declaration's @type or @value (ExtractedSymbol::typeExpr).
std::string typeExprOf(bool hasType, TSNode type, bool hasValue, TSNode value,
                       std::string_view src);

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

bool predicatesHold(const CompiledQuery& cq, const TSQueryMatch& m, std::string_view src) {
  for (const auto& p : cq.predicates[m.pattern_index]) {
    // Quantified captures: a predicate holds when it holds for every node of the capture.
    bool any = false, all = true;
    for (uint16_t i = 0; i < m.capture_count; ++i) {
      if (m.captures[i].index != p.capture) continue;
      any = true;
      std::string_view text = nodeText(m.captures[i].node, src);
      bool ok = false;
      switch (p.op) {
        case TextPredicate::Op::kEq:
          if (p.otherCapture) {
            ok = false;
            for (uint16_t j = 0; j < m.capture_count; ++j)
              if (m.captures[j].index == *p.otherCapture)
                ok = nodeText(m.captures[j].node, src) == text;
          } else {
            ok = text == p.values[0];
          }
          break;
        case TextPredicate::Op::kMatch:
          // An anchored pattern is tried at the start only (libstdc++ otherwise scans every
          // position of a possibly huge capture).
          ok = std::regex_search(text.begin(), text.end(), *p.regex,
                                 p.anchored ? std::regex_constants::match_continuous
                                            : std::regex_constants::match_default);
          break;
        case TextPredicate::Op::kAnyOf:
          ok = std::find(p.values.begin(), p.values.end(), text) != p.values.end();
          break;
      }
      if (p.negated) ok = !ok;
      all = all && ok;
    }
    if (any && !all) return false;
  }
  return true;
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

std::string typeExprOf(bool hasType, TSNode type, bool hasValue, TSNode value,
                       std::string_view src) {
  if (hasType) {
    const std::string text = normalizeSpace(nodeText(type, src));
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

}  // namespace

struct Extractor::Impl {
  TSParser* parser = ts_parser_new();
  TSQueryCursor* cursor = ts_query_cursor_new();
  ~Impl() {
    ts_query_cursor_delete(cursor);
    ts_parser_delete(parser);
  }

  TSTree* parse(const Language& language, std::string_view source) {
    if (!ts_parser_set_language(parser, language.grammar())) return nullptr;
    struct Payload {
      std::chrono::steady_clock::time_point deadline;
    } payload{std::chrono::steady_clock::now() +
              std::chrono::milliseconds(parseTimeLimitMs.load(std::memory_order_relaxed))};
    TSParseOptions options{};
    options.payload = &payload;
    options.progress_callback = [](TSParseState* state) {
      auto* p = static_cast<Payload*>(state->payload);
      return std::chrono::steady_clock::now() > p->deadline;  // true = stop
    };
    TSInput input{};
    struct Buf {
      std::string_view s;
    } buf{source};
    input.payload = &buf;
    input.read = [](void* state, uint32_t byte, TSPoint, uint32_t* bytesRead) -> const char* {
      auto* b = static_cast<Buf*>(state);
      if (byte >= b->s.size()) {
        *bytesRead = 0;
        return "";
      }
      *bytesRead = static_cast<uint32_t>(b->s.size() - byte);
      return b->s.data() + byte;
    };
    input.encoding = TSInputEncodingUTF8;
    TSTree* tree = ts_parser_parse_with_options(parser, nullptr, input, options);
    ts_parser_reset(parser);
    return tree;
  }
};

Extractor::Extractor() : impl_(std::make_unique<Impl>()) {}
Extractor::~Extractor() = default;

Status loadQueries() { return QuerySet::instance().compileAll(); }

void setParseTimeLimitForTesting(std::chrono::milliseconds limit) {
  parseTimeLimitMs.store(limit.count(), std::memory_order_relaxed);
}

void precompileQueries(const std::vector<std::string>& languageIds) {
  for (const auto& id : languageIds)
    if (const Language* language = languageById(id)) (void)QuerySet::instance().forLanguage(*language);
}

std::string Extractor::parseTree(const Language& language, std::string_view source) {
  if (!language.grammar) return {};
  TSTree* tree = impl_->parse(language, source);
  if (!tree) return {};
  char* s = ts_node_string(ts_tree_root_node(tree));
  std::string out(s);
  free(s);
  ts_tree_delete(tree);
  return out;
}

Expected<ExtractedFile> Extractor::extract(const Language& language, std::string_view source) {
  if (language.id == "markdown") return extractMarkdown(source);
  const CompiledQuery* cq = QuerySet::instance().forLanguage(language);
  if (!cq || !language.grammar)
    return makeError(ErrorCode::kNotFound,
                     "the extraction query for " + std::string(language.name) +
                         " is missing or does not load (see the log)");
  if (source.size() > std::numeric_limits<uint32_t>::max() / 2)
    return makeError(ErrorCode::kInvalidArgument, "file too large to parse");

  const uint64_t parseStart = threadCpuMicros();
  TSTree* tree = impl_->parse(language, source);
  if (!tree) return makeError(ErrorCode::kDeadline, "parser gave up (time limit)");
  // A parse that lost part of the file: a repair the grammar needs, kept where it loses less.
  std::string repaired;
  if ((language.id == "typescript" || language.id == "tsx") &&
      ts_node_has_error(ts_tree_root_node(tree))) {
    repaired = separateGenericSignatures(source);
    if (TSTree* second = repaired.empty() ? nullptr : impl_->parse(language, repaired)) {
      if (lostBytes(ts_tree_root_node(second)) < lostBytes(ts_tree_root_node(tree))) {
        ts_tree_delete(tree);
        tree = second;
        source = repaired;
      } else {
        ts_tree_delete(second);
      }
    }
  }
  const uint64_t queryStart = threadCpuMicros();
  struct TreeGuard {
    TSTree* t;
    ~TreeGuard() { ts_tree_delete(t); }
  } guard{tree};
  TSNode root = ts_tree_root_node(tree);

  ExtractedFile out;
  out.language = std::string(language.id);
  out.hadSyntaxErrors = ts_node_has_error(root);
  out.lines = static_cast<uint32_t>(std::count(source.begin(), source.end(), '\n')) +
              (source.empty() || source.back() == '\n' ? 0 : 1);

  std::vector<RawDef> defs;
  std::vector<RawRef> refs;
  std::vector<Branch> branches;
  std::vector<RawBinding> bindings;
  std::vector<std::pair<uint32_t, uint32_t>> localScopes;  // @local.scope byte ranges

  // Pathological nesting (a 100,000-deep expression) makes the query cursor's work grow with
  // the square of the depth. The cursor starts no match deeper than kDeepTreeDepth levels, so it
  // does not descend into what lies deeper (the last branches of a 600-branch C `else if` chain,
  // the first terms of a 1,200-term concatenation, a hostile nest): only that is not extracted,
  // the rest of the file is, before, around and after it (ExtractedFile::notExtracted says so;
  // the indexer logs it). The query is bounded in time like the parse (SECURITY.md).
  if (TSNode deep = firstNodeDeeperThan(root, kDeepTreeDepth); !ts_node_is_null(deep))
    out.notExtracted = "nesting deeper than " + std::to_string(kDeepTreeDepth) +
                       " levels from line " + std::to_string(ts_node_start_point(deep).row + 1) +
                       " on; what lies deeper is not extracted";
  ts_query_cursor_set_max_start_depth(impl_->cursor, kDeepTreeDepth);
  ts_query_cursor_set_match_limit(impl_->cursor, 4096);
  struct QueryPayload {
    std::chrono::steady_clock::time_point deadline;
    bool gaveUp = false;
  } queryPayload{std::chrono::steady_clock::now() + kQueryTimeLimit};
  TSQueryCursorOptions queryOptions{};
  queryOptions.payload = &queryPayload;
  queryOptions.progress_callback = [](TSQueryCursorState* state) {
    auto* p = static_cast<QueryPayload*>(state->payload);
    p->gaveUp = p->gaveUp || std::chrono::steady_clock::now() > p->deadline;
    return p->gaveUp;  // true = stop
  };
  ts_query_cursor_exec_with_options(impl_->cursor, cq->query, root, &queryOptions);
  TSQueryMatch m;
  while (ts_query_cursor_next_match(impl_->cursor, &m)) {
    if (!predicatesHold(*cq, m, source)) continue;
    // Find the role capture of this match.
    const TSQueryCapture* roleCap = nullptr;
    for (uint16_t i = 0; i < m.capture_count; ++i) {
      CaptureRole r = cq->captures[m.captures[i].index].role;
      if (r == CaptureRole::kDefinition || r == CaptureRole::kReference ||
          r == CaptureRole::kScope || r == CaptureRole::kPackage || r == CaptureRole::kBranch ||
          r == CaptureRole::kLocalScope || r == CaptureRole::kBinding) {
        roleCap = &m.captures[i];
        break;
      }
    }
    if (!roleCap) continue;
    const CaptureInfo& role = cq->captures[roleCap->index];
    if (role.role == CaptureRole::kLocalScope) {
      localScopes.emplace_back(ts_node_start_byte(roleCap->node), ts_node_end_byte(roleCap->node));
      continue;
    }
    if (role.role == CaptureRole::kBranch) {
      for (uint16_t i = 0; i < m.capture_count; ++i)
        if (cq->captures[m.captures[i].index].role == CaptureRole::kBranch)
          branches.push_back({ts_node_start_byte(m.captures[i].node)});
      continue;
    }
    std::vector<TSNode> names;
    std::string qualifier, module, alias, container, subject;
    uint32_t moduleStart = 0, moduleEnd = 0;
    RawDef def;
    for (uint16_t i = 0; i < m.capture_count; ++i) {
      const TSNode n = m.captures[i].node;
      switch (cq->captures[m.captures[i].index].role) {
        case CaptureRole::kName: names.push_back(n); break;
        case CaptureRole::kQualifier: qualifier = std::string(nodeText(n, source)); break;
        case CaptureRole::kModule:  // several nodes (Scala's path a . b . C): first to last
          if (module.empty() || ts_node_start_byte(n) < moduleStart) moduleStart = ts_node_start_byte(n);
          moduleEnd = std::max(moduleEnd, ts_node_end_byte(n));
          module = std::string(source.substr(moduleStart, moduleEnd - moduleStart));
          break;
        case CaptureRole::kAlias: alias = std::string(nodeText(n, source)); break;
        case CaptureRole::kContainer: container = std::string(nodeText(n, source)); break;
        case CaptureRole::kSubject: subject = std::string(nodeText(n, source)); break;
        case CaptureRole::kReceiver: def.receiver = std::string(nodeText(n, source)); break;
        case CaptureRole::kBody: def.body = n; def.hasBody = true; break;
        case CaptureRole::kDoc: def.doc = n; def.hasDoc = true; break;
        case CaptureRole::kModifiers:
          if (!def.hasModifiers) { def.modifiers = n; def.hasModifiers = true; }
          break;
        case CaptureRole::kType:
          if (!def.hasType) { def.type = n; def.hasType = true; }
          break;
        case CaptureRole::kValue:
          if (!def.hasValue) { def.value = n; def.hasValue = true; }
          break;
        case CaptureRole::kCallee:
          if (!def.hasCallee) { def.callee = n; def.hasCallee = true; }
          break;
        case CaptureRole::kElement:
          if (!def.hasElement) { def.element = n; def.hasElement = true; }
          break;
        case CaptureRole::kWithin:
          if (!def.hasWithin) { def.within = n; def.hasWithin = true; }
          break;
        case CaptureRole::kGuard:
          if (!def.hasGuard) { def.guard = n; def.hasGuard = true; }
          break;
        default: break;
      }
    }
    if (role.role == CaptureRole::kBinding) {
      std::sort(names.begin(), names.end(), [](TSNode a, TSNode b) {
        return ts_node_start_byte(a) < ts_node_start_byte(b);
      });
      for (size_t k = 0; k < names.size(); ++k)
        bindings.push_back({names[k], def.type, def.value, def.hasType, def.hasValue, k == 0,
                            m.pattern_index,
                            def.hasValue ? ts_node_end_byte(def.value) : ts_node_end_byte(names[k]),
                            def.callee, def.hasCallee, def.element, def.hasElement,
                            def.within, def.hasWithin, def.guard, def.hasGuard});
      continue;
    }
    if (role.role == CaptureRole::kPackage) {
      if (!names.empty() && out.packageName.empty())
        out.packageName = std::string(nodeText(names[0], source));
      continue;
    }
    if (role.role == CaptureRole::kDefinition || role.role == CaptureRole::kScope) {
      if (names.empty()) continue;
      def.node = roleCap->node;
      def.name = names[0];
      def.kind = role.symbolKind;
      def.pattern = m.pattern_index;
      def.container = normalizeSpace(container);
      def.isScope = role.role == CaptureRole::kScope;
      def.notLocal = cq->notLocal[m.pattern_index] != 0;
      defs.push_back(def);
      continue;
    }
    // A reference; one per @name node (imports may bind several names in one statement).
    RawRef ref;
    ref.kind = role.refKind;
    ref.site = roleCap->node;
    ref.qualifier = normalizeSpace(qualifier);
    ref.module = stripQuotes(normalizeSpace(module));
    ref.alias = alias;
    ref.subject = subject;
    if (names.empty()) {
      if (ref.kind != RefKind::kImports || ref.module.empty()) continue;
      refs.push_back(ref);
    }
    for (TSNode n : names) {
      RawRef r = ref;
      r.name = n;
      r.hasName = true;
      refs.push_back(std::move(r));
    }
  }
  if (queryPayload.gaveUp) return makeError(ErrorCode::kDeadline, "query gave up (time limit)");

  out.parseMicros = queryStart - parseStart;
  out.queryMicros = threadCpuMicros() - queryStart;

  // ---- definitions: dedupe (first pattern wins per node and per name node), nest, name ----
  std::stable_sort(defs.begin(), defs.end(), [](const RawDef& a, const RawDef& b) {
    return a.pattern < b.pattern;
  });
  {
    std::vector<RawDef> unique;
    std::unordered_set<uint64_t> seenNodes, seenNames;
    auto key = [](TSNode n) {
      return (static_cast<uint64_t>(ts_node_start_byte(n)) << 32) ^ ts_node_end_byte(n) ^
             (static_cast<uint64_t>(ts_node_symbol(n)) << 48);
    };
    for (auto& d : defs) {
      if (!seenNodes.insert(key(d.node)).second) continue;
      if (!seenNames.insert(key(d.name) ^ (d.isScope ? 1ULL << 63 : 0)).second) continue;
      unique.push_back(d);
    }
    defs.swap(unique);
  }
  std::sort(defs.begin(), defs.end(), [](const RawDef& a, const RawDef& b) {
    uint32_t as = ts_node_start_byte(a.node), bs = ts_node_start_byte(b.node);
    if (as != bs) return as < bs;
    return ts_node_end_byte(a.node) > ts_node_end_byte(b.node);
  });

  // Sweep with a stack of open definitions and scopes to find each one's enclosing entry.
  std::vector<int32_t> enclosing(defs.size(), -1);
  {
    std::vector<int32_t> stack;
    for (size_t i = 0; i < defs.size(); ++i) {
      uint32_t start = ts_node_start_byte(defs[i].node);
      while (!stack.empty() && ts_node_end_byte(defs[stack.back()].node) <= start) stack.pop_back();
      if (!stack.empty()) enclosing[i] = stack.back();
      stack.push_back(static_cast<int32_t>(i));
    }
  }
  // `(#is-not? local)`: such a definition inside a @local.scope node is a local, not a symbol;
  // what lies inside it nests in its own enclosing definition. Scope nodes nest or are disjoint,
  // so the outermost ones, in start order, answer "inside one?" by a binary search.
  std::vector<bool> isLocal(defs.size(), false);
  if (!localScopes.empty()) {
    std::sort(localScopes.begin(), localScopes.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    std::vector<std::pair<uint32_t, uint32_t>> outermost;
    for (const auto& r : localScopes)
      if (outermost.empty() || r.first >= outermost.back().second) outermost.push_back(r);
    for (size_t i = 0; i < defs.size(); ++i) {
      if (!defs[i].notLocal) continue;
      uint32_t start = ts_node_start_byte(defs[i].node), end = ts_node_end_byte(defs[i].node);
      auto it = std::upper_bound(outermost.begin(), outermost.end(), start,
                                 [](uint32_t b, const auto& r) { return b < r.first; });
      isLocal[i] = it != outermost.begin() && end <= std::prev(it)->second;
    }
  }
  for (auto& e : enclosing)
    while (e >= 0 && isLocal[e]) e = enclosing[e];

  const std::string sep(language.separator);
  std::vector<bool> explicitContainer;  // per symbol: named its container outside the body
  std::vector<int32_t> rangeParent;     // per symbol: the enclosing symbol by source range
  std::vector<int32_t> symbolIndexOfDef(defs.size(), -1);
  std::vector<std::string> receiverOfSymbol;  // per symbol: its @receiver name, if any
  std::vector<std::string> qualifiedOfDef(defs.size());
  for (size_t i = 0; i < defs.size(); ++i) {
    if (isLocal[i]) continue;
    const RawDef& d = defs[i];
    std::string name(nodeText(d.name, source));
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
    if (name.empty()) continue;
    int32_t enc = enclosing[i];
    std::string parentQualified = enc >= 0 ? qualifiedOfDef[enc] : std::string();
    std::string qualified;
    if (!container.empty()) {
      qualified = (parentQualified.empty() || d.container.empty() ? parentQualified : std::string());
      if (!qualified.empty()) qualified += sep;
      qualified += container + sep + name;
    } else {
      qualified = parentQualified.empty() ? name : parentQualified + sep + name;
    }
    qualifiedOfDef[i] = qualified;
    if (d.isScope) continue;

    ExtractedSymbol sym;
    sym.name = name;
    sym.qualifiedName = qualified;
    sym.kind = d.kind;
    sym.range = rangeOf(d.node, source);
    sym.startByte = ts_node_start_byte(d.node);
    sym.endByte = ts_node_end_byte(d.node);
    // Parent: the nearest enclosing definition that is a symbol (skipping scopes).
    int32_t p = enc;
    while (p >= 0 && defs[p].isScope) p = enclosing[p];
    sym.parent = p >= 0 ? symbolIndexOfDef[p] : -1;
    rangeParent.push_back(sym.parent);
    // Signature: the declaration head up to the body.
    TSNode body = d.hasBody ? d.body : ts_node_child_by_field_name(d.node, "body", 4);
    std::string_view head;
    if (!ts_node_is_null(body) && ts_node_start_byte(body) > sym.startByte) {
      uint32_t headEnd = ts_node_start_byte(body);
      // A comment between the head and the body (Python `def f():  # note`) is not signature.
      uint32_t childCount = ts_node_child_count(d.node);
      for (uint32_t c = 0; c < childCount; ++c) {
        TSNode child = ts_node_child(d.node, c);
        if (ts_node_start_byte(child) >= headEnd) break;
        if (std::strstr(ts_node_type(child), "comment") && ts_node_start_byte(child) > sym.startByte) {
          headEnd = ts_node_start_byte(child);
          break;
        }
      }
      head = source.substr(sym.startByte, headEnd - sym.startByte);
    } else {
      head = nodeText(d.node, source);
      if (model::isValueLike(d.kind) || model::isContainer(d.kind)) {
        head = head.substr(0, head.find('\n'));
      }
    }
    sym.signature = makeSignature(head, kMaxSignature);
    sym.doc = d.hasDoc ? cleanComment(std::string(nodeText(d.doc, source)), kMaxDoc)
                       : precedingComments(d.node, source);
    sym.typeExpr = typeExprOf(d.hasType, d.type, d.hasValue, d.value, source);
    if (model::isCallable(d.kind) && d.kind != SymbolKind::kMacro) {
      auto [lo, hi] = parameterCounts(d.node, source);
      sym.paramsMin = lo;
      sym.paramsMax = hi;
    }
    out.symbols.push_back(std::move(sym));
    explicitContainer.push_back(!container.empty());
    receiverOfSymbol.push_back(d.receiver);
    symbolIndexOfDef[i] = static_cast<int32_t>(out.symbols.size() - 1);
  }

  // Explicit containers name a type of this file: link it as the parent when it is there
  // (also over a range parent: `this.x = ...` in a constructor is a member of the class).
  {
    std::unordered_map<std::string, int32_t> containers;
    for (size_t i = 0; i < out.symbols.size(); ++i)
      if (model::isContainer(out.symbols[i].kind) || out.symbols[i].kind == SymbolKind::kType)
        containers.emplace(out.symbols[i].qualifiedName, static_cast<int32_t>(i));
    for (size_t i = 0; i < out.symbols.size(); ++i) {
      auto& s = out.symbols[i];
      if (s.parent >= 0 && !explicitContainer[i]) continue;
      auto [prefix, last] = splitQualified(s.qualifiedName);
      if (prefix.empty()) continue;
      auto it = containers.find(prefix);
      if (it != containers.end() && it->second != static_cast<int32_t>(i)) s.parent = it->second;
    }
  }

  // Visibility needs the parent chain, so it comes after nesting.
  std::vector<int32_t> defOfSymbol(out.symbols.size(), -1);
  for (size_t k = 0; k < defs.size(); ++k)
    if (symbolIndexOfDef[k] >= 0 && defOfSymbol[static_cast<size_t>(symbolIndexOfDef[k])] < 0)
      defOfSymbol[static_cast<size_t>(symbolIndexOfDef[k])] = static_cast<int32_t>(k);
  for (size_t i = 0; i < out.symbols.size(); ++i) {
    auto& s = out.symbols[i];
    if (defOfSymbol[i] < 0) continue;
    const RawDef* d = &defs[static_cast<size_t>(defOfSymbol[i])];
    VisibilityInput vin{language, s, s.parent >= 0 ? &out.symbols[s.parent] : nullptr, d->node,
                        d->hasModifiers ? std::optional<TSNode>(d->modifiers) : std::nullopt,
                        source};
    s.visibility = decideVisibility(vin);
  }
  // A member defined outside its container's body (C++ `int Foo::bar() {...}`) is as visible
  // as its declaration inside the body (the same qualified name); across files the resolver
  // does the same (IndexWriter::inheritMemberVisibility).
  {
    std::unordered_map<std::string, int32_t> declaredInBody;
    auto inParentBody = [&](size_t i) {
      const auto& s = out.symbols[i];
      if (s.parent < 0) return false;
      const auto& p = out.symbols[static_cast<size_t>(s.parent)];
      return p.startByte <= s.startByte && s.endByte <= p.endByte;
    };
    for (size_t i = 0; i < out.symbols.size(); ++i)
      if (inParentBody(i)) declaredInBody.emplace(out.symbols[i].qualifiedName, static_cast<int32_t>(i));
    for (size_t i = 0; i < out.symbols.size(); ++i) {
      auto& s = out.symbols[i];
      if (!explicitContainer[i] || s.parent < 0 || inParentBody(i)) continue;
      auto it = declaredInBody.find(s.qualifiedName);
      if (it != declaredInBody.end() && out.symbols[static_cast<size_t>(it->second)].parent == s.parent)
        s.visibility = out.symbols[static_cast<size_t>(it->second)].visibility;
    }
  }

  // ---- innermost enclosing symbol of a byte offset ----
  // Symbols are in start order; parents precede children.
  std::vector<uint32_t> starts;
  starts.reserve(out.symbols.size());
  for (const auto& s : out.symbols) starts.push_back(s.startByte);
  auto enclosingSymbol = [&](uint32_t byte) -> int32_t {
    auto it = std::upper_bound(starts.begin(), starts.end(), byte);
    if (it == starts.begin()) return -1;
    int32_t i = static_cast<int32_t>(it - starts.begin()) - 1;
    while (i >= 0) {
      const auto& s = out.symbols[i];
      if (s.startByte <= byte && byte < s.endByte) return i;
      // Walk to the previous candidate: the symbol enclosing this one by range (never the
      // parent named by an explicit container, which may lie anywhere in the file), which
      // precedes it in start order, else the previous symbol.
      int32_t up = rangeParent[static_cast<size_t>(i)];
      i = (up >= 0 && out.symbols[up].endByte > byte) ? up : i - 1;
    }
    return -1;
  };

  // ---- local bindings: what a parameter's or local's declaration says its type is ----
  // One per name node (the first pattern wins, as for definitions); scoped to the innermost
  // enclosing symbol, visible after the declaration to the references of that symbol and of
  // the symbols nested in it. Block scopes inside a function are not modelled: the last
  // declaration of the name before the reference counts.
  struct Local {
    uint32_t byte;
    int32_t scope;
    std::string typeExpr;
    uint32_t until = UINT32_MAX;  // a narrowing: seen before this byte only
    uint32_t guardAt = 0;         // a type guard's narrowing: where the guard is written
  };
  std::unordered_map<std::string, std::vector<Local>> localsByName;  // each in byte order
  {
    std::sort(bindings.begin(), bindings.end(), [](const RawBinding& a, const RawBinding& b) {
      uint32_t as = ts_node_start_byte(a.name), bs = ts_node_start_byte(b.name);
      return as != bs ? as < bs : a.pattern < b.pattern;
    });
    uint32_t lastStart = UINT32_MAX;
    const bool lexicalFromName =
        language.id == "javascript" || language.id == "typescript" || language.id == "tsx";
    for (const auto& b : bindings) {
      const uint32_t start = ts_node_start_byte(b.name);
      if (start == lastStart) continue;
      lastStart = start;
      // A local whose type no declaration says ("?") still hides the names outside it.
      std::string te = typeExprOf(b.hasType, b.type, b.first && b.hasValue, b.value, source);
      if (te.empty() && b.hasCallee) te = callbackParameter(b.name, b.callee, source);
      if (te.empty() && b.hasElement) {
        std::string_view text = nodeText(b.element, source);
        if (text.size() <= 4096)
          if (std::string chain = valueChain(normalizeSpace(text)); !chain.empty()) te = chain + "[]";
      }
      if (b.hasWithin) {
        // A narrowing (`if (x instanceof T) {...}`, `if (isT(x)) {...}`): x inside the block.
        // A guard's type is read from its signature; what x was before stays the fallback,
        // filled in below once every local is known.
        std::string narrowed = te;
        if (b.hasGuard) {
          narrowed = valueChain(normalizeSpace(nodeText(b.guard, source)));
          if (narrowed.empty()) continue;
          narrowed = "(is:" + narrowed + ")";
        }
        if (narrowed.empty()) continue;
        localsByName[std::string(nodeText(b.name, source))].push_back(
            {ts_node_start_byte(b.within), enclosingSymbol(start), std::move(narrowed),
             ts_node_end_byte(b.within), b.hasGuard ? start : 0});
        continue;
      }
      if (te.empty()) te = "?";
      // JavaScript's `const` and `let` are in scope in their whole block: a closure in the
      // initialiser sees the variable (`const sub = subscribe(() => sub.unsubscribe())`).
      const uint32_t visibleFrom = lexicalFromName ? ts_node_end_byte(b.name) : std::max(start, b.end);
      localsByName[std::string(nodeText(b.name, source))].push_back(
          {visibleFrom, enclosingSymbol(start), std::move(te)});
    }
  }
  // The local `name` a reference at byte `at` in symbol `scope` sees: declared before it in that
  // symbol or one enclosing it (the innermost first), else none.
  auto findLocal = [&](const std::string& name, int32_t scope, uint32_t at) -> const Local* {
    auto it = localsByName.find(name);
    if (it == localsByName.end()) return nullptr;
    for (int32_t s = scope;; s = rangeParent[static_cast<size_t>(s)]) {
      const Local* best = nullptr;
      for (const Local& l : it->second)
        if (l.scope == s && l.byte < at && at < l.until) best = &l;
      if (best || s < 0) return best;
    }
  };
  // A type expression with its first name, when that is a local, replaced by the local's own
  // (recursively, a few levels): `x.store` where `x := NewServer()` → "NewServer().store".
  // "?" when the first name is a local whose type no declaration says.
  // A callback parameter "(j,k:callee)rest" keeps its form; the callee's own first name is
  // substituted in turn, where the call is (`doc.indented((d) => d.write())`: "(0,0:{Doc}.indented)").
  auto substituteImpl = [&](auto& self, std::string te, int32_t scope, uint32_t at,
                            int budget) -> std::string {
    for (int depth = 0; depth < 4; ++depth) {
      if (te.empty() || te[0] == '{' || te == "?") return te;
      if (te[0] == '?') return "?";
      if (te[0] == '(') {
        const size_t colon = te.find(':'), close = closingBracket(te, 0);
        if (budget <= 0 || colon == std::string::npos || close == std::string::npos ||
            colon > close)
          return te;
        std::string callee = self(self, te.substr(colon + 1, close - colon - 1), scope, at, budget - 1);
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
  };
  auto substituteLocals = [&](std::string te, int32_t scope, uint32_t at) -> std::string {
    return substituteImpl(substituteImpl, std::move(te), scope, at, 2);
  };
  // A type guard's narrowing falls back on what the name was where the guard is written
  // ("(is:isT|{Base})"): a guard whose result says no `x is T` narrows nothing.
  for (auto& [name, locals] : localsByName)
    for (Local& l : locals)
      if (l.guardAt != 0 && l.typeExpr.rfind("(is:", 0) == 0 && l.typeExpr.back() == ')') {
        std::string before = substituteLocals(name, l.scope, l.guardAt);
        if (before == "?") before.clear();  // a local of no known type: no fallback
        l.typeExpr.insert(l.typeExpr.size() - 1, "|" + before);
      }
  // A definition's initialiser that names a local (`self.env = env` in a constructor): the
  // local's type expression.
  for (size_t i = 0; i < out.symbols.size(); ++i) {
    std::string& te = out.symbols[i].typeExpr;
    if (te.empty() || te[0] == '{') continue;
    te = substituteLocals(te, rangeParent[i], out.symbols[i].startByte);
    if (te == "?") te.clear();
  }

  for (const auto& b : branches) {
    int32_t s = enclosingSymbol(b.byte);
    while (s >= 0 && !model::isCallable(out.symbols[s].kind)) s = rangeParent[static_cast<size_t>(s)];
    if (s >= 0) ++out.symbols[s].complexity;
  }

  // ---- references ----
  std::sort(refs.begin(), refs.end(), [](const RawRef& a, const RawRef& b) {
    TSNode na = a.hasName ? a.name : a.site, nb = b.hasName ? b.name : b.site;
    return ts_node_start_byte(na) < ts_node_start_byte(nb);
  });
  std::unordered_set<std::string> seenRefs;
  // Names the file's imports bind (alias, else the first and last segment of the module path,
  // without a Go major-version suffix): a qualified read is kept only when its qualifier is one
  // (`pkg.Var`); `obj.field` reads are not references to anything we extract.
  std::unordered_set<std::string> importNames;
  // Callee name nodes: the name of a call is not also a read.
  std::unordered_set<uint32_t> calleeStarts;
  for (const auto& r : refs) {
    if (r.kind == RefKind::kCalls && r.hasName) calleeStarts.insert(ts_node_start_byte(r.name));
    if (r.kind != RefKind::kImports) continue;
    if (!r.alias.empty()) {
      importNames.insert(r.alias);
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
    auto isVersion = [](const std::string& x) {
      return x.size() > 1 && x[0] == 'v' &&
             std::all_of(x.begin() + 1, x.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    while (segs.size() > 1 && isVersion(segs.back())) segs.pop_back();
    if (segs.empty()) continue;
    importNames.insert(segs.front());
    std::string last = segs.back();
    importNames.insert(last);
    if (last.rfind("go-", 0) == 0) importNames.insert(last.substr(3));
    if (last.size() > 3 && last.compare(last.size() - 3, 3, "-go") == 0)
      importNames.insert(last.substr(0, last.size() - 3));
  }
  std::unordered_map<std::string, int32_t> typeByName;
  for (size_t i = 0; i < out.symbols.size(); ++i)
    if (model::isTypeLike(out.symbols[i].kind))
      typeByName.emplace(out.symbols[i].name, static_cast<int32_t>(i));
  for (const auto& r : refs) {
    TSNode at = r.hasName ? r.name : r.site;
    ExtractedRef e;
    e.kind = r.kind;
    std::string rawQualifier;  // as written, argument lists and all
    if (r.hasName) {
      std::string text = normalizeSpace(std::string(nodeText(r.name, source)));
      auto [prefix, last] = splitQualified(text);
      e.name = last;
      rawQualifier = r.qualifier.empty() ? prefix : r.qualifier;
      e.qualifier = compactQualifier(rawQualifier);
      if (e.name.empty()) continue;
      if (e.kind == RefKind::kAccesses && !r.qualifier.empty()) {
        if (calleeStarts.count(ts_node_start_byte(r.name))) continue;
        std::string head = e.qualifier.substr(0, e.qualifier.find_first_of(".:"));
        if (!importNames.count(head)) continue;
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
    // Qualified by the name of the enclosing method's receiver: the current object.
    if (!e.qualifier.empty()) {
      for (int32_t s = e.source; s >= 0; s = rangeParent[static_cast<size_t>(s)]) {
        if (receiverOfSymbol[static_cast<size_t>(s)].empty()) continue;
        if (e.qualifier == receiverOfSymbol[static_cast<size_t>(s)]) e.qualifier = "self";
        break;
      }
    }
    if (e.kind == RefKind::kCalls) e.arity = argumentCount(r.site, source);
    // A call on a local value: its type as the local's declaration says.
    if (e.kind == RefKind::kCalls && !e.qualifier.empty() && e.qualifier != "self") {
      std::string typed = substituteLocals(valueChain(normalizeSpace(rawQualifier)), e.source,
                                           ts_node_start_byte(at));
      // Kept when it says more than the qualifier as written (`a->b` is `a.b`).
      std::string written = e.qualifier;
      for (size_t k; (k = written.find("->")) != std::string::npos;) written.replace(k, 2, ".");
      for (size_t k; (k = written.find("?.")) != std::string::npos;) written.replace(k, 2, ".");
      if (!typed.empty() && typed != written) e.receiver = std::move(typed);
    }
    // A definition's own name is not a reference to itself.
    if (e.source >= 0 && e.kind != RefKind::kImports && r.hasName) {
      const auto& src = out.symbols[e.source];
      if (src.name == e.name && src.range.line == e.line && e.qualifier.empty() &&
          (e.kind == RefKind::kAccesses || e.kind == RefKind::kAssigns || e.kind == RefKind::kUses))
        continue;
    }
    // Reads, writes and type uses are kept once per (source, name): the edge matters, not
    // every occurrence. Calls keep every site (callers want each line).
    std::string key;
    if (e.kind == RefKind::kAccesses || e.kind == RefKind::kAssigns || e.kind == RefKind::kUses) {
      key = std::to_string(static_cast<int>(e.kind)) + '|' + std::to_string(e.source) + '|' +
            e.qualifier + '|' + e.name;
    } else {
      key = std::to_string(static_cast<int>(e.kind)) + '|' + std::to_string(e.line) + ':' +
            std::to_string(e.column) + '|' + e.name + '|' + e.module;
    }
    if (!seenRefs.insert(key).second) continue;
    out.refs.push_back(std::move(e));
  }
  return out;
}

}  // namespace cg::lang
