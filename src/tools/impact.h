// The change impact reads (src/tools/impact_changes.cpp), and what get_context shares of it:
// the symbols of the current change.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codegraph/tools/tools.h"

namespace cg::tools {

// One changed symbol.
struct Changed {
  model::Symbol symbol;            // the index's (id != 0), or the old version's (id 0) when deleted
  // The head version's, when the change is base..head and the working tree is not at head:
  // what the answer shows (its lines and signature), while `symbol` is what the walk follows.
  std::optional<model::Symbol> shown;
  std::string change;       // added, modified, deleted, moved
  std::string fromPath;     // moved: the file it was in
  std::string oldSignature; // modified: the signature before, when it differs
  std::optional<model::SymbolKind> parentKind;
};

// A change: its symbols, its files, and what the reading noticed.
struct ChangeSet {
  std::vector<Changed> symbols;
  Json files = Json::array();  // [{"file_path","change","from_file_path"?}]
  std::vector<std::string> notes;
  // Files whose old version's definitions were the references' names: deleted or moved files
  // (their module names, for the imports that named them).
  std::vector<std::pair<std::string, std::string>> goneModules;  // (stem, old path)
};


// The change from git: `base` (default HEAD) against `head` (default: the working tree, with its
// untracked files). Errors: not a git work tree, an unknown or malformed revision
// (kInvalidArgument, a sentence for the agent), cancelled, an unreadable index.
Expected<ChangeSet> changesFromGit(const ToolEnv& env, const std::string& base, const std::string& head,
                                   const CallContext& ctx);

// The symbols an agent names (uids or names; a name stands for each of its definitions, at most
// 10), each as `modified`. Errors: an empty or too long list, a name with no definition.
Expected<ChangeSet> changesFromSymbols(const ToolEnv& env, const Json& names);

// A path's file name up to its first '.'.
std::string stemOf(const std::string& path);

// Whether a get_context target asks for the current change ("the current change", "working
// tree", "diff", ...).
bool namesCurrentChange(std::string_view target);

// The symbols the working tree adds or modifies against HEAD (staged, unstaged, untracked), as
// the index holds them: modified first, then added, by file and line. Errors: no git work tree
// with a commit (kInvalidArgument, a sentence for the agent), an unreadable index.
Expected<std::vector<model::Symbol>> currentChangeSymbols(const ToolEnv& env, const CallContext& ctx);

}  // namespace cg::tools
