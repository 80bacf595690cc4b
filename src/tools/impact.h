// What impact shares with get_context: the symbols of the current change.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "codegraph/tools/tools.h"

namespace cg::tools {

// Whether a get_context target asks for the current change ("the current change", "working
// tree", "diff", ...).
bool namesCurrentChange(std::string_view target);

// The symbols the working tree adds or modifies against HEAD (staged, unstaged, untracked), as
// the index holds them: modified first, then added, by file and line. Errors: no git work tree
// with a commit (kInvalidArgument, a sentence for the agent), an unreadable index.
Expected<std::vector<model::Symbol>> currentChangeSymbols(const ToolEnv& env, const CallContext& ctx);

}  // namespace cg::tools
