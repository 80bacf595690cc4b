// Helpers shared by the tool files: argument access with defaults, enum vocabularies for
// schemas, symbol → JSON renderings used by several tools.
#pragma once

#include <optional>
#include <string>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tool.h"

namespace cg::tools {

Json kindEnumSchema(const std::string& description);
Json scopeEnumSchema();
std::optional<model::Scope> parseScope(const std::string& s);

std::string argString(const Json& args, const char* key, const std::string& fallback = "");
int64_t argInt(const Json& args, const char* key, int64_t fallback);
bool argBool(const Json& args, const char* key, bool fallback);

// {"name","kind","path","line","end_line","signature","visibility","uid"}
Json definitionJson(const model::Symbol& s);

// Splits "Class.method", "pkg.Func", "ns::f" into qualifier and name.
std::pair<std::string, std::string> splitQualifiedName(const std::string& text);

// The result when the index is not ready yet (or nullopt when it is).
std::optional<ToolResult> notReady(const struct ToolEnv& env, const CallContext& ctx);

}  // namespace cg::tools
