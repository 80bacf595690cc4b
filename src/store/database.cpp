#include "codegraph/store/database.h"
#include "codegraph/store/transaction.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>
#include <thread>
#include <vector>

#include "codegraph/support/stop_scope.h"
#include "schema_sql.h"
#include "statement.h"

namespace cg::store {
namespace {

constexpr int kBusyTimeoutMs = 10000;  // every connection, reader or writer
constexpr int kBeginRetries = 3;       // BEGIN IMMEDIATE after the busy timeout expired
// A read-only connection's progress handler runs every this many SQLite virtual-machine
// instructions (tens of microseconds) and interrupts the statement once the calling thread's
// tool call is cancelled or past its time limit (support/stop_scope.h, docs/SECURITY.md).
constexpr int kProgressInstructions = 1000;

int interruptWhenStopped(void*) { return support::stopRequested() ? 1 : 0; }

void removeDatabaseFiles(const std::filesystem::path& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"})
    std::filesystem::remove(path.string() + suffix, ec);
}

Expected<sqlite3*> openConnection(const std::filesystem::path& path, bool readOnly) {
  // SQLite's memory statistics take one process-wide mutex on every allocation it makes, which
  // the full index's bind threads and its writer contend for; nothing here reads them. Only
  // possible before SQLite initialises (the first open); later it is refused, harmlessly.
  static const int kNoMemoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)kNoMemoryStatistics;
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_NOMUTEX | (readOnly ? SQLITE_OPEN_READONLY
                                              : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    Error e = sqliteError(db, "cannot open database " + path.string());
    sqlite3_close(db);
    return e;
  }
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  sqlite3_extended_result_codes(db, 0);
  // Readers only: a writer's statement is never left half done by a reader's cancel.
  if (readOnly) sqlite3_progress_handler(db, kProgressInstructions, interruptWhenStopped, nullptr);
  return db;
}

// Returns the schema version stored in the database, 0 for an empty database, or an error
// for a file that is not a database / is corrupt.
Expected<int> storedVersion(sqlite3* db) {
  Statement hasMeta(db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='meta'");
  if (!hasMeta.valid()) return sqliteError(db, "reading schema");
  if (!hasMeta.step()) return sqliteError(db, "reading schema");
  if (hasMeta.i64(0) == 0) {
    Statement any(db, "SELECT count(*) FROM sqlite_master");
    if (!any.valid() || !any.step()) return sqliteError(db, "reading schema");
    return any.i64(0) == 0 ? 0 : -1;  // -1: some other database
  }
  Statement v(db, "SELECT value FROM meta WHERE key='schema_version'");
  if (!v.valid()) return sqliteError(db, "reading schema version");
  if (!v.step()) return -1;
  return std::atoi(v.text(0).c_str());
}

}  // namespace

Status prepareDatabaseFolder(const std::filesystem::path& dbPath, bool privateFolder) {
  namespace fs = std::filesystem;
  const fs::path folder = dbPath.parent_path();
  if (folder.empty()) return okStatus();
  auto refuse = [&](const std::string& why) {
    return makeError(ErrorCode::kIo, "cannot keep the index in " + folder.string() + ": " + why +
                                         "; choose a writable folder of your own with --db PATH (or set "
                                         "XDG_CACHE_HOME)");
  };
  // Created from the outermost missing folder in, each 0700 (the umask can only narrow it).
  std::vector<fs::path> missing;
  for (fs::path p = folder; !p.empty(); p = p.parent_path()) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) == 0) break;
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it)
    if (::mkdir(it->c_str(), 0700) != 0 && errno != EEXIST) return refuse(std::strerror(errno));
  struct stat st {};
  if (::lstat(folder.c_str(), &st) != 0) return refuse(std::strerror(errno));
  if (privateFolder) {
    if (S_ISLNK(st.st_mode)) return refuse("it is a symbolic link, and this folder must be a real one");
    if (!S_ISDIR(st.st_mode)) return refuse("it is not a folder");
    if (st.st_uid != ::geteuid())
      return refuse("it belongs to another user (uid " + std::to_string(st.st_uid) + ")");
    if ((st.st_mode & 077) != 0 && ::chmod(folder.c_str(), 0700) != 0)
      return refuse(std::string("cannot make it private: ") + std::strerror(errno));
  } else if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    return refuse("it is not a folder");
  }
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return refuse(std::strerror(errno));
  return okStatus();
}

Expected<std::unique_ptr<Database>> Database::openHelperReader(const std::filesystem::path& path) {
  OpenOptions o;
  o.path = path;
  o.readOnly = true;
  o.rebuildIfIncompatible = false;
  auto db = open(o);
  if (!db) return db.error();
  if (auto s = (*db)->exec("PRAGMA mmap_size=0; PRAGMA cache_size=-8192"); !s) return s.error();
  return db;
}

Expected<std::unique_ptr<Database>> Database::open(const OpenOptions& options) {
  bool rebuilt = false;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!options.readOnly) {
      // The file is created 0600 here, and SQLite gives its -wal and -shm files the database
      // file's permissions.
      int fd = ::open(options.path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd >= 0) ::close(fd);
    }
    auto conn = openConnection(options.path, options.readOnly);
    if (!conn) return conn.error();
    std::unique_ptr<Database> db(new Database(*conn, options.path));
    db->rebuilt_ = rebuilt;
    auto version = storedVersion(*conn);
    bool incompatible = !version || (*version != 0 && *version != kSchemaVersion);
    std::string damage;
    if (!incompatible && !options.readOnly) {
      // A file cut short already failed storedVersion: SQLite compares the page count in the
      // header with the file's size when it first reads it.
      if (options.fullCheck) {
        Statement check(*conn, "PRAGMA quick_check(1)");
        if (!check.valid() || !check.step() || check.text(0) != "ok")
          damage = "PRAGMA quick_check: " + (check.valid() ? check.text(0) : std::string("failed"));
      }
      incompatible = !damage.empty();
    }
    if (incompatible) {
      std::string why = !version         ? version.error().message
                        : !damage.empty() ? damage
                                          : "schema version " + std::to_string(*version) +
                                                ", expected " + std::to_string(kSchemaVersion);
      if (options.readOnly || !options.rebuildIfIncompatible || attempt > 0)
        return makeError(ErrorCode::kCorrupt, "index database " + options.path.string() +
                                                  " is unusable (" + why + ")");
      spdlog::warn("index database {} is unusable ({}); rebuilding it", options.path.string(), why);
      db.reset();
      removeDatabaseFiles(options.path);
      rebuilt = true;
      continue;
    }
    if (!options.readOnly) {
      // temp_store=FILE: the sorter of a CREATE INDEX spills its runs to temporary files (which
      // the OS caches) instead of the heap. With MEMORY the kernel's deferred index build held
      // 2 GB of sort runs; small temporary tables stay in the page cache either way.
      // threads: a CREATE INDEX may sort on helper threads (the kernel's refs_to: 30 -> 19 s
      // with 2). No mmap for the writer: its reads are spread over the whole file, of which a
      // map would cover the first 256 MB, and each mapped page it touched counted in its
      // resident memory (277 MB of the kernel index's peak).
      const unsigned cores = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
      for (std::string pragma :
           {std::string("PRAGMA journal_mode=WAL"), std::string("PRAGMA synchronous=NORMAL"),
            std::string("PRAGMA foreign_keys=ON"), std::string("PRAGMA temp_store=FILE"),
            std::string("PRAGMA cache_size=-65536"), std::string("PRAGMA mmap_size=0"),
            "PRAGMA threads=" + std::to_string(cores)}) {
        if (auto s = db->exec(pragma); !s) return s.error();
      }
      // The schema is idempotent (IF NOT EXISTS): applying it on every writable open also
      // restores the secondary indexes a bulk load dropped, should it have been interrupted.
      auto schema = Transaction::begin(*db, Transaction::Mode::kWrite);
      if (!schema) return schema.error();
      if (auto s = db->exec(std::string(generated::kSchemaSql)); !s) return s.error();
      if (auto s = schema->commit(); !s) return s.error();
      if (*version == 0) {
        if (auto s = db->setMeta("schema_version", std::to_string(kSchemaVersion)); !s)
          return s.error();
      }
    } else {
      (void)db->exec("PRAGMA foreign_keys=ON");
      (void)db->exec("PRAGMA cache_size=-32768");
      // No memory map: a database file cut short under a mapped read (another process truncating
      // or replacing it) would kill the process with SIGBUS; read() reports an error instead.
      (void)db->exec("PRAGMA mmap_size=0");
    }
    return db;
  }
  return makeError(ErrorCode::kCorrupt, "cannot create index database " + options.path.string());
}

Database::~Database() {
  if (!db_) return;
  purgeStatementCache(db_);
  sqlite3_close_v2(db_);
}

Status Database::exec(const std::string& sql) {
  // Only the elected indexer writes, so a write transaction waits for nothing but SQLite's own
  // brief locks (a checkpoint, WAL recovery) or a stray writer (an older binary); past the busy
  // timeout, BEGIN IMMEDIATE is retried a few times rather than failing a refresh.
  const bool beginWrite = sql.rfind("BEGIN IMMEDIATE", 0) == 0;
  for (int attempt = 0;; ++attempt) {
    char* err = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc == SQLITE_OK) return okStatus();
    Error e = sqliteError(db_, "database");
    if (err) {
      e.message = std::string("database: ") + err;
      sqlite3_free(err);
    }
    if (!(beginWrite && (rc & 0xff) == SQLITE_BUSY && attempt < kBeginRetries)) return e;
    spdlog::warn("the index database is busy ({}); retrying", e.message);
    std::this_thread::sleep_for(std::chrono::milliseconds(200 * (attempt + 1)));
  }
}

Expected<std::string> Database::meta(const std::string& key) {
  Statement s(db_, "SELECT value FROM meta WHERE key=?");
  if (!s.valid()) return sqliteError(db_, "reading meta");
  s.bind(1, key);
  if (!s.step()) return makeError(ErrorCode::kNotFound, "no meta " + key);
  return s.text(0);
}

Status Database::setMeta(const std::string& key, const std::string& value) {
  Statement s(db_, "INSERT INTO meta(key, value) VALUES(?, ?) "
                   "ON CONFLICT(key) DO UPDATE SET value=excluded.value");
  if (!s.valid()) return sqliteError(db_, "writing meta");
  s.bind(1, key).bind(2, value);
  return s.run();
}

}  // namespace cg::store
