// symbol_context — the 360° view of one symbol. docs/tools.md.
//
// Bounds: each edge category lists at most kEdgesPerCategory edges, candidates and suggestions
// at most kCandidates / 5, documents kDocuments, content kMaxContentLines lines and
// kMaxContentBytes bytes. Whatever is cut sets "truncated": true and is named in "note".
#include <cmath>
#include <fstream>
#include <set>

#include "codegraph/tools/tools.h"
#include "common.h"
#include "hierarchy.h"
#include "possible.h"
#include "resolve.h"

namespace cg::tools {
namespace {

namespace fs = std::filesystem;
using model::RefKind;

constexpr uint32_t kEdgesPerCategory = 50;
constexpr uint32_t kOutgoingFetch = 2000;  // raw rows read to deduplicate outgoing targets
constexpr uint32_t kCandidates = 20;
constexpr uint32_t kDocuments = 20;
constexpr uint32_t kPossibleSites = 10;  // possible and unresolved sites listed per category
constexpr uint32_t kOutsideNames = 20;   // distinct names of calls outside the repository
constexpr uint32_t kMaxContentLines = 400;
constexpr size_t kMaxContentBytes = 48 * 1024;

struct Category {
  const char* name;
  std::vector<RefKind> kinds;
};

const std::vector<Category>& categories() {
  static const std::vector<Category> all = {
      {"calls", {RefKind::kCalls}},
      {"imports", {RefKind::kImports}},
      {"extends", {RefKind::kExtends}},
      {"implements", {RefKind::kImplements}},
      {"contains", {RefKind::kContains}},
      {"uses", {RefKind::kUses, RefKind::kAccesses, RefKind::kAssigns}}};
  return all;
}

// What tools/list says the tool is for (schema(): how to call it).
constexpr const char* kDescription =
    "One symbol's edges in and out (calls, imports, extends, uses, ...) with lines; possible: "
    "unbound sites that may reference it. Its calls are complete: outgoing + "
    "unresolved_outgoing + outside_calls (libraries).";

Json schema() {
  return objectSchema(
      {{"symbol_name", {{"type", "string"}, {"description", "Name or Class.method."}}},
       {"symbol_uid", {{"type", "string"}, {"description", "Instead of symbol_name."}}},
       {"file_path", {{"type", "string"}, {"description", "Defining file."}}},
       {"include_content", {{"type", "boolean"}, {"default", false}}},
       {"include_documents", {{"type", "boolean"}, {"default", false}}},
       {"repository", {{"type", "string"}}}});
}

// An edge as the categories list it. The uid names the other end's file, qualified name and
// kind, so `file_path` (and, outgoing, `name`) are given only where there is no uid (a file's
// top level); `kind` only where it is not the category's own, `confidence` only below 1.
Json edgeJson(const model::EdgeView& v, bool incoming, std::string_view category) {
  Json e;
  if (v.other.id != 0) {
    e["symbol_uid"] = v.other.uid;
  } else {  // a file's top level
    e["symbol_uid"] = nullptr;
    if (!incoming) e["name"] = v.edge.targetName;
    e["file_path"] = v.edge.sourcePath;
  }
  e["line"] = v.edge.line;
  if (model::toString(v.edge.kind) != category) e["kind"] = std::string(model::toString(v.edge.kind));
  if (v.edge.confidence < 1) e["confidence"] = std::round(v.edge.confidence * 100) / 100;
  return e;
}

// Fills one direction's categories; appends what was cut to `cuts`.
Status edges(const ToolEnv& env, const model::Symbol& s, bool incoming, Json& out,
             std::vector<std::string>& cuts) {
  out = Json::object();
  model::RefCounts counts;
  if (incoming) {
    auto c = env.index->refCounts({s.id, true, false, /*distinct=*/false});
    if (!c) return c.error();
    counts = *c;
  }
  for (const auto& cat : categories()) {
    if (incoming) {  // the counts say which categories are empty: no query for those
      uint32_t sites = 0;
      for (auto k : cat.kinds) sites += counts[k].sites;
      if (sites == 0) continue;
    }
    model::RefsRequest req;
    req.symbolId = s.id;
    req.kinds = cat.kinds;
    req.incoming = incoming;
    req.limit = incoming ? kEdgesPerCategory : kOutgoingFetch;
    bool more = false;
    auto refs = env.index->refs(req, &more);
    if (!refs) return refs.error();
    Json list = Json::array();
    std::set<int64_t> targets;
    size_t distinct = 0;
    for (const auto& v : *refs) {
      // Outgoing, the fields and properties it only reads are left out: they are most of a
      // method's references (`self.env`, `self.config`) and rarely the question; each field's
      // readers are in its own incoming. The fields it writes stay.
      if (!incoming && v.edge.kind == RefKind::kAccesses &&
          (v.other.kind == model::SymbolKind::kField || v.other.kind == model::SymbolKind::kProperty))
        continue;
      if (!incoming && !targets.insert(v.edge.targetId).second) continue;
      ++distinct;
      if (list.size() < kEdgesPerCategory) list.push_back(edgeJson(v, incoming, cat.name));
    }
    if (list.empty()) continue;
    const std::string where = std::string(incoming ? "incoming." : "outgoing.") + cat.name;
    if (incoming) {
      uint32_t total = 0;
      for (auto k : cat.kinds) total += counts[k].sites;
      if (total > list.size())
        cuts.push_back(where + ": " + std::to_string(list.size()) + " of " +
                       std::to_string(total) + " reference sites");
    } else if (more || distinct > list.size()) {
      cuts.push_back(where + ": " + std::to_string(list.size()) + " of " +
                     (more ? "more than " : "") + std::to_string(distinct) + " targets");
    }
    out[cat.name] = std::move(list);
  }
  return okStatus();
}

// Calls that reach `s` through a method it implements or overrides (`s.Get()` where `s Store`,
// for MemStore.Get): added to incoming.calls, each with `via`, that method's uid.
Status viaCalls(const ToolEnv& env, const model::Symbol& s, Json& incoming,
                std::vector<std::string>& cuts) {
  auto methods = overriddenMethods(env, s);
  if (!methods) return methods.error();
  uint32_t shown = 0, total = 0;
  for (const auto& m : *methods) {
    auto c = env.index->refCounts({m.id, true, false, /*distinct=*/false});
    if (!c) return c.error();
    const uint32_t sites = (*c)[model::RefKind::kCalls].sites;
    if (sites == 0) continue;
    total += sites;
    model::RefsRequest req;
    req.symbolId = m.id;
    req.kinds = {model::RefKind::kCalls};
    req.incoming = true;
    req.limit = kEdgesPerCategory;
    bool more = false;
    auto refs = env.index->refs(req, &more);
    if (!refs) return refs.error();
    Json& list = incoming["calls"];
    if (!list.is_array()) list = Json::array();
    for (const auto& v : *refs) {
      if (shown >= kEdgesPerCategory) break;
      Json e = edgeJson(v, true, "calls");
      e["via"] = m.uid;
      list.push_back(std::move(e));
      ++shown;
    }
  }
  if (total > shown)
    cuts.push_back("incoming.calls via implemented or overridden methods: " +
                   std::to_string(shown) + " of " + std::to_string(total) + " reference sites");
  return okStatus();
}

// The symbol's lines from the file on disk (common.h: never outside the repository).
std::optional<std::string> content(const ToolEnv& env, const model::Symbol& s,
                                   std::vector<std::string>& cuts, std::string& problem) {
  std::string cut;
  auto text = symbolSource(env, s, kMaxContentLines, kMaxContentBytes, &cut, &problem);
  if (text && !cut.empty()) cuts.push_back("content: " + cut);
  return text;
}

bool namesServedRepository(const ToolEnv& env, const std::string& text) {
  std::string t = trimmed(text);
  while (t.size() > 1 && t.back() == '/') t.pop_back();
  if (t == env.repoName || t == env.repoRoot.string()) return true;
  std::error_code ec;
  fs::path canon = fs::weakly_canonical(fs::path(t), ec);
  return !ec && fs::path(t).is_absolute() && canon == env.repoRoot;
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  if (args.contains("repository") && !namesServedRepository(env, argString(args, "repository")))
    return ToolResult::error("Invalid argument 'repository': this server serves '" +
                             env.repoName + "' (" + env.repoRoot.string() + "), not '" +
                             argString(args, "repository") + "'.");
  SymbolQuery q;
  q.uid = argString(args, "symbol_uid");  // a uid is taken as written first (lookupUid)
  q.name = argString(args, "symbol_name");
  if (trimmed(q.uid).empty()) q.uid.clear();
  if (trimmed(q.name).empty()) q.name.clear();
  if (q.uid.empty() && q.name.empty())
    return ToolResult::error(
        "Missing argument: give 'symbol_name' (a name) or 'symbol_uid' (a uid from an earlier "
        "answer).");
  if (args.contains("file_path")) {
    auto file = repoRelativePath(env, argString(args, "file_path"), "file_path");
    if (!file) return ToolResult::error(file.error().message);
    q.file = *file;
  }
  q.limit = kCandidates;
  if (auto wait = notReady(env, ctx)) return *wait;

  auto r = resolveSymbol(env, q);
  if (!r) return ToolResult::error("The index could not be read: " + r.error().message);
  const std::string asked = !q.uid.empty() ? q.uid : q.name;
  if (r->matches.empty()) {
    Json suggestions = Json::array();
    for (const auto& s : r->suggestions) suggestions.push_back(candidateJson(s));
    std::string message = "No symbol matches '" + asked + "'" +
                          (q.file.empty() ? "" : " in a file matching '" + q.file + "'") + ".";
    message += suggestions.empty() ? " Try search with part of the name."
                                   : " Close matches are in suggestions (pass one's uid).";
    return ToolResult::ofJson(Json{{"status", "not_found"},
                                   {"message", message},
                                   {"suggestions", suggestions}});
  }
  if (r->matches.size() > 1) {
    Json candidates = Json::array();
    for (const auto& s : r->matches) candidates.push_back(candidateJson(s));
    std::string message = (r->more ? "More than " : "") + std::to_string(r->matches.size()) +
                          " symbols match '" + asked + "'; call again with one candidate's uid" +
                          " as symbol_uid, or narrow with file_path.";
    if (!r->note.empty()) message = r->note + " " + message;
    Json out{{"status", "ambiguous"}, {"message", message}, {"candidates", candidates}};
    if (r->more) out["truncated"] = true;
    return ToolResult::ofJson(std::move(out));
  }

  const model::Symbol& s = r->matches.front();
  std::vector<std::string> cuts;
  std::vector<std::string> notes;
  if (!r->note.empty()) notes.push_back(r->note);
  Json symbol{{"uid", s.uid},
              {"name", s.name},
              {"kind", std::string(model::toString(s.kind))},
              {"file_path", s.path},
              {"start_line", s.range.line},
              {"start_column", s.range.column},
              {"end_line", s.range.endLine},
              {"signature", s.signature}};
  if (argBool(args, "include_content", false)) {
    std::string problem;
    auto text = content(env, s, cuts, problem);
    if (text) symbol["content"] = *text;
    else notes.push_back(problem);
  }
  symbol["centrality_score"] = std::round(s.centrality * 1000) / 1000;

  Json out{{"status", "found"}, {"symbol", std::move(symbol)}};
  for (bool incoming : {true, false}) {
    if (ctx.cancelled()) return ToolResult::error("Cancelled.");
    Json list;
    if (auto st = edges(env, s, incoming, list, cuts); !st)
      return ToolResult::error("The index could not be read: " + st.error().message);
    if (incoming)
      if (auto st = viaCalls(env, s, list, cuts); !st)
        return ToolResult::error("The index could not be read: " + st.error().message);
    out[incoming ? "incoming" : "outgoing"] = std::move(list);
  }
  // What could not be proven: the unbound references of its name it could answer, and its own
  // unbound references (docs/tools.md "Possible references").
  auto possible = possibleReferences(env, {s}, kPossibleSites);
  if (!possible) return ToolResult::error("The index could not be read: " + possible.error().message);
  if (possible->total() > 0) {
    out["possible"] = possibleJson(*possible);
    notes.push_back(possibleNote(*possible));
  }
  auto unresolved = unresolvedOutgoing(env, s, kPossibleSites);
  if (!unresolved) return ToolResult::error("The index could not be read: " + unresolved.error().message);
  out["unresolved_outgoing"] = unresolved->count;
  if (unresolved->count > 0) {
    out["unresolved_outgoing_sites"] = std::move(unresolved->sites);
    notes.push_back(std::string(unresolved->more ? "More than " : "") + std::to_string(unresolved->count) +
                    " of its own references" +
                    " stayed unbound (unresolved_outgoing_sites): outgoing may miss targets.");
  }
  auto outside = outsideCalls(env, s, kOutsideNames);
  if (!outside) return ToolResult::error("The index could not be read: " + outside.error().message);
  if (!outside->is_null()) out["outside_calls"] = std::move(*outside);

  // Community: null until analytics have clustered the graph (community id 0) or when the
  // symbol was added since the last clustering.
  out["community"] = nullptr;
  if (s.communityId != 0) {
    auto c = env.index->community(s.communityId);
    if (!c) return ToolResult::error("The index could not be read: " + c.error().message);
    if (*c)
      out["community"] = Json{{"community_uid", (*c)->uid}, {"label", (*c)->label}, {"size", (*c)->size}};
  }

  if (argBool(args, "include_documents", false)) {
    bool more = false;
    auto docs = env.index->documentsNaming(s.id, kDocuments, &more);
    if (!docs) return ToolResult::error("The index could not be read: " + docs.error().message);
    Json list = Json::array();
    for (const auto& d : *docs)
      list.push_back(Json{{"document_uid", d.uid}, {"title", d.title}, {"file_path", d.path}});
    if (more) cuts.push_back("documents: first " + std::to_string(kDocuments) + " shown");
    out["documents"] = std::move(list);
  }

  if (!cuts.empty()) {
    out["truncated"] = true;
    std::string cut = "Cut: ";
    for (size_t i = 0; i < cuts.size(); ++i) cut += (i ? "; " : "") + cuts[i];
    notes.push_back(cut + " (outline with relations narrows a category).");
  }
  if (!notes.empty()) out["note"] = joinNotes(notes);
  return ToolResult::ofJson(std::move(out));
}

}  // namespace

Tool makeSymbolContextTool(std::shared_ptr<const ToolEnv> env) {
  return boundTool("symbol_context", "One symbol's edges", kDescription, schema(), std::move(env),
                   run);
}

}  // namespace cg::tools
