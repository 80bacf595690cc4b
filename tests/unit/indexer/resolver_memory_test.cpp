// ResolverMemory (IndexOptions::resolverMemory): what refreshes keep of name resolution between
// them. A refresh that changes no file's imports reuses it; any other change starts afresh; and
// the index after every refresh is the one a full index of the same tree gives.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "indexer/resolver.h"

namespace fs = std::filesystem;

namespace cg::indexer {
namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("cg-resolver-memory-" + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  // A new mtime even within the file system's timestamp granularity.
  fs::last_write_time(p, fs::last_write_time(p) + std::chrono::seconds(1));
}

std::unique_ptr<store::Database> open(const fs::path& dbPath) {
  store::OpenOptions o;
  o.path = dbPath;
  auto db = store::Database::open(o);
  EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message);
  return db ? std::move(*db) : nullptr;
}

std::vector<std::string> refresh(store::Database& db, const fs::path& repo, ResolverMemory* memory) {
  IndexOptions io;
  io.root = fs::canonical(repo);
  io.threads = 1;
  io.useGit = false;
  io.resolverMemory = memory;
  auto summary = indexRepository(db, io);
  EXPECT_TRUE(summary.ok()) << (summary.ok() ? "" : summary.error().message);
  auto lines = store::dumpIndex(db, true);
  EXPECT_TRUE(lines.ok());
  return lines ? *lines : std::vector<std::string>{};
}

// The dump of a full index of `repo` into a database of its own.
std::vector<std::string> fresh(const fs::path& repo, const fs::path& dbPath) {
  fs::remove(dbPath);
  auto db = open(dbPath);
  return db ? refresh(*db, repo, nullptr) : std::vector<std::string>{};
}

TEST(ResolverMemory, KeptWhileNoImportChangesAndEveryRefreshEqualsAFullIndex) {
  TempDir repo, dbs;
  const fs::path src = repo.path / "src";
  write(src / "a.h", "int fa(void);\n");
  write(src / "a.c", "#include \"a.h\"\nint fa(void) { return 1; }\n");
  write(src / "b.h", "int fb(void);\n");
  write(src / "b.c", "#include \"b.h\"\nint fb(void) { return 2; }\n");
  write(src / "main.c", "#include \"a.h\"\nint main(void) { return fa(); }\n");
  auto db = open(dbs.path / "kept.db");
  ASSERT_TRUE(db);
  ResolverMemory memory;
  auto fills = [&] { return memory.state().fills; };

  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f0.db"));
  EXPECT_FALSE(memory.valid()) << "a full index does not fill it";

  // 1. A body edit: the memory is filled (it was empty).
  write(src / "main.c", "#include \"a.h\"\nint main(void) { return fa() + 0; }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f1.db"));
  EXPECT_TRUE(memory.valid());
  EXPECT_EQ(fills(), 1u);

  // 2. Another body edit, lines moved: reused as it is.
  write(src / "main.c", "#include \"a.h\"\n\n\nint helper(void) { return fa(); }\nint main(void) { return helper(); }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f2.db"));
  EXPECT_EQ(fills(), 1u) << "no import changed";

  // 3. main.c includes b.h instead: its imports changed, so the memory is filled again, and
  // the call binds through the new include.
  write(src / "main.c", "#include \"b.h\"\nint main(void) { return fb(); }\n");
  auto after = refresh(*db, repo.path, &memory);
  EXPECT_EQ(after, fresh(repo.path, dbs.path / "f3.db"));
  EXPECT_EQ(fills(), 2u);

  // 4. A header's own include changes what every includer reaches (a.h now includes b.h).
  write(src / "a.h", "#include \"b.h\"\nint fa(void);\n");
  write(src / "main.c", "#include \"a.h\"\nint main(void) { return fb() + fa(); }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f4.db"));
  EXPECT_EQ(fills(), 3u);

  // 5. A file added: the file set changed.
  write(src / "c.c", "#include \"a.h\"\nint fc(void) { return fa(); }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f5.db"));
  EXPECT_EQ(fills(), 4u);

  // 6. Another body edit after all that: reused again, still equal to a full index.
  write(src / "c.c", "#include \"a.h\"\nint fc(void) { return fa() + fb(); }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f6.db"));
  EXPECT_EQ(fills(), 4u);

  // 7. Another connection wrote the database: not trusted any more.
  {
    auto other = open(dbs.path / "kept.db");
    ASSERT_TRUE(other);
    ASSERT_TRUE(other->setMeta("touched_by_another_connection", "1").ok());
  }
  write(src / "c.c", "#include \"a.h\"\nint fc(void) { return fb(); }\n");
  EXPECT_EQ(refresh(*db, repo.path, &memory), fresh(repo.path, dbs.path / "f7.db"));
  EXPECT_EQ(fills(), 5u);
}

}  // namespace
}  // namespace cg::indexer
