// search — fuzzy find when the exact name is unknown. docs/tools.md.
#include "codegraph/tools/tools.h"
#include "common.h"

namespace cg::tools {
namespace {

constexpr int64_t kMaxLimit = 200;

// What tools/list says the tool is for (schema(): how to call it).
constexpr const char* kDescription =
    "Find symbols from words or name fragments. Exact name: symbols.";

Json schema() {
  return objectSchema(
      withFilterArguments(
          {{"query", nonEmptyStringSchema("Words or name fragments.")},
           {"limit",
            {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxLimit}, {"default", 20}}}}),
      {"query"});
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  std::string query = argString(args, "query");
  bool blank = true;
  for (char c : query)
    if (std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80)) blank = false;
  if (blank) return ToolResult::error("Invalid argument 'query': must contain at least one letter or digit.");
  if (auto wait = notReady(env, ctx)) return *wait;
  model::SearchRequest req;
  req.query = query;
  auto kind = parseKindArgument(args);
  if (!kind) return ToolResult::error(kind.error().message);
  req.kind = *kind;
  req.scope = parseScope(argString(args, "scope", "impl")).value_or(model::Scope::kImpl);
  req.limit = static_cast<uint32_t>(std::clamp<int64_t>(argInt(args, "limit", 20), 1, kMaxLimit));
  bool more = false;
  auto hits = env.index->search(req, &more);
  if (!hits) return ToolResult::error("The index could not be read: " + hits.error().message);
  Json out = Json::array();
  for (const auto& h : *hits) {
    out.push_back(Json{{"uid", h.symbol.uid},
                       {"name", h.symbol.name},
                       {"kind", std::string(model::toString(h.symbol.kind))},
                       {"path", h.symbol.path},
                       {"line", h.symbol.range.line},
                       {"signature", h.symbol.signature},
                       {"score", h.score}});
  }
  return ToolResult::ofJson(std::move(out));
}

}  // namespace

Tool makeSearchTool(std::shared_ptr<const ToolEnv> env) {
  return boundTool("search", "Fuzzy search", kDescription, schema(), std::move(env), run);
}

}  // namespace cg::tools
