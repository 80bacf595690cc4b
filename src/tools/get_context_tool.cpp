// get_context — the right context for a task within a token budget. docs/tools.md.
//
// Modes: context (the ego-graph of one symbol), intent (the same, shaped by what the agent is
// about to do, for a name, uid, file or a few words), path (the shortest call chain A → B).
// Ranking lives in src/graph (context.h, call_path.h); this file resolves targets, packs items
// greedily under the budget and renders compact text or JSON. `totalTokens` is the estimate of
// the returned text itself and never exceeds `tokenBudget`.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "codegraph/graph/call_path.h"
#include "codegraph/graph/context.h"
#include "codegraph/support/hash.h"
#include "codegraph/tools/tools.h"
#include "common.h"
#include "impact.h"
#include "possible.h"
#include "resolve.h"

namespace cg::tools {
namespace {

constexpr uint32_t kUnprovenSites = 3;
constexpr size_t kMaxSiteCode = 160;     // bytes of a path hop's call line (longer: left out)  // possible / unbound sites named in the target block
constexpr int64_t kDefaultBudget = 4000, kMinBudget = 100, kMaxBudget = 8000;  // within what clients pass whole (answer_size.h)
constexpr int64_t kMaxDepth = 4, kMaxPathDepth = 16;
constexpr size_t kSourceItems = 12;          // items that may carry source (detail full)
// Packing stops after this many items in a row did not fit even as name and signature: the
// rest of a long ranking would be rendered only to be dropped.
constexpr size_t kMaxMisses = 24;
constexpr uint32_t kItemSourceLines = 80;
constexpr uint32_t kTargetSourceLines = 200;
constexpr size_t kEdgeLinesPerItem = 6;
constexpr size_t kFileTargets = 20;          // symbols of a file used as targets
constexpr size_t kReserve = 12;              // tokens kept for the header's numbers

const char* kIntents[] = {"understand", "modify", "fix", "extend", "refactor",
                          "review",     "debug",  "add", "plan"};

// What tools/list says the tool is for (schema(): how to call it).
constexpr const char* kDescription =
    "What to read before changing code, ranked into token_budget. "
    "Modes: context (entity or symbol_uid), intent (intent, target), path (from, to: the "
    "shortest call chain).";

Json schema() {
  Json intents = Json::array();
  for (const char* i : kIntents) intents.push_back(i);
  return objectSchema(
      {{"mode",
        {{"type", "string"}, {"enum", {"context", "intent", "path"}}, {"default", "context"}}},
       {"entity", {{"type", "string"}}},
       {"symbol_uid", {{"type", "string"}}},
       {"file", {{"type", "string"}}},
       {"depth", {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxDepth}, {"default", 2}}},
       {"token_budget",
        {{"type", "integer"}, {"maximum", kMaxBudget}, {"default", kDefaultBudget}}},
       {"intent", {{"type", "string"}, {"enum", intents}}},
       {"target",
        {{"type", "string"},
         {"description", "Name, uid, file or words; review: the current change."}}},
       {"format", {{"type", "string"}, {"enum", {"compact", "json"}}, {"default", "compact"}}},
       {"detail_level",
        {{"type", "string"}, {"enum", {"summary", "neighbors", "full"}}, {"default", "full"}}},
       {"known_hash", {{"type", "string"}}},
       {"from", {{"type", "string"}}},
       {"to", {{"type", "string"}}},
       {"max_depth", {{"type", "integer"}, {"maximum", kMaxPathDepth}, {"default", 8}}},
       {"edge_kind", {{"type", "string"}, {"enum", {"calls", "any"}}, {"default", "calls"}}}});
}

std::string linesOf(const model::Symbol& s) {
  return std::to_string(s.range.line) + "-" + std::to_string(std::max(s.range.endLine, s.range.line));
}

std::string fmt3(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

struct Target {
  std::vector<model::Symbol> symbols;  // empty: not found
  std::vector<std::string> warnings;
  std::vector<std::string> suggestions;
  std::string label;  // what was asked, for messages
  std::vector<model::Symbol> alternatives;  // other matches of an ambiguous name (path mode tries them)
};

Json notFound(const Target& t, const std::string& hint) {
  return Json{{"found", false}, {"hint", hint}, {"suggestions", t.suggestions}};
}

void addSuggestionNames(const Resolution& r, Target& t) {
  for (const auto& s : r.suggestions)
    if (t.suggestions.size() < 5) t.suggestions.push_back(s.qualifiedName + " (" + s.uid + ")");
}

// A name or uid (optionally narrowed by file); ambiguity picks the most central, with a warning.
Expected<Target> resolveOne(const ToolEnv& env, const std::string& uid, const std::string& name,
                            const std::string& file) {
  Target t;
  t.label = uid.empty() ? name : uid;
  SymbolQuery q;
  q.uid = uid;
  q.name = name;
  q.file = file;
  q.limit = 6;
  auto r = resolveSymbol(env, q);
  if (!r) return r.error();
  if (r->matches.empty()) {
    addSuggestionNames(*r, t);
    return t;
  }
  t.symbols.push_back(r->matches.front());
  t.alternatives.assign(r->matches.begin() + 1, r->matches.end());
  if (!r->note.empty()) t.warnings.push_back(r->note);
  if (r->matches.size() > 1) {
    std::string others;
    for (size_t i = 1; i < r->matches.size() && i < 6; ++i)
      others += (i > 1 ? ", " : "") + r->matches[i].uid;
    t.warnings.push_back("'" + t.label + "' names " + std::to_string(r->matches.size()) +
                         (r->more ? "+" : "") + " symbols; using the most central, " +
                         r->matches.front().uid + ". Others: " + others +
                         " (pass symbol_uid or file to choose).");
  }
  return t;
}

// intent mode's target: a uid, a file (its symbols), a name, or a few words (search).
Expected<Target> resolveIntentTarget(const ToolEnv& env, const std::string& text) {
  if (text.find("::") != std::string::npos) {
    auto hit = lookupUid(env, text);
    if (!hit) return hit.error();
    if (*hit) return Target{{**hit}, {}, {}, text};
  }
  const bool looksLikePath = text.find('/') != std::string::npos ||
                             (text.find('.') != std::string::npos && text.find(' ') == std::string::npos &&
                              text.rfind('.') + 5 >= text.size() && text.rfind('.') + 1 < text.size());
  if (looksLikePath) {
    auto rel = repoRelativePath(env, text, "target");
    if (!rel) return rel.error();
    model::FilesRequest fr;
    fr.path = *rel;
    fr.limit = 2;
    bool more = false;
    auto files = env.index->files(fr, &more);
    if (!files) return files.error();
    if (files->files.size() == 1 && !files->folder) {
      auto syms = env.index->fileSymbols(files->files.front().path);
      if (!syms) return syms.error();
      Target t;
      t.label = files->files.front().path;
      std::vector<model::Symbol> top;
      for (auto& s : *syms)
        if (s.parentId == 0) top.push_back(s);
      if (top.empty()) top = *syms;
      std::stable_sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.centrality > b.centrality; });
      if (top.size() > kFileTargets) {
        t.warnings.push_back("the file has " + std::to_string(top.size()) + " top-level symbols; the " +
                             std::to_string(kFileTargets) + " most central are the targets");
        top.resize(kFileTargets);
      }
      t.symbols = std::move(top);
      if (!t.symbols.empty()) return t;
    }
  }
  const std::string words = trimmed(text);
  if (words.find(' ') == std::string::npos) {
    auto one = resolveOne(env, "", words, "");
    if (!one) return one.error();
    if (!one->symbols.empty()) return one;
  }
  model::SearchRequest sr;
  sr.query = words;
  sr.scope = model::Scope::kAll;
  sr.limit = 5;
  auto hits = env.index->search(sr, nullptr);
  if (!hits) return hits.error();
  Target t;
  t.label = text;
  if (hits->empty()) return t;
  t.symbols.push_back(hits->front().symbol);
  std::string alts;
  for (size_t i = 1; i < hits->size(); ++i) alts += (i > 1 ? ", " : "") + (*hits)[i].symbol.uid;
  t.warnings.push_back("target '" + text + "' was read as a search; best match " +
                       hits->front().symbol.uid + (alts.empty() ? "" : "; next: " + alts));
  return t;
}

struct Options {
  graph::Intent intent = graph::Intent::kNone;
  std::string mode, format, detail;
  int64_t budget = kDefaultBudget;
  uint32_t depth = 2;
};

// One packed item: its rendering in the chosen format and its token cost.
struct Packed {
  const graph::ContextItem* item;
  std::string text;  // compact
  Json json;         // json
  size_t tokens = 0;
};

std::string itemText(const graph::ContextItem& it, size_t rank, const std::vector<std::string>& edges,
                     const std::string* source) {
  const auto& s = it.symbol;
  std::string out = std::to_string(rank) + ". [" + fmt3(it.relevance) + "] " +
                    std::string(model::toString(s.kind)) + " " + s.qualifiedName + "  " + s.path + ":" +
                    linesOf(s) + " — " + it.reason + "\n";
  if (!s.signature.empty()) out += "   " + oneLine(s.signature, 240) + "\n";
  for (const auto& e : edges) out += "   " + e + "\n";
  if (source) out += "   ```\n" + *source + "   ```\n";
  return out;
}

Json itemJson(const graph::ContextItem& it, const std::vector<std::string>& edges, const std::string* source) {
  const auto& s = it.symbol;
  Json j{{"uid", s.uid},         {"name", s.name},     {"kind", std::string(model::toString(s.kind))},
         {"file_path", s.path},  {"line", s.range.line}, {"relevance", it.relevance},
         {"reason", it.reason},  {"lines", linesOf(s)}, {"signature", oneLine(s.signature, 240)},
         {"tokens", 0}};
  if (!edges.empty()) j["edges"] = edges;
  if (source) j["content"] = *source;
  return j;
}

std::vector<std::string> edgeLines(const graph::ContextItem& it) {
  std::vector<std::string> out;
  for (const auto& e : it.edges) {
    if (out.size() >= kEdgeLinesPerItem) {
      out.push_back("+" + std::to_string(it.edges.size() - kEdgeLinesPerItem) + " more edges");
      break;
    }
    out.push_back(e);
  }
  return out;
}

// The answer's hash: the options, each target's uid and source, and the ranked neighbourhood
// (an edit in a target's body changes it). Fills `targetSources` (bounded); when detail is
// full, adds a warning for each target source cut.
std::string contextHash(const ToolEnv& env, const Options& o, const std::vector<model::Symbol>& targets,
                        const std::string& neighbourhood, std::vector<std::string>& targetSources,
                        std::vector<std::string>& warnings) {
  std::string hashInput = o.mode + "|" + std::string(graph::toString(o.intent)) + "|" +
                          std::to_string(o.depth) + "|" + o.detail + "|" + o.format + "|" +
                          std::to_string(o.budget) + "\n";
  for (size_t i = 0; i < targets.size(); ++i) {
    std::string cut, problem;
    auto src = symbolSource(env, targets[i], kTargetSourceLines, 16 * 1024, &cut, &problem);
    if (src) targetSources[i] = *src;
    if (!cut.empty() && o.detail == "full") warnings.push_back(targets[i].qualifiedName + " source cut: " + cut);
    hashInput += targets[i].uid + "\n" + targetSources[i];
  }
  hashInput += neighbourhood;
  return fnv1a64Hex(hashInput);
}

// Appends the target block to `head` (compact) and `targetJson`: each target's line and
// signature; for one target, also what the ranking could not see (its possible references and
// its own unbound calls).
Status targetBlock(const ToolEnv& env, const std::vector<model::Symbol>& targets, std::string& head, Json& targetJson) {
  for (size_t i = 0; i < targets.size(); ++i) {
    const auto& t = targets[i];
    head += "TARGET " + std::string(model::toString(t.kind)) + " " + t.qualifiedName + "  " + t.path + ":" +
            linesOf(t) + "\n";
    if (!t.signature.empty()) head += "   " + oneLine(t.signature, 240) + "\n";
    Json tj{{"uid", t.uid}, {"name", t.name}, {"kind", std::string(model::toString(t.kind))}, {"file_path", t.path}};
    // What the ranking could not see (one target): its possible references and own unbound calls.
    if (targets.size() == 1) {
      auto possible = possibleReferences(env, {t}, kUnprovenSites);
      if (!possible) return possible.error();
      if (possible->total() > 0) {
        head += "   possible references (unbound sites of its name, not ranked): " +
                std::string(possible->capped ? "at least " : "") + std::to_string(possible->total());
        for (size_t k = 0; k < possible->sites.size(); ++k) {
          const auto& u = possible->sites[k];
          head += std::string(k ? ", " : ": ") + u.path + ":" + std::to_string(u.line);
        }
        head += "\n";
        tj["possible"] = possibleJson(*possible);
      }
      auto unresolved = unresolvedOutgoing(env, t, kUnprovenSites);
      if (!unresolved) return unresolved.error();
      if (unresolved->count > 0) {
        head += "   unbound calls in it (targets not ranked): " + std::to_string(unresolved->count);
        for (size_t k = 0; k < unresolved->sites.size(); ++k)
          head += std::string(k ? ", " : ": ") + unresolved->sites[k]["name"].get<std::string>() + ":" +
                  std::to_string(unresolved->sites[k]["line"].get<uint32_t>());
        head += "\n";
        tj["unresolved_outgoing"] = unresolved->count;
      }
    }
    targetJson.push_back(std::move(tj));
  }
  return okStatus();
}

// The ranked items that fit in `budget` with `used` tokens already taken, greedily by
// relevance: each in its richest form that fits (its edges unless detail is summary; its
// source, when detail is full, for the first kSourceItems callables), else as name and
// signature. Packing stops when fewer than 8 tokens are left or after kMaxMisses items in a row
// that do not fit.
std::vector<Packed> packItems(const ToolEnv& env, const Options& o, const std::vector<graph::ContextItem>& items,
                              size_t budget, size_t used) {
  const bool json = o.format == "json";
  std::vector<Packed> packed;
  size_t sourced = 0;
  size_t misses = 0;  // items in a row that did not fit even as name and signature
  for (size_t k = 0; k < items.size(); ++k) {
    if (used + 8 > budget || misses >= kMaxMisses) break;
    const auto& it = items[k];
    const size_t rank = packed.size() + 1;
    std::vector<std::string> edges;
    auto render = [&](const std::string* source) {
      Packed p{&it, {}, {}, 0};
      if (json) {
        p.json = itemJson(it, edges, source);
        p.tokens = estimateTokens(p.json.dump(-1, ' ', false, Json::error_handler_t::replace)) + 1;
      } else {
        p.text = itemText(it, rank, edges, source);
        p.tokens = estimateTokens(p.text);
      }
      return p;
    };
    // The smallest form first: an item that does not fit as name and signature does not fit
    // richer, and is passed over without reading its source or rendering its edges.
    Packed p = render(nullptr);
    if (used + p.tokens > budget) {
      ++misses;
      continue;
    }
    misses = 0;
    if (o.detail != "summary") edges = edgeLines(it);
    std::optional<std::string> src;
    if (o.detail == "full" && sourced < kSourceItems && model::isCallable(it.symbol.kind)) {
      std::string cut, problem;
      src = symbolSource(env, it.symbol, kItemSourceLines, 8 * 1024, &cut, &problem);
      if (src && !cut.empty()) *src += "   … (" + cut + ")\n";
    }
    if (src || !edges.empty()) {
      Packed richer = render(src ? &*src : nullptr);
      if (used + richer.tokens > budget && src) richer = render(nullptr);  // without source
      if (used + richer.tokens <= budget) p = std::move(richer);
      else src.reset();
    }
    if (src && p.text.find("```") != std::string::npos) ++sourced;
    if (src && json && p.json.contains("content")) ++sourced;
    used += p.tokens;
    packed.push_back(std::move(p));
  }
  return packed;
}

// A context answer before it is fitted to the budget: the packed items, the target block and
// the notes (the last three are what the fitting may leave out).
struct ContextAnswer {
  const Options& o;
  bool json;  // the format is json
  const std::vector<model::Symbol>& targets;
  const std::vector<std::string>& targetSources;
  const Json& targetJson;
  const std::vector<Packed>& packed;
  size_t total;  // items ranked
  size_t budget;
  const std::string& hash;
  std::vector<std::string> warnings;
  std::string head;  // the target block as shown (compact)
  bool targetSourceFits;
};

// The answer with the first `count` packed items and `totalTokens` as its total: the text, and
// for the json format the JSON it is the rendering of.
std::pair<std::string, Json> renderContext(const ContextAnswer& a, size_t count, size_t totalTokens) {
  const bool truncated = count < a.total;
  if (a.json) {
    Json items = Json::array();
    for (size_t i = 0; i < count; ++i) {
      Json j = a.packed[i].json;
      j["tokens"] = a.packed[i].tokens;
      items.push_back(std::move(j));
    }
    Json out{{"target", a.targets.size() == 1 ? a.targetJson[0] : a.targetJson},
             {"intent", std::string(graph::toString(a.o.intent))},
             {"context", std::move(items)},
             {"totalTokens", totalTokens},
             {"tokenBudget", a.budget},
             {"hash", a.hash},
             {"warnings", a.warnings},
             {"_meta", {{"totalItems", a.total}, {"returnedItems", count}, {"truncated", truncated}}}};
    if (a.targetSourceFits && a.o.detail == "full" && a.targets.size() == 1 && !a.targetSources[0].empty())
      out["target"]["content"] = a.targetSources[0];
    return {out.dump(-1, ' ', false, Json::error_handler_t::replace), out};
  }
  std::string text = "# get_context " + a.o.mode +
                     (a.o.intent != graph::Intent::kNone ? " intent=" + std::string(graph::toString(a.o.intent)) : "") +
                     ": " + std::to_string(count) + " of " + std::to_string(a.total) + " items, " +
                     std::to_string(totalTokens) + " of " + std::to_string(a.budget) + " tokens" +
                     (truncated ? " (cut at the budget)" : "") + "; hash " + a.hash + "\n";
  for (const auto& w : a.warnings) text += "# note: " + w + "\n";
  text += a.head;
  for (size_t i = 0; i < count; ++i) text += a.packed[i].text;
  if (count == 0 && a.total == 0) text += "(no related symbols in the index)\n";
  return {text, Json()};
}

// The answer whose estimate (the reported total) is within the budget: items dropped from the
// end until it fits, then, at the smallest budgets, the target's source (`headBare` is the block
// without it), the notes, and the target block down to each target's kind, name and file.
ToolResult fitContext(ContextAnswer& a, const std::string& headBare) {
  size_t count = a.packed.size();
  for (int shrink = 0;; ) {
    auto [text, _] = renderContext(a, count, 0);
    size_t tokens = estimateTokens(text) + 4;  // + digits of the total itself
    if (tokens <= a.budget || (count == 0 && shrink == 3)) {
      auto [finalText, finalJson] = renderContext(a, count, std::min(tokens, a.budget));
      if (a.json) return ToolResult::ofJson(std::move(finalJson));
      return ToolResult::ofText(std::move(finalText));
    }
    if (count > 0) {
      --count;
      continue;
    }
    ++shrink;
    if (shrink == 1) {
      a.targetSourceFits = false;
      a.head = headBare;
    } else if (shrink == 2 && !a.warnings.empty()) {
      a.warnings = {std::to_string(a.warnings.size()) + " notes left out (token budget)"};
    } else if (shrink == 3) {
      a.warnings.clear();
      a.head.clear();
      for (const auto& t : a.targets)
        a.head += "TARGET " + std::string(model::toString(t.kind)) + " " + t.qualifiedName + "  " + t.path + "\n";
    }
  }
}

ToolResult runContext(const ToolEnv& env, const Options& o, const Target& target, const Json& args,
                      const CallContext& ctx) {
  graph::ContextRequest req;
  for (const auto& s : target.symbols) req.targets.push_back(s.id);
  req.depth = o.depth;
  req.intent = o.intent;
  req.directFirst = o.mode == "context";
  req.cancelled = [&ctx] { return ctx.cancelled(); };
  auto ranking = graph::rankContext(*env.index, req);
  if (!ranking) {
    if (ranking.error().code == ErrorCode::kCancelled) return ToolResult::error("Cancelled.");
    return ToolResult::error("The index could not be read: " + ranking.error().message);
  }
  const auto& targets = ranking->targets;
  std::vector<std::string> warnings = target.warnings;
  if (ranking->truncated)
    warnings.push_back("the neighbourhood is larger than explored (bounded at " +
                       std::to_string(req.maxNodes) + " symbols); ranking covers what was explored");

  // Target source (detail full): bounded, part of the hash so an edit in the body changes it.
  std::vector<std::string> targetSources(targets.size());
  const std::string hash = contextHash(env, o, targets, ranking->neighbourhood, targetSources, warnings);
  if (args.contains("known_hash") && trimmed(argString(args, "known_hash")) == hash)
    return ToolResult::ofJson(Json{{"status", "not_modified"}, {"hash", hash}});

  const bool json = o.format == "json";
  const size_t budget = static_cast<size_t>(o.budget);
  // Fixed part: the target block (with source when full and it fits in half the budget).
  std::string head;
  Json targetJson = Json::array();
  if (auto st = targetBlock(env, targets, head, targetJson); !st)
    return ToolResult::error("The index could not be read: " + st.error().message);
  const std::string headBare = head;
  std::string headWithSource = head;
  if (o.detail == "full" && targets.size() == 1 && !targetSources[0].empty())
    headWithSource += "   ```\n" + targetSources[0] + "   ```\n";
  bool targetSourceFits = estimateTokens(headWithSource) * 2 <= budget;
  if (targetSourceFits) head = headWithSource;
  else if (o.detail == "full" && !targetSources[0].empty())
    warnings.push_back("the target's source is left out: it alone exceeds half the token budget");

  // Greedy packing by relevance.
  const size_t fixed = estimateTokens(head) + kReserve + (json ? 60 : 30) + estimateTokens(Json(warnings).dump(-1, ' ', false, Json::error_handler_t::replace));
  const std::vector<Packed> packed = packItems(env, o, ranking->items, budget, fixed);
  ContextAnswer answer{o,      json,   targets, targetSources,       targetJson,      packed, ranking->items.size(),
                       budget, hash, std::move(warnings), std::move(head), targetSourceFits};
  return fitContext(answer, headBare);
}

// What stopped a path search that found no chain (docs/tools.md "path"): the calls of the
// target's name that stayed unbound, those inside a symbol the search reached first (with its
// distance from `from`), and the candidates tried for an ambiguous name.
Expected<Json> blockedBy(const ToolEnv& env, const model::Symbol& to, const graph::PathResult& path,
                         const std::vector<model::Symbol>& froms, const std::vector<model::Symbol>& tos,
                         std::string& message) {
  Json out = Json::object();
  auto possible = possibleReferences(env, {to}, 200);
  if (!possible) return possible.error();
  const uint32_t unbound = possible->count[static_cast<size_t>(model::RefKind::kCalls)];
  struct Site {
    const model::UnboundRef* ref;
    int64_t reached;  // distance from `from` of the enclosing symbol, -1 when not reached
  };
  std::vector<Site> sites;
  for (const auto& u : possible->sites) {
    if (u.kind != model::RefKind::kCalls) continue;
    int64_t reached = -1;
    if (!u.sourceUid.empty()) {
      auto s = env.index->byUid(u.sourceUid);
      if (!s) return s.error();
      if (*s)
        if (auto it = path.reached.find((*s)->id); it != path.reached.end()) reached = it->second;
    }
    sites.push_back({&u, reached});
  }
  std::stable_sort(sites.begin(), sites.end(), [](const Site& a, const Site& b) {
    return (a.reached >= 0) != (b.reached >= 0) ? a.reached >= 0
                                                : a.reached >= 0 && a.reached < b.reached;
  });
  Json list = Json::array();
  size_t inReach = 0;
  for (const auto& site : sites) {
    if (site.reached >= 0) ++inReach;
    if (list.size() >= 10) continue;
    Json j{{"file_path", site.ref->path},
           {"line", site.ref->line},
           {"symbol_uid", site.ref->sourceUid.empty() ? Json(nullptr) : Json(site.ref->sourceUid)},
           {"written", site.ref->qualifier.empty() ? site.ref->name : site.ref->qualifier + "." + site.ref->name},
           {"candidates", site.ref->candidates}};
    if (site.reached >= 0) j["reached_in"] = site.reached;
    list.push_back(std::move(j));
  }
  if (unbound > 0) {
    out["unbound_calls"] = std::move(list);
    out["unbound_count"] = unbound;
    message += " " + std::to_string(unbound) + " call" + (unbound == 1 ? "" : "s") + " of the name '" + to.name +
               "' stayed unbound (blocked_by.unbound_calls)" +
               (inReach ? ", " + std::to_string(inReach) + " of them inside symbols the search reached " +
                              "(reached_in: calls from the start): the chain may pass there"
                        : "; none inside a symbol the search reached") +
               ".";
  }
  // Its proven callers (and, for a method, those of the methods it implements or overrides are
  // not counted): none is reachable from the start within the bound.
  auto counts = env.index->refCounts({to.id, true, false, /*distinct=*/true});
  if (!counts) return counts.error();
  const uint32_t callers = (*counts)[model::RefKind::kCalls].distinct;
  out["callers"] = callers;
  if (callers == 0 && unbound == 0)
    message += " Nothing calls '" + to.name + "': no call edge reaches it and no unbound call has its name.";
  else if (callers > 0)
    message += " It has " + std::to_string(callers) + " caller" + (callers == 1 ? "" : "s") +
               ", none reachable from the start within the bound.";
  auto uids = [](const std::vector<model::Symbol>& symbols) {
    Json a = Json::array();
    for (const auto& s : symbols) a.push_back(s.uid);
    return a;
  };
  if (froms.size() > 1 || tos.size() > 1) out["candidates"] = Json{{"from", uids(froms)}, {"to", uids(tos)}};
  return out;
}

ToolResult runPath(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  const std::string from = argString(args, "from"), to = argString(args, "to");
  if (trimmed(from).empty() || trimmed(to).empty())
    return ToolResult::error("Missing argument: path mode needs 'from' and 'to' (names or uids).");
  const std::string edgeKind = argString(args, "edge_kind", "calls");
  auto a = resolveOne(env, "", from, "");
  if (!a) return ToolResult::error("The index could not be read: " + a.error().message);
  auto b = resolveOne(env, "", to, "");
  if (!b) return ToolResult::error("The index could not be read: " + b.error().message);
  for (const Target* t : {&*a, &*b})
    if (t->symbols.empty())
      return ToolResult::ofJson(Json{{"found", false},
                                     {"message", "No symbol matches '" + t->label + "'."},
                                     {"suggestions", t->suggestions}});
  // An ambiguous name: the match its qualifier names, else the most central, first; then the
  // others (a few pairs at most).
  std::vector<model::Symbol> froms = a->symbols, tos = b->symbols;
  froms.insert(froms.end(), a->alternatives.begin(), a->alternatives.end());
  tos.insert(tos.end(), b->alternatives.begin(), b->alternatives.end());
  if (froms.size() > 4) froms.resize(4);
  if (tos.size() > 4) tos.resize(4);
  graph::PathRequest pr;
  pr.maxDepth = static_cast<uint32_t>(std::clamp<int64_t>(argInt(args, "max_depth", 8), 1, kMaxPathDepth));
  pr.cancelled = [&ctx] { return ctx.cancelled(); };
  pr.callsOnly = edgeKind != "any";
  Expected<graph::PathResult> path = graph::PathResult{};
  graph::PathResult firstPair;  // the search between the preferred candidates
  bool first = true;
  for (const auto& f : froms) {
    for (const auto& t : tos) {
      pr.from = f.id;
      pr.to = t.id;
      auto p = graph::shortestPath(*env.index, pr);
      if (!p) {
        if (p.error().code == ErrorCode::kCancelled) return ToolResult::error("Cancelled.");
        return ToolResult::error("The index could not be read: " + p.error().message);
      }
      if (first) firstPair.reached = p->reached, first = false;
      // The shortest over the pairs tried; the first pair (preferred) wins ties.
      if (p->found && (!path->found || p->hops.size() < path->hops.size())) path = std::move(p);
      else if (!p->found && p->truncated) path->truncated = true;
    }
  }
  if (path->found && (path->hops.front().symbol.id != a->symbols[0].id ||
                      path->hops.back().symbol.id != b->symbols[0].id)) {
    a->warnings.clear();
    b->warnings.clear();
    a->warnings.push_back("'" + from + "' and '" + to + "' are ambiguous; the chain found joins " +
                          path->hops.front().symbol.uid + " and " + path->hops.back().symbol.uid);
  }
  std::vector<std::string> warnings = a->warnings;
  warnings.insert(warnings.end(), b->warnings.begin(), b->warnings.end());
  if (!path->found) {
    std::string message = "No " + std::string(pr.callsOnly ? "call chain" : "chain") + " from " +
                          a->symbols[0].uid + " to " + b->symbols[0].uid + " within " +
                          std::to_string(pr.maxDepth) + (pr.callsOnly ? " calls" : " edges") +
                          (path->truncated ? " (the search was cut at " + std::to_string(pr.maxNodes) + " symbols)" : "") +
                          ".";
    firstPair.found = false;
    auto blocked = blockedBy(env, b->symbols[0], firstPair, froms, tos, message);
    if (!blocked) return ToolResult::error("The index could not be read: " + blocked.error().message);
    if (pr.callsOnly) message += " edge_kind \"any\" also follows contains, uses and type edges.";
    Json out{{"found", false}, {"message", message}, {"blocked_by", std::move(*blocked)}};
    if (!warnings.empty()) out["warnings"] = warnings;
    return ToolResult::ofJson(std::move(out));
  }
  Json hops = Json::array();
  bool dispatch = false;
  for (size_t i = 0; i < path->hops.size(); ++i) {
    const auto& h = path->hops[i];
    Json j{{"uid", h.symbol.uid}, {"name", h.symbol.name}, {"kind", std::string(model::toString(h.symbol.kind))},
           {"file_path", h.symbol.path}, {"line", i == 0 ? h.symbol.range.line : h.siteLine}};
    if (i > 0) {
      j["definition_line"] = h.symbol.range.line;
      // The call as the previous hop writes it: the chain can be checked without reading.
      model::Symbol site;
      site.path = path->hops[i - 1].symbol.path;
      site.range.line = site.range.endLine = h.siteLine;
      std::string cut, problem;
      if (auto code = symbolSource(env, site, 1, kMaxSiteCode, &cut, &problem)) {
        std::string line = trimmed(*code);
        if (!line.empty()) j["code"] = std::move(line);
      }
      if (h.confidence < 1) j["confidence"] = std::round(h.confidence * 100) / 100;
      if (!pr.callsOnly) j["edge"] = std::string(model::toString(h.kind));
      if (h.viaId != 0) j["via"] = h.viaUid, dispatch = true;
    }
    hops.push_back(std::move(j));
  }
  Json out{{"found", true},
           {"hops", std::move(hops)},
           {"length", path->hops.size() - 1},
           {"edge_kind", pr.callsOnly ? "calls" : "any"},
           {"alternatives", path->alternatives},
           {"confidence", std::round(path->confidence * 100) / 100}};
  if (dispatch)
    warnings.push_back("a hop with via is reached through it: the previous hop calls via, a method this one "
                       "overrides or implements, or the class this constructor constructs");
  if (!warnings.empty()) out["warnings"] = warnings;
  return ToolResult::ofJson(std::move(out));
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  if (auto small = budgetBelow(args, kMinBudget)) return *small;
  Options o;
  o.mode = argString(args, "mode", "context");
  o.format = argString(args, "format", "compact");
  o.detail = argString(args, "detail_level", "full");
  o.budget = std::clamp<int64_t>(argInt(args, "token_budget", kDefaultBudget), kMinBudget, kMaxBudget);
  o.depth = static_cast<uint32_t>(std::clamp<int64_t>(argInt(args, "depth", 2), 1, kMaxDepth));
  if (args.contains("intent")) o.intent = graph::parseIntent(argString(args, "intent")).value_or(graph::Intent::kNone);

  if (o.mode == "path") {
    if (auto wait = notReady(env, ctx)) return *wait;
    return runPath(env, args, ctx);
  }
  if (o.mode == "intent") {
    const std::string text = argString(args, "target");
    if (o.intent == graph::Intent::kReview && namesCurrentChange(text)) {
      // Review of the current change: its added and modified symbols are the targets.
      if (auto wait = notReady(env, ctx)) return *wait;
      auto changed = currentChangeSymbols(env, ctx);
      if (!changed) return ToolResult::error(changed.error().message);
      Target t;
      t.label = "the current change";
      if (changed->empty())
        return ToolResult::ofJson(notFound(t, "The working tree has no change against HEAD in the files the index "
                                              "covers; name a symbol or file as the target."));
      if (changed->size() > kFileTargets)
        t.warnings.push_back("The change touches " + std::to_string(changed->size()) + " symbols; the first " +
                             std::to_string(kFileTargets) + " (modified before added) are the targets; impact lists all.");
      t.symbols.assign(changed->begin(), changed->begin() + std::min(changed->size(), kFileTargets));
      return runContext(env, o, t, args, ctx);
    }
    if (!args.contains("intent") || trimmed(text).empty())
      return ToolResult::error("Missing argument: intent mode needs 'intent' (one of understand, modify, fix, "
                               "extend, refactor, review, debug, add, plan) and 'target' (a name, uid, file "
                               "path or a few words).");
    if (auto wait = notReady(env, ctx)) return *wait;
    auto t = resolveIntentTarget(env, text);
    if (!t) return ToolResult::error(t.error().message);
    if (t->symbols.empty())
      return ToolResult::ofJson(notFound(*t, "Nothing in the index matches '" + text +
                                             "'; try search with part of the name, or a file path."));
    return runContext(env, o, *t, args, ctx);
  }
  const std::string uid = argString(args, "symbol_uid");
  const std::string entity = argString(args, "entity");
  if (trimmed(uid).empty() && trimmed(entity).empty())
    return ToolResult::error("Missing argument: context mode needs 'entity' (a name) or 'symbol_uid'.");
  std::string file;
  if (args.contains("file")) {
    auto rel = repoRelativePath(env, argString(args, "file"), "file");
    if (!rel) return ToolResult::error(rel.error().message);
    file = *rel;
  }
  if (auto wait = notReady(env, ctx)) return *wait;
  auto t = resolveOne(env, uid, entity, file);
  if (!t) return ToolResult::error("The index could not be read: " + t.error().message);
  if (t->symbols.empty())
    return ToolResult::ofJson(notFound(*t, "No symbol matches '" + t->label + "'" +
                                           (file.empty() ? "" : " in a file matching '" + file + "'") +
                                           "; check the spelling or use search."));
  return runContext(env, o, *t, args, ctx);
}

}  // namespace

Tool makeGetContextTool(std::shared_ptr<const ToolEnv> env) {
  return boundTool("get_context", "Context for a task", kDescription, schema(), std::move(env),
                   run);
}

}  // namespace cg::tools
