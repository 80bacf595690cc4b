// SymbolIndex: the read interface the tools and graph algorithms query (docs/tools.md). Every
// call takes a request struct with an optional limit and says, through `more`, whether results
// were cut: nothing unbounded, nothing silently truncated. Implemented by store::SqliteIndex.
//
// Threads: implementations are safe to call concurrently (each call uses its own read
// snapshot), so the MCP worker pool can serve several tools at once.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "codegraph/model/symbol.h"
#include "codegraph/support/expected.h"

namespace cg::model {

// impl excludes test code (docs/CONTRACT.md §4).
enum class Scope : uint8_t { kImpl, kTest, kAll };

struct LookupRequest {
  std::string name;                 // exact, last segment
  std::string qualifier;            // "Class", "pkg", "ns::Class" (optional)
  std::optional<SymbolKind> kind;   // family rules of kindMatches
  Scope scope = Scope::kImpl;
  std::string fileSuffix;           // path or path suffix (optional)
  std::optional<uint32_t> limit;
};

struct SearchRequest {
  std::string query;                // words, fragments, prefixes
  std::optional<SymbolKind> kind;
  Scope scope = Scope::kImpl;
  std::optional<uint32_t> limit;
};

struct SearchHit {
  Symbol symbol;
  double score = 0;  // higher is better, in [0,1]
};

// One end of an edge as seen from a symbol: the edge and the symbol at its other end.
// For an unresolved outgoing reference `other` has id 0 and only a name.
struct EdgeView {
  Edge edge;
  // The symbol at the other end, as far as a reference list shows it: id, uid, name,
  // qualifiedName, kind, path and range (lines). Its signature, doc and scores are not read
  // (byId has them): a hub's 50 callers cost half as much without them.
  Symbol other;
};

// A resolved edge seen from one end, without the other end's symbol (SymbolIndex::neighbours).
struct Neighbour {
  int64_t otherId = 0;
  RefKind kind = RefKind::kCalls;
  double confidence = 0;
};

struct RefsRequest {
  int64_t symbolId = 0;
  std::vector<RefKind> kinds;  // empty = all
  bool incoming = true;
  bool includeUnresolved = false;  // outgoing only
  std::optional<uint32_t> limit;
  // With symbolId 0: the references made at this file's top level (imports, module-level
  // calls). Outgoing only.
  std::string topLevelOfFile;
  // Incoming only: one reference per source symbol (per file for references made at a file's
  // top level), the first in index order, and `limit` counts sources, not sites. Only those
  // rows are read in full: a caller with 40 call sites costs what one with one does.
  bool oneSitePerSource = false;
};
// Outgoing `imports` rows are returned only when `kinds` names imports explicitly.

// How many references a symbol has, per edge kind: `sites` counts reference rows, `distinct`
// the different symbols at the other end (an unresolved target counts once per written name;
// a file's top level counts once per file). Outgoing counts skip unresolved references unless
// includeUnresolved, like refs().
struct RefCount {
  uint32_t sites = 0;
  uint32_t distinct = 0;
};
struct RefCounts {
  RefCount byKind[kRefKindCount];
  bool capped = false;  // RefCountsRequest::cap was reached: the counts are a lower bound
  const RefCount& operator[](RefKind k) const { return byKind[static_cast<size_t>(k)]; }
};
// Which kinds of reference a symbol has in each direction: bit (1 << kind) of each kind asked
// for (PresenceKinds) that has at least one, of any state (a superset of what refs() finds).
struct RefPresence {
  uint32_t outgoing = 0;
  uint32_t incoming = 0;
  bool has(RefKind kind, bool incomingSide) const {
    return ((incomingSide ? incoming : outgoing) >> static_cast<unsigned>(kind)) & 1u;
  }
};
// The kinds whose presence fileSymbolsPage reports, per direction.
struct PresenceKinds {
  std::vector<RefKind> outgoing;
  std::vector<RefKind> incoming;
};
struct RefCountsRequest {
  int64_t symbolId = 0;
  bool incoming = true;
  bool includeUnresolved = false;
  bool distinct = true;  // false: only `sites` is counted (`distinct` stays 0), which is cheaper
  // Incoming sites only (distinct false): count at most this many, in index order (by kind),
  // so a hub's 100,000 uses cost what 1,000 do; 0 = exact.
  uint32_t cap = 0;
};

// Symbols of the whole repository, most central first (ties: path, line).
struct RankedRequest {
  std::string language;  // empty = every language
  Scope scope = Scope::kAll;
  std::optional<uint32_t> limit;
};
struct RankedSymbols {
  std::vector<Symbol> symbols;
  uint32_t total = 0;  // symbols passing the filters, before the limit
};

// Indexed code files (not documents) matching a path: the exact path, a path suffix ending at
// a '/' boundary ("store/tasks.go"), or a folder prefix ("src/store" or "src/store/"), in path
// order. `exact` is set when one file has exactly this path.
struct FilesRequest {
  std::string path;
  std::optional<uint32_t> limit;
};
struct FileMatches {
  std::vector<FileInfo> files;
  bool exact = false;
  bool folder = false;  // the matches are the files under a folder of this name
};

// A reference that stayed unbound although the repository defines its name: a receiver or
// qualifier of unknown type, or several candidates no evidence separates (refs.candidates > 0).
// References the resolver ruled out (the receiver's type is known, the name is a built-in or
// comes from a library) have no candidates and are not listed. Never an edge: the tools show
// them apart, as possible references of the definitions of that name (tools/possible.h).
struct UnboundRef {
  int64_t refId = 0;
  RefKind kind = RefKind::kCalls;
  std::string path;        // the reference's file
  std::string language;    // that file's language id
  uint32_t line = 0;
  uint32_t column = 0;
  std::string sourceUid;   // the enclosing symbol; empty at a file's top level
  std::string qualifier;   // as written before the name: "self.env", "" for a bare name
  std::string name;        // as written, last segment
  uint32_t candidates = 0; // definitions of the name the resolver could not choose between
};
// unboundNamed: every unbound reference written with `name`, of every kind but imports and
// contains, in index order, at most `cap` (then `more`).
// unboundFrom: the unbound references made inside symbol `symbolId`, in source order.

// A file that imports (includes) another: its path and the line of its first such reference.
struct ImportSite {
  std::string path;
  uint32_t line = 0;
};

class SymbolIndex {
 public:
  virtual ~SymbolIndex() = default;
  virtual Expected<std::vector<Symbol>> lookup(const LookupRequest& request, bool* more) = 0;
  virtual Expected<std::optional<Symbol>> byUid(const std::string& uid) = 0;
  virtual Expected<std::optional<Symbol>> byId(int64_t id) = 0;
  // The symbols whose qualified name is one of `qualifiedNames` (one index seek each), at most
  // `limit` in all (then `more`).
  virtual Expected<std::vector<Symbol>> byQualifiedNames(const std::vector<std::string>& qualifiedNames,
                                                         uint32_t limit, bool* more) = 0;
  virtual Expected<std::vector<SearchHit>> search(const SearchRequest& request, bool* more) = 0;
  virtual Expected<std::vector<EdgeView>> refs(const RefsRequest& request, bool* more) = 0;
  // The resolved symbol-to-symbol edges of a symbol, one row per reference, at most `limit`
  // (`more` says whether there were others): the cheap read graph walks make for every symbol
  // they visit. No positions, no symbols (byId fetches the ones needed); references from a
  // file's top level and outgoing imports are left out. Which `limit` rows a symbol with more
  // gets is fixed by the index (not by path, unlike refs).
  virtual Expected<std::vector<Neighbour>> neighbours(int64_t symbolId, bool incoming, uint32_t limit,
                                                      bool* more) = 0;
  // Up to `limit` existing names close to `name` (case, edit distance, shared parts).
  virtual Expected<std::vector<std::string>> similarNames(const std::string& name,
                                                          uint32_t limit) = 0;
  // Every symbol of a file in line order (start line, column, id).
  virtual Expected<std::vector<Symbol>> fileSymbols(const std::string& path) = 0;
  // How many symbols a file has.
  virtual Expected<uint32_t> fileSymbolCount(const std::string& path) = 0;
  // Up to `limit` of a file's symbols in the order of fileSymbols, from the `offset`-th on, so a
  // caller that shows the first few of a header's thousands reads only those. With
  // `presenceOf`, also for each of them which of those kinds of reference start at it and which
  // end at it (one index probe each), so a caller outlining a file asks refs() only for the kinds
  // that can answer (most symbols of a header have none: a field is read and written, never
  // called).
  struct FileSymbolsPage {
    std::vector<Symbol> symbols;
    std::vector<RefPresence> presence;  // parallel to symbols, when asked for
    bool more = false;                  // symbols follow this page
  };
  virtual Expected<FileSymbolsPage> fileSymbolsPage(const std::string& path, uint32_t offset,
                                                    uint32_t limit,
                                                    const PresenceKinds* presenceOf) = 0;

  // Analytics (src/graph computes them; empty until the first computation).
  virtual Expected<std::optional<Community>> community(int64_t communityId) = 0;
  // Documents naming the symbol, by path.
  virtual Expected<std::vector<DocumentRef>> documentsNaming(int64_t symbolId, uint32_t limit,
                                                             bool* more) = 0;
  virtual Expected<FileHistory> fileHistory(const std::string& path) = 0;

  // Browsing (outline, symbol_context).
  virtual Expected<RefCounts> refCounts(const RefCountsRequest& request) = 0;
  virtual Expected<std::vector<UnboundRef>> unboundNamed(const std::string& name, uint32_t cap,
                                                        bool* more) = 0;
  virtual Expected<std::vector<UnboundRef>> unboundFrom(int64_t symbolId, uint32_t cap, bool* more) = 0;
  // The calls made inside symbol `symbolId` that reach no definition of the repository: unbound
  // with no candidate (a built-in, a library, a receiver whose type is outside the repository).
  // With its edges and unboundFrom, every call the symbol's own body makes. In source order, at
  // most `cap` (then `more`).
  virtual Expected<std::vector<UnboundRef>> outsideCallsFrom(int64_t symbolId, uint32_t cap, bool* more) = 0;
  // Every unresolved reference written with `name`, imports included and whatever its candidate
  // count: the references a deleted definition leaves behind (they name nothing now). At most
  // `cap`, in index order (then `more`).
  virtual Expected<std::vector<UnboundRef>> danglingNamed(const std::string& name, uint32_t cap,
                                                          bool* more) = 0;
  // The files whose imports (includes) the resolver bound to the file `path`, one entry each, in
  // path order, at most `limit` (then `more`).
  virtual Expected<std::vector<ImportSite>> importersOf(const std::string& path, uint32_t limit, bool* more) = 0;
  // The files the file `path` imports (includes), as the resolver bound them: each one's path and
  // the line of the first import of it, in path order, at most `limit` (then `more`).
  virtual Expected<std::vector<ImportSite>> importsOf(const std::string& path, uint32_t limit, bool* more) = 0;
  virtual Expected<RankedSymbols> rankedSymbols(const RankedRequest& request, bool* more) = 0;
  virtual Expected<FileMatches> files(const FilesRequest& request, bool* more) = 0;
  // Every indexed file's path and content hash, in path order: what a caller compares with an
  // earlier read to learn which files the index has seen change since.
  virtual Expected<std::vector<std::pair<std::string, std::string>>> fileHashes() = 0;
  // The test files committed together with any of `paths` in the commits the index keeps of each
  // (its recent history), leaving out commits that touched more than `maxCommitFiles` files (bulk
  // changes link nothing): each with how many of those commits it shares, most first, then by
  // path; at most `limit`. Empty outside a git work tree.
  virtual Expected<std::vector<std::pair<std::string, uint32_t>>> testsCommittedWith(
      const std::vector<std::string>& paths, uint32_t maxCommitFiles, uint32_t limit) = 0;
};

}  // namespace cg::model
