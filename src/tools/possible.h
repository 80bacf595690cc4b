// Possible references: what an answer could not prove. A symbol's possible references are the
// unbound references of its name that it could answer (model::UnboundRef; docs/tools.md
// "Possible references"); a symbol's unresolved outgoing references are the unbound ones made
// inside it. Both are listed apart from edges, bounded, with their full counts.
#pragma once

#include <optional>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tool.h"

namespace cg::tools {

struct ToolEnv;

struct Possible {
  uint32_t count[model::kRefKindCount] = {};  // per reference kind
  bool capped = false;                        // the counts are a floor
  std::vector<model::UnboundRef> sites;       // at most sitesPerKind per kind, by path and line
  uint32_t total() const;
};

// The possible references of `targets` (one symbol, or a name's definitions), each site once.
Expected<Possible> possibleReferences(const ToolEnv& env, const std::vector<model::Symbol>& targets,
                                      uint32_t sitesPerKind);

// Whether the unbound reference `u` could name `t` (whose parent has kind `parentKind`): the
// shapes the resolver keeps as candidates of a name. A call on a receiver names a member, a
// bare call a free function, a type, or (where `this` is implicit) a member; an extends,
// implements or type use a type; a read or write a variable; never an import.
bool couldName(const ToolEnv& env, const model::Symbol& t, std::optional<model::SymbolKind> parentKind,
               const model::UnboundRef& u);

// `possible` as answers carry it: {"calls": {"count", "sites": [{"file_path", "line",
// "column", "symbol_uid", "written"}]}, "uses": ...} with uses, accesses and assigns folded
// into "uses"; null when there is none.
Json possibleJson(const Possible& p);

// "3 possible calls (unbound sites of this name)" for a note; empty when there is none.
std::string possibleNote(const Possible& p);

// The unbound references made inside `s`: their count (a floor when `more`) and the first
// `limit` as {"name" (as written), "line", "candidates"}.
struct Unresolved {
  uint32_t count = 0;
  bool more = false;
  Json sites = Json::array();
};
Expected<Unresolved> unresolvedOutgoing(const ToolEnv& env, const model::Symbol& s, uint32_t limit);

// The calls `s` makes that reach no definition of the repository (model::SymbolIndex::
// outsideCallsFrom) as answers carry them: {"count", "names": [as written, distinct, in source
// order, the first `limit`]}, "at_least": true when the count stopped at its cap; null when none.
// With the outgoing calls and unresolved_outgoing, they account for every call in `s`'s body.
Expected<Json> outsideCalls(const ToolEnv& env, const model::Symbol& s, uint32_t limit);

}  // namespace cg::tools
