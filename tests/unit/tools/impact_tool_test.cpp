// impact over the real tool registry: a git repository made from a fixture of
// tests/fixtures/impact, its arguments' errors, and the token budget.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "indexed_repo.h"

namespace cg::tools::testing {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class ImpactTool : public ::testing::Test {
 protected:
  // `before` committed, `after` (the files the change writes) copied over it.
  void make(const std::string& fixture) {
    const fs::path from = fixturePath("impact") / fixture;
    copyTree(from / "before", dir_.path);
    git({"init", "-q"});
    git({"-c", "user.name=t", "-c", "user.email=t@t", "add", "-A"});
    git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "before"});
    copyTree(from / "after", dir_.path);
    repo_ = std::make_unique<IndexedRepo>(dir_.path);
  }
  void git(const std::vector<std::string>& args) {
    auto out = indexer::runGit(dir_.path, args);
    ASSERT_TRUE(out) << args[0] << ": " << out.error().message;
  }

  TempDir dir_;
  std::unique_ptr<IndexedRepo> repo_;
};

TEST_F(ImpactTool, AChangedBodyReachesCallersTestsAndImporters) {
  make("body_change");
  Json r = repo_->json("impact", Json::object());
  ASSERT_EQ(r["changed"].size(), 1u) << r.dump(1);
  EXPECT_EQ(r["changed"][0]["uid"], "shop/pricing.py::net_price::function");
  EXPECT_EQ(r["changed"][0]["change"], "modified");
  EXPECT_FALSE(r["changed"][0].contains("signature"));  // the body changed, not the signature
  EXPECT_EQ(r["dependents"][0]["level"], 1);
  EXPECT_EQ(r["tests"].size(), 1u);
  EXPECT_EQ(r["risk"]["untested"], 0);
  EXPECT_FALSE(r["truncated"].get<bool>());
  EXPECT_LE(r["totalTokens"].get<int>(), r["tokenBudget"].get<int>());

  // Depth 1: only the direct dependents, and no test reaches the change (test_total is two calls
  // away); the test file committed with pricing.py is named by history, which `risk` does not count.
  Json shallow = repo_->json("impact", {{"depth", 1}});
  for (const auto& d : shallow["dependents"]) EXPECT_EQ(d["level"], 1) << d.dump();
  ASSERT_EQ(shallow["tests"].size(), 1u) << shallow["tests"].dump();
  EXPECT_EQ(shallow["tests"][0], (Json{{"file_path", "tests/test_cart.py"}, {"via", "history"}, {"commits", 1}}));
  EXPECT_EQ(shallow["risk"]["untested"], 1);
}

TEST_F(ImpactTool, TheSymbolsFormNeedsNoGitChange) {
  make("body_change");
  Json r = repo_->json("impact", {{"symbols", {"Cart.total"}}});
  ASSERT_EQ(r["changed"].size(), 1u);
  EXPECT_EQ(r["changed"][0]["uid"], "shop/cart.py::Cart.total::method");
  std::set<std::string> deps;
  for (const auto& d : r["dependents"]) deps.insert(d.value("uid", ""));
  EXPECT_TRUE(deps.count("shop/cart.py::Cart.total_with_coupon::method")) << r.dump(1);
  EXPECT_TRUE(deps.count("shop/cart.py::checkout::function")) << r.dump(1);
  EXPECT_TRUE(has(repo_->error("impact", {{"symbols", {"no_such_symbol_anywhere"}}}), "No symbol"));
}

TEST_F(ImpactTool, ArgumentErrorsSayWhatToGive) {
  make("body_change");
  EXPECT_TRUE(has(repo_->error("impact", {{"symbols", {"x"}}, {"base", "HEAD"}}), "not both"));
  EXPECT_TRUE(has(repo_->error("impact", {{"head", "HEAD"}}), "needs `base`"));
  EXPECT_TRUE(has(repo_->error("impact", {{"base", "--output=/tmp/x"}}), "Invalid revision"));
  EXPECT_TRUE(has(repo_->error("impact", {{"base", "a..b"}}), "Invalid revision"));
  EXPECT_TRUE(has(repo_->error("impact", {{"base", "no-such-rev"}}), "'no-such-rev' is not a revision"));
  EXPECT_TRUE(has(repo_->error("impact", {{"base", " "}}), "'base'"));
  EXPECT_TRUE(has(repo_->error("impact", {{"symbols", Json::array()}}), "'symbols'"));
  EXPECT_TRUE(has(repo_->error("impact", {{"symbols", {""}}}), "'symbols'"));
  EXPECT_TRUE(has(repo_->error("impact", {{"token_budget", 10}}), "'token_budget'"));
  EXPECT_TRUE(has(repo_->error("impact", {{"depth", 0}}), "'depth'"));
}

TEST_F(ImpactTool, AnAnswerOverItsBudgetIsCutAndSaysSo) {
  make("body_change");
  // Many changed symbols: a new module of 60 functions, each calling net_price.
  std::string text = "from shop.pricing import net_price\n";
  for (int i = 0; i < 60; ++i)
    text += "\n\ndef f" + std::to_string(i) + "(x):\n    return net_price(x)\n";
  writeFile(dir_.path / "shop" / "many.py", text);
  repo_->reindex();
  Json r = repo_->json("impact", {{"token_budget", 400}});
  EXPECT_TRUE(r["truncated"].get<bool>()) << r.dump();
  EXPECT_LE(r["totalTokens"].get<int>(), 400);
  EXPECT_TRUE(has(r.value("note", ""), "Cut at the token budget")) << r.dump();
  EXPECT_TRUE(has(r.value("note", ""), "of 61 changed symbols")) << r.dump();
}

// A session keeps its read of the working tree and asks git again only about the files whose
// indexed content changed: after each step, its answer equals a new session's (a fresh read).
TEST_F(ImpactTool, ALaterCallReadsWhatChangedSinceAsAFreshSessionWould) {
  make("body_change");
  auto same = [&](const std::string& step) {
    repo_->reindex();
    Json kept = repo_->json("impact", Json::object());
    IndexedRepo fresh(dir_.path);
    EXPECT_EQ(kept, fresh.json("impact", Json::object())) << step;
    return kept;
  };
  Json first = same("the first read");
  ASSERT_EQ(first["changed"].size(), 1u);
  EXPECT_EQ(same("nothing changed"), first);

  writeFile(dir_.path / "shop" / "cart.py", "def only_this():\n    return 1\n");
  EXPECT_NE(same("a second tracked file edited"), first);
  writeFile(dir_.path / "shop" / "extra.py", "from shop.pricing import net_price\n\ndef g(x):\n    return net_price(x)\n");
  Json added = same("an untracked file added");
  EXPECT_TRUE(has(added.dump(), "shop/extra.py::g::function")) << added.dump(1);
  fs::remove(dir_.path / "shop" / "report.py");
  same("a tracked file deleted");
  git({"checkout", "-q", "--", "shop/pricing.py"});
  Json reverted = same("a file back as HEAD has it");
  EXPECT_FALSE(has(reverted.dump(), "net_price::function\",\"change\":\"modified")) << reverted.dump(1);
  git({"add", "-A"});
  same("the change staged (git's index changed)");
  git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "after"});
  Json committed = same("HEAD moved");
  EXPECT_TRUE(committed["changed"].empty()) << committed.dump(1);
}

// A test file committed together with the changed file is named (`via: history`) though no call
// or import reaches it; a bulk commit (more than 50 files) links nothing.
TEST_F(ImpactTool, TestsCommittedWithTheChangedFileAreNamedByHistory) {
  make("body_change");
  writeFile(dir_.path / "tests" / "test_price_rules.py", "def test_rules():\n    assert True\n");
  git({"add", "-A"});
  git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "prices with their rule test"});
  for (int i = 0; i < 50; ++i) writeFile(dir_.path / "shop" / ("gen" + std::to_string(i) + ".py"), "X = 1\n");
  writeFile(dir_.path / "tests" / "test_bulk.py", "def test_bulk():\n    assert True\n");
  writeFile(dir_.path / "shop" / "pricing.py", "def net_price(x):\n    return x\n");
  git({"add", "-A"});
  git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "bulk"});
  writeFile(dir_.path / "shop" / "pricing.py", "def net_price(x):\n    return x + 0\n");
  repo_->reindex();
  Json r = repo_->json("impact", Json::object());
  Json byHistory = Json::array();
  for (const auto& t : r["tests"])
    if (t.value("via", "") == "history") byHistory.push_back(t);
  ASSERT_EQ(byHistory.size(), 1u) << r["tests"].dump(1);
  EXPECT_EQ(byHistory[0]["file_path"], "tests/test_price_rules.py");
  EXPECT_EQ(byHistory[0]["commits"], 1);
  EXPECT_EQ(r["tests"].back(), byHistory[0]) << "history comes after the tests that reach the change";
}

TEST(ImpactToolPlain, OutsideGitOnlyTheSymbolsFormWorks) {
  TempDir dir;
  copyTree(fixturePath("impact") / "body_change" / "before", dir.path);
  copyTree(fixturePath("impact") / "body_change" / "after", dir.path);
  IndexedRepo repo(dir.path);
  EXPECT_TRUE(has(repo.error("impact", Json::object()), "not a git work tree"));
  Json r = repo.json("impact", {{"symbols", {"shop/pricing.py::net_price::function"}}});
  EXPECT_EQ(r["changed"].size(), 1u);
  EXPECT_FALSE(r["dependents"].empty());
}

}  // namespace
}  // namespace cg::tools::testing
