// Finding the symbol(s) a tool argument names: a uid, a plain or qualified name ("Class.method",
// "pkg.Func", "ns::f", "os.path.join"), optionally narrowed by a file path or suffix. Shared by
// symbol_context and outline so both read names the same way.
#pragma once

#include <string>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tools.h"

namespace cg::tools {

struct SymbolQuery {
  std::string uid;   // tried first when set
  std::string name;  // a name, a qualified name, or a uid
  std::string file;  // repository-relative path or suffix (already checked), may be empty
  uint32_t limit = 20;
};

struct Resolution {
  std::vector<model::Symbol> matches;      // most central first; empty = not found
  bool more = false;                       // more matches than `limit`
  std::string note;                        // how the name was read, when not literally
  std::vector<model::Symbol> suggestions;  // close names' definitions, when nothing matched
};

// Scope is `all`: test code is found too. When a C/C++ function is both declared in a header
// and defined in a source file, and nothing else matches, the definition alone is returned.
Expected<Resolution> resolveSymbol(const ToolEnv& env, const SymbolQuery& query);

// {"uid","name","kind","file_path","line"}: a candidate or suggestion.
Json candidateJson(const model::Symbol& s);

}  // namespace cg::tools
