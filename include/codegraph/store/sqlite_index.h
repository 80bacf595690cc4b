// SqliteIndex: model::SymbolIndex over the index database. Read-only connections, one per
// concurrent caller (a small pool), each query in its own read transaction, so answers are
// consistent snapshots even while the indexer writes (WAL). pinSnapshot() makes every query of
// the calling thread share one read transaction until the guard goes away: a tool call pins one
// so that all its queries see the same committed refresh. Reads never write (no transaction is
// ever upgraded), so a reader never meets "database is locked"; every connection has a busy
// timeout for the brief moments SQLite itself needs (WAL recovery after a crash). When the
// database file is replaced (rebuilt), pooled connections to the old file are dropped.
//
// Threads: any; a pinned snapshot belongs to the thread that pinned it.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/store/database.h"
#include "codegraph/store/transaction.h"

namespace cg::store {

class SqliteIndex : public model::SymbolIndex {
 public:
  explicit SqliteIndex(std::filesystem::path dbPath);
  ~SqliteIndex() override;

  // RAII: while alive, the calling thread's queries share one read transaction (the snapshot is
  // taken by the first of them, so a freshness wait before it still counts). Nested pins on the
  // same thread are no-ops.
  class Snapshot {
   public:
    Snapshot(Snapshot&& other) noexcept = default;
    Snapshot& operator=(Snapshot&&) = delete;
    Snapshot(const Snapshot&) = delete;
    ~Snapshot();

   private:
    friend class SqliteIndex;
    Snapshot(SqliteIndex* owner, std::unique_ptr<Database> db);
    SqliteIndex* owner_;
    std::unique_ptr<Database> db_;
    Transaction read_;  // on db_: the snapshot
  };
  Snapshot pinSnapshot();

  Expected<std::vector<model::Symbol>> lookup(const model::LookupRequest& request,
                                              bool* more) override;
  Expected<std::optional<model::Symbol>> byUid(const std::string& uid) override;
  Expected<std::optional<model::Symbol>> byId(int64_t id) override;
  Expected<std::vector<model::SearchHit>> search(const model::SearchRequest& request,
                                                 bool* more) override;
  Expected<std::vector<model::EdgeView>> refs(const model::RefsRequest& request,
                                              bool* more) override;
  Expected<std::vector<model::Neighbour>> neighbours(int64_t symbolId, bool incoming, uint32_t limit,
                                                     bool* more) override;
  Expected<std::vector<std::string>> similarNames(const std::string& name,
                                                  uint32_t limit) override;
  Expected<std::vector<model::Symbol>> fileSymbols(const std::string& path) override;
  Expected<uint32_t> fileSymbolCount(const std::string& path) override;
  Expected<FileSymbolsPage> fileSymbolsPage(const std::string& path, uint32_t offset, uint32_t limit,
                                            const model::PresenceKinds* presenceOf) override;
  Expected<std::optional<model::Community>> community(int64_t communityId) override;
  Expected<std::vector<model::DocumentRef>> documentsNaming(int64_t symbolId, uint32_t limit,
                                                            bool* more) override;
  Expected<model::FileHistory> fileHistory(const std::string& path) override;
  Expected<model::RefCounts> refCounts(const model::RefCountsRequest& request) override;
  Expected<std::vector<model::UnboundRef>> unboundNamed(const std::string& name, uint32_t cap,
                                                      bool* more) override;
  Expected<std::vector<model::UnboundRef>> unboundFrom(int64_t symbolId, uint32_t cap, bool* more) override;
  Expected<std::vector<model::UnboundRef>> outsideCallsFrom(int64_t symbolId, uint32_t cap, bool* more) override;
  Expected<std::vector<model::UnboundRef>> danglingNamed(const std::string& name, uint32_t cap,
                                                         bool* more) override;
  Expected<std::vector<model::ImportSite>> importersOf(const std::string& path, uint32_t limit,
                                                       bool* more) override;
  Expected<std::vector<model::Symbol>> byQualifiedNames(const std::vector<std::string>& qualifiedNames,
                                                        uint32_t limit, bool* more) override;
  Expected<std::vector<model::ImportSite>> importsOf(const std::string& path, uint32_t limit,
                                                     bool* more) override;
  Expected<model::RankedSymbols> rankedSymbols(const model::RankedRequest& request,
                                               bool* more) override;
  Expected<model::FileMatches> files(const model::FilesRequest& request, bool* more) override;
  Expected<std::vector<std::pair<std::string, std::string>>> fileHashes() override;
  Expected<std::vector<std::pair<std::string, uint32_t>>> testsCommittedWith(const std::vector<std::string>& paths,
                                                                             uint32_t maxCommitFiles,
                                                                             uint32_t limit) override;

 private:
  class Lease;
  Expected<std::unique_ptr<Database>> acquire();
  void release(std::unique_ptr<Database> db);

  std::filesystem::path path_;
  std::mutex mu_;
  std::vector<std::unique_ptr<Database>> idle_;
  std::pair<uint64_t, uint64_t> identity_{0, 0};  // (device, inode) the pooled connections opened
};

}  // namespace cg::store
