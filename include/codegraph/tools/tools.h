// The tools codegraph-mcp serves, built over the read interface (model::SymbolIndex). One file
// per tool in src/tools; this header wires them into a ToolRegistry.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tool.h"

namespace cg::tools {

// The working tree's change as last read from git (src/tools/impact_changes.cpp).
class WorkingTreeCache;
std::shared_ptr<WorkingTreeCache> newWorkingTreeCache();

struct ToolEnv {
  model::SymbolIndex* index = nullptr;
  std::filesystem::path repoRoot;  // absolute, canonical
  std::string repoName;            // the root folder's name
  // Blocks until the index can answer. Returns an error sentence (saying how far indexing has
  // got) when it is not ready within the wait bound; nullopt when ready.
  std::function<std::optional<std::string>(const CallContext&)> waitReady;
  // The languages the index extracts, by every name a user may give (`py`, `golang`, `c#`)
  // with its id, the ids first; and whether a path is a header whose declarations a source
  // file defines. Both come from the language registry where the env is made
  // (lang::languageNames, lang::isHeaderPath): tools name no language themselves.
  std::vector<std::pair<std::string, std::string>> languageNames;
  bool (*isHeader)(std::string_view path) = nullptr;
  // Whether a reference written in a file of one language can name a definition in another
  // (lang::sameBindingFamily), and whether a language's bare calls reach the members of the
  // enclosing class (its rules' implicitThis). Unset: the same language only, and no.
  bool (*sameFamily)(std::string_view refLanguage, std::string_view defLanguage) = nullptr;
  bool (*implicitThis)(std::string_view language) = nullptr;
  // Runs git in the repository root with these arguments (no shell, no repository hooks or
  // external programs; indexer::runGit) and returns its stdout, or an error sentence. Unset:
  // no git (impact then takes symbols only).
  std::function<Expected<std::string>(const std::vector<std::string>& args)> git;
  // The symbols the extractor finds in `text` as the file `path` in language `languageId` (""
  // for the language the index would give the path), in source order, each with its uid for
  // that path, its range and signature; `parentId` is the 1-based position of its parent in the
  // list (0: top level) and `id` its own position. Fails when no language extracts it. Unset:
  // old versions cannot be read.
  std::function<Expected<std::vector<model::Symbol>>(const std::string& path, std::string_view text,
                                                     const std::string& languageId)>
      extractSymbols;
  // The working tree's change against HEAD as the last call read it: while HEAD and git's index
  // stay as they were, a later call asks git only about the files whose indexed content changed
  // since (impact.h). One per env; thread-safe.
  std::shared_ptr<WorkingTreeCache> workingTree = newWorkingTreeCache();
};

Tool makeSymbolsTool(std::shared_ptr<const ToolEnv> env);
Tool makeSymbolContextTool(std::shared_ptr<const ToolEnv> env);
Tool makeOutlineTool(std::shared_ptr<const ToolEnv> env);
Tool makeSearchTool(std::shared_ptr<const ToolEnv> env);
Tool makeGetContextTool(std::shared_ptr<const ToolEnv> env);
Tool makeImpactTool(std::shared_ptr<const ToolEnv> env);

// Every implemented tool, in the order tools/list shows them.
ToolRegistry makeRegistry(std::shared_ptr<const ToolEnv> env);

// The `instructions` text of initialize: the repository served (`root`, as
// cli::ServedRoot::describe() words it), then which tool to use when.
std::string serverInstructions(const std::string& root);

}  // namespace cg::tools
