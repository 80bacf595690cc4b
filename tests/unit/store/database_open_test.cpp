// Opening an index for writing (database.h): the checks every open makes read a few pages, so
// opening a multi-gigabyte index is instant; they still catch a file that is no database and one
// that was cut short. Damage inside the file is found by `fullCheck` (PRAGMA quick_check), which
// the indexer asks for once SQLite has reported corruption.
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/store/database.h"

namespace cg::store {
namespace {

namespace fs = std::filesystem;

class DatabaseOpen : public ::testing::Test {
 protected:
  DatabaseOpen() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("cg-dbopen-" + std::to_string(rd()));
    fs::create_directories(dir_);
    path_ = dir_ / "index.db";
  }
  ~DatabaseOpen() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // A closed database of a few hundred pages (4 KiB each), its WAL checkpointed away.
  void createFilled() {
    OpenOptions o;
    o.path = path_;
    auto db = Database::open(o);
    ASSERT_TRUE(db) << db.error().message;
    ASSERT_TRUE((*db)->exec("CREATE TABLE filler(x TEXT)"));
    std::string sql = "BEGIN;";
    for (int i = 0; i < 2000; ++i)
      sql += "INSERT INTO filler VALUES ('" + std::string(400, static_cast<char>('a' + i % 26)) +
             std::to_string(i) + "');";
    sql += "COMMIT;";
    ASSERT_TRUE((*db)->exec(sql));
    ASSERT_TRUE((*db)->setMeta("marker", "kept"));
  }

  Expected<std::unique_ptr<Database>> open(bool fullCheck) {
    OpenOptions o;
    o.path = path_;
    o.fullCheck = fullCheck;
    return Database::open(o);
  }

  // Overwrites `bytes` bytes at `offset` with a pattern that is no valid b-tree page content.
  void scribble(uint64_t offset, size_t bytes) {
    std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(f);
    f.seekp(static_cast<std::streamoff>(offset));
    std::string junk(bytes, '\x5a');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }

  fs::path dir_;
  fs::path path_;
};

TEST_F(DatabaseOpen, AnIntactIndexIsKept) {
  createFilled();
  for (bool full : {false, true}) {
    auto db = open(full);
    ASSERT_TRUE(db) << db.error().message;
    EXPECT_FALSE((*db)->wasRebuilt());
    auto marker = (*db)->meta("marker");
    ASSERT_TRUE(marker);
    EXPECT_EQ(*marker, "kept");
  }
}

TEST_F(DatabaseOpen, ATruncatedFileIsRebuiltWithoutAFullCheck) {
  createFilled();
  ASSERT_FALSE(fs::exists(path_.string() + "-wal")) << "the last close checkpoints the WAL";
  auto size = fs::file_size(path_);
  ASSERT_GT(size, 100u * 4096);
  fs::resize_file(path_, size / 2);
  auto db = open(/*fullCheck=*/false);
  ASSERT_TRUE(db) << db.error().message;
  EXPECT_TRUE((*db)->wasRebuilt());
  EXPECT_FALSE((*db)->meta("marker"));
}

TEST_F(DatabaseOpen, AFileThatIsNoDatabaseIsRebuilt) {
  {
    std::ofstream f(path_, std::ios::binary);
    for (int i = 0; i < 200; ++i) f << "this is not a database, just text long enough ";
  }
  auto db = open(/*fullCheck=*/false);
  ASSERT_TRUE(db) << db.error().message;
  EXPECT_TRUE((*db)->wasRebuilt());
}

TEST_F(DatabaseOpen, DamageInsideTheFileIsFoundByTheFullCheckOnly) {
  createFilled();
  auto size = fs::file_size(path_);
  // The middle of the filler table's pages: no cheap check reads them.
  scribble(size / 2 / 4096 * 4096, 4096);
  {
    auto db = open(/*fullCheck=*/false);
    ASSERT_TRUE(db) << db.error().message;
    EXPECT_FALSE((*db)->wasRebuilt()) << "the cheap open read the whole file";
  }
  auto db = open(/*fullCheck=*/true);
  ASSERT_TRUE(db) << db.error().message;
  EXPECT_TRUE((*db)->wasRebuilt());
  EXPECT_FALSE((*db)->meta("marker"));
}

}  // namespace
}  // namespace cg::store
