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


// A hub's count stops at a cap: the note says "at least", and the references listed are still
// the first indexed; below the cap the count is exact.
TEST(BoundedReads, AHubsReferenceCountStopsAtACapAndTheNoteSaysAtLeast) {
  TempDir repo;
  std::string body = "def hub():\n    return 1\n\ndef user():\n";
  for (int i = 0; i < 1200; ++i) body += "    hub()\n";
  writeFile(repo.path / "pkg/hub.py", body + "\ndef few():\n    return 2\n\ndef other():\n    few()\n    few()\n");
  IndexedRepo r(repo.path);
  auto& index = r.sqliteIndex();
  model::LookupRequest lr;
  lr.name = "hub";
  auto hub = index.lookup(lr, nullptr);
  ASSERT_TRUE(hub.ok());
  ASSERT_EQ(hub->size(), 1u);
  auto exact = index.refCounts({(*hub)[0].id, true, false, /*distinct=*/false});
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ((*exact)[model::RefKind::kCalls].sites, 1200u);
  EXPECT_FALSE(exact->capped);
  auto capped = index.refCounts({(*hub)[0].id, true, false, /*distinct=*/false, 1000});
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ((*capped)[model::RefKind::kCalls].sites, 1000u);
  EXPECT_TRUE(capped->capped);

  Json answer = r.json("symbols", {{"name", "hub"}});
  EXPECT_EQ(answer["referenced_by"].size(), 50u);
  EXPECT_NE(answer["note"].get<std::string>().find("50 of at least 1000 references"), std::string::npos)
      << answer["note"];
  answer = r.json("symbols", {{"name", "few"}});
  EXPECT_EQ(answer["note"].get<std::string>(), "2 references.") << answer["note"];
}

}  // namespace
}  // namespace cg::tools::testing
