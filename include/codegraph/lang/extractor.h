// The one generic, query-driven extractor: parses a file with its language's grammar, runs the
// language's query (grammars/queries/<lang>/tags.scm, capture names in docs/captures.md) and turns
// the captures into symbols and references. No language is named in the extractor's logic; what
// differs per language lives in the query file and the registry row (language.h).
//
// Threads: an Extractor owns a parser and query cursor and is used by one thread at a time; the
// compiled queries are shared read-only by all extractors (QuerySet::instance()).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "codegraph/lang/language.h"
#include "codegraph/model/symbol.h"
#include "codegraph/support/expected.h"

namespace cg::lang {

// A symbol as extraction finds it: the stored shape (uid, path, language, ids and scores are set
// by the indexer), with where it lies in the source and its parent by index.
struct ExtractedSymbol : model::Symbol {
  uint32_t startByte = 0;
  uint32_t endByte = 0;
  int32_t parent = -1;  // index into ExtractedFile::symbols; -1 = top level
};

using ExtractedRef = model::WrittenRef;

struct ExtractedFile {
  std::string language;
  std::string packageName;  // Go/Java/Kotlin package clause, when the language has one
  std::vector<ExtractedSymbol> symbols;  // in source order
  std::vector<ExtractedRef> refs;        // in source order
  bool hadSyntaxErrors = false;
  // Why part of the file is not extracted ("" = none of it is left out): a construct nested
  // deeper than the extractor looks (it says from which line). What lies outside is extracted.
  std::string notExtracted;
  uint32_t lines = 0;
  // CPU spent, for the indexer's phase timings (microseconds).
  uint64_t parseMicros = 0;
  uint64_t queryMicros = 0;
  // Markdown documents
  std::string title;
  std::vector<std::string> mentions;  // code names in inline code and code blocks (unique)
};

// Validates every embedded query file against its grammar: unknown capture names and unknown
// predicates are errors. Extraction does not need it (each language's query is compiled on its
// first use, and a serving process compiles them ahead in its warm-up); tests call it.
Status loadQueries();

// Test hook: the time limit of each parse from now on (20 s unless set). 0 ms makes a parse of
// more than a few dozen tokens give up, as a parse past its time limit does.
void setParseTimeLimitForTesting(std::chrono::milliseconds limit);

// Test hook: called by precompileQueries before it compiles a language's query (that is, while
// the compilation has begun and is not done); empty to remove it.
void setCompileAheadHookForTesting(std::function<void()> hook);

// Compiles the extraction queries of these languages (ids; unknown ids are ignored) now instead
// of at their first use: the serving process does this after its start-up refresh, so the first
// edit of a Python file does not wait ~0.5 s (C++: ~2.4 s of CPU) for its query. Thread-safe, and
// nobody waits for it: an extraction that needs a query this call is still compiling compiles
// it itself, at its own priority (the caller may run at the lowest).
void precompileQueries(const std::vector<std::string>& languageIds);

class Extractor {
 public:
  Extractor();
  ~Extractor();
  Extractor(const Extractor&) = delete;
  Extractor& operator=(const Extractor&) = delete;

  // Best-effort on syntax errors (the tree still yields what it can). Fails only when the
  // language has no queries or the parser gives up (time limit / cancelled).
  Expected<ExtractedFile> extract(const Language& language, std::string_view source);

  // A debugging aid: the S-expression of the parse tree.
  std::string parseTree(const Language& language, std::string_view source);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A development aid (`codegraph-mcp debug-query-profile`): the CPU time of the language's
// query over the given sources, combined and pattern by pattern, the `top` slowest listed.
Expected<std::string> profileQuery(const Language& language, const std::vector<std::string>& sources,
                                   uint32_t top);

// Markdown is not parsed by tree-sitter: title (first heading) and code-name mentions.
ExtractedFile extractMarkdown(std::string_view source);

}  // namespace cg::lang

namespace cg::lang {
// One line per symbol and per reference, in a stable order: the format of the expected files
// in tests/lang/<lang>/*.expected and of `codegraph-mcp debug-extract`.
//   def <kind> <qualified name> <line>-<end line> <visibility> cc=<complexity> | <signature>
//   ref <kind> <source qualified name or <top>> -> <qualifier>.<name> @<line>:<col> [module=..] [alias=..]
std::string renderExtraction(const ExtractedFile& file);
}  // namespace cg::lang
