#include "codegraph/graph/context.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace cg::graph {
namespace {

using model::RefKind;

constexpr double kRestart = 0.25;   // PPR restart probability: keeps the ranking local
constexpr int kIterations = 40;
constexpr size_t kHistoryCandidates = 60;  // files whose git history is read (top by PPR)

struct IntentProfile {
  double dependencies = 1.0;  // walking target → what it uses/calls/extends
  double dependents = 1.0;    // walking target → what calls/uses/extends it
  double typeEdges = 1.0;     // extra factor on uses/extends/implements arcs
  double complexity = 0.0;    // prior weights on node features
  double recency = 0.0;
  double churn = 0.0;
  double typeNodes = 0.0;
};

IntentProfile profileFor(Intent intent) {
  switch (intent) {
    case Intent::kFix:
    case Intent::kDebug:
      return {.dependencies = 1.5, .dependents = 0.6, .complexity = 0.5, .recency = 0.6};
    case Intent::kExtend:
    case Intent::kAdd:
      return {.dependencies = 1.2, .dependents = 1.2};
    case Intent::kRefactor:
    case Intent::kModify:
      return {.dependencies = 0.6, .dependents = 1.6, .complexity = 0.4, .churn = 0.4};
    case Intent::kUnderstand:
    case Intent::kPlan:
      return {.dependencies = 1.2, .dependents = 0.5, .typeEdges = 1.5, .typeNodes = 0.4};
    case Intent::kReview:
      return {.dependencies = 0.7, .dependents = 1.5, .recency = 0.6};
    case Intent::kNone:
      break;
  }
  return {};
}

// Base weight of walking an edge a --kind--> b forwards (a to b) and backwards (b to a).
std::pair<double, double> kindWeights(RefKind kind) {
  switch (kind) {
    case RefKind::kCalls: return {1.0, 0.8};
    case RefKind::kUses: return {0.9, 0.5};
    case RefKind::kExtends: return {1.0, 0.6};
    case RefKind::kImplements: return {1.0, 0.6};
    case RefKind::kAccesses: return {0.6, 0.3};
    case RefKind::kAssigns: return {0.6, 0.4};
    case RefKind::kContains: return {0.5, 0.7};
    case RefKind::kImports: return {0.2, 0.2};
  }
  return {0.5, 0.5};
}

const char* verb(RefKind k) {  // "X <verb> Y"
  switch (k) {
    case RefKind::kCalls: return "calls";
    case RefKind::kUses: return "uses";
    case RefKind::kExtends: return "extends";
    case RefKind::kImplements: return "implements";
    case RefKind::kAccesses: return "reads";
    case RefKind::kAssigns: return "writes";
    case RefKind::kContains: return "contains";
    case RefKind::kImports: return "imports";
  }
  return "refers to";
}

const char* passive(RefKind k) {  // "Y <passive> X"
  switch (k) {
    case RefKind::kCalls: return "called by";
    case RefKind::kUses: return "used by";
    case RefKind::kExtends: return "extended by";
    case RefKind::kImplements: return "implemented by";
    case RefKind::kAccesses: return "read by";
    case RefKind::kAssigns: return "written by";
    case RefKind::kContains: return "member of";
    case RefKind::kImports: return "imported by";
  }
  return "referred to by";
}

// One stored edge between two explored nodes (indexes into Explorer::nodes_).
struct Arc {
  uint32_t from = 0, to = 0;  // subject → object as stored
  RefKind kind = RefKind::kCalls;
  double confidence = 1.0;
  // Sites folded into this arc, as each end's expansion read them (a site is read once from
  // the subject's outgoing edges and once more from the object's incoming ones): the larger.
  uint32_t fromSubject = 0, fromObject = 0;
  uint32_t count() const { return std::max<uint32_t>(1, std::max(fromSubject, fromObject)); }
};

struct Node {
  model::Symbol symbol;
  uint32_t distance = 0;
  int32_t viaArc = -1;  // the arc by which BFS discovered it
  bool hub = false;     // more incoming edges than one expansion reads (Expected, Logger, ...)
};

class Explorer {
 public:
  Explorer(model::SymbolIndex& index, const ContextRequest& request)
      : index_(index), request_(request) {}

  Expected<ContextRanking> run() {
    ContextRanking out;
    for (int64_t id : request_.targets) {
      if (byId_.count(id)) continue;
      auto s = index_.byId(id);
      if (!s) return s.error();
      if (!*s) continue;
      addNode(std::move(**s), 0, -1);
      out.targets.push_back(nodes_.back().symbol);
    }
    if (nodes_.empty()) return makeError(ErrorCode::kNotFound, "no target symbol");
    targetCount_ = nodes_.size();

    // Breadth-first to `depth`; every edge among explored nodes is recorded.
    size_t layerStart = 0;
    for (uint32_t d = 0; d < request_.depth && layerStart < nodes_.size(); ++d) {
      size_t layerEnd = nodes_.size();
      for (size_t i = layerStart; i < layerEnd; ++i) {
        if (request_.cancelled && request_.cancelled()) return makeError(ErrorCode::kCancelled, "cancelled");
        if (auto s = expand(static_cast<uint32_t>(i)); !s) return s.error();
      }
      layerStart = layerEnd;
    }
    out.truncated = truncated_;
    rank(out);
    return out;
  }

 private:
  void addNode(model::Symbol s, uint32_t distance, int32_t viaArc) {
    byId_[s.id] = static_cast<uint32_t>(nodes_.size());
    nodes_.push_back({std::move(s), distance, viaArc});
  }

  // `seenFromObject`: the site was read from the object's incoming edges.
  void addArc(uint32_t from, uint32_t to, RefKind kind, double confidence, bool seenFromObject) {
    uint64_t key = (static_cast<uint64_t>(from) << 36) ^ (static_cast<uint64_t>(to) << 4) ^
                   static_cast<uint64_t>(kind);
    auto it = arcIndex_.find(key);
    if (it == arcIndex_.end()) {
      it = arcIndex_.emplace(key, arcs_.size()).first;
      arcs_.push_back({from, to, kind, confidence > 0 ? confidence : 1.0, 0, 0});
    }
    Arc& a = arcs_[it->second];
    ++(seenFromObject ? a.fromObject : a.fromSubject);
    a.confidence = std::max(a.confidence, confidence > 0 ? confidence : 1.0);
  }

  Status expand(uint32_t n) {
    const int64_t id = nodes_[n].symbol.id;
    const uint32_t nextDistance = nodes_[n].distance + 1;
    for (bool incoming : {false, true}) {
      bool more = false;
      auto edges = index_.neighbours(id, incoming, request_.maxEdgesPerNode, &more);
      if (!edges) return edges.error();
      // A hub's users are mostly unrelated to each other: beyond the targets themselves, its
      // incoming edges link only symbols already explored.
      const bool hub = incoming && more;
      if (hub) nodes_[n].hub = true;
      if (more && n < targetCount_) truncated_ = true;
      for (const auto& e : *edges) {
        const int64_t otherId = e.otherId;
        if (otherId == 0 || otherId == id || passedOver_.count(otherId)) continue;
        auto it = byId_.find(otherId);
        if (it != byId_.end()) {
          const uint32_t other = it->second;
          addArc(incoming ? other : n, incoming ? n : other, e.kind, e.confidence, incoming);
          continue;
        }
        if (hub && n >= targetCount_) continue;
        if (nodes_.size() >= request_.maxNodes) {
          truncated_ = true;
          continue;
        }
        auto found = index_.byId(otherId);
        if (!found) return found.error();
        // A namespace or module contains everything in it: as context it says nothing, and
        // walking through it would link every symbol of a package to every other.
        if (!*found || (*found)->kind == model::SymbolKind::kNamespace || (*found)->kind == model::SymbolKind::kModule) {
          passedOver_.insert(otherId);
          continue;
        }
        const auto other = static_cast<uint32_t>(nodes_.size());
        // A new node has no arcs yet: the one added next is the one it is discovered by.
        addNode(std::move(**found), nextDistance, static_cast<int32_t>(arcs_.size()));
        addArc(incoming ? other : n, incoming ? n : other, e.kind, e.confidence, incoming);
      }
    }
    return okStatus();
  }

  std::string describe(uint32_t node) const {
    const Node& x = nodes_[node];
    if (x.viaArc < 0) return "near target";
    const Arc& a = arcs_[static_cast<size_t>(x.viaArc)];
    const uint32_t via = a.from == node ? a.to : a.from;
    const bool xIsSubject = a.from == node;
    if (via < targetCount_) {
      std::string t = targetCount_ > 1 ? nodes_[via].symbol.name : std::string("target");
      return xIsSubject ? std::string(verb(a.kind)) + " " + t
                        : (a.kind == RefKind::kContains ? "member of " + t
                                                        : t + " " + verb(a.kind) + " it");
    }
    const std::string& vName = nodes_[via].symbol.name;
    std::string head = xIsSubject ? std::string(verb(a.kind)) + " " + vName
                                  : std::string(passive(a.kind)) + " " + vName;
    const Node& v = nodes_[via];
    if (v.viaArc < 0) return head;
    const Arc& b = arcs_[static_cast<size_t>(v.viaArc)];
    const uint32_t vVia = b.from == via ? b.to : b.from;
    if (vVia >= targetCount_) return head + " (" + std::to_string(x.distance) + " hops from target)";
    std::string t = targetCount_ > 1 ? nodes_[vVia].symbol.name : std::string("target");
    const bool vIsSubject = b.from == via;
    return head + ", which " + (vIsSubject ? std::string(verb(b.kind)) + " " + t
                                           : t + " " + verb(b.kind));
  }

  void rank(ContextRanking& out) {
    const size_t n = nodes_.size();
    const IntentProfile prof = profileFor(request_.intent);
    const std::vector<double> r = walkScores(prof);

    // Candidates by walk score; intent priors (history, complexity, types) reshape the top.
    std::vector<uint32_t> order;
    for (uint32_t i = static_cast<uint32_t>(targetCount_); i < n; ++i) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      if (r[a] != r[b]) return r[a] > r[b];
      return nodes_[a].symbol.uid < nodes_[b].symbol.uid;
    });
    std::vector<double> score(n, 0);
    std::vector<std::string> notes(n);
    scoreCandidates(order, r, prof, score, notes);
    const std::vector<int> tier = tiers();
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      if (tier[a] != tier[b]) return tier[a] < tier[b];
      if (score[a] != score[b]) return score[a] > score[b];
      return nodes_[a].symbol.uid < nodes_[b].symbol.uid;
    });
    addItems(out, order, score, notes);
    addNeighbourhood(out.neighbourhood);
  }

  // Each node's score in a walk with restart at the targets (personalized PageRank) over both
  // directions of every arc, weighted by kind, confidence, sites and the intent's profile.
  std::vector<double> walkScores(const IntentProfile& prof) const {
    const size_t n = nodes_.size();
    // Weighted arcs of the walk, both directions of every stored edge.
    struct Step {
      uint32_t to;
      double w;
    };
    std::vector<std::vector<Step>> adj(n);
    for (const Arc& a : arcs_) {
      auto [fw, bw] = kindWeights(a.kind);
      const bool structural = a.kind == RefKind::kContains;
      const bool typeEdge = a.kind == RefKind::kUses || a.kind == RefKind::kExtends ||
                            a.kind == RefKind::kImplements;
      double mult = a.confidence * (1.0 + 0.25 * std::log2(static_cast<double>(a.count())));
      if (typeEdge) mult *= prof.typeEdges;
      adj[a.from].push_back({a.to, fw * mult * (structural ? 1.0 : prof.dependencies)});
      adj[a.to].push_back({a.from, bw * mult * (structural ? 1.0 : prof.dependents)});
    }
    std::vector<double> wsum(n, 0);
    for (size_t u = 0; u < n; ++u)
      for (const auto& s : adj[u]) wsum[u] += s.w;
    std::vector<double> p(n, 0), r(n, 0), next(n, 0);
    for (size_t t = 0; t < targetCount_; ++t) p[t] = 1.0 / static_cast<double>(targetCount_);
    r = p;
    for (int it = 0; it < kIterations; ++it) {
      std::fill(next.begin(), next.end(), 0.0);
      double dangling = 0;
      for (size_t u = 0; u < n; ++u) {
        if (r[u] == 0) continue;
        if (wsum[u] <= 0) {
          dangling += r[u];
          continue;
        }
        for (const auto& s : adj[u]) next[s.to] += (1 - kRestart) * r[u] * s.w / wsum[u];
      }
      for (size_t u = 0; u < n; ++u) next[u] += (kRestart + (1 - kRestart) * dangling) * p[u];
      r.swap(next);
    }
    return r;
  }

  // Sets the score of each candidate in `order` (by walk score `r`): r raised by the intent's
  // priors (complexity, type nodes, the git history of the first kHistoryCandidates' files),
  // lowered for hubs and for the repository's most central symbols; `notes` says which
  // complexity and history counted.
  void scoreCandidates(const std::vector<uint32_t>& order, const std::vector<double>& r, const IntentProfile& prof,
                       std::vector<double>& score, std::vector<std::string>& notes) {
    const bool wantsHistory = prof.recency > 0 || prof.churn > 0;
    const int64_t now = request_.now ? request_.now
                                     : std::chrono::duration_cast<std::chrono::seconds>(
                                           std::chrono::system_clock::now().time_since_epoch()).count();
    std::map<std::string, std::pair<uint32_t, uint32_t>> history;  // path → (30 days, 90 days)
    for (size_t k = 0; k < order.size(); ++k) {
      const uint32_t i = order[k];
      const model::Symbol& s = nodes_[i].symbol;
      double prior = 0;
      std::string note;
      if (prof.complexity > 0 && model::isCallable(s.kind) && s.complexityRank >= 0.5) {
        prior += prof.complexity * s.complexityRank;
        if (s.complexityRank >= 0.8)
          note += "; complexity " + std::to_string(s.complexity) + " (top " +
                  std::to_string(std::max(1, static_cast<int>(std::lround((1 - s.complexityRank) * 100)))) + "%)";
      }
      if (prof.typeNodes > 0 && model::isTypeLike(s.kind)) prior += prof.typeNodes;
      if (wantsHistory && k < kHistoryCandidates) {
        auto it = history.find(s.path);
        if (it == history.end()) {
          std::pair<uint32_t, uint32_t> h{0, 0};
          if (auto fh = index_.fileHistory(s.path)) {
            h.second = fh->commits90d;
            for (const auto& c : fh->recent)
              if (now - c.time <= 30 * 86400) ++h.first;
          }
          it = history.emplace(s.path, h).first;
        }
        const auto [d30, d90] = it->second;
        prior += prof.recency * std::min(1.0, d30 / 5.0) + prof.churn * std::min(1.0, d90 / 10.0);
        if (prof.recency > 0 && d30 > 0)
          note += "; " + std::to_string(d30) + (d30 == 1 ? " commit" : " commits") + " in the last 30 days";
        else if (prof.churn > 0 && d90 > 0)
          note += "; " + std::to_string(d90) + (d90 == 1 ? " commit" : " commits") + " in the last 90 days";
      }
      // Generic utilities (the repository's most central symbols: error helpers, loggers) are
      // reachable from everything; being near the target says less about them.
      const double c = s.centrality;
      const double generic = 1.0 - 0.45 * c * c * c * c;
      score[i] = r[i] * (1.0 + prior) * (nodes_[i].hub ? 0.4 : 1.0) * generic;
      notes[i] = std::move(note);
    }
  }

  // Each node's tier, the first key of the order: all 0, unless the request puts direct
  // relations first.
  std::vector<int> tiers() const {
    const size_t n = nodes_.size();
    std::vector<int> tier(n, 0);
    if (request_.directFirst) {
      // 0 what a target calls, 1 what calls it, 2 its other direct relations, 3 test code
      // among them, 4 the rest.
      for (uint32_t i = 0; i < n; ++i) tier[i] = 4;
      for (const Arc& a : arcs_) {
        const bool fromTarget = a.from < targetCount_, toTarget = a.to < targetCount_;
        if (fromTarget == toTarget) continue;
        const uint32_t other = fromTarget ? a.to : a.from;
        int t = a.kind != RefKind::kCalls ? 2 : fromTarget ? 0 : 1;
        if (nodes_[other].symbol.isTest) t = 3;
        tier[other] = std::min(tier[other], t);
      }
    }
    return tier;
  }

  // Appends an item per node of `order`, in that order: its relevance, reason, distance and
  // at most 12 edge lines (the other end's weight first).
  void addItems(ContextRanking& out, const std::vector<uint32_t>& order, const std::vector<double>& score,
                const std::vector<std::string>& notes) const {
    const size_t n = nodes_.size();
    double top = 1e-12;
    for (uint32_t i : order) top = std::max(top, score[i]);
    // Edges per node, for the items' edge lines: the other end's weight decides the order.
    std::vector<std::vector<size_t>> arcsOf(n);
    for (size_t a = 0; a < arcs_.size(); ++a) {
      arcsOf[arcs_[a].from].push_back(a);
      arcsOf[arcs_[a].to].push_back(a);
    }
    auto weightOf = [&](uint32_t node) { return node < targetCount_ ? 1e9 : score[node]; };
    // Relevance follows the order (the tiers may put a lower score first): the running minimum
    // of score / top, scaled so that the first item is 1.
    double running = 1.0, first = 0;
    for (uint32_t i : order) {
      ContextItem item;
      item.symbol = nodes_[i].symbol;
      running = std::min(running, score[i] / top);
      if (first == 0) first = std::max(running, 1e-12);
      item.relevance = std::round(running / first * 1000) / 1000;
      if (item.relevance <= 0) item.relevance = 0.001;
      item.reason = describe(i) + notes[i];
      item.distance = nodes_[i].distance;
      std::vector<size_t> mine = arcsOf[i];
      std::sort(mine.begin(), mine.end(), [&](size_t a, size_t b) {
        const uint32_t oa = arcs_[a].from == i ? arcs_[a].to : arcs_[a].from;
        const uint32_t ob = arcs_[b].from == i ? arcs_[b].to : arcs_[b].from;
        if (weightOf(oa) != weightOf(ob)) return weightOf(oa) > weightOf(ob);
        return a < b;
      });
      for (size_t a : mine) {
        if (item.edges.size() >= 12) break;
        const Arc& arc = arcs_[a];
        const bool subject = arc.from == i;
        const uint32_t other = subject ? arc.to : arc.from;
        const std::string otherName = other < targetCount_ && targetCount_ == 1
                                          ? "target"
                                          : nodes_[other].symbol.qualifiedName;
        item.edges.push_back((subject ? std::string(verb(arc.kind)) : std::string(passive(arc.kind))) +
                             " " + otherName +
                             (arc.count() > 1 ? " (" + std::to_string(arc.count()) + " sites)" : ""));
      }
      out.items.push_back(std::move(item));
    }
  }

  // Appends the direct neighbourhood, canonical (sorted lines): what get_context's hash covers
  // besides the target.
  void addNeighbourhood(std::string& text) const {
    const size_t n = nodes_.size();
    std::vector<std::string> lines;
    for (const Arc& a : arcs_) {
      if (a.from >= targetCount_ && a.to >= targetCount_) continue;
      lines.push_back(std::string(model::toString(a.kind)) + " " + nodes_[a.from].symbol.uid + " " +
                      nodes_[a.to].symbol.uid);
    }
    for (size_t i = 0; i < n; ++i)
      if (nodes_[i].distance <= 1)
        lines.push_back(nodes_[i].symbol.uid + " " + nodes_[i].symbol.signature + " " +
                        std::to_string(nodes_[i].symbol.range.line) + "-" +
                        std::to_string(nodes_[i].symbol.range.endLine));
    std::sort(lines.begin(), lines.end());
    for (auto& l : lines) text += l + "\n";
  }

  model::SymbolIndex& index_;
  const ContextRequest& request_;
  std::vector<Node> nodes_;
  std::vector<Arc> arcs_;
  std::unordered_map<int64_t, uint32_t> byId_;
  std::unordered_set<int64_t> passedOver_;  // namespaces and modules met, and vanished ids
  std::unordered_map<uint64_t, size_t> arcIndex_;
  size_t targetCount_ = 0;
  bool truncated_ = false;
};

}  // namespace

std::optional<Intent> parseIntent(std::string_view text) {
  static const std::pair<std::string_view, Intent> kNames[] = {
      {"understand", Intent::kUnderstand}, {"modify", Intent::kModify}, {"fix", Intent::kFix},
      {"extend", Intent::kExtend},         {"refactor", Intent::kRefactor}, {"review", Intent::kReview},
      {"debug", Intent::kDebug},           {"add", Intent::kAdd},        {"plan", Intent::kPlan}};
  for (const auto& [name, intent] : kNames)
    if (name == text) return intent;
  return std::nullopt;
}

std::string_view toString(Intent intent) {
  switch (intent) {
    case Intent::kUnderstand: return "understand";
    case Intent::kModify: return "modify";
    case Intent::kFix: return "fix";
    case Intent::kExtend: return "extend";
    case Intent::kRefactor: return "refactor";
    case Intent::kReview: return "review";
    case Intent::kDebug: return "debug";
    case Intent::kAdd: return "add";
    case Intent::kPlan: return "plan";
    case Intent::kNone: return "";
  }
  return "";
}

Expected<ContextRanking> rankContext(model::SymbolIndex& index, const ContextRequest& request) {
  Explorer explorer(index, request);
  return explorer.run();
}

}  // namespace cg::graph
