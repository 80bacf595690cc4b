// SqliteIndex: model::SymbolIndex over the index database. Read-only connections, one per
// concurrent caller (a small pool), each query in its own read transaction, so answers are
// consistent snapshots even while the indexer writes (WAL).
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "codegraph/model/symbol_index.h"
#include "codegraph/store/database.h"

namespace cg::store {

class SqliteIndex : public model::SymbolIndex {
 public:
  explicit SqliteIndex(std::filesystem::path dbPath);
  ~SqliteIndex() override;

  Expected<std::vector<model::Symbol>> lookup(const model::LookupRequest& request,
                                              bool* more) override;
  Expected<std::optional<model::Symbol>> byUid(const std::string& uid) override;
  Expected<std::optional<model::Symbol>> byId(int64_t id) override;
  Expected<std::vector<model::SearchHit>> search(const model::SearchRequest& request,
                                                 bool* more) override;
  Expected<std::vector<model::EdgeView>> refs(const model::RefsRequest& request,
                                              bool* more) override;
  Expected<std::vector<std::string>> similarNames(const std::string& name,
                                                  uint32_t limit) override;
  Expected<std::vector<model::Symbol>> fileSymbols(const std::string& path) override;
  Expected<std::optional<model::Community>> community(int64_t communityId) override;
  Expected<std::vector<model::DocumentRef>> documentsNaming(int64_t symbolId, uint32_t limit,
                                                            bool* more) override;
  Expected<model::FileHistory> fileHistory(const std::string& path) override;

 private:
  class Lease;
  Expected<std::unique_ptr<Database>> acquire();
  void release(std::unique_ptr<Database> db);

  std::filesystem::path path_;
  std::mutex mu_;
  std::vector<std::unique_ptr<Database>> idle_;
};

}  // namespace cg::store
