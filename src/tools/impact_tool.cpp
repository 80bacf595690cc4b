// impact — what a change touches: the symbols it adds, modifies, moves or deletes, the symbols
// that depend on them level by level, the tests that reach them, and what the graph could not
// prove. docs/tools.md "impact" is the contract.
//
// A change is read from git (one `git diff` with whole files as context: both versions of each
// changed file in one process) or named as symbols. Changed lines are attributed to the
// innermost symbol whose own lines (its range less its members') hold them, on each side: the
// new side is the index's symbols (the working tree) or the extraction of the `head` version,
// the old side the extraction of the old version, so a deleted symbol is known by the version
// that had it. Dependents are the incoming edges of the changed symbols, then of those, up to
// `depth`, plus the methods that implement or override a changed method and the calls that
// reach it through the methods it implements; a deleted symbol's dependents are the references
// its name leaves unresolved.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <tuple>
#include <list>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "change_set.h"
#include "codegraph/tools/tools.h"
#include "common.h"
#include "hierarchy.h"
#include "impact.h"
#include "impact_answer.h"
#include "possible.h"
#include "resolve.h"

namespace cg::tools {
namespace {

using model::RefKind;
using model::Symbol;
using model::SymbolKind;

constexpr int64_t kDefaultBudget = 4000, kMinBudget = 200, kMaxBudget = kImpactMaxBudget;  // answer_size.h
constexpr int64_t kMaxDepth = 4;
constexpr size_t kMaxNodes = 3000;           // dependents and tests found at most
constexpr size_t kExpandPerLevel = 400;      // symbols whose dependents are read, per level
constexpr uint32_t kSourcesPerSymbol = 300;  // incoming sources read per symbol
constexpr uint32_t kOverridesPerMethod = 50;
constexpr uint32_t kDanglingPerName = 200;
constexpr size_t kDanglingShown = 30;        // dangling sites of one name kept as dependents
constexpr uint32_t kPossibleSites = 5;

const std::vector<RefKind> kIncomingKinds = {RefKind::kCalls,     RefKind::kExtends, RefKind::kImplements,
                                             RefKind::kUses,      RefKind::kAccesses, RefKind::kAssigns,
                                             RefKind::kImports};

// What tools/list says the tool is for (schema(): how to call it).
constexpr const char* kDescription =
    "What a change touches (default: working tree vs HEAD): changed symbols, dependents that "
    "may break by level, tests that reach them. To review a diff or before changing a "
    "signature.";

Json schema() {
  return objectSchema(
      {{"changes", {{"type", "string"}, {"enum", {"working_tree"}}}},
       {"base",
        {{"type", "string"}, {"description", "Git revision; head: the working tree if unset."}}},
       {"head", {{"type", "string"}}},
       {"symbols",
        {{"type", "array"},
         {"items", {{"type", "string"}}},
         {"description", "Uids or names: what if these change."}}},
       {"depth", {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxDepth}, {"default", 2}}},
       {"token_budget", {{"type", "integer"}, {"maximum", kMaxBudget}}}});
}

// ---- dependents ------------------------------------------------------------------------------

// A dynamic set of seed positions (the changed symbols a node depends on).
struct SeedSet {
  std::vector<uint64_t> words;
  void add(size_t i) {
    if (words.size() <= i / 64) words.resize(i / 64 + 1, 0);
    words[i / 64] |= uint64_t{1} << (i % 64);
  }
  void merge(const SeedSet& o) {
    if (words.size() < o.words.size()) words.resize(o.words.size(), 0);
    for (size_t k = 0; k < o.words.size(); ++k) words[k] |= o.words[k];
  }
  bool has(size_t i) const { return i / 64 < words.size() && (words[i / 64] >> (i % 64)) & 1; }
};

struct Node {
  Symbol symbol;        // id 0: a file's top level (symbol.path names the file)
  int level = 0;
  Json via;
  uint32_t line = 0;    // the reference site
  bool test = false;
  SeedSet seeds;
  // Where it was found from: a node's position, or -(k + 1) for the k-th changed symbol.
  std::vector<int64_t> from;
};

struct Walk {
  const ToolEnv& env;
  const ChangeSet& changes;
  int depth;
  std::vector<Node> nodes;
  std::unordered_map<int64_t, size_t> byId;
  std::map<std::pair<std::string, std::string>, size_t> byFile;  // (path, via kind) of top-level sources
  std::set<int64_t> changedIds;
  bool capped = false;
  size_t danglingCut = 0;

  // Adds the dependent `other` found from `from` (Node::from), or records that edge when it is
  // known. Returns its position when it is new and can be expanded further.
  std::optional<size_t> add(const Symbol& other, const std::string& path, uint32_t line, int level, Json via,
                            int64_t from) {
    if (other.id != 0 && changedIds.count(other.id)) return std::nullopt;
    size_t* existing = nullptr;
    if (other.id != 0) {
      if (auto it = byId.find(other.id); it != byId.end()) existing = &it->second;
    } else if (auto it = byFile.find({path, via.value("kind", "")}); it != byFile.end()) {
      existing = &it->second;
    }
    if (existing) {
      nodes[*existing].from.push_back(from);
      return std::nullopt;
    }
    if (nodes.size() >= kMaxNodes) {
      capped = true;
      return std::nullopt;
    }
    Node n;
    n.symbol = other;
    if (other.id == 0) n.symbol.path = path;
    n.level = level;
    n.via = std::move(via);
    n.line = line;
    n.test = model::isTestPath(n.symbol.path);
    n.from.push_back(from);
    nodes.push_back(std::move(n));
    const size_t at = nodes.size() - 1;
    if (other.id != 0) byId[other.id] = at;
    else byFile[{path, nodes[at].via.value("kind", "")}] = at;
    return other.id != 0 ? std::optional<size_t>(at) : std::nullopt;
  }

  // An edge's confidence 1.0 is left out, as in every answer.
  static Json viaJson(RefKind kind, const std::string& fromUid, double confidence) {
    Json via{{"kind", std::string(model::toString(kind))}, {"from_uid", fromUid}};
    if (confidence < 0.995) via["confidence"] = std::round(confidence * 100) / 100;
    return via;
  }

  // The references of `kinds` to the symbol `id`, one per source, at most kSourcesPerSymbol
  // (then the walk is `capped`).
  Expected<std::vector<model::EdgeView>> incomingOf(int64_t id, std::vector<RefKind> kinds) {
    model::RefsRequest req;
    req.symbolId = id;
    req.kinds = std::move(kinds);
    req.incoming = true;
    req.oneSitePerSource = true;
    req.limit = kSourcesPerSymbol;
    bool more = false;
    auto refs = env.index->refs(req, &more);
    if (refs && more) capped = true;
    return refs;
  }

  // The references of `kinds` to `through` (a class, a method `s` implements): dependents of `s`
  // reached through it (`via.through`).
  Status addThrough(const Symbol& through, std::vector<RefKind> kinds, const Symbol& s, int level, int64_t from,
                    std::vector<size_t>& next) {
    auto refs = incomingOf(through.id, std::move(kinds));
    if (!refs) return refs.error();
    for (const auto& v : *refs) {
      Json via = viaJson(v.edge.kind, s.uid, v.edge.confidence);
      via["through"] = through.uid;
      auto at = add(v.other, v.edge.sourcePath, v.edge.line, level, std::move(via), from);
      if (at) next.push_back(*at);
    }
    return okStatus();
  }

  // The dependents of `s` one level further: `level` is theirs.
  Status expand(const Symbol& s, int level, int64_t from, std::vector<size_t>& next) {
    auto refs = incomingOf(s.id, kIncomingKinds);
    if (!refs) return refs.error();
    for (const auto& v : *refs) {
      if (v.edge.kind == RefKind::kImports && level > 1) continue;  // an import of an import: no dependency
      auto at = add(v.other, v.edge.sourcePath, v.edge.line, level, viaJson(v.edge.kind, s.uid, v.edge.confidence), from);
      if (at) next.push_back(*at);
    }
    if (!model::isCallable(s.kind) && s.kind != SymbolKind::kProperty) return okStatus();
    // A constructor is reached through its class: `T(...)`, `new T`, a subclass's construction.
    if (s.kind == SymbolKind::kConstructor) {
      auto owner = ownerType(env, s);
      if (!owner) return owner.error();
      if (*owner)
        if (auto st = addThrough(**owner, {RefKind::kCalls, RefKind::kExtends}, s, level, from, next); !st) return st;
    }
    // Methods that implement or override a changed method: a change of its contract reaches
    // them. (A dependent's overriders do not call what it calls: not followed further.)
    std::vector<Override> overriding;
    if (from < 0) {
      auto found = overridingMethods(env, s, kOverridesPerMethod);
      if (!found) return found.error();
      overriding = std::move(*found);
    }
    for (const auto& o : overriding) {
      Json via{{"kind", o.relation == RefKind::kImplements ? "implements" : "overrides"}, {"from_uid", s.uid}};
      auto at = add(o.method, o.method.path, o.method.range.line, level, std::move(via), from);
      if (at) next.push_back(*at);
    }
    // Calls through the methods it implements or overrides may dispatch to it.
    auto overridden = overriddenMethods(env, s);
    if (!overridden) return overridden.error();
    for (const auto& m : *overridden)
      if (auto st = addThrough(m, {RefKind::kCalls}, s, level, from, next); !st) return st;
    return okStatus();
  }

  // The references a deleted (or moved) symbol's name leaves unresolved.
  Status dangling(const Changed& c, int64_t from, std::vector<size_t>& next) {
    bool more = false;
    auto rows = env.index->danglingNamed(c.symbol.name, kDanglingPerName, &more);
    if (!rows) return rows.error();
    std::vector<const model::UnboundRef*> fit;
    for (const auto& u : *rows) {
      const bool shape = u.kind == RefKind::kImports ? c.symbol.parentId == 0 : couldName(env, c.symbol, c.parentKind, u);
      if (shape) fit.push_back(&u);
    }
    // Bare names, `self`/`this` and imports first: those most likely named it.
    std::stable_sort(fit.begin(), fit.end(), [](const model::UnboundRef* a, const model::UnboundRef* b) {
      return a->qualifier.empty() > b->qualifier.empty();
    });
    if (fit.size() > kDanglingShown) {
      danglingCut += fit.size() - kDanglingShown;
      fit.resize(kDanglingShown);
    }
    for (const auto* u : fit) {
      Symbol source;
      if (!u->sourceUid.empty()) {
        auto s = lookupUid(env, u->sourceUid);
        if (!s) return s.error();
        if (*s) source = **s;
      }
      Json via{{"kind", std::string(model::toString(u->kind))}, {"from_uid", c.symbol.uid}, {"dangling", true}};
      auto at = add(source, u->path, u->line, 1, std::move(via), from);
      if (at) next.push_back(*at);
    }
    return okStatus();
  }

  // Imports that named a deleted or renamed file's module.
  Status goneModule(const std::string& stem, const std::string& oldPath, int64_t from) {
    if (stem.empty()) return okStatus();
    bool more = false;
    auto rows = env.index->danglingNamed(stem, kDanglingPerName, &more);
    if (!rows) return rows.error();
    for (const auto& u : *rows) {
      if (u.kind != RefKind::kImports) continue;
      Symbol source;
      Json via{{"kind", "imports"}, {"from_uid", oldPath}, {"dangling", true}};
      add(source, u.path, u.line, 1, std::move(via), from);
    }
    return okStatus();
  }

  Status run(const CallContext& ctx) {
    std::vector<size_t> frontier;
    for (size_t i = 0; i < changes.symbols.size(); ++i)
      if (changes.symbols[i].symbol.id != 0) changedIds.insert(changes.symbols[i].symbol.id);
    std::vector<size_t> next;
    for (size_t i = 0; i < changes.symbols.size(); ++i) {
      if (ctx.cancelled()) return makeError(ErrorCode::kCancelled, "cancelled");
      const Changed& c = changes.symbols[i];
      const int64_t seed = -static_cast<int64_t>(i) - 1;
      if (c.change == "added") continue;
      if (c.symbol.id != 0) {
        if (auto st = expand(c.symbol, 1, seed, next); !st) return st;
      }
      // A deleted or moved symbol leaves its references unresolved, and so may a new signature
      // (a call that passes as many arguments as the old one took no longer binds in Java).
      if (c.change == "deleted" || c.change == "moved" || !c.oldSignature.empty()) {
        if (auto st = dangling(c, seed, next); !st) return st;
      }
    }
    // A gone module's importers depend on every symbol it had (the first stands for them).
    for (const auto& [stem, path] : changes.goneModules) {
      int64_t seed = 0;
      for (size_t i = 0; i < changes.symbols.size() && seed == 0; ++i)
        if (changes.symbols[i].symbol.path == path || changes.symbols[i].fromPath == path) seed = -static_cast<int64_t>(i) - 1;
      if (seed != 0)
        if (auto st = goneModule(stem, path, seed); !st) return st;
    }
    for (int level = 2; level <= depth && !next.empty(); ++level) {
      frontier.swap(next);
      next.clear();
      std::sort(frontier.begin(), frontier.end());
      frontier.erase(std::unique(frontier.begin(), frontier.end()), frontier.end());
      if (frontier.size() > kExpandPerLevel) {
        capped = true;
        frontier.resize(kExpandPerLevel);
      }
      for (size_t at : frontier) {
        if (ctx.cancelled()) return makeError(ErrorCode::kCancelled, "cancelled");
        const Symbol s = nodes[at].symbol;
        if (auto st = expand(s, level, static_cast<int64_t>(at), next); !st) return st;
      }
    }
    // Which changed symbols each node depends on: the union over the ways it was found.
    for (auto& n : nodes)
      for (int64_t f : n.from)
        if (f < 0) n.seeds.add(static_cast<size_t>(-f - 1));
    for (bool grew = true; grew;) {
      grew = false;
      for (auto& n : nodes)
        for (int64_t f : n.from) {
          if (f < 0) continue;
          SeedSet before = n.seeds;
          n.seeds.merge(nodes[static_cast<size_t>(f)].seeds);
          grew = grew || before.words != n.seeds.words;
        }
    }
    return okStatus();
  }
};

// ---- tests by imports ----------------------------------------------------------------------

// A test file that imports a changed file, or imports a file that does (`level` files away).
struct ImportTest {
  std::string path;
  uint32_t line = 0;
  int level = 0;
  SeedSet covers;  // the changed symbols of the files it reaches
};

// The name of the folder `path` is in ("" at the root).
std::string folderName(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  const size_t before = path.rfind('/', slash - 1);
  return path.substr(before == std::string::npos ? 0 : before + 1, slash - (before == std::string::npos ? 0 : before + 1));
}

// The headers whose declarations a source file defines: those it includes (the language
// registry says what a header is) that have its stem or its folder's name, or that declare a
// type or function the file defines (by qualified name, at most kDefinitionsChecked of them).
Expected<std::vector<std::string>> headersOf(const ToolEnv& env, const std::string& path) {
  constexpr size_t kDefinitionsChecked = 200;
  std::set<std::string> out;
  if (!env.isHeader || env.isHeader(path)) return std::vector<std::string>();
  bool more = false;
  auto imported = env.index->importsOf(path, 500, &more);
  if (!imported) return imported.error();
  std::set<std::string> headers;
  for (const auto& i : *imported)
    if (env.isHeader(i.path)) headers.insert(i.path);
  if (headers.empty()) return std::vector<std::string>();
  // A module's own header: the file's stem, or its folder's name (src/tools/x.cpp and
  // include/.../tools/tools.h).
  const std::string folder = stemOf(folderName(path));
  for (const auto& h : headers)
    if (stemOf(h) == stemOf(path) || (!folder.empty() && stemOf(h) == folder)) out.insert(h);
  auto defined = env.index->fileSymbols(path);
  if (!defined) return defined.error();
  std::vector<std::string> names;
  std::set<std::string> unique;
  for (const auto& d : *defined)
    if ((model::isCallable(d.kind) || model::isTypeLike(d.kind)) && unique.insert(d.qualifiedName).second &&
        names.size() < kDefinitionsChecked)
      names.push_back(d.qualifiedName);
  auto declared = env.index->byQualifiedNames(names, 2000, &more);
  if (!declared) return declared.error();
  for (const auto& d : *declared)
    if (headers.count(d.path)) out.insert(d.path);
  return std::vector<std::string>(out.begin(), out.end());
}

// Test files linked to the change by imports (includes), up to `depth` files away: the tests
// most likely to exercise a change that no call reaches (a test calls through a registry, a
// fixture, a function pointer).
Expected<std::vector<ImportTest>> importTests(const ToolEnv& env, const ChangeSet& changes, int depth) {
  constexpr uint32_t kImportersPerFile = 200;
  constexpr size_t kFilesPerLevel = 300;
  std::map<std::string, SeedSet> reach;  // file -> the changed symbols it stands for
  for (size_t i = 0; i < changes.symbols.size(); ++i) {
    const Changed& c = changes.symbols[i];
    if (c.symbol.id == 0 || c.change == "deleted" || model::isTestPath(c.symbol.path)) continue;
    reach[c.symbol.path].add(i);
  }
  std::map<std::string, SeedSet> frontier = reach;
  for (const auto& [path, seeds] : reach) {
    auto headers = headersOf(env, path);
    if (!headers) return headers.error();
    for (const auto& h : *headers) frontier[h].merge(seeds);
  }
  std::set<std::string> seen;
  for (const auto& [path, seeds] : frontier) seen.insert(path);
  std::map<std::string, ImportTest> tests;
  for (int level = 1; level <= depth && !frontier.empty(); ++level) {
    std::map<std::string, SeedSet> next;
    size_t expanded = 0;
    for (const auto& [path, seeds] : frontier) {
      if (++expanded > kFilesPerLevel) break;
      bool more = false;
      auto importers = env.index->importersOf(path, kImportersPerFile, &more);
      if (!importers) return importers.error();
      for (const auto& imp : *importers) {
        // A test's helper header (a fixture) is followed to the tests that include it.
        if (model::isTestPath(imp.path) && !(env.isHeader && env.isHeader(imp.path))) {
          auto [it, fresh] = tests.try_emplace(imp.path);
          if (fresh) it->second = ImportTest{imp.path, imp.line, level, {}};
          it->second.covers.merge(seeds);
          continue;
        }
        if (!seen.insert(imp.path).second) continue;
        next[imp.path].merge(seeds);
        // A source file that includes a header reached stands with its module's headers too
        // (hierarchy.cpp is reached through hierarchy.h; tests include tools.h, which
        // impact_tool.cpp's module declares). Files that import modules, not headers, have none.
        if (!env.isHeader || !env.isHeader(path)) continue;
        auto headers = headersOf(env, imp.path);
        if (!headers) return headers.error();
        for (const auto& h : *headers)
          if (seen.insert(h).second) next[h].merge(seeds);
      }
    }
    frontier.swap(next);
  }
  std::vector<ImportTest> out;
  for (auto& [path, t] : tests) out.push_back(std::move(t));
  std::stable_sort(out.begin(), out.end(), [](const ImportTest& a, const ImportTest& b) { return a.level < b.level; });
  return out;
}

// ---- the answer ------------------------------------------------------------------------------

Json changedJson(const Changed& c) {
  const Symbol& s = c.shown ? *c.shown : c.symbol;
  // The uid names the file, the qualified name and the kind.
  Json j{{"uid", s.uid},
         {"start_line", s.range.line},
         {"end_line", std::max(s.range.endLine, s.range.line)},
         {"change", c.change}};
  if (!c.fromPath.empty()) j["from_file_path"] = c.fromPath;
  if (!c.oldSignature.empty())
    j["signature"] = Json{{"old", oneLine(c.oldSignature)}, {"new", oneLine(s.signature)}};
  return j;
}

// A symbol by its uid alone (it names the file, the qualified name and the kind); a file's top
// level by its path.
Json nodeJson(const Node& n) {
  Json j = n.symbol.id ? Json{{"uid", n.symbol.uid}} : Json{{"file_path", n.symbol.path}};
  j["line"] = n.line;
  j["level"] = n.level;
  if (!n.test) j["via"] = n.via;
  return j;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The arguments of one call, checked.
struct ImpactArgs {
  bool bySymbols = false;
  std::string base, head;
  int depth = 2;
  size_t budget = kDefaultBudget;
};

// Reads the arguments into `out`; the refusal of the first invalid one (the budget, then
// `symbols` with a change, an empty revision, `head` without `base`, `changes` with `base`), or
// nullopt.
std::optional<ToolResult> readArguments(const Json& args, ImpactArgs& out) {
  if (auto small = budgetBelow(args, kMinBudget)) return *small;
  out.bySymbols = args.contains("symbols");
  out.base = argString(args, "base"), out.head = argString(args, "head");
  if (out.bySymbols && (args.contains("base") || args.contains("head") || args.contains("changes")))
    return ToolResult::error("Invalid arguments: give either `symbols` or a change (`changes`, `base`/`head`), not both.");
  for (const char* key : {"base", "head"})
    if (args.contains(key) && trimmed(argString(args, key)).empty())
      return ToolResult::error(std::string("Invalid argument '") + key + "': a git revision (a branch, tag or commit).");
  if (!out.head.empty() && out.base.empty())
    return ToolResult::error("Invalid argument 'head': it needs `base` (the change is base..head).");
  if (args.contains("changes") && args.contains("base"))
    return ToolResult::error("Invalid arguments: `changes` is the working tree against HEAD; with `base` the change is base..head (or base..the working tree). Give one.");
  out.depth = static_cast<int>(std::clamp<int64_t>(argInt(args, "depth", 2), 1, kMaxDepth));
  out.budget = static_cast<size_t>(std::clamp<int64_t>(argInt(args, "token_budget", kDefaultBudget), kMinBudget, kMaxBudget));
  return std::nullopt;
}

// The time each step of a call takes, for the debug log: lap(name) ends the step `name` now and
// starts the next.
class Phases {
 public:
  void lap(const char* name) {
    const auto now = Clock::now();
    phases_.emplace_back(name, std::chrono::duration<double, std::milli>(now - t0_).count());
    t0_ = now;
  }
  // " name 1.0 ms" per step, in order.
  std::string line() const {
    std::string line;
    for (const auto& [name, ms] : phases_) line += fmt::format(" {} {:.1f} ms", name, ms);
    return line;
  }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point t0_ = Clock::now();
  std::vector<std::pair<const char*, double>> phases_;
};

// The answer to a change that could not be read: the reader's own sentence when the change is
// named wrong or not found.
ToolResult changeRefusal(const Error& e) {
  if (e.code == ErrorCode::kCancelled) return ToolResult::error("The call was cancelled.");
  if (e.code == ErrorCode::kInvalidArgument || e.code == ErrorCode::kNotFound) return ToolResult::error(e.message);
  return ToolResult::error("The change could not be read: " + e.message);
}

// Orders the changed symbols: deleted and modified first (what breaks), then moved, then added;
// by file and line.
void orderChanges(std::vector<Changed>& symbols) {
  auto rank = [](const std::string& c) { return c == "deleted" ? 0 : c == "modified" ? 1 : c == "moved" ? 2 : 3; };
  std::stable_sort(symbols.begin(), symbols.end(), [&](const Changed& a, const Changed& b) {
    return std::make_tuple(rank(a.change), std::cref(a.symbol.path), a.symbol.range.line) <
           std::make_tuple(rank(b.change), std::cref(b.symbol.path), b.symbol.range.line);
  });
}

// Sets each symbol node's centrality from the index (a reference list does not carry it), which
// ranks dependents within a level.
Status readCentrality(const ToolEnv& env, std::vector<Node>& nodes) {
  for (auto& n : nodes) {
    if (n.symbol.id == 0) continue;
    auto full = env.index->byId(n.symbol.id);
    if (!full) return full.error();
    if (*full) n.symbol.centrality = (*full)->centrality;
  }
  return okStatus();
}

// Splits the walk's nodes into dependents and tests, each by level, then centrality (highest
// first), file and line.
void splitByTests(const std::vector<Node>& nodes, std::vector<const Node*>& deps, std::vector<const Node*>& tests) {
  for (const auto& n : nodes) (n.test ? tests : deps).push_back(&n);
  auto order = [](const Node* a, const Node* b) {
    return std::make_tuple(a->level, -a->symbol.centrality, std::cref(a->symbol.path), a->line) <
           std::make_tuple(b->level, -b->symbol.centrality, std::cref(b->symbol.path), b->line);
  };
  std::stable_sort(deps.begin(), deps.end(), order);
  std::stable_sort(tests.begin(), tests.end(), order);
}

// The tests to run found so far: changed test code (level 0), then the tests the walk reached.
std::vector<Json> testsReached(const ChangeSet& changes, const std::vector<const Node*>& tests) {
  std::vector<Json> testItems;
  for (const auto& c : changes.symbols)
    if (c.symbol.id != 0 && c.change != "deleted" && model::isTestPath(c.symbol.path) && model::isCallable(c.symbol.kind))
      testItems.push_back(Json{{"uid", c.symbol.uid}, {"line", c.symbol.range.line}, {"level", 0}});
  for (const Node* n : tests) testItems.push_back(nodeJson(*n));
  return testItems;
}

// Adds the test files linked by imports, unless a test of that file is listed already.
void addImportTests(std::vector<Json>& testItems, const ChangeSet& changes, const std::vector<const Node*>& tests,
                    const std::vector<ImportTest>& byImports) {
  std::set<std::string> testFiles;
  for (const Node* n : tests) testFiles.insert(n->symbol.path);
  for (const auto& c : changes.symbols)
    if (c.symbol.id != 0 && model::isTestPath(c.symbol.path)) testFiles.insert(c.symbol.path);
  for (const auto& t : byImports)
    if (!testFiles.count(t.path))
      testItems.push_back(Json{{"file_path", t.path}, {"line", t.line}, {"level", t.level}, {"via", "imports"}});
}

// Test files committed together with the changed files in the history the index keeps, not
// otherwise listed: the tests a project habitually changes with that code (a registry, a
// process, a fixture may stand between them and it, where neither calls nor imports reach).
// Commits of more than kBulkCommitFiles files link nothing; at most kHistoryTests files, those
// that share the most commits first. Listed after every test that reaches the change.
constexpr uint32_t kBulkCommitFiles = 50;
constexpr uint32_t kHistoryTests = 10;

Status addHistoryTests(const ToolEnv& env, std::vector<Json>& testItems, const ChangeSet& changes) {
  std::set<std::string> listed, paths;
  for (const Json& t : testItems)
    listed.insert(t.contains("uid") ? t["uid"].get<std::string>().substr(0, t["uid"].get<std::string>().find("::"))
                                    : t["file_path"].get<std::string>());
  for (const auto& c : changes.symbols)
    if (!model::isTestPath(c.symbol.path)) paths.insert(c.symbol.path);
  if (paths.empty()) return okStatus();
  auto found = env.index->testsCommittedWith({paths.begin(), paths.end()}, kBulkCommitFiles,
                                             kHistoryTests + static_cast<uint32_t>(listed.size()));
  if (!found) return found.error();
  size_t added = 0;
  for (const auto& [path, commits] : *found) {
    if (listed.count(path) || added == kHistoryTests) continue;
    testItems.push_back(Json{{"file_path", path}, {"via", "history"}, {"commits", commits}});
    ++added;
  }
  return okStatus();
}

// Orders the tests: one of each file first (by level; those linked by history last), then the
// others, so that an answer cut at its budget still names every test file it can.
void oneTestPerFileFirst(std::vector<Json>& testItems) {
  std::set<std::string> firstOfFile;
  std::vector<std::pair<std::tuple<bool, int64_t, size_t>, Json>> keyed;
  for (size_t i = 0; i < testItems.size(); ++i) {
    const Json& t = testItems[i];
    const std::string file = t.contains("uid") ? t["uid"].get<std::string>().substr(0, t["uid"].get<std::string>().find("::"))
                                               : t["file_path"].get<std::string>();
    const bool repeat = !firstOfFile.insert(file).second;
    keyed.push_back({{repeat, t.value("level", int64_t{INT32_MAX}), i}, t});
  }
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  testItems.clear();
  for (auto& [key, t] : keyed) testItems.push_back(std::move(t));
}

// The answer's risk: how many depend, in how many files, how central, and how many changed
// symbols no test reaches within `depth` (`testCount` tests reach the change).
Json riskJson(const ChangeSet& changes, const std::vector<const Node*>& deps, const std::vector<const Node*>& tests,
              const std::vector<ImportTest>& byImports, bool capped, size_t testCount, int depth) {
  std::set<std::string> depFiles;
  double maxCentrality = 0;
  for (const Node* n : deps) {
    depFiles.insert(n->symbol.path);
    maxCentrality = std::max(maxCentrality, n->symbol.centrality);
  }
  size_t considered = 0, untested = 0;
  std::string mostCentral;
  double changedMax = -1;
  for (size_t i = 0; i < changes.symbols.size(); ++i) {
    const Changed& c = changes.symbols[i];
    if (c.change == "deleted" || c.symbol.id == 0 || model::isTestPath(c.symbol.path)) continue;
    ++considered;
    bool reached = false;
    for (const Node* t : tests) reached = reached || t->seeds.has(i);
    for (const auto& t : byImports) reached = reached || t.covers.has(i);
    if (!reached) ++untested;
    if (c.symbol.centrality > changedMax) {
      changedMax = c.symbol.centrality;
      mostCentral = c.symbol.uid;
    }
    maxCentrality = std::max(maxCentrality, c.symbol.centrality);
  }
  size_t level1 = 0;
  for (const Node* n : deps) level1 += n->level == 1;
  std::string summary = plural(changes.symbols.size(), "changed symbol", "changed symbols") + "; " +
                        plural(deps.size(), "dependent", "dependents") + (capped ? "+" : "") + " in " +
                        plural(depFiles.size(), "file", "files") + " (" + std::to_string(level1) + " direct); " +
                        plural(testCount, "test reaches", "tests reach") + " the change";
  if (considered) summary += "; " + std::to_string(untested) + " of " + std::to_string(considered) + " changed symbols reached by no test within depth " + std::to_string(depth);
  summary += ".";
  return Json{{"dependents", deps.size()}, {"files", depFiles.size()}, {"untested", untested},
              {"max_centrality", std::round(maxCentrality * 100) / 100}, {"summary", summary}};
}

// The changed symbols the index has, less the added ones: the names whose unbound sites are
// possible dependents.
std::vector<Symbol> possiblyNamed(const ChangeSet& changes) {
  std::vector<Symbol> named;
  for (const auto& c : changes.symbols)
    if (c.symbol.id != 0 && c.change != "added") named.push_back(c.symbol);
  return named;
}

// What the answer says was compared: "symbols", "working_tree", "base..working_tree" or
// "base..head".
std::string changesLabel(const ImpactArgs& a) {
  return a.bySymbols ? "symbols" : a.head.empty() ? (a.base.empty() ? "working_tree" : a.base + "..working_tree") : a.base + ".." + a.head;
}

// The answer's notes: the change reading's, then the walk's bounds, the dangling references
// left out, and the possible references'.
std::vector<std::string> answerNotes(const ChangeSet& changes, const Walk& walk, const Possible& possible) {
  std::vector<std::string> notes = changes.notes;
  if (walk.capped) notes.push_back("The walk stopped at its bounds (" + std::to_string(kSourcesPerSymbol) + " dependents read per symbol, " + std::to_string(kExpandPerLevel) + " symbols per level): there are more dependents than listed; ask with depth 1 or fewer symbols.");
  if (walk.danglingCut) notes.push_back(std::to_string(walk.danglingCut) + " more unresolved references name deleted symbols (common names; not listed).");
  if (std::string pn = possibleNote(possible); !pn.empty()) notes.push_back(pn);
  return notes;
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  ImpactArgs a;
  if (auto refused = readArguments(args, a)) return *refused;
  if (auto wait = notReady(env, ctx)) return *wait;

  Phases phases;  // logged at debug level
  auto changes = a.bySymbols ? changesFromSymbols(env, args["symbols"]) : changesFromGit(env, a.base, a.head, ctx);
  phases.lap("change");
  if (!changes) return changeRefusal(changes.error());
  orderChanges(changes->symbols);

  Walk walk{env, *changes, a.depth, {}, {}, {}, {}, false, 0};
  if (auto st = walk.run(ctx); !st) {
    if (st.error().code == ErrorCode::kCancelled) return ToolResult::error("The call was cancelled.");
    return ToolResult::error("The index could not be read: " + st.error().message);
  }
  phases.lap("walk");
  if (auto st = readCentrality(env, walk.nodes); !st)
    return ToolResult::error("The index could not be read: " + st.error().message);
  std::vector<const Node*> deps, tests;
  splitByTests(walk.nodes, deps, tests);
  std::vector<Json> testItems = testsReached(*changes, tests);
  phases.lap("rank");
  auto byImports = importTests(env, *changes, a.depth);
  if (!byImports) return ToolResult::error("The index could not be read: " + byImports.error().message);
  addImportTests(testItems, *changes, tests, *byImports);
  Json risk = riskJson(*changes, deps, tests, *byImports, walk.capped, testItems.size(), a.depth);
  phases.lap("imports");
  if (auto st = addHistoryTests(env, testItems, *changes); !st)
    return ToolResult::error("The index could not be read: " + st.error().message);
  oneTestPerFileFirst(testItems);
  phases.lap("history");
  auto possible = possibleReferences(env, possiblyNamed(*changes), kPossibleSites);
  if (!possible) return ToolResult::error("The index could not be read: " + possible.error().message);

  phases.lap("possible");
  ImpactAnswer parts{changesLabel(a), changes->files, {}, {}, std::move(testItems), possibleJson(*possible),
                     std::move(risk), answerNotes(*changes, walk, *possible), a.budget};
  for (const auto& c : changes->symbols) parts.changed.push_back(changedJson(c));
  for (const Node* n : deps) parts.dependents.push_back(nodeJson(*n));
  Json out = packImpactAnswer(parts);
  phases.lap("pack");
  if (spdlog::should_log(spdlog::level::debug))
    spdlog::debug("impact: {} changed, {} dependents, {} tests;{}", changes->symbols.size(), deps.size(),
                  parts.tests.size(), phases.line());
  return ToolResult::ofJson(std::move(out));
}

}  // namespace

Tool makeImpactTool(std::shared_ptr<const ToolEnv> env) {
  return boundTool("impact", "Impact of a change", kDescription, schema(), std::move(env), run);
}

}  // namespace cg::tools