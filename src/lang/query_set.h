// Compiled queries, one per extracted language, shared read-only by every Extractor.
// A query file may start with `; inherits: a, b` to prepend other languages' query files
// (TSX inherits TypeScript, which inherits JavaScript's reference patterns).
//
// Each pattern is pre-analysed into a PatternInfo: its role capture (definition.<kind>,
// reference.<kind>, scope, package, branch or local.scope), the auxiliary captures it uses,
// its text predicates and its `#is-not? local` property, so the per-match work in the extractor
// is a table lookup.
#pragma once

#include <tree_sitter/api.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "codegraph/lang/language.h"
#include "codegraph/model/symbol.h"
#include "codegraph/support/expected.h"

namespace cg::lang {

// The query starts no match deeper than this many levels below the root: what lies deeper in a
// tree is not extracted, the rest of the file is (ts_query_cursor_set_max_start_depth).
inline constexpr uint32_t kDeepTreeDepth = 1000;

// The first node (in document order) nested deeper than `limit` below `root`, or a null node. An
// iterative walk, which stops at that node: no recursion on deep trees.
TSNode firstNodeDeeperThan(TSNode root, uint32_t limit);

enum class Role : uint8_t { kNone, kDefinition, kReference, kScope, kPackage, kBranch };

// What a capture name means to the extractor (docs/captures.md is the reference).
enum class CaptureRole : uint8_t {
  kIgnored,  // names starting with '_': helpers for predicates
  kDefinition,
  kReference,
  kScope,
  kPackage,
  kBranch,
  kLocalScope,
  kName,
  kQualifier,
  kContainer,
  kBody,
  kDoc,
  kModifiers,
  kModule,
  kAlias,
  kSubject,
  kReceiver,
  kBinding,  // a local name's declaration (parameter, local variable): @name, @type or @value
  kType,     // the declared type of a definition or binding (a function's: its result type)
  kValue,    // the initialiser of a definition or binding, whose type is the declared one
  kCallee,   // a binding that is a parameter of a function passed to a call: that call's callee
  kElement,  // a binding that ranges over a collection (`for x in xs`): the collection
  kWithin,   // a binding that narrows a name inside this node only (`if (x instanceof T) {...}`)
  kGuard,    // ... by what this type guard's result says (`if (isT(x)) {...}`, `x is T`)
};

struct CaptureInfo {
  CaptureRole role = CaptureRole::kIgnored;
  model::SymbolKind symbolKind = model::SymbolKind::kFunction;  // for kDefinition
  model::RefKind refKind = model::RefKind::kCalls;              // for kReference
};

struct TextPredicate {
  enum class Op : uint8_t { kEq, kMatch, kAnyOf } op = Op::kEq;
  bool negated = false;
  uint32_t capture = 0;
  std::optional<uint32_t> otherCapture;  // #eq? @a @b
  std::vector<std::string> values;
  std::shared_ptr<std::regex> regex;
  bool anchored = false;  // the pattern starts with '^'
};

struct CompiledQuery {
  const Language* language = nullptr;
  TSQuery* query = nullptr;
  std::vector<CaptureInfo> captures;                     // by capture id
  std::vector<std::vector<TextPredicate>> predicates;    // by pattern index
  std::vector<uint8_t> notLocal;  // by pattern index: `(#is-not? local)`, see docs/captures.md
  ~CompiledQuery();
};

// Queries compile lazily, once per language, on first use: compiling every language's query
// costs seconds of CPU, and a repository usually holds a few languages.
class QuerySet {
 public:
  static QuerySet& instance();
  // nullptr when the language has no query or its query does not compile (logged once). Waits
  // only for a compilation by another caller of forLanguage, never for one by compileAhead.
  const CompiledQuery* forLanguage(const Language& language);
  // Compiles the language's query for later use without making anyone wait for it: it compiles
  // a copy of its own, kept unless a caller of forLanguage has meanwhile compiled one. For a
  // background thread at a low priority: a parse thread that needs the query compiles it at its
  // own priority instead of waiting on a thread the scheduler may starve for seconds.
  void compileAhead(const Language& language);
  // Compiles every extracted language's query; the first error, if any.
  Status compileAll();

 private:
  struct Slot {
    std::mutex mu;                   // held while a forLanguage caller compiles
    std::atomic<bool> done{false};   // query and status are set, and never change again
    std::unique_ptr<CompiledQuery> query;
    Status status = okStatus();
  };
  QuerySet();
  Slot& slotFor(const Language& language);
  // Sets the slot's query from one compilation (under slot.mu), unless it is already set.
  static void install(Slot& slot, Expected<std::unique_ptr<CompiledQuery>> compiled);
  std::vector<std::unique_ptr<Slot>> slots_;  // parallel to allLanguages()
};

// The text of the embedded query files for a language, with inherits resolved.
Expected<std::string> querySource(std::string_view languageId);

}  // namespace cg::lang
