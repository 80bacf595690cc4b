// Test helper for the query tools: a repository (a fixture, or a copy of one that a test may
// alter) indexed into a temporary database, served through the real tool registry. call()
// validates arguments against the tool's schema first, as the MCP server does.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/indexer/indexer.h"
#include "codegraph/lang/language.h"
#include "codegraph/lang/rules.h"
#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_index.h"
#include "codegraph/tools/tools.h"

namespace cg::tools::testing {

namespace fs = std::filesystem;

inline fs::path fixturePath(const std::string& name) {
  return fs::path(CG_SOURCE_DIR) / "tests" / "fixtures" / name;
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() /
           ("cg-tools-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path);
    path = fs::canonical(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

inline void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

inline void copyTree(const fs::path& from, const fs::path& to) {
  for (const auto& e : fs::recursive_directory_iterator(from)) {
    fs::path target = to / fs::relative(e.path(), from);
    if (e.is_directory()) fs::create_directories(target);
    else if (e.is_regular_file()) {
      fs::create_directories(target.parent_path());
      fs::copy_file(e.path(), target, fs::copy_options::overwrite_existing);
    }
  }
}

class IndexedRepo {
 public:
  // Indexes `root` (used in place) into a database under a temporary folder.
  explicit IndexedRepo(const fs::path& root) {
    root_ = fs::canonical(root);
    reindex();
    store::OpenOptions o;
    o.path = tmp_.path / "index.db";
    index_ = std::make_shared<store::SqliteIndex>(o.path);
    auto env = std::make_shared<ToolEnv>();
    env->index = index_.get();
    env->repoRoot = root_;
    env->repoName = root_.filename().string();
    env->languageNames = lang::languageNames();
    env->isHeader = lang::isHeaderPath;
    const fs::path gitRoot = root_;
    env->git = [gitRoot](const std::vector<std::string>& args) { return indexer::runGit(gitRoot, args); };
    env->extractSymbols = [](const std::string& path, std::string_view text, const std::string& language) {
      return indexer::extractFileSymbols(path, text, language);
    };
    env_ = env;
    registry_ = makeRegistry(env_);
  }

  const fs::path& root() const { return root_; }
  fs::path dbPath() const { return tmp_.path / "index.db"; }

  // Refreshes the index after the test changed files under root() (an incremental index).
  void reindex() {
    store::OpenOptions o;
    o.path = tmp_.path / "index.db";
    auto db = store::Database::open(o);
    if (!db) {
      ADD_FAILURE() << db.error().message;
      return;
    }
    indexer::IndexOptions io;
    io.root = root_;
    io.threads = 2;
    auto summary = indexer::indexRepository(**db, io);
    if (!summary) ADD_FAILURE() << summary.error().message;
  }
  const ToolRegistry& registry() const { return registry_; }
  store::SqliteIndex& sqliteIndex() const { return *index_; }

  ToolResult call(const std::string& tool, const Json& args = Json::object()) const {
    const Tool* t = registry_.find(tool);
    if (!t) return ToolResult::error("no tool " + tool);
    if (auto invalid = validateArguments(t->inputSchema, args)) return ToolResult::error(*invalid);
    return t->handler(args, CallContext{});
  }

  // The JSON answer of a call that must succeed (an empty object otherwise, after a failure).
  Json json(const std::string& tool, const Json& args) const {
    auto r = call(tool, args);
    EXPECT_FALSE(r.isError) << tool << " " << args.dump() << ": " << r.text;
    EXPECT_TRUE(r.json.has_value()) << tool << " " << args.dump() << " answered text: " << r.text;
    return r.json ? *r.json : Json::object();
  }

  // The text answer of a call that must succeed.
  std::string text(const std::string& tool, const Json& args) const {
    auto r = call(tool, args);
    EXPECT_FALSE(r.isError) << tool << " " << args.dump() << ": " << r.text;
    EXPECT_FALSE(r.json.has_value()) << tool << " " << args.dump() << " answered JSON";
    return r.text;
  }

  // The error sentence of a call that must fail.
  std::string error(const std::string& tool, const Json& args) const {
    auto r = call(tool, args);
    EXPECT_TRUE(r.isError) << tool << " " << args.dump() << " did not fail: "
                           << (r.json ? r.json->dump() : r.text);
    return r.isError ? r.text : std::string();
  }

 private:
  TempDir tmp_;
  fs::path root_;
  std::shared_ptr<store::SqliteIndex> index_;
  std::shared_ptr<const ToolEnv> env_;
  ToolRegistry registry_;
};

// A test suite sharing one indexed fixture repository, built once per suite:
//   class OutlineTool : public SharedRepoSuite<OutlineTool> {};   // tools_app by default
template <class Suite>
class SharedRepoSuite : public ::testing::Test {
 protected:
  static const char* fixtureName() { return "tools_app"; }
  static void SetUpTestSuite() { repo_ = new IndexedRepo(fixturePath(Suite::fixtureName())); }
  static void TearDownTestSuite() {
    delete repo_;
    repo_ = nullptr;
  }
  static inline IndexedRepo* repo_ = nullptr;
};

}  // namespace cg::tools::testing
