#include "codegraph/graph/louvain.h"

#include <algorithm>
#include <limits>

namespace cg::graph {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// Renumbers labels by first appearance in node order; returns the number of labels.
uint32_t renumber(std::vector<uint32_t>& labels) {
  std::vector<uint32_t> map(labels.size(), kNone);
  uint32_t next = 0;
  for (auto& l : labels) {
    if (map[l] == kNone) map[l] = next++;
    l = map[l];
  }
  return next;
}

// One level of local moving. Returns true when any node moved; `timedOut` when cut short.
bool moveNodes(const Adjacency& g, const std::vector<double>& degree, double m2,
               std::vector<uint32_t>& comm, const LouvainOptions& options, bool& timedOut) {
  const uint32_t n = g.size();
  std::vector<double> tot(n, 0), weightTo(n, 0);
  for (uint32_t i = 0; i < n; ++i) tot[comm[i]] += degree[i];
  std::vector<uint32_t> touched;
  bool movedAny = false;
  for (uint32_t pass = 0; pass < options.maxPassesPerLevel; ++pass) {
    uint32_t moves = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (((i & 255) == 0 && std::chrono::steady_clock::now() >= options.deadline) ||
          ((i & 0xFFFF) == 0 && options.stop && options.stop())) {
        timedOut = true;
        return movedAny;
      }
      if (degree[i] == 0) continue;
      const uint32_t own = comm[i];
      touched.clear();
      for (uint32_t a = g.begin[i]; a < g.begin[i + 1]; ++a) {
        const Arc& arc = g.arcs[a];
        if (arc.to == i) continue;
        uint32_t c = comm[arc.to];
        if (weightTo[c] == 0) touched.push_back(c);
        weightTo[c] += arc.weight;
      }
      tot[own] -= degree[i];
      const double ki = degree[i] / m2;
      double bestGain = weightTo[own] - tot[own] * ki;
      uint32_t best = own;
      for (uint32_t c : touched) {
        double gain = weightTo[c] - tot[c] * ki;
        if (gain > bestGain + 1e-12 || (gain >= bestGain - 1e-12 && best != own && c < best)) {
          bestGain = gain;
          best = c;
        }
      }
      tot[best] += degree[i];
      for (uint32_t c : touched) weightTo[c] = 0;
      weightTo[own] = 0;
      if (best != own) {
        comm[i] = best;
        ++moves;
        movedAny = true;
      }
    }
    if (moves == 0) break;
  }
  return movedAny;
}

Adjacency aggregate(const Adjacency& g, const std::vector<uint32_t>& comm, uint32_t count) {
  // Arcs grouped by source community, then merged by target community. The members of each
  // community, ascending, in one array (a vector per community cost the kernel's millions of
  // first-level communities ~100 MB).
  std::vector<uint32_t> memberBegin(count + 1, 0), members(g.size());
  for (uint32_t i = 0; i < g.size(); ++i) ++memberBegin[comm[i] + 1];
  for (uint32_t c = 0; c < count; ++c) memberBegin[c + 1] += memberBegin[c];
  {
    std::vector<uint32_t> next(memberBegin.begin(), memberBegin.end() - 1);
    for (uint32_t i = 0; i < g.size(); ++i) members[next[comm[i]]++] = i;
  }
  Adjacency out;
  out.begin.assign(count + 1, 0);
  std::vector<double> weightTo(count, 0);
  std::vector<uint32_t> touched;
  for (uint32_t c = 0; c < count; ++c) {
    touched.clear();
    for (uint32_t k = memberBegin[c]; k < memberBegin[c + 1]; ++k)
      for (uint32_t i = members[k], a = g.begin[i]; a < g.begin[i + 1]; ++a) {
        uint32_t d = comm[g.arcs[a].to];
        if (weightTo[d] == 0) touched.push_back(d);
        weightTo[d] += g.arcs[a].weight;
      }
    std::sort(touched.begin(), touched.end());
    for (uint32_t d : touched) {
      out.arcs.push_back({d, weightTo[d]});
      weightTo[d] = 0;
    }
    out.begin[c + 1] = static_cast<uint32_t>(out.arcs.size());
  }
  return out;
}

}  // namespace

double modularity(const Adjacency& g, const std::vector<uint32_t>& comm) {
  const uint32_t n = g.size();
  if (n == 0) return 0;
  uint32_t count = 0;
  for (uint32_t c : comm) count = std::max(count, c + 1);
  std::vector<double> tot(count, 0), in(count, 0);
  double m2 = 0;
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t a = g.begin[i]; a < g.begin[i + 1]; ++a) {
      m2 += g.arcs[a].weight;
      tot[comm[i]] += g.arcs[a].weight;
      if (comm[g.arcs[a].to] == comm[i]) in[comm[i]] += g.arcs[a].weight;
    }
  if (m2 == 0) return 0;
  double q = 0;
  for (uint32_t c = 0; c < count; ++c) q += in[c] / m2 - (tot[c] / m2) * (tot[c] / m2);
  return q;
}

LouvainResult louvain(const Adjacency& adj, const LouvainOptions& options) {
  LouvainResult result;
  const uint32_t n = adj.size();
  result.community.resize(n);
  for (uint32_t i = 0; i < n; ++i) result.community[i] = i;
  if (n == 0) return result;

  // The first level works on `adj` itself; later ones on the aggregated graph (a copy of the
  // kernel's 17 million arcs was 280 MB at the analytics' peak).
  Adjacency aggregated;
  const Adjacency* levelGraph = &adj;
  double previousQ = modularity(adj, result.community);
  while (result.levels < options.maxLevels) {
    const Adjacency& level = *levelGraph;
    const uint32_t ln = level.size();
    std::vector<double> degree(ln, 0);
    double m2 = 0;
    for (uint32_t i = 0; i < ln; ++i) {
      for (uint32_t a = level.begin[i]; a < level.begin[i + 1]; ++a) degree[i] += level.arcs[a].weight;
      m2 += degree[i];
    }
    if (m2 == 0) break;
    std::vector<uint32_t> comm(ln);
    for (uint32_t i = 0; i < ln; ++i) comm[i] = i;
    bool timedOut = false;
    bool moved = moveNodes(level, degree, m2, comm, options, timedOut);
    uint32_t count = renumber(comm);
    for (auto& c : result.community) c = comm[c];
    ++result.levels;
    if (timedOut) {
      result.complete = false;
      break;
    }
    const double q = modularity(adj, result.community);
    if (!moved || count == ln || q - previousQ < options.minModularityGain) break;
    previousQ = q;
    Adjacency next = aggregate(level, comm, count);
    aggregated = std::move(next);
    levelGraph = &aggregated;
  }
  result.count = renumber(result.community);
  result.modularity = modularity(adj, result.community);
  return result;
}

}  // namespace cg::graph
