// One file's extraction (Extractor::extract, extractor.h) as stages over the matches of the
// language's query, each with one job. Private to src/lang: extractor.cpp runs the query and the
// stages, extract_symbols.cpp defines the symbol stages and extract_references.cpp the stages of
// local bindings and references.
//
// The stages, in order:
//   addMatch            one query match sorted into a raw definition, reference, local binding,
//                       branch or local scope
//   orderDefinitions    one definition per node and per name (the first pattern wins), in source
//                       order, each with the definition enclosing it; locals (`#is-not? local`
//                       inside a @local.scope) set apart
//   buildSymbols        the symbols: names, qualified names, ranges, signatures, docs, types
//   linkContainers      a symbol whose name says its container (`Foo::bar`) nests in it
//   decideVisibilities  each symbol's visibility, from its modifiers, name and parent
//   collectLocals       parameters and locals with the type their declaration says; narrowing
//   typeThroughLocals   symbols initialised from a local take its type
//   countBranches       each callable's branch count (complexity)
//   buildReferences     the references, each with its enclosing symbol, qualifier and, for a
//                       call on a local, the local's type
//
// Symbols are in start order; a parent precedes its children.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <tree_sitter/api.h>

#include "codegraph/lang/extractor.h"
#include "codegraph/lang/rules.h"
#include "query_set.h"

namespace cg::lang {

struct RawDef {
  TSNode node{};
  TSNode name{};
  model::SymbolKind kind = model::SymbolKind::kFunction;
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
  model::RefKind kind = model::RefKind::kCalls;
  TSNode site{};  // the role node
  TSNode name{};
  bool hasName = false;
  std::string qualifier, module, alias, subject;
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

// A local binding as references see it: visible from `byte` (to `until`) in symbol `scope`.
struct Local {
  uint32_t byte;
  int32_t scope;
  std::string typeExpr;
  uint32_t until = UINT32_MAX;  // a narrowing: seen before this byte only
  uint32_t guardAt = 0;         // a type guard's narrowing: where the guard is written
  uint32_t nameAt = 0;          // where its name is written
};

// A type expression from a declaration's @type or @value (ExtractedSymbol::typeExpr);
// `subscriptElements`: the language's Rules::subscriptElementTypes.
std::string typeExprOf(bool hasType, TSNode type, bool hasValue, TSNode value, std::string_view src,
                       bool subscriptElements);

class Extraction {
 public:
  Extraction(const Language& language, std::string_view source, const CompiledQuery& cq, ExtractedFile& out)
      : language_(language), source_(source), cq_(cq), out_(out) {}

  void addMatch(const TSQueryMatch& m);
  void orderDefinitions();
  void buildSymbols();
  void linkContainers();
  void decideVisibilities();
  void collectLocals();
  void typeThroughLocals();
  void countBranches();
  void buildReferences();

 private:
  // One definition's symbol appended (or, for a scope, only its qualified name recorded).
  void addSymbol(size_t defIndex);
  // The innermost symbol whose range holds `byte`, or -1.
  int32_t enclosingSymbol(uint32_t byte) const;
  // The local `name` a reference at byte `at` in symbol `scope` sees: declared before it in
  // that symbol or one enclosing it (the innermost first), else none.
  const Local* findLocal(const std::string& name, int32_t scope, uint32_t at) const;
  // A type expression with its first name, when that is a local, replaced by the local's own
  // (recursively, a few levels): `x.store` where `x := NewServer()` → "NewServer().store".
  // "?" when the first name is a local whose type no declaration says. A callback parameter
  // "(j,k:callee)rest" keeps its form; the callee's own first name is substituted in turn,
  // where the call is (`doc.indented((d) => d.write())`: "(0,0:{Doc}.indented)").
  std::string substituteLocals(std::string te, int32_t scope, uint32_t at, int budget = 2) const;
  // Whether a bare call of `name` at byte `at` in symbol `scope` calls a parameter or local
  // variable of an enclosing function (not a narrowing, not a top-level binding, not one whose
  // declaration is itself a symbol: `const run = () => {...}` is a function the call names).
  // `symbolsByName`: the symbols of each name.
  bool callsLocal(const std::string& name, int32_t scope, uint32_t at,
                  const std::unordered_map<std::string_view, std::vector<int32_t>>& symbolsByName) const;
  // Names the file's imports bind: a qualified read is kept only when its qualifier is one.
  std::unordered_set<std::string> importNames() const;

  const Language& language_;
  // The language's Rules::subscriptElementTypes, for typeExprOf.
  const bool subscriptElements_ = rulesFor(language_.id).subscriptElementTypes;
  std::string_view source_;
  const CompiledQuery& cq_;
  ExtractedFile& out_;

  std::vector<RawDef> defs_;
  std::vector<RawRef> refs_;
  std::vector<uint32_t> branches_;  // where each branch starts
  std::vector<RawBinding> bindings_;
  std::vector<std::pair<uint32_t, uint32_t>> localScopes_;  // @local.scope byte ranges

  std::vector<int32_t> enclosing_;  // per definition: the enclosing definition, -1 at the top
  std::vector<bool> isLocal_;       // per definition
  std::vector<std::string> qualifiedOfDef_;
  std::vector<int32_t> symbolIndexOfDef_;
  std::vector<bool> explicitContainer_;  // per symbol: named its container outside the body
  std::vector<int32_t> rangeParent_;     // per symbol: the enclosing symbol by source range
  std::vector<std::string> receiverOfSymbol_;  // per symbol: its @receiver name, if any
  std::vector<uint32_t> starts_;         // per symbol: its start byte
  std::unordered_map<std::string, std::vector<Local>> localsByName_;  // each in byte order
};

}  // namespace cg::lang
