#include "codegraph/graph/pagerank.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cg::graph {

PageRankResult pageRank(const Adjacency& out, const std::vector<double>& warm,
                        const PageRankOptions& options) {
  PageRankResult result;
  const uint32_t n = out.size();
  if (n == 0) {
    result.converged = true;
    return result;
  }
  std::vector<double> outWeight(n, 0);
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t a = out.begin[i]; a < out.begin[i + 1]; ++a) outWeight[i] += out.arcs[a].weight;

  std::vector<double>& rank = result.scores;
  rank.assign(n, 1.0 / n);
  if (warm.size() == n) {
    double total = 0;
    for (double v : warm) total += std::max(0.0, v);
    if (total > 0)
      for (uint32_t i = 0; i < n; ++i) rank[i] = std::max(0.0, warm[i]) / total;
  }
  std::vector<double> next(n);
  const double d = options.damping;
  while (result.iterations < options.maxIterations) {
    if (options.stop && options.stop()) {
      result.interrupted = true;
      return result;
    }
    ++result.iterations;
    // Mass of dangling nodes (no outgoing arcs) is spread uniformly, like the teleport.
    double dangling = 0;
    for (uint32_t i = 0; i < n; ++i)
      if (outWeight[i] == 0) dangling += rank[i];
    const double base = (1.0 - d) / n + d * dangling / n;
    std::fill(next.begin(), next.end(), base);
    for (uint32_t i = 0; i < n; ++i) {
      if (outWeight[i] == 0) continue;
      const double share = d * rank[i] / outWeight[i];
      for (uint32_t a = out.begin[i]; a < out.begin[i + 1]; ++a) next[out.arcs[a].to] += share * out.arcs[a].weight;
    }
    double delta = 0;
    for (uint32_t i = 0; i < n; ++i) delta += std::fabs(next[i] - rank[i]);
    rank.swap(next);
    if (delta < options.tolerance) {
      result.converged = true;
      break;
    }
  }
  return result;
}

std::vector<double> percentileRanks(const std::vector<double>& scores) {
  const size_t n = scores.size();
  std::vector<double> pct(n, 1.0);
  if (n < 2) return pct;
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return scores[a] < scores[b]; });
  auto same = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)); };
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && same(scores[order[j]], scores[order[i]])) ++j;
    const double value = (static_cast<double>(i) + static_cast<double>(j - i - 1) / 2.0) / static_cast<double>(n - 1);
    for (size_t k = i; k < j; ++k) pct[order[k]] = value;
    i = j;
  }
  return pct;
}

}  // namespace cg::graph
