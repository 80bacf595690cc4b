// Reads that stay bounded however popular a symbol is (issue 8: kernel query latency). A name
// with many definitions and a symbol with many references are read in index order up to the
// limit; what comes back is a sample of that size, ordered for display, with `more` set.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "indexed_repo.h"

namespace cg::tools::testing {
namespace {

// 60 modules: each defines `handler` and has a function calling pkg/target.py's `target` once.
void writeRepo(const fs::path& root) {
  writeFile(root / "pkg/target.py", "def target():\n    return 1\n");
  for (int i = 0; i < 60; ++i) {
    std::string n = (i < 10 ? "0" : "") + std::to_string(i);
    writeFile(root / ("pkg/m" + n + ".py"),
              "from pkg.target import target\n\n"
              "def handler():\n    return 0\n\n"
              "def caller_" + n + "():\n    return target()\n");
  }
}

TEST(BoundedReads, ManyDefinitionsOfOneNameComeBackUpToTheLimitInDisplayOrder) {
  TempDir repo;
  writeRepo(repo.path);
  IndexedRepo r(repo.path);
  auto& index = r.sqliteIndex();
  model::LookupRequest req;
  req.name = "handler";
  req.limit = 50;
  bool more = false;
  auto defs = index.lookup(req, &more);
  ASSERT_TRUE(defs.ok()) << defs.error().message;
  EXPECT_EQ(defs->size(), 50u);
  EXPECT_TRUE(more);
  for (size_t i = 1; i < defs->size(); ++i) {
    const auto& a = (*defs)[i - 1];
    const auto& b = (*defs)[i];
    EXPECT_TRUE(a.centrality > b.centrality ||
                (a.centrality == b.centrality && std::tie(a.path, a.range.line) < std::tie(b.path, b.range.line)))
        << a.path << " before " << b.path;
  }
  req.limit = 100;
  defs = index.lookup(req, &more);
  ASSERT_TRUE(defs.ok());
  EXPECT_EQ(defs->size(), 60u);
  EXPECT_FALSE(more);
}

TEST(BoundedReads, ManyReferencesComeBackUpToTheLimitSortedByPathWithTheirCounts) {
  TempDir repo;
  writeRepo(repo.path);
  IndexedRepo r(repo.path);
  auto& index = r.sqliteIndex();
  model::LookupRequest lr;
  lr.name = "target";
  auto target = index.lookup(lr, nullptr);
  ASSERT_TRUE(target.ok());
  ASSERT_EQ(target->size(), 1u);
  const int64_t id = (*target)[0].id;

  model::RefsRequest req;
  req.symbolId = id;
  req.incoming = true;
  req.kinds = {model::RefKind::kCalls};
  req.limit = 10;
  bool more = false;
  auto refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  EXPECT_EQ(refs->size(), 10u);
  EXPECT_TRUE(more);
  for (size_t i = 1; i < refs->size(); ++i)
    EXPECT_LT(std::tie((*refs)[i - 1].edge.sourcePath, (*refs)[i - 1].edge.line),
              std::tie((*refs)[i].edge.sourcePath, (*refs)[i].edge.line));

  req.limit = 100;
  refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok());
  EXPECT_EQ(refs->size(), 60u);
  EXPECT_FALSE(more);

  // Every kind (kinds empty) reads the calls too; the imports of `target` are incoming as well.
  req.kinds.clear();
  refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok());
  EXPECT_EQ(refs->size(), 100u);
  EXPECT_TRUE(more) << "60 calls and 60 imports";

  auto sites = index.refCounts({id, true, false, /*distinct=*/false});
  ASSERT_TRUE(sites.ok());
  EXPECT_EQ(sites->byKind[static_cast<size_t>(model::RefKind::kCalls)].sites, 60u);
  EXPECT_EQ(sites->byKind[static_cast<size_t>(model::RefKind::kCalls)].distinct, 0u);
  auto distinct = index.refCounts({id, true, false});
  ASSERT_TRUE(distinct.ok());
  EXPECT_EQ(distinct->byKind[static_cast<size_t>(model::RefKind::kCalls)].sites, 60u);
  EXPECT_EQ(distinct->byKind[static_cast<size_t>(model::RefKind::kCalls)].distinct, 60u);
}

}  // namespace
}  // namespace cg::tools::testing
