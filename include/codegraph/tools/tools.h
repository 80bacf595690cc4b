// The tools codegraph-mcp serves, built over the read interface (model::SymbolIndex). One file
// per tool in src/tools; this header wires them into a ToolRegistry.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tool.h"

namespace cg::tools {

struct ToolEnv {
  model::SymbolIndex* index = nullptr;
  std::filesystem::path repoRoot;  // absolute, canonical
  std::string repoName;            // the root folder's name
  // Blocks until the index can answer. Returns an error sentence (saying how far indexing has
  // got) when it is not ready within the wait bound; nullopt when ready.
  std::function<std::optional<std::string>(const CallContext&)> waitReady;
};

Tool makeSymbolsTool(std::shared_ptr<const ToolEnv> env);
Tool makeSymbolContextTool(std::shared_ptr<const ToolEnv> env);
Tool makeOutlineTool(std::shared_ptr<const ToolEnv> env);
Tool makeSearchTool(std::shared_ptr<const ToolEnv> env);
Tool makeGetContextTool(std::shared_ptr<const ToolEnv> env);

// Every implemented tool, in the order tools/list shows them.
ToolRegistry makeRegistry(std::shared_ptr<const ToolEnv> env);

// The `instructions` text of initialize: which tool to use when.
std::string serverInstructions();

}  // namespace cg::tools
