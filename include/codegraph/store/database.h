// The SQLite database of one repository's index: opening (WAL, busy timeout), schema creation,
// and rebuild of a database that is corrupt or of another schema version. Only src/store
// includes <sqlite3.h>; other modules see this handle as an opaque object.
//
// Threads: a Database (one sqlite3 connection) is used by one thread at a time. Readers and the
// writer open separate connections; WAL gives every reader a consistent snapshot per transaction.
//
// Processes: only the elected indexer (indexer/indexer_lock.h) opens a database writable; that
// open repairs it: WAL recovery of a killed writer, the schema re-applied (restoring indexes an
// interrupted bulk load dropped), a file that is no database, is shorter than its header says
// (truncated: SQLite compares its header with the file's size) or of another version deleted and
// rebuilt. These checks read a few pages, whatever
// the size of the file: `PRAGMA quick_check` reads all of it (six minutes for the kernel's 5.9 GB
// index on a cold cache), so it runs only when asked for (OpenOptions::fullCheck), which the
// indexer does when SQLite has reported corruption in a file that passed the cheap checks. Every connection has a busy timeout (10 s); the writer's BEGIN IMMEDIATE
// is retried a few times past it; read-only opens never write, rebuild or wait on a writer.
// A read-only connection's statement stops with SQLITE_INTERRUPT (ErrorCode::kCancelled) once
// the calling thread's tool call is cancelled (support/stop_scope.h): the call's time limit
// then also bounds a single long statement.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "codegraph/support/expected.h"

struct sqlite3;

namespace cg::store {

inline constexpr int kSchemaVersion = 17;  // 17: Python member reads and writes (`self.x`, `env.dir = d`) bind to fields and properties

struct OpenOptions {
  std::filesystem::path path;
  bool readOnly = false;
  // Rebuild (delete and recreate) a database that is corrupt or of another schema version.
  // Readers never rebuild; they report the error.
  bool rebuildIfIncompatible = true;
  // Writers only: also run `PRAGMA quick_check` (reads the whole file) and rebuild on failure.
  bool fullCheck = false;
};

class Database {
 public:
  static Expected<std::unique_ptr<Database>> open(const OpenOptions& options);
  // A read-only connection for a helper thread of the indexing process (binding, the analytics
  // of a full index): its reads are spread over the whole file or stream through it once, so it
  // maps nothing (mapped pages count in the resident memory) and keeps a small page cache (the
  // OS caches the file; the helpers keep what they need).
  static Expected<std::unique_ptr<Database>> openHelperReader(const std::filesystem::path& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  sqlite3* handle() const { return db_; }
  const std::filesystem::path& path() const { return path_; }
  bool wasRebuilt() const { return rebuilt_; }
  // Whether this connection records which files' graph rows change, in temp.cg_graph_changes
  // (SqliteGraphSource::track): a statement that inserts or deletes rows of symbols, refs or
  // doc_mentions then records their files itself (recordGraphChange), which per-row triggers
  // would do at several times the cost of the write (a refresh writes every row of its files).
  bool tracksGraphChanges() const { return tracksGraphChanges_; }
  void setTracksGraphChanges() { tracksGraphChanges_ = true; }

  Status exec(const std::string& sql);
  Expected<std::string> meta(const std::string& key);
  Status setMeta(const std::string& key, const std::string& value);

 private:
  Database(sqlite3* db, std::filesystem::path path) : db_(db), path_(std::move(path)) {}
  sqlite3* db_;
  std::filesystem::path path_;
  bool rebuilt_ = false;
  bool tracksGraphChanges_ = false;
};

// Called, from the thread that met it, whenever SQLite reports a damaged database (SQLITE_CORRUPT,
// SQLITE_NOTADB) on any connection: the serving process uses it to have the index checked and
// rebuilt (indexer/service.h, "Damage"). Set once, before any connection is opened.
void setCorruptionHandler(std::function<void()> handler);

// Makes the folder that holds `dbPath` ready for an index: missing folders are created 0700 (the
// index holds the repository's names and source excerpts; no other user reads it). With
// `privateFolder` (the default index folder, which no user chose), the folder must also be a
// directory owned by this user, not a symbolic link: another user could have created it first,
// in a shared temporary folder, and planted an index there. One it owns with wider permissions is
// narrowed to 0700. The error names the folder, what is wrong and the way out (--db PATH).
Status prepareDatabaseFolder(const std::filesystem::path& dbPath, bool privateFolder);

}  // namespace cg::store
