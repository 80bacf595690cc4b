// libFuzzer targets' shared setup: a small fixture repository (tests/fixtures/<name>) indexed
// once per process into a temporary database, served through the real tool registry.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "codegraph/indexer/indexer.h"
#include "codegraph/lang/language.h"
#include "codegraph/lang/rules.h"
#include "codegraph/store/database.h"
#include "codegraph/store/sqlite_index.h"
#include "codegraph/support/log.h"
#include "codegraph/tools/tools.h"

namespace cg::fuzz {

class IndexedFixture {
 public:
  explicit IndexedFixture(const std::string& name) {
    namespace fs = std::filesystem;
    root_ = fs::canonical(fs::path(CG_SOURCE_DIR) / "tests" / "fixtures" / name);
    char tmpl[] = "/tmp/cg-fuzz-XXXXXX";
    if (!::mkdtemp(tmpl)) std::abort();
    tmp_ = tmpl;
    store::OpenOptions o;
    o.path = tmp_ / "index.db";
    {
      auto db = store::Database::open(o);
      if (!db) std::abort();
      indexer::IndexOptions io;
      io.root = root_;
      io.threads = 1;
      if (!indexer::indexRepository(**db, io)) std::abort();
    }
    index_ = std::make_shared<store::SqliteIndex>(o.path);
    auto env = std::make_shared<tools::ToolEnv>();
    env->index = index_.get();
    env->repoRoot = root_;
    env->repoName = root_.filename().string();
    env->languageNames = lang::languageNames();
    env->isHeader = lang::isHeaderPath;
    registry_ = tools::makeRegistry(env);
  }
  const tools::ToolRegistry& registry() const { return registry_; }

 private:
  std::filesystem::path root_, tmp_;  // tmp_ is left behind: the process ends with the fuzzer
  std::shared_ptr<store::SqliteIndex> index_;
  tools::ToolRegistry registry_;
};

}  // namespace cg::fuzz
