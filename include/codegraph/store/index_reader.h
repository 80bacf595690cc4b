// IndexReader: the reads name resolution makes of an index (src/indexer's Resolver, module map
// and structural passes): the file table, definitions by name and by id, a file's imports, a
// type's bases, declared types and signatures. It writes nothing, so it serves on the writer's
// connection (inside its transaction, seeing its uncommitted rows) and on a read-only one alike
// (a full index's bind helpers).
//
// Every read that fails returns its error; none returns a partial answer as if complete.
// Threads: one IndexReader per connection, used by that connection's thread.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codegraph/model/symbol.h"
#include "codegraph/store/database.h"
#include "codegraph/support/expected.h"

namespace cg::store {

// A definition as the resolver sees it.
struct DefinitionRow {
  int64_t id = 0;
  int64_t fileId = 0;
  int64_t parentId = 0;
  std::string qualifiedName;
  model::SymbolKind kind = model::SymbolKind::kFunction;
  uint8_t paramsMin = 0, paramsMax = 255;  // callables: the arguments a call must / may pass
  uint32_t startLine = 0, endLine = 0;
};

struct FileRow {
  int64_t id = 0;
  std::string path, language, package;
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  std::string hash;
  bool otherBuild = false;  // files.other_build
};

// A reference awaiting resolution.
struct PendingRef {
  int64_t id = 0;
  int64_t fileId = 0;
  int64_t sourceId = 0;
  model::RefKind kind = model::RefKind::kCalls;
  std::string name, qualifier, module, alias;
  std::string receiver;  // refs.receiver: the type expression of a local receiver, else ""
  int16_t arity = -1;    // refs.arity: the arguments a call passes, -1 when not known
};

// The indexes of schema.sql that the statements a resolution runs need (their query plans
// with only these are the ones with every index):
//   definitionsNamed, valueDefinitionsNamed → symbols_by_name_kind; importsOf, refsPage (and its order) → refs_by_file;
//   basesOf → refs_by_source; inheritMemberVisibility → symbols_by_qualified, symbols_by_file.
// definition and applyResolutions go by rowid, files() scans. Go's structural pass is not part
// of it: it reads refs_bases and refs_structural (kGraphIndexes), built once every resolution is applied.
inline constexpr std::array<std::string_view, 5> kResolveIndexes = {
    "symbols_by_name_kind", "symbols_by_qualified", "symbols_by_file", "refs_by_file",
    "refs_by_source"};

// The indexes the graph's readers need before the others: the analytics load
// (SqliteGraphSource reads every edge through refs_graph_edges) and Go's structural pass.
inline constexpr std::array<std::string_view, 3> kGraphIndexes = {"refs_graph_edges", "refs_structural",
                                                                   "refs_bases"};

// Go structural typing: a top-level type with the names of its methods (interfaces: their method
// specs; other types: methods whose receiver names them, in the same directory).
struct StructuralType {
  int64_t id = 0, fileId = 0;
  std::string name, dir;
  uint32_t line = 0, column = 0;
  bool isInterface = false;
  std::vector<std::string> methods;
};

class IndexReader {
 public:
  explicit IndexReader(Database& db);
  ~IndexReader();
  IndexReader(const IndexReader&) = delete;
  IndexReader& operator=(const IndexReader&) = delete;

  Expected<std::vector<FileRow>> files();
  // The rows of these paths only (those the index holds), and whether it holds any file at all:
  // a refresh of a few paths need not read the kernel's 57k rows.
  Expected<std::vector<FileRow>> filesAt(const std::vector<std::string>& paths);
  Expected<bool> hasFiles();
  Expected<std::vector<DefinitionRow>> definitionsNamed(const std::string& name);
  // Only the variables and constants of that name, the definitions a read or write can bind to:
  // their kind is in the index entry, so the others' rows (the kernel's 5,612 fields named
  // `flags`) are never read.
  Expected<std::vector<DefinitionRow>> valueDefinitionsNamed(const std::string& name);
  Expected<DefinitionRow> definition(int64_t id);
  // A symbol's declared type expression (symbols.type_expr; "" when none or no such symbol).
  Expected<std::string> typeExpr(int64_t id);
  // A symbol's signature (symbols.signature; "" when no such symbol).
  Expected<std::string> signature(int64_t id);
  Expected<std::vector<PendingRef>> importsOf(int64_t fileId);
  // Resolved `extends` targets of a symbol (for lookups in base classes).
  Expected<std::vector<int64_t>> basesOf(int64_t symbolId);
  // A symbol's declared bases (`extends` and `implements`) that name nothing in the repository:
  // unbound, with no candidate. Their names as written; `declared` is how many bases it has.
  struct OutsideBases {
    size_t declared = 0;
    std::vector<std::string> names;
  };
  Expected<OutsideBases> basesOutside(int64_t symbolId);
  // Go's named types (top-level struct, type, interface) with their method names, in path and
  // line order: an interface's declared methods; a concrete type's methods from any file of its
  // folder (package).
  // `languages`: the language ids with structural typing, as for inheritMemberVisibility.
  Expected<std::vector<StructuralType>> structuralTypes(const std::string& languages);
  // Every declared base edge (extends or implements as written, not Go's structural ones):
  // (type, base) pairs, from one read.
  Expected<std::vector<std::pair<int64_t, int64_t>>> declaredBases();

 private:
  struct Impl;
  Database& db_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cg::store
