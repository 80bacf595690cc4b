// SqliteIndex's reads of files and what hangs on them: a file's symbols (whole or a page at a
// time), the files matching a request, documents naming a symbol, a file's git history and
// communities.
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "codegraph/store/sqlite_index.h"
#include "sqlite_index_lease.h"
#include "sqlite_index_rows.h"
#include "statement.h"

namespace cg::store {

Expected<std::vector<model::Symbol>> SqliteIndex::fileSymbols(const std::string& path) {
  CG_LEASE(lease);
  Statement st(lease.handle(), std::string("SELECT ") + kSymbolColumns +
                                   " FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? "
                                   "ORDER BY s.start_line, s.start_col, s.id", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "file symbols");
  st.bind(1, path);
  std::vector<model::Symbol> out;
  while (st.step()) out.push_back(readSymbol(st));
  if (st.failed()) return sqliteError(lease.handle(), "file symbols");
  return out;
}

Expected<uint32_t> SqliteIndex::fileSymbolCount(const std::string& path) {
  CG_LEASE(lease);
  Statement st(lease.handle(),
               "SELECT count(*) FROM symbols WHERE file_id = (SELECT id FROM files WHERE path = ?)", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "file symbol count");
  st.bind(1, path);
  if (!st.step()) return sqliteError(lease.handle(), "file symbol count");
  return static_cast<uint32_t>(st.i64(0));
}

Expected<model::SymbolIndex::FileSymbolsPage> SqliteIndex::fileSymbolsPage(
    const std::string& path, uint32_t offset, uint32_t limit, const model::PresenceKinds* presenceOf) {
  CG_LEASE(lease);
  // Presence: one probe of refs_by_source (source_id, kind) or refs_to (target_id, kind) per
  // symbol of the page and kind asked for.
  std::string sql = std::string("SELECT ") + kSymbolColumns;
  std::vector<std::pair<model::RefKind, bool>> probes;  // (kind, incoming), in column order
  if (presenceOf) {
    for (bool incoming : {false, true})
      for (auto kind : incoming ? presenceOf->incoming : presenceOf->outgoing) {
        probes.emplace_back(kind, incoming);
        sql += std::string(", EXISTS (SELECT 1 FROM refs r WHERE r.") + (incoming ? "target_id" : "source_id") +
               " = s.id AND r.kind = '" + std::string(model::toString(kind)) + "')";
      }
  }
  // The page is chosen first, by id alone: the order needs a sort by column (symbols_by_file
  // ends at the line), and a sort computes its rows in full, the probes included, for every row
  // it skips (the second page of a 343-field header probed the first 200 again).
  sql += " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id IN (SELECT p.id FROM symbols p "
         "WHERE p.file_id = (SELECT id FROM files WHERE path = ?) "
         "ORDER BY p.start_line, p.start_col, p.id LIMIT ? OFFSET ?) "
         "ORDER BY s.start_line, s.start_col, s.id";
  Statement st(lease.handle(), sql, kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "file symbols");
  st.bind(1, path).bind(2, static_cast<int64_t>(limit) + 1).bind(3, static_cast<int64_t>(offset));
  FileSymbolsPage out;
  while (st.step()) {
    if (out.symbols.size() == limit) {
      out.more = true;
      break;
    }
    out.symbols.push_back(readSymbol(st));
    if (presenceOf) {
      model::RefPresence p;
      for (size_t i = 0; i < probes.size(); ++i) {
        if (st.i64(kSymbolColumnCount + static_cast<int>(i)) == 0) continue;
        const uint32_t bit = 1u << static_cast<unsigned>(probes[i].first);
        (probes[i].second ? p.incoming : p.outgoing) |= bit;
      }
      out.presence.push_back(p);
    }
  }
  if (st.failed()) return sqliteError(lease.handle(), "file symbols");
  return out;
}

Expected<std::optional<model::Community>> SqliteIndex::community(int64_t communityId) {
  CG_LEASE(lease);
  Statement st(lease.handle(), "SELECT id, uid, label, size FROM communities WHERE id = ?", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "community");
  st.bind(1, communityId);
  if (!st.step()) {
    if (st.failed()) return sqliteError(lease.handle(), "community");
    return std::optional<model::Community>();
  }
  model::Community c;
  c.id = st.i64(0);
  c.uid = st.text(1);
  c.label = st.text(2);
  c.size = static_cast<uint32_t>(st.i64(3));
  return std::optional<model::Community>(std::move(c));
}

Expected<std::vector<model::DocumentRef>> SqliteIndex::documentsNaming(int64_t symbolId,
                                                                      uint32_t limit, bool* more) {
  CG_LEASE(lease);
  Statement st(lease.handle(),
               "SELECT f.path, coalesce(d.title, '') FROM doc_links l JOIN files f ON f.id = "
               "l.doc_file_id LEFT JOIN documents d ON d.file_id = l.doc_file_id "
               "WHERE l.symbol_id = ? ORDER BY f.path LIMIT ?", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "documents");
  st.bind(1, symbolId).bind(2, static_cast<int64_t>(limit) + 1);
  std::vector<model::DocumentRef> out;
  bool cut = false;
  while (st.step()) {
    if (out.size() >= limit) {
      cut = true;
      break;
    }
    model::DocumentRef d;
    d.path = st.text(0);
    d.title = st.text(1);
    if (d.title.empty()) d.title = d.path.substr(d.path.rfind('/') == std::string::npos ? 0 : d.path.rfind('/') + 1);
    d.uid = d.path + "::document";
    out.push_back(std::move(d));
  }
  if (st.failed()) return sqliteError(lease.handle(), "documents");
  if (more) *more = cut;
  return out;
}

Expected<model::FileHistory> SqliteIndex::fileHistory(const std::string& path) {
  CG_LEASE(lease);
  model::FileHistory h;
  Statement st(lease.handle(),
               "SELECT h.commits_90d, h.last_commit FROM file_history h JOIN files f ON f.id = "
               "h.file_id WHERE f.path = ?", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "file history");
  st.bind(1, path);
  if (!st.step()) {
    if (st.failed()) return sqliteError(lease.handle(), "file history");
    return h;
  }
  h.commits90d = static_cast<uint32_t>(st.i64(0));
  h.lastCommit = st.i64(1);
  Statement cs(lease.handle(),
               "SELECT c.time, c.hash, c.subject FROM file_commits c JOIN files f ON f.id = "
               "c.file_id WHERE f.path = ? ORDER BY c.time DESC LIMIT 20", kCached);
  if (!cs.valid()) return sqliteError(lease.handle(), "file commits");
  cs.bind(1, path);
  while (cs.step()) h.recent.push_back({cs.i64(0), cs.text(1), cs.text(2)});
  if (cs.failed()) return sqliteError(lease.handle(), "file commits");
  return h;
}

Expected<model::FileMatches> SqliteIndex::files(const model::FilesRequest& req, bool* more) {
  CG_LEASE(lease);
  model::FileMatches out;
  uint32_t limit = req.limit.value_or(100);
  std::string path = req.path;
  while (!path.empty() && path.back() == '/') path.pop_back();
  if (path.empty()) {
    if (more) *more = false;
    return out;
  }
  auto readFile = [](Statement& st) {
    model::FileInfo f;
    readColumns(st, 0, f.id, f.path, f.language, f.size, f.mtimeNs, f.hash, f.lines, f.isTest);
    return f;
  };
  // Code files only: documents have no symbols to outline. A whole path (the usual case) is one
  // lookup in the unique index; a suffix or a folder takes the scan below (20 ms on the kernel's
  // 57,000 files).
  {
    Statement exact(lease.handle(),
                    "SELECT f.id, f.path, f.language, f.size, f.mtime_ns, f.hash, f.lines, f.is_test "
                    "FROM files f WHERE f.path = ? AND f.language <> 'markdown'", kCached);
    if (!exact.valid()) return sqliteError(lease.handle(), "files");
    exact.bind(1, path);
    if (exact.step()) {
      out.exact = true;
      out.files = {readFile(exact)};
      if (more) *more = false;
      return out;
    }
    if (exact.failed()) return sqliteError(lease.handle(), "files");
  }
  Statement st(lease.handle(),
               "SELECT f.id, f.path, f.language, f.size, f.mtime_ns, f.hash, f.lines, f.is_test "
               "FROM files f WHERE f.language <> 'markdown' AND (f.path = ?1 OR f.path LIKE ?2 "
               "ESCAPE '\\' OR f.path LIKE ?3 ESCAPE '\\') ORDER BY f.path", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "files");
  std::string escaped;
  for (char c : path) {
    if (c == '%' || c == '_' || c == '\\') escaped += '\\';
    escaped += c;
  }
  st.bind(1, path).bind(2, "%/" + escaped).bind(3, escaped + "/%");
  std::vector<model::FileInfo> suffixes, under;
  while (st.step()) {
    model::FileInfo f = readFile(st);
    if (f.path == path) {
      out.exact = true;
      out.files = {f};
      if (more) *more = false;
      return out;
    }
    (f.path.rfind(path + "/", 0) == 0 ? under : suffixes).push_back(std::move(f));
  }
  if (st.failed()) return sqliteError(lease.handle(), "files");
  // A file suffix names files; only when none matches is the text taken as a folder.
  out.folder = suffixes.empty() && !under.empty();
  out.files = std::move(suffixes.empty() ? under : suffixes);
  bool cut = out.files.size() > limit;
  if (cut) out.files.resize(limit);
  if (more) *more = cut;
  return out;
}

Expected<std::vector<std::pair<std::string, std::string>>> SqliteIndex::fileHashes() {
  CG_LEASE(lease);
  Statement st(lease.handle(), "SELECT path, hash FROM files ORDER BY path", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "fileHashes");
  std::vector<std::pair<std::string, std::string>> out;
  while (st.step()) out.emplace_back(st.text(0), st.text(1));
  if (st.failed()) return sqliteError(lease.handle(), "fileHashes");
  return out;
}

Expected<std::vector<std::pair<std::string, uint32_t>>> SqliteIndex::testsCommittedWith(
    const std::vector<std::string>& paths, uint32_t maxCommitFiles, uint32_t limit) {
  CG_LEASE(lease);
  std::vector<std::pair<std::string, uint32_t>> out;
  std::set<std::string> commits;
  {
    Statement st(lease.handle(),
                 "SELECT c.hash FROM files f JOIN file_commits c ON c.file_id = f.id "
                 "WHERE f.path = ? AND c.files <= ?", kCached);
    if (!st.valid()) return sqliteError(lease.handle(), "testsCommittedWith");
    for (const auto& p : paths) {
      st.bind(1, p).bind(2, static_cast<int64_t>(maxCommitFiles));
      while (st.step()) commits.insert(st.text(0));
      if (st.failed()) return sqliteError(lease.handle(), "testsCommittedWith");
      st.reset();
    }
  }
  if (commits.empty()) return out;
  // The test files are few beside the files: each one's commits are read by the file index.
  Statement st(lease.handle(),
               "SELECT f.path, c.hash FROM files f CROSS JOIN file_commits c ON c.file_id = f.id "
               "WHERE f.is_test = 1 AND c.files <= ?", kCached);
  if (!st.valid()) return sqliteError(lease.handle(), "testsCommittedWith");
  st.bind(1, static_cast<int64_t>(maxCommitFiles));
  std::map<std::string, uint32_t> shared;
  while (st.step())
    if (commits.count(st.text(1))) ++shared[st.text(0)];
  if (st.failed()) return sqliteError(lease.handle(), "testsCommittedWith");
  const std::set<std::string> changed(paths.begin(), paths.end());
  for (auto& [path, n] : shared)
    if (!changed.count(path)) out.emplace_back(path, n);
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (out.size() > limit) out.resize(limit);
  return out;
}

static_assert(kSymbolColumnCount == 20, "readSymbol reads 20 columns");

}  // namespace cg::store
