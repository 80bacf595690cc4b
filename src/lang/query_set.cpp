#include "query_set.h"

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <set>

#include "codegraph/lang/extractor.h"
#include "embedded_files.h"

namespace cg::lang {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// All embedded files of one folder, in path order.
// CODEGRAPH_QUERY_DIR=<dir> reads the query files from disk instead of the embedded copies:
// a query author's edit-test loop needs no rebuild (grammars/queries is the usual value).
std::vector<std::pair<std::string, std::string>> filesOf(std::string_view languageId) {
  std::map<std::string, std::string> files;
  std::string prefix = std::string(languageId) + "/";
  if (const char* dir = std::getenv("CODEGRAPH_QUERY_DIR"); dir && *dir) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(dir) / languageId, ec)) {
      if (e.path().extension() != ".scm") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      files.emplace(prefix + e.path().filename().string(), ss.str());
    }
    return {files.begin(), files.end()};
  }
  for (const auto* q = generated::kQueries; q->path; ++q) {
    std::string_view path(q->path);
    if (path.substr(0, prefix.size()) == prefix) files.emplace(std::string(path), q->text);
  }
  return {files.begin(), files.end()};
}

Status appendWithInherits(std::string_view languageId, std::set<std::string>& seen,
                          std::string& out) {
  if (!seen.insert(std::string(languageId)).second) return okStatus();
  auto files = filesOf(languageId);
  if (files.empty())
    return makeError(ErrorCode::kNotFound,
                     "no query files for language '" + std::string(languageId) + "'");
  for (const auto& [path, text] : files) {
    std::string_view body(text);
    std::string_view first = body.substr(0, body.find('\n'));
    constexpr std::string_view kInherits = "; inherits:";
    if (first.substr(0, kInherits.size()) == kInherits) {
      std::string_view list = first.substr(kInherits.size());
      while (!list.empty()) {
        size_t comma = list.find(',');
        std::string_view parent = trim(list.substr(0, comma));
        if (!parent.empty()) {
          if (auto s = appendWithInherits(parent, seen, out); !s) return s;
        }
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    }
    out += "\n; ---- " + path + "\n";
    out += text;
  }
  return okStatus();
}

std::optional<CaptureInfo> classifyCapture(std::string_view name) {
  CaptureInfo info;
  if (!name.empty() && name.front() == '_') return info;
  constexpr std::string_view kDef = "definition.";
  constexpr std::string_view kRef = "reference.";
  if (name.substr(0, kDef.size()) == kDef) {
    auto kind = model::parseSymbolKind(name.substr(kDef.size()));
    if (!kind) return std::nullopt;
    info.role = CaptureRole::kDefinition;
    info.symbolKind = *kind;
    return info;
  }
  if (name.substr(0, kRef.size()) == kRef) {
    std::string_view r = name.substr(kRef.size());
    using RK = model::RefKind;
    static const std::map<std::string_view, RK> kRefs = {
        {"call", RK::kCalls},          {"import", RK::kImports}, {"extends", RK::kExtends},
        {"implements", RK::kImplements}, {"type", RK::kUses},    {"read", RK::kAccesses},
        {"write", RK::kAssigns}};
    auto it = kRefs.find(r);
    if (it == kRefs.end()) return std::nullopt;
    info.role = CaptureRole::kReference;
    info.refKind = it->second;
    return info;
  }
  static const std::map<std::string_view, CaptureRole> kPlain = {
      {"scope", CaptureRole::kScope},         {"package", CaptureRole::kPackage},
      {"branch", CaptureRole::kBranch},       {"name", CaptureRole::kName},
      {"qualifier", CaptureRole::kQualifier}, {"container", CaptureRole::kContainer},
      {"body", CaptureRole::kBody},           {"doc", CaptureRole::kDoc},
      {"modifiers", CaptureRole::kModifiers}, {"module", CaptureRole::kModule},
      {"alias", CaptureRole::kAlias},         {"subject", CaptureRole::kSubject},
      {"receiver", CaptureRole::kReceiver},   {"local.scope", CaptureRole::kLocalScope},
      {"binding", CaptureRole::kBinding},     {"type", CaptureRole::kType},
      {"value", CaptureRole::kValue},         {"callee", CaptureRole::kCallee},
      {"element", CaptureRole::kElement},     {"within", CaptureRole::kWithin},
      {"guard", CaptureRole::kGuard}};
  auto it = kPlain.find(name);
  if (it == kPlain.end()) return std::nullopt;
  info.role = it->second;
  return info;
}

const char* queryErrorName(TSQueryError e) {
  switch (e) {
    case TSQueryErrorSyntax: return "syntax error";
    case TSQueryErrorNodeType: return "unknown node type";
    case TSQueryErrorField: return "unknown field";
    case TSQueryErrorCapture: return "unknown capture";
    case TSQueryErrorStructure: return "impossible pattern structure";
    case TSQueryErrorLanguage: return "grammar ABI not supported";
    default: return "error";
  }
}

Expected<std::unique_ptr<CompiledQuery>> compile(const Language& language) {
  auto source = querySource(language.id);
  if (!source) return source.error();
  uint32_t errorOffset = 0;
  TSQueryError errorType = TSQueryErrorNone;
  TSQuery* q = ts_query_new(language.grammar(), source->data(),
                            static_cast<uint32_t>(source->size()), &errorOffset, &errorType);
  if (!q) {
    // Report line and a snippet of the combined source.
    uint32_t line = 1;
    for (uint32_t i = 0; i < errorOffset && i < source->size(); ++i)
      if ((*source)[i] == '\n') ++line;
    std::string snippet = source->substr(errorOffset, 60);
    for (auto& c : snippet)
      if (c == '\n') c = ' ';
    return makeError(ErrorCode::kInvalidArgument,
                     "query for " + std::string(language.id) + ": " + queryErrorName(errorType) +
                         " at combined line " + std::to_string(line) + " near '" + snippet + "'");
  }
  auto cq = std::make_unique<CompiledQuery>();
  cq->language = &language;
  cq->query = q;
  uint32_t captureCount = ts_query_capture_count(q);
  cq->captures.resize(captureCount);
  for (uint32_t i = 0; i < captureCount; ++i) {
    uint32_t len = 0;
    const char* name = ts_query_capture_name_for_id(q, i, &len);
    auto info = classifyCapture(std::string_view(name, len));
    if (!info)
      return makeError(ErrorCode::kInvalidArgument,
                       "query for " + std::string(language.id) + ": unknown capture @" +
                           std::string(name, len) + " (see docs/captures.md)");
    cq->captures[i] = *info;
  }
  uint32_t patternCount = ts_query_pattern_count(q);
  cq->predicates.resize(patternCount);
  cq->notLocal.assign(patternCount, 0);
  for (uint32_t p = 0; p < patternCount; ++p) {
    uint32_t stepCount = 0;
    const TSQueryPredicateStep* steps = ts_query_predicates_for_pattern(q, p, &stepCount);
    std::vector<const TSQueryPredicateStep*> current;
    for (uint32_t s = 0; s < stepCount; ++s) {
      if (steps[s].type != TSQueryPredicateStepTypeDone) {
        current.push_back(&steps[s]);
        continue;
      }
      auto str = [&](const TSQueryPredicateStep* st) {
        uint32_t len = 0;
        const char* v = ts_query_string_value_for_id(q, st->value_id, &len);
        return std::string(v, len);
      };
      auto fail = [&](const std::string& why) {
        return makeError(ErrorCode::kInvalidArgument,
                         "query for " + std::string(language.id) + ", pattern " +
                             std::to_string(p) + ": " + why);
      };
      if (current.empty() || current[0]->type != TSQueryPredicateStepTypeString)
        return fail("predicate without a name");
      std::string op = str(current[0]);
      if (op == "is-not?") {  // a property of the pattern, not a test of a capture's text
        if (current.size() != 2 || current[1]->type != TSQueryPredicateStepTypeString ||
            str(current[1]) != "local")
          return fail("#is-not? takes one property: local");
        cq->notLocal[p] = 1;
        current.clear();
        continue;
      }
      TextPredicate pred;
      if (op == "eq?" || op == "not-eq?") pred.op = TextPredicate::Op::kEq;
      else if (op == "match?" || op == "not-match?") pred.op = TextPredicate::Op::kMatch;
      else if (op == "any-of?" || op == "not-any-of?") pred.op = TextPredicate::Op::kAnyOf;
      else return fail("unknown predicate #" + op +
                       " (allowed: eq?, match?, any-of? and their not- forms; is-not? local)");
      pred.negated = op.substr(0, 4) == "not-";
      if (current.size() < 3 || current[1]->type != TSQueryPredicateStepTypeCapture)
        return fail("#" + op + " needs a capture and at least one value");
      pred.capture = current[1]->value_id;
      for (size_t k = 2; k < current.size(); ++k) {
        if (current[k]->type == TSQueryPredicateStepTypeCapture) {
          if (pred.op != TextPredicate::Op::kEq || k != 2 || current.size() != 3)
            return fail("#" + op + " compares a capture with strings only");
          pred.otherCapture = current[k]->value_id;
        } else {
          pred.values.push_back(str(current[k]));
        }
      }
      if (pred.op != TextPredicate::Op::kAnyOf && !pred.otherCapture && pred.values.size() != 1)
        return fail("#" + op + " takes exactly one value");
      if (pred.op == TextPredicate::Op::kMatch) {
        pred.anchored = !pred.values[0].empty() && pred.values[0][0] == '^';
        try {
          pred.regex = std::make_shared<std::regex>(pred.values[0], std::regex::ECMAScript |
                                                                         std::regex::optimize);
        } catch (const std::regex_error& e) {
          return fail("bad regular expression '" + pred.values[0] + "': " + e.what());
        }
      }
      cq->predicates[p].push_back(std::move(pred));
      current.clear();
    }
  }
  return cq;
}

}  // namespace

CompiledQuery::~CompiledQuery() {
  if (query) ts_query_delete(query);
}

Expected<std::string> querySource(std::string_view languageId) {
  std::string out;
  std::set<std::string> seen;
  if (auto s = appendWithInherits(languageId, seen, out); !s) return s.error();
  return out;
}

QuerySet::QuerySet() {
  for (size_t i = 0; i < allLanguages().size(); ++i) slots_.push_back(std::make_unique<Slot>());
}

QuerySet& QuerySet::instance() {
  static QuerySet kInstance;
  return kInstance;
}

QuerySet::Slot& QuerySet::slotFor(const Language& language) {
  auto langs = allLanguages();
  size_t index = static_cast<size_t>(&language - langs.data());
  return *slots_.at(index);
}

void QuerySet::install(Slot& slot, Expected<std::unique_ptr<CompiledQuery>> compiled) {
  if (slot.done.load(std::memory_order_acquire)) return;
  if (compiled) {
    slot.query = std::move(compiled.value());
  } else {
    spdlog::error("{}", compiled.error().message);
    slot.status = compiled.error();
  }
  slot.done.store(true, std::memory_order_release);
}

const CompiledQuery* QuerySet::forLanguage(const Language& language) {
  Slot& slot = slotFor(language);
  if (!slot.done.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> g(slot.mu);
    if (!slot.done.load(std::memory_order_acquire)) {
      if (!language.extracted || !language.grammar)
        slot.done.store(true, std::memory_order_release);
      else
        install(slot, compile(language));
    }
  }
  return slot.query.get();
}

namespace {
std::function<void()> compileAheadHook;  // setCompileAheadHookForTesting
}  // namespace

void setCompileAheadHookForTesting(std::function<void()> hook) { compileAheadHook = std::move(hook); }

void QuerySet::compileAhead(const Language& language) {
  Slot& slot = slotFor(language);
  if (slot.done.load(std::memory_order_acquire) || !language.extracted || !language.grammar) return;
  if (compileAheadHook) compileAheadHook();
  auto compiled = compile(language);  // no lock held: nobody waits for this thread
  std::lock_guard<std::mutex> g(slot.mu);
  install(slot, std::move(compiled));  // a copy compiled meanwhile by forLanguage is kept instead
}

Status QuerySet::compileAll() {
  Status first = okStatus();
  for (const auto& language : allLanguages()) {
    forLanguage(language);
    const Slot& slot = slotFor(language);
    if (!slot.status && first) first = slot.status;
  }
  return first;
}

// The first node (in document order) nested deeper than `limit` below the root, or a null node
// (an iterative walk: no recursion on deep trees; it stops at that node).
TSNode firstNodeDeeperThan(TSNode root, uint32_t limit) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  uint32_t depth = 0;
  TSNode found{};
  bool walking = true;
  while (walking) {
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      if (++depth > limit) {
        found = ts_tree_cursor_current_node(&cursor);
        break;
      }
      continue;
    }
    while (walking && !ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (depth == 0 || !ts_tree_cursor_goto_parent(&cursor))
        walking = false;
      else
        --depth;
    }
  }
  ts_tree_cursor_delete(&cursor);
  return found;
}

}  // namespace cg::lang
