// The tool table in tools/list order, and the initialize instructions that say which tool to
// use when.
#include "codegraph/tools/tools.h"

namespace cg::tools {

ToolRegistry makeRegistry(std::shared_ptr<const ToolEnv> env) {
  ToolRegistry r;
  r.add(makeSymbolsTool(env));
  r.add(makeSymbolContextTool(env));
  r.add(makeGetContextTool(env));
  r.add(makeOutlineTool(env));
  r.add(makeSearchTool(env));
  r.add(makeImpactTool(env));
  return r;
}

std::string serverInstructions(const std::string& root) {
  return "Repository: " + root + "\n" + "codegraph-mcp answers questions about this repository's code from a symbol graph, "
         "so you need not grep or read whole files.\n"
         "- symbols: where is X defined (exact name, or Class.method / pkg.Func / ns::f), and "
         "who references it.\n"
         "- symbol_context: everything around one symbol (callers, callees, imports, base "
         "types, members, uses, with sites; a field's readers and writers; its community; "
         "optionally its source); pass a uid from an earlier answer.\n"
         "- get_context: the context to read before changing a symbol, ranked and packed "
         "into a token budget (callees, callers, types, with reasons and source); mode intent "
         "for a task (fix, refactor, understand, ...) on a name, file or a few words; mode path "
         "for the shortest call chain between two symbols.\n"
         "- outline: a file's symbols in line order with signatures and relations (read it "
         "instead of the file), one symbol with its members, or the most central symbols of "
         "the project.\n"
         "- search: find symbols when you only know part of the name or a few words.\n"
         "- impact: what a change touches (the working tree against HEAD, base..head, or symbols "
         "you name): changed symbols, dependents level by level, the tests that reach them.\n"
         "Edges are proven; what the index could not bind is listed apart as `possible` (the "
         "unbound sites of a symbol's name) and `unresolved_outgoing`: read those sites rather "
         "than grepping the repository. Paths are relative to the repository root; lines are "
         "1-based.";
}

}  // namespace cg::tools
