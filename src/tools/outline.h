// Internals of the outline tool (outline_tool.cpp): the 14 relation kinds, fetching a symbol's
// relations to a depth, and rendering symbols as the indented text tree or the JSON of
// docs/tools.md.
//
// Bounds: each relation of a symbol lists at most kItemsPerRelation related symbols at the
// first level and kItemsPerNestedRelation below it; the rest is counted in `more` and shown as
// "+N more" (text) or in "more_relations" (JSON). The token budget is applied by the caller.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "codegraph/tools/tools.h"

namespace cg::tools::outline {

constexpr size_t kItemsPerRelation = 15;
constexpr size_t kItemsPerNestedRelation = 8;

struct RelationInfo {
  const char* name;     // calls, calledBy, ... (docs/tools.md spelling)
  model::RefKind kind;  // the stored edge kind
  bool incoming;        // reverse direction (calledBy = incoming calls)
};

// The 14 relations in display order: structure first, then outgoing, then incoming.
const std::vector<RelationInfo>& relationTable();
// Index into relationTable() by name, or -1.
int relationIndex(const std::string& name);
// Shown when `relations` is absent: calls, calledBy, extends, extendedBy, implements,
// implementedBy, imports.
std::vector<int> defaultRelations();

struct Group;

// A symbol at the other end of a relation. `symbol.id` is 0 for a file's top level (incoming;
// symbol.path set) or a target outside the repository (outgoing, unresolved; `written` set).
struct Related {
  model::Symbol symbol;
  std::string written;    // the name as written, for targets outside the repository
  uint32_t siteLine = 0;  // the first reference site
  std::vector<Group> expanded;  // its own relations, one level deeper
};

struct Group {
  int relation = 0;  // index into relationTable()
  std::vector<Related> items;
  uint32_t more = 0;  // related symbols not listed
};

struct Options {
  std::vector<int> relations;  // indexes into relationTable(), display order
  int depth = 1;               // 0 = symbols alone
  bool omitNative = true;      // drop targets not defined in the repository
  // Sites listed per unproven relation: five for one symbol's outline; none in a
  // file, folder or project outline, which give the counts (the sites are one symbol outline
  // or symbol_context away, and repeated per member they were a third of a file's outline).
  size_t unprovenSites = 5;
};

// One outlined symbol: its relations and its nesting level in the text tree.
struct Node {
  model::Symbol symbol;
  int indent = 1;
  bool showPath = false;  // project mode: the path goes on the symbol's own line
  std::vector<Group> groups;
  // What its relations could not prove (docs/tools.md "Possible references"), first level
  // only: per incoming relation asked, the unbound references of its name it could answer; for
  // `calls`, its own unbound calls of names the repository defines (relation = calls).
  struct Unproven {
    int relation = 0;  // index into relationTable()
    uint32_t count = 0;
    bool atLeast = false;
    std::vector<model::UnboundRef> sites;  // the first Options::unprovenSites
  };
  std::vector<Unproven> unproven;
};


// Fills node.unproven for the relations of `opts`.
Status fetchUnproven(const ToolEnv& env, Node& node, const Options& opts);

// The relations of `s` to `opts.depth` levels. `expanded` holds the ids already expanded in this
// tree (the root included) so a cycle is listed but not followed twice. `presence`
// (SymbolIndex::fileSymbolsPage, asked for presenceKinds(opts)), when known, skips the first
// level's relations whose kind of reference the symbol has none of.
Expected<std::vector<Group>> fetchRelations(const ToolEnv& env, const model::Symbol& s,
                                            const Options& opts, std::set<int64_t>& expanded,
                                            const CallContext& ctx,
                                            const model::RefPresence* presence = nullptr);

// The kinds of reference the relations of `opts` read, per direction (for fileSymbolsPage).
model::PresenceKinds presenceKinds(const Options& opts);

// A file's top-level relations (imports and module-level calls), one level.
Expected<std::vector<Group>> fetchFileRelations(const ToolEnv& env, const std::string& path,
                                                const Options& opts);

// Text: the symbol's line and its relation lines, each ending in '\n'. `contextPath` is the file
// the reader is in: related symbols elsewhere get "(path:line)".
std::string renderText(const Node& node);
std::string renderGroupsText(const std::vector<Group>& groups, int indent,
                             const std::string& contextPath);
// JSON: {"uid","name","kind","path","line","end_line","signature","relations":{...}}.
Json renderJson(const Node& node);
Json groupsJson(const std::vector<Group>& groups, Json* moreOut);

}  // namespace cg::tools::outline
