#include "common.h"

#include "codegraph/tools/tools.h"

namespace cg::tools {

Json kindEnumSchema(const std::string& description) {
  Json kinds = Json::array();
  for (int i = 0; i < model::kSymbolKindCount; ++i)
    kinds.push_back(std::string(model::toString(static_cast<model::SymbolKind>(i))));
  return Json{{"type", "string"}, {"enum", kinds}, {"description", description}};
}

Json scopeEnumSchema() {
  return Json{{"type", "string"},
              {"enum", {"impl", "test", "all"}},
              {"default", "impl"},
              {"description", "impl = production code only (default), test = test code only, all = both"}};
}

std::optional<model::Scope> parseScope(const std::string& s) {
  if (s == "impl") return model::Scope::kImpl;
  if (s == "test") return model::Scope::kTest;
  if (s == "all") return model::Scope::kAll;
  return std::nullopt;
}

std::string argString(const Json& args, const char* key, const std::string& fallback) {
  auto it = args.find(key);
  return it != args.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int64_t argInt(const Json& args, const char* key, int64_t fallback) {
  auto it = args.find(key);
  if (it == args.end() || !it->is_number()) return fallback;
  return it->is_number_integer() ? it->get<int64_t>() : static_cast<int64_t>(it->get<double>());
}

bool argBool(const Json& args, const char* key, bool fallback) {
  auto it = args.find(key);
  return it != args.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

Json definitionJson(const model::Symbol& s) {
  return Json{{"name", s.name},
              {"kind", std::string(model::toString(s.kind))},
              {"path", s.path},
              {"line", s.range.line},
              {"end_line", s.range.endLine},
              {"signature", s.signature},
              {"visibility", std::string(model::toString(s.visibility))},
              {"uid", s.uid}};
}

std::pair<std::string, std::string> splitQualifiedName(const std::string& text) {
  size_t colons = text.rfind("::");
  size_t dot = text.rfind('.');
  if (colons != std::string::npos && (dot == std::string::npos || colons > dot))
    return {text.substr(0, colons), text.substr(colons + 2)};
  if (dot != std::string::npos && dot > 0 && dot + 1 < text.size())
    return {text.substr(0, dot), text.substr(dot + 1)};
  return {"", text};
}

std::optional<ToolResult> notReady(const ToolEnv& env, const CallContext& ctx) {
  if (!env.waitReady) return std::nullopt;
  if (auto why = env.waitReady(ctx)) return ToolResult::error(*why);
  return std::nullopt;
}

}  // namespace cg::tools
