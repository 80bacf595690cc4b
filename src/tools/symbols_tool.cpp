// symbols — where is X defined (exact name). docs/tools.md.
#include <set>

#include "codegraph/tools/tools.h"
#include "common.h"
#include "possible.h"

namespace cg::tools {
namespace {

constexpr int64_t kMaxLimit = 500;
constexpr uint32_t kReferencedByLimit = 50;
// References counted at most, over all the definitions together (the note then says "at
// least"): counting a hub's 100,000 uses read as many index entries (u64 on the kernel: 20 ms),
// and a cap per definition still read 50 x 1,000 for a name like `lock` with 50 busy fields.
constexpr uint32_t kCountCap = 1000;
// Possible references: of the first kPossibleOf definitions, kPossibleSites sites per category.
constexpr size_t kPossibleOf = 20;
constexpr uint32_t kPossibleSites = 10;

// What tools/list says the tool is for (schema(): how to call it).
constexpr const char* kDescription =
    "Where a name is defined and what references it, plus unbound sites that may (possible). "
    "Use instead of grep for a known name.";

Json schema() {
  return objectSchema(
      withFilterArguments(
          {{"name", nonEmptyStringSchema("Exact name or Class.method.")},
           {"file", {{"type", "string"}, {"description", "Path suffix."}}},
           {"limit",
            {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxLimit}, {"default", 50}}}}),
      {"name"});
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  const std::string asked = trimmed(argString(args, "name"));
  if (asked.empty()) return ToolResult::error("Invalid argument 'name': must be a non-empty symbol name.");
  if (auto wait = notReady(env, ctx)) return *wait;

  model::LookupRequest req;
  auto [qualifier, name] = splitQualifiedName(asked);
  req.name = name;
  req.qualifier = qualifier;
  auto kind = parseKindArgument(args);
  if (!kind) return ToolResult::error(kind.error().message);
  req.kind = *kind;
  req.scope = parseScope(argString(args, "scope", "impl")).value_or(model::Scope::kImpl);
  if (args.contains("file")) {
    auto file = repoRelativePath(env, argString(args, "file"), "file");
    if (!file) return ToolResult::error(file.error().message);
    req.fileSuffix = *file;
  }
  req.limit = static_cast<uint32_t>(std::clamp<int64_t>(argInt(args, "limit", 50), 1, kMaxLimit));

  bool more = false;
  auto defs = env.index->lookup(req, &more);
  if (!defs) return ToolResult::error("The index could not be read: " + defs.error().message);

  if (defs->empty()) {
    auto similar = env.index->similarNames(name, 5);
    if (!similar) return ToolResult::error("The index could not be read: " + similar.error().message);
    // The name may exist outside the filters (in test code, another kind or file).
    uint32_t elsewhere = 0;
    const bool filtered = req.kind || !req.fileSuffix.empty() || req.scope != model::Scope::kAll;
    if (filtered) {
      model::LookupRequest all = req;
      all.kind.reset();
      all.fileSuffix.clear();
      all.scope = model::Scope::kAll;
      all.limit = 100;
      bool allMore = false;
      auto others = env.index->lookup(all, &allMore);
      if (!others) return ToolResult::error("The index could not be read: " + others.error().message);
      elsewhere = static_cast<uint32_t>(others->size());
    }
    if (similar->empty() && elsewhere == 0) return ToolResult::ofJson(Json::array());
    std::string note = "No definition named '" + asked + "'";
    const bool explicitFilters = args.contains("kind") || args.contains("file") || args.contains("scope");
    if (elsewhere || explicitFilters) note += " with these filters (scope " + argString(args, "scope", "impl") +
                          (req.kind ? ", kind " + argString(args, "kind") : "") +
                          (req.fileSuffix.empty() ? "" : ", file " + req.fileSuffix) + ")";
    if (elsewhere)
      note += "; " + std::to_string(elsewhere) + " definition" + (elsewhere == 1 ? "" : "s") +
              " outside them (try scope all, or drop kind/file)";
    if (!similar->empty()) note += "; these names are close";
    note += ".";
    return ToolResult::ofJson(Json{{"definitions", Json::array()},
                                   {"did_you_mean", *similar},
                                   {"note", note}});
  }

  Json definitions = Json::array();
  for (const auto& d : *defs) definitions.push_back(definitionJson(d));

  // Incoming references to any of the definitions (containment excluded).
  Json referencedBy = Json::array();
  uint32_t total = 0;
  bool atLeast = false;
  const std::vector<model::RefKind> kinds = {
      model::RefKind::kCalls, model::RefKind::kImports, model::RefKind::kExtends,
      model::RefKind::kImplements, model::RefKind::kUses, model::RefKind::kAccesses,
      model::RefKind::kAssigns};
  uint32_t budget = std::min<uint32_t>(*req.limit, kReferencedByLimit);
  for (const auto& d : *defs) {
    if (ctx.cancelled()) return ToolResult::error("Cancelled.");
    if (total >= kCountCap && referencedBy.size() >= budget) {  // nothing left to count or list
      atLeast = true;
      break;
    }
    const uint32_t countUpTo = total < kCountCap ? kCountCap - total : 1;
    auto counts = env.index->refCounts({d.id, true, false, /*distinct=*/false, countUpTo});
    if (!counts) return ToolResult::error("The index could not be read: " + counts.error().message);
    uint32_t sites = 0;
    for (auto k : kinds) sites += (*counts)[k].sites;
    total += sites;
    atLeast = atLeast || counts->capped;
    if (sites == 0 || referencedBy.size() >= budget) continue;  // nothing to read for this one
    model::RefsRequest rr;
    rr.symbolId = d.id;
    for (auto k : kinds)  // only the kinds that have sites (all when the count stopped early)
      if ((*counts)[k].sites > 0 || counts->capped) rr.kinds.push_back(k);
    rr.incoming = true;
    rr.limit = budget - static_cast<uint32_t>(referencedBy.size());
    bool cut = false;
    auto refs = env.index->refs(rr, &cut);
    if (!refs) return ToolResult::error("The index could not be read: " + refs.error().message);
    for (const auto& v : *refs) {
      // The uid names the referencing symbol's file, qualified name and kind (a file's top
      // level: its path): the reference is that and the line of its site.
      referencedBy.push_back(Json{{"uid", v.other.id != 0 ? v.other.uid : v.edge.sourcePath},
                                  {"line", v.edge.line}});
    }
  }
  // The unbound references that could name one of them (at most kPossibleOf definitions).
  std::vector<model::Symbol> possibleOf(defs->begin(),
                                        defs->begin() + std::min<size_t>(defs->size(), kPossibleOf));
  auto possible = possibleReferences(env, possibleOf, kPossibleSites);
  if (!possible) return ToolResult::error("The index could not be read: " + possible.error().message);
  if (total == 0 && !more && possible->total() == 0) return ToolResult::ofJson(std::move(definitions));

  std::string note;
  if (more)
    note = "More than " + std::to_string(defs->size()) + " definitions; " +
           (req.limit < kMaxLimit ? "raise limit (at most " + std::to_string(kMaxLimit) + ") or " : std::string()) +
           "filter by kind/file. ";
  if (total > referencedBy.size()) {
    note += std::to_string(referencedBy.size()) + " of " + (atLeast ? "at least " : "") + std::to_string(total) +
            " references shown; use symbol_context for one definition's edges by kind.";
  } else {
    note += std::to_string(total) + " reference" + (total == 1 ? "" : "s") + ".";
  }
  if (possible->total() > 0) note += " " + possibleNote(*possible);
  Json out{{"definitions", std::move(definitions)}, {"referenced_by", std::move(referencedBy)}};
  if (possible->total() > 0) out["possible"] = possibleJson(*possible);
  out["note"] = note;
  return ToolResult::ofJson(std::move(out));
}

}  // namespace

Tool makeSymbolsTool(std::shared_ptr<const ToolEnv> env) {
  return boundTool("symbols", "Find definitions", kDescription, schema(), std::move(env), run);
}

}  // namespace cg::tools
