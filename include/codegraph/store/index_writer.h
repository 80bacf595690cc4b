// IndexWriter: the single writer of an index. Takes one file's extraction at a time inside the
// caller's transaction (transaction.h), replacing whatever the database held for that path;
// applies resolved targets, the structural passes' results and bulk loads; selects what a write
// leaves to resolve again (the references of changed files and names, importers, import targets).
// What the resolver reads is IndexReader's (index_reader.h). SQL stays in src/store, the
// resolution policy in src/indexer.
//
// Threads: one IndexWriter per process, used by one thread (the writer thread).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "codegraph/model/symbol.h"
#include "codegraph/store/database.h"
#include "codegraph/store/index_reader.h"

namespace cg::store {

using RefRecord = model::WrittenRef;

struct FileRecord {
  model::FileInfo info;   // path, language, size, mtimeNs, hash, lines, isTest
  std::string package;
  bool parseErrors = false;
  bool otherBuild = false;  // the file belongs to another build than the default (lang::Rules)
  std::vector<model::Symbol> symbols;  // uid, names, kind, range, signature, ... (ids ignored)
  std::vector<int32_t> parents;        // per symbol: index of its parent, -1 = top level
  std::vector<RefRecord> refs;
  bool isDocument = false;
  std::string title;
  std::vector<std::string> mentions;
};

struct WriteResult {
  int64_t fileId = 0;
  std::vector<std::string> removedNames;  // names of symbols the file no longer defines
  std::vector<std::string> addedNames;    // names of symbols it newly defines
  // Names of declarations a receiver may be typed through that came, went or changed their
  // declared type (types, and symbols with a declared type).
  std::vector<std::string> retypedNames;
};

// Which references a page of refsPage() holds.
enum class RefPage { kInheritance, kOthers };  // extends/implements; the rest but `contains`

// What an import reference is bound to (IndexWriter::importTargets): its module's file and the
// definition it imports by name (0: none).
struct ImportTarget {
  int64_t fileId = 0;
  int64_t symbolId = 0;
  bool operator==(const ImportTarget&) const = default;
};

struct Resolution {
  int64_t refId = 0;
  int64_t targetId = 0;      // 0 = unresolved
  int64_t targetFileId = 0;  // imports
  double confidence = 0;
  uint32_t candidates = 0;
  bool drop = false;         // a read/write reaching no module-level variable: kept, not an edge
};

class IndexWriter {
 public:
  explicit IndexWriter(Database& db);
  ~IndexWriter();
  IndexWriter(const IndexWriter&) = delete;
  IndexWriter& operator=(const IndexWriter&) = delete;

  // Bulk load (a first, full index): the secondary indexes of symbols and refs are dropped
  // while files are written (beginBulkLoad), which is several times cheaper than maintaining
  // them row by row, and built again in two steps. buildResolveIndexes builds the ones the
  // resolution reads (kResolveIndexes); endBulkLoad builds all the others once every resolution
  // is applied: applying one sets a reference's target_id, and keeping the indexes on target_id
  // (refs_to, refs_graph_edges, refs_bases, refs_by_target_file) up to date at random positions cost
  // the kernel's full index 234 s. beginBulkLoad and buildResolveIndexes run outside a
  // transaction, endBulkLoad inside the caller's. If the process dies before endBulkLoad is
  // committed, the next Database::open recreates every index from the schema.
  // buildIndexes builds the named indexes of the schema that are missing, inside the caller's
  // transaction: a full index builds kGraphIndexes first of all the others, commits, and builds
  // the rest while its analytics read the graph on another connection (AnalyticsInBackground).
  Status beginBulkLoad();
  Status buildResolveIndexes();
  Status buildIndexes(std::span<const std::string_view> names);
  Status endBulkLoad();

  Expected<WriteResult> writeFile(const FileRecord& file);
  // Removes a file and everything extracted from it; returns the names it defined.
  Expected<std::vector<std::string>> removeFile(const std::string& path);
  // Refreshes size/mtime of a file whose content hash did not change.
  Status touchFile(int64_t fileId, uint64_t size, int64_t mtimeNs);

  // All non-contains refs of the given files, every ref whose name is in `names`, and, when
  // `allImports` (a file was added, removed or changed language: module paths come and go),
  // every import — whole-module imports carry no name. An edit of existing files leaves the
  // module map as it was, so imports elsewhere can change only through the names they import.
  // `importerFiles`: files that import a changed or removed module; their qualified refs
  // (`os.path.join`, `pkg.engine.run`) may resolve through that module's aliases.
  // `receiverNames`: names whose definitions came, went or changed their declared type; calls
  // whose receiver or qualifier names one as a segment (`NewServer().Start()`, `x.store.Get()`
  // with `x := NewServer()`) are typed through it.
  Expected<std::vector<PendingRef>> refsToResolve(const std::vector<int64_t>& fileIds,
                                                  const std::vector<std::string>& names,
                                                  bool all,
                                                  const std::vector<int64_t>& importerFiles = {},
                                                  bool allImports = true,
                                                  const std::vector<std::string>& receiverNames = {});
  // A full index's references, a page at a time, ordered by (file_id, id): those after
  // (afterFile, afterId), at most `limit`.
  Expected<std::vector<PendingRef>> refsPage(RefPage which, int64_t afterFile, int64_t afterId,
                                             size_t limit);
  // Every import reference's module file and the symbol it binds (0: none), by reference id: a
  // refresh that changes the file set reads them before it removes or rewrites a file and compares
  // them after, to find the files whose imports now reach other files or other definitions.
  Expected<std::unordered_map<int64_t, ImportTarget>> importTargets();
  // Files whose imports name this file or a symbol defined in it.
  Expected<std::vector<int64_t>> importersOf(int64_t fileId);
  Expected<std::optional<int64_t>> fileIdOf(const std::string& path);
  Status applyResolutions(const std::vector<Resolution>& resolutions);

  // C++ members defined outside their class in another file (`int Foo::bar() {...}` in foo.cpp,
  // declared in foo.h) take the visibility of their declaration in the class body (same
  // qualified name and kind). Recomputed over all such definitions; returns how many changed.
  // `languages`: the language ids whose rules say so, space-separated with a space at each end
  // (" cpp ").
  Expected<size_t> inheritMemberVisibility(const std::string& languages);

  // A structural `implements` edge: `type` has every method of `interface` (Go's method sets).
  struct StructuralEdge {
    const StructuralType* type;
    const StructuralType* interface;
  };
  // Makes the structural `implements` edges (module '<structural>') exactly these, writing only
  // the rows that differ.
  Status replaceStructuralImplements(const std::vector<StructuralEdge>& edges);

  struct Counts {
    uint64_t files = 0, symbols = 0, unresolved = 0, documents = 0;
    std::map<std::string, uint64_t> filesByLanguage;
    std::map<std::string, uint64_t> symbolsByLanguage;
    std::map<std::string, uint64_t> edgesByKind;  // resolved edges
  };
  // The totals of the index; cached in meta (the first call after a change counts them).
  Expected<Counts> counts();
  // The cached totals as a reader sees them (meta key kCountsMeta), if a writer counted them
  // since the last change.
  static constexpr const char* kCountsMeta = "totals";
  static std::optional<Counts> decodeCounts(const std::string& text);
  // Drops the cached totals: every transaction that changes files, symbols or references calls
  // it before committing.
  Status forgetCounts();

  Database& database() { return db_; }

 private:
  struct Impl;
  Database& db_;
  std::unique_ptr<Impl> impl_;
};

// "parseHTTPRequest_v2" → "parse HTTP Request v2": the name parts FTS indexes.
std::string splitNameParts(const std::string& name);

}  // namespace cg::store
