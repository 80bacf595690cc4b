#include "codegraph/lang/extractor.h"
#include "codegraph/support/cpu_clock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "call_shapes.h"
#include "extraction.h"
#include "query_set.h"
#include "syntax_repair.h"
#include "text_util.h"

namespace cg::lang {
namespace {

using model::RefKind;
using model::SymbolKind;

constexpr auto kParseTimeLimit = std::chrono::seconds(20);
// setParseTimeLimitForTesting
std::atomic<int64_t> parseTimeLimitMs{std::chrono::milliseconds(kParseTimeLimit).count()};
constexpr auto kQueryTimeLimit = std::chrono::seconds(10);

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

// Keeps in `slot` the first node of a role a match captures more than once: `has` says whether
// `slot` holds one already.
void keepFirst(TSNode n, TSNode& slot, bool& has) {
  if (has) return;
  slot = n;
  has = true;
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

  // Every match of the query on `root` whose predicates hold, handed to `extraction`.
  //
  // Pathological nesting (a 100,000-deep expression) makes the query cursor's work grow with
  // the square of the depth. The cursor starts no match deeper than kDeepTreeDepth levels, so it
  // does not descend into what lies deeper (the last branches of a 600-branch C `else if` chain,
  // the first terms of a 1,200-term concatenation, a hostile nest): only that is not extracted,
  // the rest of the file is, before, around and after it (ExtractedFile::notExtracted says so;
  // the indexer logs it). The query is bounded in time like the parse (SECURITY.md).
  Status runQuery(const CompiledQuery& cq, TSNode root, std::string_view source, Extraction& extraction,
                  ExtractedFile& out) {
    if (TSNode deep = firstNodeDeeperThan(root, kDeepTreeDepth); !ts_node_is_null(deep))
      out.notExtracted = "nesting deeper than " + std::to_string(kDeepTreeDepth) + " levels from line " +
                         std::to_string(ts_node_start_point(deep).row + 1) + " on; what lies deeper is not extracted";
    ts_query_cursor_set_max_start_depth(cursor, kDeepTreeDepth);
    ts_query_cursor_set_match_limit(cursor, 4096);
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
    ts_query_cursor_exec_with_options(cursor, cq.query, root, &queryOptions);
    TSQueryMatch m;
    while (ts_query_cursor_next_match(cursor, &m))
      if (predicatesHold(cq, m, source)) extraction.addMatch(m);
    if (queryPayload.gaveUp) return makeError(ErrorCode::kDeadline, "query gave up (time limit)");
    return okStatus();
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
    if (const Language* language = languageById(id)) QuerySet::instance().compileAhead(*language);
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
  if ((language.id == "typescript" || language.id == "tsx") && ts_node_has_error(ts_tree_root_node(tree))) {
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
  Extraction extraction(language, source, *cq, out);
  if (auto s = impl_->runQuery(*cq, root, source, extraction, out); !s) return s.error();
  out.parseMicros = queryStart - parseStart;
  out.queryMicros = threadCpuMicros() - queryStart;

  extraction.orderDefinitions();
  extraction.buildSymbols();
  extraction.linkContainers();
  extraction.decideVisibilities();
  extraction.collectLocals();
  extraction.typeThroughLocals();
  extraction.countBranches();
  extraction.buildReferences();
  return out;
}

void Extraction::addMatch(const TSQueryMatch& m) {
  // Find the role capture of this match.
  const TSQueryCapture* roleCap = nullptr;
  for (uint16_t i = 0; i < m.capture_count; ++i) {
    CaptureRole r = cq_.captures[m.captures[i].index].role;
    if (r == CaptureRole::kDefinition || r == CaptureRole::kReference ||
        r == CaptureRole::kScope || r == CaptureRole::kPackage || r == CaptureRole::kBranch ||
        r == CaptureRole::kLocalScope || r == CaptureRole::kBinding) {
      roleCap = &m.captures[i];
      break;
    }
  }
  if (!roleCap) return;
  const CaptureInfo& role = cq_.captures[roleCap->index];
  if (role.role == CaptureRole::kLocalScope) {
    localScopes_.emplace_back(ts_node_start_byte(roleCap->node), ts_node_end_byte(roleCap->node));
    return;
  }
  if (role.role == CaptureRole::kBranch) {
    for (uint16_t i = 0; i < m.capture_count; ++i)
      if (cq_.captures[m.captures[i].index].role == CaptureRole::kBranch)
        branches_.push_back(ts_node_start_byte(m.captures[i].node));
    return;
  }
  std::vector<TSNode> names;
  std::string qualifier, module, alias, container, subject;
  uint32_t moduleStart = 0, moduleEnd = 0;
  RawDef def;
  for (uint16_t i = 0; i < m.capture_count; ++i) {
    const TSNode n = m.captures[i].node;
    switch (cq_.captures[m.captures[i].index].role) {
      case CaptureRole::kName: names.push_back(n); break;
      case CaptureRole::kQualifier: qualifier = std::string(nodeText(n, source_)); break;
      case CaptureRole::kModule:  // several nodes (Scala's path a . b . C): first to last
        if (module.empty() || ts_node_start_byte(n) < moduleStart) moduleStart = ts_node_start_byte(n);
        moduleEnd = std::max(moduleEnd, ts_node_end_byte(n));
        module = std::string(source_.substr(moduleStart, moduleEnd - moduleStart));
        break;
      case CaptureRole::kAlias: alias = std::string(nodeText(n, source_)); break;
      case CaptureRole::kContainer: container = std::string(nodeText(n, source_)); break;
      case CaptureRole::kSubject: subject = std::string(nodeText(n, source_)); break;
      case CaptureRole::kReceiver: def.receiver = std::string(nodeText(n, source_)); break;
      case CaptureRole::kBody: def.body = n; def.hasBody = true; break;
      case CaptureRole::kDoc: def.doc = n; def.hasDoc = true; break;
      case CaptureRole::kModifiers: keepFirst(n, def.modifiers, def.hasModifiers); break;
      case CaptureRole::kType: keepFirst(n, def.type, def.hasType); break;
      case CaptureRole::kValue: keepFirst(n, def.value, def.hasValue); break;
      case CaptureRole::kCallee: keepFirst(n, def.callee, def.hasCallee); break;
      case CaptureRole::kElement: keepFirst(n, def.element, def.hasElement); break;
      case CaptureRole::kWithin: keepFirst(n, def.within, def.hasWithin); break;
      case CaptureRole::kGuard: keepFirst(n, def.guard, def.hasGuard); break;
      default: break;
    }
  }
  if (role.role == CaptureRole::kBinding) {
    std::sort(names.begin(), names.end(), [](TSNode a, TSNode b) {
      return ts_node_start_byte(a) < ts_node_start_byte(b);
    });
    for (size_t k = 0; k < names.size(); ++k)
      bindings_.push_back({names[k], def.type, def.value, def.hasType, def.hasValue, k == 0,
                          m.pattern_index,
                          def.hasValue ? ts_node_end_byte(def.value) : ts_node_end_byte(names[k]),
                          def.callee, def.hasCallee, def.element, def.hasElement,
                          def.within, def.hasWithin, def.guard, def.hasGuard});
    return;
  }
  if (role.role == CaptureRole::kPackage) {
    if (!names.empty() && out_.packageName.empty())
      out_.packageName = std::string(nodeText(names[0], source_));
    return;
  }
  if (role.role == CaptureRole::kDefinition || role.role == CaptureRole::kScope) {
    if (names.empty()) return;
    def.node = roleCap->node;
    def.name = names[0];
    def.kind = role.symbolKind;
    def.pattern = m.pattern_index;
    def.container = normalizeSpace(container);
    def.isScope = role.role == CaptureRole::kScope;
    def.notLocal = cq_.notLocal[m.pattern_index] != 0;
    defs_.push_back(def);
    return;
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
    if (ref.kind != RefKind::kImports || ref.module.empty()) return;
    refs_.push_back(ref);
  }
  for (TSNode n : names) {
    RawRef r = ref;
    r.name = n;
    r.hasName = true;
    refs_.push_back(std::move(r));
  }
}

}  // namespace cg::lang
