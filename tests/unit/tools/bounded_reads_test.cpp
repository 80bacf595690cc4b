// Reads that stay bounded however popular a symbol is (issue 8: kernel query latency). A name
// with many definitions and a symbol with many references are read in index order up to the
// limit; what comes back is a sample of that size, ordered for display, with `more` set.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include "indexed_repo.h"
#include "store/statement.h"

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

// The id of the one definition named `name` (0, with a failure, when there is not exactly one).
int64_t onlyDefinition(store::SqliteIndex& index, const std::string& name) {
  model::LookupRequest lr;
  lr.name = name;
  auto defs = index.lookup(lr, nullptr);
  EXPECT_TRUE(defs.ok());
  if (!defs.ok() || defs->size() != 1) {
    ADD_FAILURE() << name << ": " << (defs.ok() ? defs->size() : 0) << " definitions";
    return 0;
  }
  return (*defs)[0].id;
}

// References come back ordered by path, then line.
void expectInDisplayOrder(const std::vector<model::EdgeView>& refs) {
  for (size_t i = 1; i < refs.size(); ++i)
    EXPECT_LE(std::tie(refs[i - 1].edge.sourcePath, refs[i - 1].edge.line),
              std::tie(refs[i].edge.sourcePath, refs[i].edge.line));
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
  const int64_t id = onlyDefinition(index, "target");
  ASSERT_NE(id, 0);

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
  expectInDisplayOrder(*refs);

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


// Outline's incoming reads: one site per caller (the first indexed), `limit` callers at most,
// the callers chosen from refs_to alone; references at a file's top level count once per file.
// The distinct counts, now counted as refs_to streams by, equal count(DISTINCT) for every symbol.
TEST(BoundedReads, OneSitePerCallerAndDistinctCallersCountedAsTheyStream) {
  TempDir repo;
  writeFile(repo.path / "pkg/target.py", "def target():\n    return 1\n");
  for (int i = 0; i < 12; ++i) {
    std::string n = (i < 10 ? "0" : "") + std::to_string(i);
    writeFile(repo.path / ("pkg/c" + n + ".py"),
              "from pkg.target import target\n\n"
              "def many_" + n + "():\n    target()\n    target()\n    return target()\n\n"
              "def once_" + n + "():\n    return target()\n\n"
              "target()\ntarget()\n");
  }
  IndexedRepo r(repo.path);
  auto& index = r.sqliteIndex();
  const int64_t target = onlyDefinition(index, "target");
  ASSERT_NE(target, 0);

  model::RefsRequest req;
  req.symbolId = target;
  req.kinds = {model::RefKind::kCalls};
  req.oneSitePerSource = true;
  req.limit = 100;
  bool more = true;
  auto refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  EXPECT_FALSE(more);
  // 24 functions and 12 files' top levels, each once.
  ASSERT_EQ(refs->size(), 36u);
  std::set<std::string> seen;
  for (const auto& v : *refs) {
    std::string key = v.other.id ? v.other.uid : "file " + v.edge.sourcePath;
    EXPECT_TRUE(seen.insert(key).second) << key << " twice";
    if (v.other.name.rfind("many_", 0) == 0) {
      EXPECT_EQ(v.edge.line, 4u) << "the first of its three sites";
    }
    if (v.other.id == 0) {
      EXPECT_EQ(v.edge.line, 11u) << "the first top-level site of " << v.edge.sourcePath;
    }
  }
  expectInDisplayOrder(*refs);
  req.limit = 5;
  refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok());
  EXPECT_EQ(refs->size(), 5u);
  EXPECT_TRUE(more);

  auto counts = index.refCounts({target, true, false});
  ASSERT_TRUE(counts.ok());
  EXPECT_EQ((*counts)[model::RefKind::kCalls].sites, 12u * 6u);
  EXPECT_EQ((*counts)[model::RefKind::kCalls].distinct, 36u);
  EXPECT_EQ((*counts)[model::RefKind::kImports].distinct, 12u);

  // Every symbol: the counts equal SQL's count(DISTINCT), per kind.
  store::OpenOptions o;
  o.path = r.dbPath();
  o.readOnly = true;
  auto db = store::Database::open(o);
  ASSERT_TRUE(db) << db.error().message;
  store::Statement ids((*db)->handle(), "SELECT id FROM symbols");
  store::Statement expect((*db)->handle(),
                          "SELECT kind, count(*), count(DISTINCT source_id) + "
                          "count(DISTINCT CASE WHEN source_id IS NULL THEN file_id END) "
                          "FROM refs WHERE target_id = ? GROUP BY kind");
  size_t checked = 0;
  while (ids.step()) {
    auto got = index.refCounts({ids.i64(0), true, false});
    ASSERT_TRUE(got.ok());
    model::RefCounts want;
    expect.reset();
    expect.bind(1, ids.i64(0));
    while (expect.step()) {
      auto kind = model::parseRefKind(expect.text(0));
      ASSERT_TRUE(kind.has_value());
      want.byKind[static_cast<size_t>(*kind)] = {static_cast<uint32_t>(expect.i64(1)),
                                                 static_cast<uint32_t>(expect.i64(2))};
    }
    for (int k = 0; k < model::kRefKindCount; ++k) {
      EXPECT_EQ(got->byKind[k].sites, want.byKind[k].sites) << ids.i64(0) << " kind " << k;
      EXPECT_EQ(got->byKind[k].distinct, want.byKind[k].distinct) << ids.i64(0) << " kind " << k;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 25u);  // target, and two functions in each of 12 files
}

// A file's top level: its first sites by line, every kind asked for in one read, cut at the limit.
TEST(BoundedReads, AFilesTopLevelComesBackInLineOrderUpToTheLimit) {
  TempDir repo;
  writeFile(repo.path / "pkg/lib.py", "def f():\n    return 1\n\nclass Base:\n    pass\n");
  std::string body = "from pkg.lib import f, Base\n\n";
  for (int i = 0; i < 30; ++i) body += "f()\nclass K" + std::to_string(i) + "(Base):\n    pass\n";
  writeFile(repo.path / "pkg/top.py", body);
  IndexedRepo r(repo.path);
  auto& index = r.sqliteIndex();
  model::RefsRequest req;
  req.incoming = false;
  req.topLevelOfFile = "pkg/top.py";
  req.kinds = {model::RefKind::kCalls, model::RefKind::kImports};
  req.limit = 100;
  bool more = true;
  auto refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  EXPECT_FALSE(more);
  size_t calls = 0, imports = 0;
  for (const auto& v : *refs) {
    calls += v.edge.kind == model::RefKind::kCalls;
    imports += v.edge.kind == model::RefKind::kImports;
    EXPECT_NE(v.edge.kind, model::RefKind::kExtends) << "not asked for";
  }
  EXPECT_EQ(calls, 30u);
  EXPECT_GE(imports, 1u);
  req.limit = 10;
  refs = index.refs(req, &more);
  ASSERT_TRUE(refs.ok());
  ASSERT_EQ(refs->size(), 10u);
  EXPECT_TRUE(more);
  for (size_t i = 1; i < refs->size(); ++i) EXPECT_LE((*refs)[i - 1].edge.line, (*refs)[i].edge.line);
  EXPECT_EQ((*refs)[0].edge.kind, model::RefKind::kImports) << "line 1 comes first";
  EXPECT_EQ((*refs)[9].edge.line, 3u * (10u - imports)) << "imports on line 1, then calls on 3, 6, 9...";
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
  const int64_t hub = onlyDefinition(index, "hub");
  ASSERT_NE(hub, 0);
  auto exact = index.refCounts({hub, true, false, /*distinct=*/false});
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ((*exact)[model::RefKind::kCalls].sites, 1200u);
  EXPECT_FALSE(exact->capped);
  auto capped = index.refCounts({hub, true, false, /*distinct=*/false, 1000});
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


// The cap is shared by all the definitions of the name: three busy definitions count 1,000
// references together, not 1,000 each, and the note says "at least".
TEST(BoundedReads, TheCountCapIsSharedByAllDefinitionsOfAName) {
  TempDir repo;
  for (int f = 0; f < 3; ++f) {
    std::string body = "def hub():\n    return 1\n\ndef user():\n";
    for (int i = 0; i < 600; ++i) body += "    hub()\n";
    writeFile(repo.path / ("pkg/hub" + std::to_string(f) + ".py"), body);
  }
  IndexedRepo r(repo.path);
  Json answer = r.json("symbols", {{"name", "hub"}});
  EXPECT_EQ(answer["definitions"].size(), 3u);
  EXPECT_EQ(answer["referenced_by"].size(), 50u);
  EXPECT_EQ(answer["note"].get<std::string>(), "50 of at least 1000 references shown; use symbol_context for "
                                               "one definition's edges by kind.") << answer["note"];
}

// outline of a file reads its symbols page by page while it packs them (a header of thousands
// of constants shows its first hundred or so). The pages join seamlessly: the same tree as
// one read, nesting carried across a page boundary, the right total, and a cut that reads only
// what it shows.
TEST(BoundedReads, AFileOutlineReadsItsSymbolsInPagesThatJoinSeamlessly) {
  TempDir repo;
  // 150 classes of two methods each (450 symbols, more than two pages); one module-level call
  // site so that some symbols have references.
  std::string big;
  for (int i = 0; i < 150; ++i) {
    std::string n = std::to_string(i);
    big += "class C" + n + ":\n    def a(self):\n        return helper()\n\n    def b(self):\n        return 0\n\n";
  }
  big += "def helper():\n    return 1\n";
  writeFile(repo.path / "big.py", big);
  IndexedRepo r(repo.path);

  auto whole = r.sqliteIndex().fileSymbols("big.py");
  ASSERT_TRUE(whole.ok());
  ASSERT_EQ(whole->size(), 451u);
  std::string expected = "big.py\n";
  for (size_t i = 0; i < whole->size(); ++i) {
    const auto& s = (*whole)[i];
    const bool method = s.kind == model::SymbolKind::kMethod;
    const std::string range = s.range.line == s.range.endLine
                                  ? std::to_string(s.range.line)
                                  : std::to_string(s.range.line) + "-" + std::to_string(s.range.endLine);
    expected += std::string(method ? "    def " : s.kind == model::SymbolKind::kClass ? "  class " : "  def ") +
                s.name + (method ? "(self)" : s.kind == model::SymbolKind::kClass ? "" : "()") + "  " + range + "\n";
  }
  // The whole file in pages of the largest budget, each continuing at the offset the previous
  // one's note names: together, every symbol once, in order.
  Json all = Json::array();
  for (int page = 0; page < 20; ++page) {
    Json p = r.json("outline", {{"file", "big.py"}, {"format", "json"}, {"depth", 0}, {"token_budget", 8000},
                                {"offset", all.size()}});
    EXPECT_EQ(p["total_symbols"], 451);
    for (auto& s : p["symbols"]) all.push_back(s);
    if (p["truncated"] == false) break;
    EXPECT_NE(p["note"].get<std::string>().find("offset " + std::to_string(all.size())), std::string::npos) << p["note"];
  }
  ASSERT_EQ(all.size(), 451u);
  for (size_t i = 0; i < whole->size(); ++i) EXPECT_EQ(all[i]["uid"], (*whole)[i].uid) << i;
  std::string text;
  for (size_t shown = 0, page = 0; page < 20 && shown < whole->size(); ++page) {
    std::string t = r.text("outline", {{"file", "big.py"}, {"depth", 0}, {"token_budget", 8000}, {"offset", shown}});
    const size_t cut = t.find("[truncated: ");
    std::string body = t.substr(0, cut);
    if (shown > 0) body = body.substr(body.find('\n') + 1);  // the file's header line again
    text += body;
    for (size_t at = 0; (at = body.find("def ", at)) != std::string::npos; ++at) ++shown;
    for (size_t at = 0; (at = body.find("class ", at)) != std::string::npos; ++at) ++shown;
    if (cut == std::string::npos) break;
  }
  EXPECT_EQ(text, expected);

  // With relations, across the page boundaries: every a() calls helper, helper is called by all.
  size_t calls = 0;
  std::string related;
  for (size_t offset = 0, page = 0; page < 40; ++page) {
    Json p = r.json("outline", {{"file", "big.py"}, {"format", "json"}, {"token_budget", 8000}, {"offset", offset}});
    for (const auto& s : p["symbols"]) {
      related += s.dump() + "\n";
      if (s["uid"].get<std::string>().find(".a::method") != std::string::npos &&
          s.dump().find("helper") != std::string::npos)
        ++calls;
    }
    if (p["truncated"] == false || p["symbols"].empty()) break;
    // The note's offset: the last symbol again when it was shown without its relations.
    const std::string note = p["note"];
    const size_t at = note.find("the next page: offset ");
    ASSERT_NE(at, std::string::npos) << note;
    offset = std::stoul(note.substr(at + 22));
  }
  EXPECT_EQ(calls, 150u) << related.substr(0, 2000);

  // A small budget: cut, with the total of the whole file.
  Json cut = r.json("outline", {{"file", "big.py"}, {"format", "json"}, {"token_budget", 400}});
  EXPECT_EQ(cut["truncated"], true);
  EXPECT_EQ(cut["total_symbols"], 451);
  EXPECT_LT(cut["symbols"].size(), 50u);
  EXPECT_GT(cut["symbols"].size(), 0u);

  // The pages themselves: consecutive, the last says nothing follows.
  auto& index = r.sqliteIndex();
  auto count = index.fileSymbolCount("big.py");
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(*count, 451u);
  std::vector<std::string> paged;
  uint32_t offset = 0;
  const model::PresenceKinds kinds{{model::RefKind::kCalls}, {model::RefKind::kCalls, model::RefKind::kExtends}};
  for (;;) {
    auto page = index.fileSymbolsPage("big.py", offset, 200, &kinds);
    ASSERT_TRUE(page.ok());
    ASSERT_EQ(page->presence.size(), page->symbols.size());
    for (size_t i = 0; i < page->symbols.size(); ++i) {
      paged.push_back(page->symbols[i].uid);
      const auto& s = page->symbols[i];
      if (s.name == "a") {
        EXPECT_TRUE(page->presence[i].has(model::RefKind::kCalls, false)) << s.uid;
      } else if (s.name == "helper") {
        EXPECT_TRUE(page->presence[i].has(model::RefKind::kCalls, true)) << s.uid;
      } else if (s.name == "b") {
        EXPECT_EQ(page->presence[i].outgoing, 0u) << s.uid;
        // Its class contains it: an incoming `contains`, which was not asked for.
        EXPECT_EQ(page->presence[i].incoming, 0u) << s.uid;
      }
    }
    offset += static_cast<uint32_t>(page->symbols.size());
    if (!page->more) break;
  }
  ASSERT_EQ(paged.size(), whole->size());
  for (size_t i = 0; i < paged.size(); ++i) EXPECT_EQ(paged[i], (*whole)[i].uid);
  auto none = index.fileSymbolsPage("missing.py", 0, 200, &kinds);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->symbols.empty());
  EXPECT_FALSE(none->more);
}

}  // namespace
}  // namespace cg::tools::testing
