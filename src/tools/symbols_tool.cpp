// symbols — where is X defined (exact name). SPEC §5.
#include <set>

#include "codegraph/tools/tools.h"
#include "common.h"

namespace cg::tools {
namespace {

constexpr int64_t kMaxLimit = 500;
constexpr uint32_t kReferencedByLimit = 50;

Json schema() {
  return Json{
      {"type", "object"},
      {"properties",
       {{"name", {{"type", "string"}, {"minLength", 1},
                  {"description", "Exact symbol name. Qualified forms accepted: Class.method, pkg.Func, ns::f."}}},
        {"kind", kindEnumSchema("Only this kind. Families: type also matches struct/enum/union; interface also trait; method also constructor; variable also constant/field/property.")},
        {"scope", scopeEnumSchema()},
        {"file", {{"type", "string"}, {"description", "Only definitions in this file (path or path suffix)."}}},
        {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxLimit}, {"default", 50},
                   {"description", "Maximum definitions returned (and references listed)."}}}}},
      {"required", {"name"}},
      {"additionalProperties", false}};
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  std::string raw = argString(args, "name");
  std::string trimmed = raw;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) trimmed.pop_back();
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.front()))) trimmed.erase(trimmed.begin());
  if (trimmed.empty()) return ToolResult::error("Invalid argument 'name': must be a non-empty symbol name.");
  if (auto wait = notReady(env, ctx)) return *wait;

  model::LookupRequest req;
  auto [qualifier, name] = splitQualifiedName(trimmed);
  req.name = name;
  req.qualifier = qualifier;
  if (args.contains("kind")) req.kind = model::parseSymbolKind(argString(args, "kind"));
  req.scope = parseScope(argString(args, "scope", "impl")).value_or(model::Scope::kImpl);
  req.fileSuffix = argString(args, "file");
  while (req.fileSuffix.rfind("./", 0) == 0) req.fileSuffix.erase(0, 2);
  req.limit = static_cast<uint32_t>(std::clamp<int64_t>(argInt(args, "limit", 50), 1, kMaxLimit));

  bool more = false;
  auto defs = env.index->lookup(req, &more);
  if (!defs) return ToolResult::error("The index could not be read: " + defs.error().message);

  if (defs->empty()) {
    auto similar = env.index->similarNames(name, 5);
    if (!similar || similar->empty()) return ToolResult::ofJson(Json::array());
    std::string note = "No definition named '" + trimmed + "'";
    if (req.kind || !req.fileSuffix.empty() || req.scope != model::Scope::kAll)
      note += " with these filters (scope " + argString(args, "scope", "impl") + ")";
    note += "; these names are close.";
    return ToolResult::ofJson(Json{{"definitions", Json::array()},
                                   {"did_you_mean", *similar},
                                   {"note", note}});
  }

  Json definitions = Json::array();
  for (const auto& d : *defs) definitions.push_back(definitionJson(d));

  // Incoming references to any of the definitions (containment excluded).
  Json referencedBy = Json::array();
  uint32_t total = 0;
  bool refsCut = false;
  const std::vector<model::RefKind> kinds = {
      model::RefKind::kCalls, model::RefKind::kImports, model::RefKind::kExtends,
      model::RefKind::kImplements, model::RefKind::kUses, model::RefKind::kAccesses,
      model::RefKind::kAssigns};
  uint32_t budget = std::min<uint32_t>(*req.limit, kReferencedByLimit);
  for (const auto& d : *defs) {
    if (ctx.cancelled()) return ToolResult::error("Cancelled.");
    model::RefsRequest rr;
    rr.symbolId = d.id;
    rr.kinds = kinds;
    rr.incoming = true;
    rr.limit = 1000;
    bool cut = false;
    auto refs = env.index->refs(rr, &cut);
    if (!refs) return ToolResult::error("The index could not be read: " + refs.error().message);
    refsCut = refsCut || cut;
    total += static_cast<uint32_t>(refs->size());
    for (const auto& v : *refs) {
      if (referencedBy.size() >= budget) continue;
      Json item;
      if (v.other.id != 0) {
        item = Json{{"uid", v.other.uid}, {"name", v.other.name},
                    {"kind", std::string(model::toString(v.other.kind))}};
      } else {
        item = Json{{"uid", v.edge.sourcePath}, {"name", v.edge.sourcePath}, {"kind", "module"}};
      }
      item["path"] = v.edge.sourcePath;
      item["line"] = v.edge.line;
      referencedBy.push_back(std::move(item));
    }
  }
  if (total == 0 && !more) return ToolResult::ofJson(definitions);

  std::string note;
  if (more) note = "More than " + std::to_string(defs->size()) + " definitions; raise limit or filter by kind/file. ";
  if (total > referencedBy.size() || refsCut) {
    note += std::to_string(referencedBy.size()) + " of " + (refsCut ? "more than " : "") +
            std::to_string(total) + " references shown; use symbol_context for one definition's full list.";
  } else {
    note += std::to_string(total) + " reference" + (total == 1 ? "" : "s") + ".";
  }
  return ToolResult::ofJson(Json{{"definitions", definitions},
                                 {"referenced_by", referencedBy},
                                 {"note", note}});
}

}  // namespace

Tool makeSymbolsTool(std::shared_ptr<const ToolEnv> env) {
  Tool t;
  t.name = "symbols";
  t.title = "Find definitions by exact name";
  t.description =
      "Where is X defined? Give the exact name (or Class.method, pkg.Func, ns::f) and get each "
      "definition's file, line range, signature and uid, plus who references it when anything "
      "does. Use this instead of grep when you know the name. If you only know part of the name, "
      "use search; for one symbol's callers, callees and types in depth, use symbol_context.";
  t.inputSchema = schema();
  t.handler = [env](const Json& args, const CallContext& ctx) { return run(*env, args, ctx); };
  return t;
}

}  // namespace cg::tools
