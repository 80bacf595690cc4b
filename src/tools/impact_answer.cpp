// impact's answer fitted to its token budget. docs/tools.md "impact" is the contract.
#include "impact_answer.h"

#include <algorithm>

#include "common.h"

namespace cg::tools {
namespace {

constexpr size_t kReserve = 40;  // tokens kept for the answer's numbers

// The answer with the first `c` changed symbols, `d` dependents and `t` tests, the possible
// references as counts only when `noSites`; its note joins the parts' notes and what was cut.
Json buildAnswer(const ImpactAnswer& p, size_t c, size_t d, size_t t, bool noSites) {
  const size_t nChanged = p.changed.size(), nDeps = p.dependents.size(), nTests = p.tests.size();
  Json out{{"changes", p.changes}};
  out["files"] = p.files;
  out["changed"] = Json(std::vector<Json>(p.changed.begin(), p.changed.begin() + c));
  out["dependents"] = Json(std::vector<Json>(p.dependents.begin(), p.dependents.begin() + d));
  out["tests"] = Json(std::vector<Json>(p.tests.begin(), p.tests.begin() + t));
  if (!p.possible.is_null()) {
    Json possible = p.possible;
    if (noSites)
      for (auto& [k, cat] : possible.items()) cat.erase("sites");
    out["possible"] = std::move(possible);
  }
  out["risk"] = p.risk;
  std::vector<std::string> all = p.notes;
  if (c < nChanged || d < nDeps || t < nTests || noSites) {
    std::string cut = "Cut at the token budget: shown";
    if (c < nChanged) cut += " " + std::to_string(c) + " of " + std::to_string(nChanged) + " changed symbols,";
    if (d < nDeps) cut += " " + std::to_string(d) + " of " + std::to_string(nDeps) + " dependents,";
    if (t < nTests) cut += " " + std::to_string(t) + " of " + std::to_string(nTests) + " tests,";
    if (noSites) cut += " possible references as counts only,";
    cut.back() = '.';
    cut += c < nChanged || d < nDeps ? " Ask for fewer: depth 1, `symbols` for one part of the change, or a budget up to " + std::to_string(kImpactMaxBudget) + "." : "";
    all.push_back(cut);
  }
  out["truncated"] = c < nChanged || d < nDeps || t < nTests || noSites;
  if (!all.empty()) out["note"] = joinNotes(all);
  out["tokenBudget"] = p.budget;
  return out;
}

// The estimated tokens of `j` as the answer renders it.
size_t cost(const Json& j) { return estimateTokens(j.dump(-1, ' ', false, Json::error_handler_t::replace)); }

// The running totals of the items' own estimates: [k] is what the first k items cost.
std::vector<size_t> itemCosts(const std::vector<Json>& items) {
  std::vector<size_t> prefix{0};
  for (const auto& j : items) prefix.push_back(prefix.back() + cost(j) + 1);
  return prefix;
}

}  // namespace

Json packImpactAnswer(const ImpactAnswer& p) {
  const size_t nChanged = p.changed.size(), nDeps = p.dependents.size(), nTests = p.tests.size();
  // The shrinking is planned on each item's own estimate (one render of each item, not of the
  // whole answer per step), then the answer is rendered and checked; the rare plan the whole
  // estimate still finds over the budget is shrunk further by rendering.
  const auto changedCost = itemCosts(p.changed), depCost = itemCosts(p.dependents), testCost = itemCosts(p.tests);
  const size_t baseWithSites = cost(buildAnswer(p, 0, 0, 0, false)), baseNoSites = cost(buildAnswer(p, 0, 0, 0, true));
  size_t keepChanged = nChanged, keepDeps = nDeps, keepTests = nTests;
  bool keepNoSites = false;
  auto planned = [&] {
    return (keepNoSites ? baseNoSites : baseWithSites) + changedCost[keepChanged] + depCost[keepDeps] +
           testCost[keepTests];
  };
  // Each list keeps its first kFloor items until the others are down to theirs: the tests to
  // run and the changed symbols matter as much as the long tail of dependents.
  constexpr size_t kFloor = 20;
  auto shrink = [](size_t& n, size_t floor) {
    if (n <= floor) return false;
    n = std::max(floor, n - std::max<size_t>(1, n / 8));
    return true;
  };
  auto step = [&] {
    if (shrink(keepDeps, kFloor)) return true;
    if (!keepNoSites && !p.possible.is_null()) return keepNoSites = true;
    return shrink(keepChanged, kFloor) || shrink(keepTests, kFloor) || shrink(keepDeps, 0) ||
           shrink(keepChanged, 5) || shrink(keepTests, 5) || shrink(keepChanged, 1) || shrink(keepTests, 0);
  };
  while (planned() + kReserve > p.budget && step()) {
  }
  Json out = buildAnswer(p, keepChanged, keepDeps, keepTests, keepNoSites);
  for (int round = 0; round < 50 && cost(out) + kReserve / 2 > p.budget && step(); ++round)
    out = buildAnswer(p, keepChanged, keepDeps, keepTests, keepNoSites);
  out["totalTokens"] = cost(out);
  return out;
}

}  // namespace cg::tools
