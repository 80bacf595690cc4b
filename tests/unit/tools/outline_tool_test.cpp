// outline on tests/fixtures/tools_app (expected answers in its README.md): the file overview in
// text and JSON, suffixes and folders, symbol and project modes, relations, depth, omit_native,
// language, the token budget and the argument errors.
#include <gtest/gtest.h>

#include "indexed_repo.h"
#include "tools/common.h"

namespace cg::tools::testing {
namespace {

class OutlineTool : public SharedRepoSuite<OutlineTool> {};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(OutlineTool, FileTextIsTheIndentedTree) {
  EXPECT_EQ(repo_->text("outline", {{"file", "shop/models.py"}}),
            "shop/models.py\n"
            "  constant TAX_RATE = 0.2  3\n"
            "  variable created_count = 0  4\n"
            "  class Item  7-13\n"
            "    extendedBy: Book\n"
            "    calledBy: make_item\n"
            "    def __init__(self, name, price)  8-10\n"
            "    field self.name = name  9\n"
            "    field self.price = price  10\n"
            "    def gross(self)  12-13\n"
            "      calledBy (possible): 1 unbound site of this name\n"
            "  class Book(Item)  16-18\n"
            "    extends: Item\n"
            "    def gross(self)  17-18\n"
            "      calledBy (possible): 1 unbound site of this name\n"
            "  def make_item(name, price)  21-24\n"
            "    calls: Item\n"
            "    calledBy: Cart.add (shop/cart.py:10)\n");
}

TEST_F(OutlineTool, FileImportsAndSuffix) {
  std::string text = repo_->text("outline", {{"file", "cart.py"}});
  EXPECT_EQ(text.rfind("shop/cart.py\n  imports: Item (shop/models.py:7), make_item "
                       "(shop/models.py:21), format_price (shop/pricing.py:4)\n",
                       0),
            0u)
      << text;
  EXPECT_TRUE(has(text, "\n    def total(self)  15-16\n      calledBy: describe, checkout, "
                        "test_total (tests/test_cart.py:4)\n"))
      << text;
}

TEST_F(OutlineTool, FileJsonHasSpecFieldsInLineOrder) {
  Json r = repo_->json("outline", {{"file", "shop/models.py"}, {"format", "json"}});
  EXPECT_EQ(r["truncated"], false);
  EXPECT_EQ(r["total_symbols"], 10);
  ASSERT_EQ(r["symbols"].size(), 10u);
  uint32_t previous = 0;
  for (const auto& s : r["symbols"]) {
    for (const char* key : {"uid", "name", "kind", "path", "line", "end_line", "signature", "relations"})
      EXPECT_TRUE(s.contains(key)) << key << " in " << s.dump();
    EXPECT_GE(s["line"].get<uint32_t>(), previous);
    previous = s["line"];
  }
  Json makeItem = r["symbols"][9];
  EXPECT_EQ(makeItem["uid"], "shop/models.py::make_item::function");
  EXPECT_EQ(makeItem["relations"],
            (Json{{"calls", {{{"uid", "shop/models.py::Item::class"}, {"name", "Item"},
                              {"path", "shop/models.py"}, {"line", 7}}}},
                  {"calledBy", {{{"uid", "shop/cart.py::Cart.add::method"}, {"name", "Cart.add"},
                                 {"path", "shop/cart.py"}, {"line", 10}}}}}));
}

TEST_F(OutlineTool, FolderOutlinesEachFile) {
  std::string text = repo_->text("outline", {{"file", "shop"}, {"depth", 0}});
  for (const char* f : {"shop/__init__.py\n", "shop/cart.py\n", "shop/models.py\n", "shop/pricing.py\n"})
    EXPECT_TRUE(has(text, f)) << f << " in\n" << text;
  EXPECT_FALSE(has(text, "reports/"));
}

TEST_F(OutlineTool, SymbolModeShowsTheSymbolAndItsMembers) {
  std::string text = repo_->text("outline", {{"symbol", "Cart"}, {"depth", 0}});
  EXPECT_EQ(text,
            "shop/cart.py\n"
            "  class Cart  6-19\n"
            "    def __init__(self)  7-8\n"
            "    field self.items = []  8\n"
            "    def add(self, name, price)  10-13\n"
            "    def total(self)  15-16\n"
            "    def describe(self)  18-19\n");
  // By uid, and an ambiguous name outlines every definition.
  EXPECT_EQ(repo_->text("outline", {{"symbol", "shop/cart.py::Cart::class"}, {"depth", 0}}), text);
  std::string both = repo_->text("outline", {{"symbol", "format_price"}, {"depth", 0}});
  EXPECT_TRUE(has(both, "shop/pricing.py\n  def format_price(value)  4-5\n")) << both;
  EXPECT_TRUE(has(both, "reports/summary.py\n  def format_price(value)  5-6\n")) << both;
}

TEST_F(OutlineTool, RelationsFilterAndDepth) {
  std::string uses = repo_->text(
      "outline", {{"symbol", "make_item"}, {"relations", {"accesses", "assigns"}}});
  EXPECT_EQ(uses,
            "shop/models.py\n"
            "  def make_item(name, price)  21-24\n"
            "    accesses: created_count\n"
            "    assigns: created_count\n");
  std::string deep = repo_->text("outline", {{"symbol", "checkout"}, {"depth", 2}, {"relations", {"calls"}}});
  EXPECT_EQ(deep,
            "shop/cart.py\n"
            "  def checkout(cart)  22-24\n"
            "    calls: Cart.describe, Cart.total\n"
            "      Cart.describe calls: format_price (shop/pricing.py:4), Cart.total\n");
  std::string declares = repo_->text("outline", {{"symbol", "Book"}, {"relations", {"declares"}}});
  EXPECT_TRUE(has(declares, "    declares: Book.gross\n")) << declares;
}

TEST_F(OutlineTool, OmitNativeFalseShowsBuiltins) {
  std::string with = repo_->text("outline", {{"symbol", "checkout"}, {"omit_native", false}});
  EXPECT_TRUE(has(with, "calls: print, Cart.describe, Cart.total\n")) << with;
  std::string without = repo_->text("outline", {{"symbol", "checkout"}});
  EXPECT_FALSE(has(without, "print")) << without;
}

TEST_F(OutlineTool, ProjectIsMostCentralFirst) {
  Json r = repo_->json("outline", {{"format", "json"}, {"depth", 0}, {"token_budget", 8000}});
  EXPECT_EQ(r["total_symbols"], 22);
  EXPECT_EQ(r["truncated"], false);
  ASSERT_EQ(r["symbols"].size(), 22u);
  double previous = 2;
  for (const auto& s : r["symbols"]) {
    Json c = repo_->json("symbol_context", {{"symbol_uid", s["uid"]}});
    double centrality = c["symbol"]["centrality_score"];
    EXPECT_LE(centrality, previous) << s["uid"];
    previous = centrality;
  }
  std::string text = repo_->text("outline", {{"depth", 0}});
  EXPECT_EQ(text.rfind("tools_app: 22 symbols, most central first\n", 0), 0u) << text;
  EXPECT_TRUE(has(text, "def gross(self)  shop/models.py:12-13  in Item\n")) << text;
}

TEST_F(OutlineTool, LanguageFilter) {
  Json go = repo_->json("outline", {{"format", "json"}, {"language", "go"}});
  EXPECT_EQ(go["total_symbols"], 0);
  Json py = repo_->json("outline", {{"format", "json"}, {"language", "Py"}, {"depth", 0}});
  EXPECT_EQ(py["total_symbols"], 22);
  Json file = repo_->json("outline", {{"format", "json"}, {"language", "go"}, {"file", "shop/cart.py"}});
  EXPECT_EQ(file["symbols"], Json::array());
  EXPECT_NE(repo_->error("outline", {{"language", "klingon"}}).find("'language'"), std::string::npos);
}

// The project's totals come from the indexer's cached counts, or, after a change forgot them,
// from counting: the same numbers either way, per language too.
TEST(OutlineProjectTotals, CountedAndCachedAgree) {
  IndexedRepo repo(fixturePath("tools_app"));
  auto totals = [&] {
    std::vector<Json> out;
    for (const char* language : {"", "python", "go"}) {
      Json args{{"format", "json"}, {"depth", 0}};
      if (*language) args["language"] = language;
      out.push_back(repo.json("outline", args)["total_symbols"]);
    }
    return out;
  };
  EXPECT_EQ(totals(), (std::vector<Json>{22, 22, 0}));
  {
    store::OpenOptions o;
    o.path = repo.dbPath();
    auto db = store::Database::open(o);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(db.value()->setMeta("totals", "").ok());
  }
  EXPECT_EQ(totals(), (std::vector<Json>{22, 22, 0}));
}

TEST_F(OutlineTool, TokenBudgetCutsAndSaysSo) {
  for (int budget : {100, 150, 300}) {
    std::string text = repo_->text("outline", {{"token_budget", budget}});
    EXPECT_LE(estimateTokens(text), static_cast<size_t>(budget)) << text;
    EXPECT_TRUE(has(text, "[truncated: ")) << text;
    EXPECT_TRUE(has(text, " of 22 symbols shown within token_budget " + std::to_string(budget)))
        << text;
    Json r = repo_->json("outline", {{"token_budget", budget}, {"format", "json"}});
    EXPECT_EQ(r["truncated"], true);
    EXPECT_EQ(r["total_symbols"], 22);
    EXPECT_LT(r["symbols"].size(), 22u);
    EXPECT_LE(estimateTokens(r.dump()), static_cast<size_t>(budget));
  }
}

TEST_F(OutlineTool, NotFoundIsAnAnswer) {
  std::string text = repo_->text("outline", {{"symbol", "make_itme"}});
  EXPECT_TRUE(has(text, "No symbol matches 'make_itme'")) << text;
  EXPECT_TRUE(has(text, "Did you mean: make_item")) << text;
  Json r = repo_->json("outline", {{"file", "nothing/here.py"}, {"format", "json"}});
  EXPECT_EQ(r["symbols"], Json::array());
  EXPECT_EQ(r["total_symbols"], 0);
  EXPECT_TRUE(has(r["note"], "No indexed source file matches"));
}

TEST_F(OutlineTool, ArgumentErrors) {
  EXPECT_TRUE(has(repo_->error("outline", {{"relations", {"calls", "callers"}}}), "relations[1]"));
  EXPECT_TRUE(has(repo_->error("outline", {{"format", "yaml"}}), "'format'"));
  EXPECT_TRUE(has(repo_->error("outline", {{"depth", -1}}), "'depth'"));
  EXPECT_TRUE(has(repo_->error("outline", {{"token_budget", 10}}), "'token_budget'"));
  EXPECT_TRUE(has(repo_->error("outline", {{"files", "x"}}), "'files'"));
  for (const char* outside : {"../mcp_tiny/main.py", "/etc", "shop/../../../etc/passwd"})
    EXPECT_TRUE(has(repo_->error("outline", {{"file", outside}}), "'file'")) << outside;
}

TEST(OutlineAmbiguousFile, SeveralFilesWithTheSuffixAreAnError) {
  TempDir tmp;
  writeFile(tmp.path / "repo" / "a" / "util.py", "def one():\n    return 1\n");
  writeFile(tmp.path / "repo" / "b" / "util.py", "def two():\n    return 2\n");
  IndexedRepo repo(tmp.path / "repo");
  std::string err = repo.error("outline", {{"file", "util.py"}});
  EXPECT_TRUE(has(err, "a/util.py")) << err;
  EXPECT_TRUE(has(err, "b/util.py")) << err;
  EXPECT_TRUE(has(repo.text("outline", {{"file", "b/util.py"}}), "def two()"));
}

TEST(OutlineBounds, LongRelationListsEndWithMore) {
  TempDir tmp;
  std::string src = "def target():\n    return 1\n";
  for (int i = 0; i < 20; ++i)
    src += "\n\ndef caller" + std::to_string(i) + "():\n    return target()\n";
  writeFile(tmp.path / "repo" / "m.py", src);
  IndexedRepo repo(tmp.path / "repo");
  std::string text = repo.text("outline", {{"symbol", "target"}});
  EXPECT_TRUE(has(text, ", +5 more\n")) << text;
  Json r = repo.json("outline", {{"symbol", "target"}, {"format", "json"}});
  EXPECT_EQ(r["symbols"][0]["relations"]["calledBy"].size(), 15u);
  EXPECT_EQ(r["symbols"][0]["more_relations"]["calledBy"], 5);
}

}  // namespace
}  // namespace cg::tools::testing
