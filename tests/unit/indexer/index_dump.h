// Test helper: indexes a temporary tree (no git, one thread) into a database beside it and
// returns the index dump (store::dumpIndex, unresolved references included). A second database
// name gives a fresh full index of the same tree, to compare with a refreshed one.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "temp_tree.h"

namespace cg::indexer::testing {

inline std::vector<std::string> indexAndDump(const TempTree& repo, const std::string& dbName = "index.db") {
  store::OpenOptions o;
  o.path = repo.path(".cg/" + dbName);
  std::filesystem::create_directories(o.path.parent_path());
  auto db = store::Database::open(o);
  EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message);
  if (!db) return {};
  IndexOptions io;
  io.root = repo.root();
  io.threads = 1;
  io.useGit = false;
  auto summary = indexRepository(**db, io);
  EXPECT_TRUE(summary.ok()) << (summary.ok() ? "" : summary.error().message);
  auto lines = store::dumpIndex(**db, true);
  EXPECT_TRUE(lines.ok());
  return lines ? *lines : std::vector<std::string>{};
}

}  // namespace cg::indexer::testing
