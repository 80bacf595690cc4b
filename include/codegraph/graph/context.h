// Context ranking for get_context (docs/tools.md): the ego-graph around one or more target
// symbols, explored through the read interface to a depth, ranked by personalized PageRank from
// the targets with edge weights by kind and direction, shaped by the agent's intent (dependencies,
// dependents, types, git history, complexity). Every ranked item carries a reason a person can
// check against the code ("calls target", "implements Repository, which target uses").
//
// Bounds: exploration stops at `maxNodes` symbols and `maxEdgesPerNode` edges per symbol and
// direction (said through `truncated`); cancellation is checked between expansions.
// Threads: stateless; safe to call concurrently (the SymbolIndex is).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/support/expected.h"

namespace cg::graph {

enum class Intent : uint8_t {
  kNone,
  kUnderstand,
  kModify,
  kFix,
  kExtend,
  kRefactor,
  kReview,
  kDebug,
  kAdd,
  kPlan,
};
std::optional<Intent> parseIntent(std::string_view text);
std::string_view toString(Intent intent);

struct ContextRequest {
  std::vector<int64_t> targets;  // symbol ids: one symbol, or the symbols of a file
  uint32_t depth = 2;            // hops from the targets
  Intent intent = Intent::kNone;
  uint32_t maxNodes = 400;
  uint32_t maxEdgesPerNode = 60;
  int64_t now = 0;  // unix seconds, for "commits in the last 30 days"; 0 = the clock
  // The target's direct neighbours first, whatever the walk scores: what it calls, then what
  // calls it (test code last), then its other direct relations, then the rest (context mode:
  // what a reader of one symbol needs before anything two hops away).
  bool directFirst = false;
  std::function<bool()> cancelled;
};

struct ContextItem {
  model::Symbol symbol;
  double relevance = 0;  // (0,1], 1 = the most relevant item
  std::string reason;    // why it is here, relative to the target
  uint32_t distance = 0; // hops from the nearest target
  // Its edges with the other explored symbols, the target's and the most relevant first:
  // "calls TokenStore.save", "called by AuthController.post" (at most 12).
  std::vector<std::string> edges;
};

struct ContextRanking {
  std::vector<model::Symbol> targets;
  std::vector<ContextItem> items;  // most relevant first; the targets are not items
  bool truncated = false;          // exploration hit a bound
  std::string neighbourhood;       // a canonical description of the direct neighbourhood (hashed by the tool)
};

Expected<ContextRanking> rankContext(model::SymbolIndex& index, const ContextRequest& request);

}  // namespace cg::graph
