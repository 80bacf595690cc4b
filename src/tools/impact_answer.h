// impact's answer fitted to its token budget (src/tools/impact_answer.cpp). docs/tools.md
// "impact" is the contract.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codegraph/tools/tool.h"

namespace cg::tools {

inline constexpr int64_t kImpactMaxBudget = 8000;  // the largest token_budget (answer_size.h)

// What impact answers before it is fitted to the budget: each list whole, in its order.
struct ImpactAnswer {
  std::string changes;  // what was compared: "symbols", "working_tree", "base..working_tree", "base..head"
  const Json& files;    // the change's files (ChangeSet::files)
  std::vector<Json> changed, dependents, tests;
  Json possible;        // possibleJson(): null when there is none
  Json risk;
  std::vector<std::string> notes;
  size_t budget = 0;
};

// The answer under `parts.budget`: every list whole if it fits, else the first items of each,
// the dependents cut first (lowest level and centrality last), then tests, possible sites,
// changed. Its note says what was cut; `totalTokens` is its own estimate.
Json packImpactAnswer(const ImpactAnswer& parts);

}  // namespace cg::tools
