// symbol_context on tests/fixtures/tools_app (expected answers in its README.md): every status,
// every field, the six categories, content and documents, the repository check, path safety
// of file_path and include_content, and the per-category bound.
#include <gtest/gtest.h>

#include "indexed_repo.h"

namespace cg::tools::testing {
namespace {

class SymbolContextTool : public SharedRepoSuite<SymbolContextTool> {};

// An edge as the categories list it: the uid and the site's line; confidence below 1 only.
Json edge(const std::string& uid, int line) { return Json{{"symbol_uid", uid}, {"line", line}}; }
// A reference from a file's top level: no uid, the file instead.
Json topLevelEdge(const std::string& path, int line) {
  return Json{{"symbol_uid", nullptr}, {"file_path", path}, {"line", line}};
}

TEST_F(SymbolContextTool, FoundByNameHasEveryFieldAndOnlyNonEmptyCategories) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "checkout"}});
  EXPECT_EQ(r["status"], "found");
  Json symbol = r["symbol"];
  ASSERT_TRUE(symbol["centrality_score"].is_number());
  double centrality = symbol["centrality_score"].get<double>();
  EXPECT_GE(centrality, 0.0);
  EXPECT_LE(centrality, 1.0);
  symbol.erase("centrality_score");
  EXPECT_EQ(symbol, (Json{{"uid", "shop/cart.py::checkout::function"},
                          {"name", "checkout"},
                          {"kind", "function"},
                          {"file_path", "shop/cart.py"},
                          {"start_line", 22},
                          {"start_column", 0},
                          {"end_line", 24},
                          {"signature", "def checkout(cart)"}}));
  // Incoming: the call in summarize and the import at reports/summary.py's top level.
  EXPECT_EQ(r["incoming"],
            (Json{{"calls", {edge("reports/summary.py::summarize::function", 10)}},
                  {"imports", {topLevelEdge("reports/summary.py", 2)}}}));
  // Outgoing: one edge per target, print (a built-in) apart in outside_calls; empty categories
  // omitted.
  ASSERT_TRUE(r["outgoing"].is_object());
  EXPECT_EQ(r["outgoing"].size(), 1u) << r["outgoing"].dump();
  ASSERT_EQ(r["outgoing"]["calls"].size(), 2u);
  EXPECT_EQ(r["outgoing"]["calls"][0]["symbol_uid"], "shop/cart.py::Cart.describe::method");
  EXPECT_EQ(r["outgoing"]["calls"][0]["line"], 23);  // the call site
  EXPECT_EQ(r["outgoing"]["calls"][1]["symbol_uid"], "shop/cart.py::Cart.total::method");
  EXPECT_EQ(r["outgoing"]["calls"][1]["line"], 24);
  EXPECT_TRUE(r.contains("community"));  // an object, or null before clustering
  EXPECT_TRUE(r["community"].is_null() || r["community"].contains("community_uid"));
  EXPECT_FALSE(r.contains("documents"));
  EXPECT_FALSE(r.contains("truncated"));
  EXPECT_FALSE(r["symbol"].contains("content"));
}

TEST_F(SymbolContextTool, ByUidEqualsByName) {
  Json byName = repo_->json("symbol_context", {{"symbol_name", "checkout"}});
  Json byUid = repo_->json("symbol_context", {{"symbol_uid", "shop/cart.py::checkout::function"}});
  EXPECT_EQ(byName, byUid);
  // A uid passed as the name is found too.
  EXPECT_EQ(repo_->json("symbol_context", {{"symbol_name", "shop/cart.py::checkout::function"}}),
            byUid);
}

TEST_F(SymbolContextTool, UsesFoldsAccessesAndAssignsOneEdgePerTarget) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "make_item"}});
  ASSERT_EQ(r["status"], "found");
  ASSERT_EQ(r["outgoing"]["uses"].size(), 1u) << r["outgoing"].dump();
  EXPECT_EQ(r["outgoing"]["uses"][0]["symbol_uid"], "shop/models.py::created_count::variable");
  std::string kind = r["outgoing"]["uses"][0]["kind"];
  EXPECT_TRUE(kind == "accesses" || kind == "assigns") << kind;
  EXPECT_EQ(r["outgoing"]["calls"][0]["symbol_uid"], "shop/models.py::Item::class");
  EXPECT_EQ(r["incoming"]["calls"],
            (Json::array({edge("shop/cart.py::Cart.add::method", 11)})));
  ASSERT_EQ(r["incoming"]["imports"].size(), 1u);
  EXPECT_EQ(r["incoming"]["imports"][0]["file_path"], "shop/cart.py");
}

TEST_F(SymbolContextTool, ExtendsAndContains) {
  Json item = repo_->json("symbol_context", {{"symbol_name", "Item"}});
  ASSERT_EQ(item["status"], "found");
  ASSERT_EQ(item["incoming"]["extends"].size(), 1u);
  EXPECT_EQ(item["incoming"]["extends"][0]["symbol_uid"], "shop/models.py::Book::class");
  std::set<std::string> members;
  for (const auto& e : item["outgoing"]["contains"]) members.insert(e["symbol_uid"]);
  EXPECT_EQ(members, (std::set<std::string>{
                         "shop/models.py::Item.__init__::constructor", "shop/models.py::Item.gross::method",
                         "shop/models.py::Item.name::field", "shop/models.py::Item.price::field"}));
  Json book = repo_->json("symbol_context", {{"symbol_name", "Book"}});
  EXPECT_EQ(book["outgoing"]["extends"][0]["symbol_uid"], "shop/models.py::Item::class");
  // A member's container is its incoming contains edge.
  Json gross = repo_->json("symbol_context", {{"symbol_name", "Book.gross"}});
  EXPECT_EQ(gross["incoming"]["contains"][0]["symbol_uid"], "shop/models.py::Book::class");
}

// `item.gross()` in Cart.total (item of unknown type; Item and Book both define gross): no
// edge, a possible reference of each gross, and an unbound call of Cart.total.
TEST_F(SymbolContextTool, SaysWhatItCouldNotProve) {
  Json gross = repo_->json("symbol_context", {{"symbol_name", "Item.gross"}});
  ASSERT_EQ(gross["status"], "found");
  EXPECT_FALSE(gross["incoming"].contains("calls")) << gross;
  EXPECT_EQ(gross["possible"]["calls"]["count"], 1) << gross;
  EXPECT_EQ(gross["possible"]["calls"]["sites"][0]["symbol_uid"], "shop/cart.py::Cart.total::method");
  EXPECT_EQ(gross["possible"]["calls"]["sites"][0]["line"], 16);
  EXPECT_NE(gross["note"].get<std::string>().find("1 possible reference"), std::string::npos) << gross;
  Json total = repo_->json("symbol_context", {{"symbol_name", "Cart.total"}});
  EXPECT_EQ(total["unresolved_outgoing"], 1) << total;
  EXPECT_EQ(total["unresolved_outgoing_sites"],
            (Json::array({{{"name", "item.gross"}, {"line", 16}, {"candidates", 2}}})))
      << total;
  // A symbol with nothing unproven says so with a zero and no other field.
  Json checkout = repo_->json("symbol_context", {{"symbol_name", "checkout"}});
  EXPECT_EQ(checkout["unresolved_outgoing"], 0);
  EXPECT_FALSE(checkout.contains("possible"));
  EXPECT_FALSE(checkout.contains("unresolved_outgoing_sites"));
}

// Every call a body makes is an outgoing edge, an unbound call (unresolved_outgoing) or a call
// that reaches no definition of the repository (outside_calls: built-ins, library methods).
TEST_F(SymbolContextTool, EveryCallOfTheBodyIsAccountedFor) {
  // make_item(...) bound; self.items.append(...) on a list
  Json add = repo_->json("symbol_context", {{"symbol_name", "Cart.add"}});
  EXPECT_EQ(add["outgoing"]["calls"], (Json::array({edge("shop/models.py::make_item::function", 11)}))) << add;
  EXPECT_EQ(add["unresolved_outgoing"], 0);
  EXPECT_EQ(add["outside_calls"], (Json{{"count", 1}, {"names", {"self.items.append"}}})) << add;
  // sum(...) outside, item.gross() unbound (two candidates)
  Json total = repo_->json("symbol_context", {{"symbol_name", "Cart.total"}});
  EXPECT_FALSE(total["outgoing"].contains("calls")) << total;
  EXPECT_EQ(total["unresolved_outgoing"], 1);
  EXPECT_EQ(total["outside_calls"], (Json{{"count", 1}, {"names", {"sum"}}})) << total;
  Json checkout = repo_->json("symbol_context", {{"symbol_name", "checkout"}});
  EXPECT_EQ(checkout["outside_calls"], (Json{{"count", 1}, {"names", {"print"}}})) << checkout;
  // Every call bound: no outside_calls field.
  Json describe = repo_->json("symbol_context", {{"symbol_name", "Cart.describe"}});
  EXPECT_EQ(describe["outgoing"]["calls"].size(), 2u) << describe;
  EXPECT_FALSE(describe.contains("outside_calls")) << describe;
}

TEST_F(SymbolContextTool, AmbiguousNameListsCandidatesAndFilePathPicksOne) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "format_price"}});
  EXPECT_EQ(r["status"], "ambiguous");
  EXPECT_TRUE(r["message"].is_string());
  std::set<std::string> uids;
  for (const auto& c : r["candidates"]) {
    EXPECT_EQ(c.size(), 5u) << c.dump();  // uid, name, kind, file_path, line
    uids.insert(c["uid"]);
  }
  EXPECT_EQ(uids, (std::set<std::string>{"shop/pricing.py::format_price::function",
                                         "reports/summary.py::format_price::function"}));
  for (const char* path : {"shop/pricing.py", "pricing.py", "./shop/pricing.py"}) {
    Json one = repo_->json("symbol_context", {{"symbol_name", "format_price"}, {"file_path", path}});
    EXPECT_EQ(one["status"], "found") << path;
    EXPECT_EQ(one["symbol"]["uid"], "shop/pricing.py::format_price::function") << path;
  }
}

TEST_F(SymbolContextTool, NotFoundHasSuggestions) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "format_prices"}});
  EXPECT_EQ(r["status"], "not_found");
  EXPECT_TRUE(r["message"].is_string());
  ASSERT_FALSE(r["suggestions"].empty());
  EXPECT_EQ(r["suggestions"][0]["name"], "format_price");
  Json uid = repo_->json("symbol_context", {{"symbol_uid", "shop/cart.py::checkout::method"}});
  EXPECT_EQ(uid["status"], "not_found");
  ASSERT_FALSE(uid["suggestions"].empty());
  EXPECT_EQ(uid["suggestions"][0]["uid"], "shop/cart.py::checkout::function");
  Json nothing = repo_->json("symbol_context", {{"symbol_name", "qqqqzzzz"}});
  EXPECT_EQ(nothing["status"], "not_found");
  EXPECT_EQ(nothing["suggestions"], Json::array());
}

TEST_F(SymbolContextTool, ContentIsTheSymbolsLines) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "checkout"}, {"include_content", true}});
  EXPECT_EQ(r["symbol"]["content"],
            "def checkout(cart):\n    print(cart.describe())\n    return cart.total()\n");
}

TEST_F(SymbolContextTool, DocumentsNamingTheSymbol) {
  Json r = repo_->json("symbol_context", {{"symbol_name", "checkout"}, {"include_documents", true}});
  ASSERT_TRUE(r["documents"].is_array());
  Json guide;
  for (const auto& d : r["documents"])
    if (d["file_path"] == "docs/guide.md") guide = d;
  EXPECT_EQ(guide, (Json{{"document_uid", "docs/guide.md::document"},
                         {"title", "Shop guide"},
                         {"file_path", "docs/guide.md"}}))
      << r["documents"].dump();
}

TEST_F(SymbolContextTool, RepositoryMustBeTheServedOne) {
  EXPECT_EQ(repo_->json("symbol_context", {{"symbol_name", "checkout"}, {"repository", "tools_app"}})["status"],
            "found");
  EXPECT_EQ(repo_->json("symbol_context",
                        {{"symbol_name", "checkout"}, {"repository", repo_->root().string()}})["status"],
            "found");
  std::string err = repo_->error("symbol_context", {{"symbol_name", "checkout"}, {"repository", "other"}});
  EXPECT_NE(err.find("'tools_app'"), std::string::npos) << err;
}

TEST_F(SymbolContextTool, ArgumentErrors) {
  EXPECT_NE(repo_->error("symbol_context", Json::object()).find("symbol_name"), std::string::npos);
  EXPECT_NE(repo_->error("symbol_context", {{"symbol_name", "   "}}).find("symbol_name"), std::string::npos);
  EXPECT_NE(repo_->error("symbol_context", {{"name", "checkout"}}).find("'name'"), std::string::npos);
  EXPECT_NE(repo_->error("symbol_context", {{"symbol_name", "checkout"}, {"include_content", "yes"}})
                .find("include_content"),
            std::string::npos);
  for (const char* outside : {"../tools_app/shop/cart.py", "/etc/passwd", "shop/../../x.py"}) {
    std::string err =
        repo_->error("symbol_context", {{"symbol_name", "checkout"}, {"file_path", outside}});
    EXPECT_NE(err.find("'file_path'"), std::string::npos) << outside << ": " << err;
  }
}

// A copy of the fixture altered after indexing: symlinks leading out of the repository.
TEST(SymbolContextPathSafety, SymlinksOutOfTheRepositoryAreRefused) {
  TempDir tmp;
  fs::path root = tmp.path / "repo";
  copyTree(fixturePath("tools_app"), root);
  writeFile(tmp.path / "outside" / "secret.py", "def format_price(value):\n    return 'SECRET'\n");
  IndexedRepo repo(root);
  fs::create_directory_symlink(tmp.path / "outside", root / "link");
  std::string err = repo.error("symbol_context", {{"symbol_name", "format_price"},
                                                  {"file_path", "link/secret.py"}});
  EXPECT_NE(err.find("outside the repository"), std::string::npos) << err;
  // The indexed file replaced by a symlink to a file outside: no content is read.
  fs::remove(root / "shop" / "pricing.py");
  fs::create_symlink(tmp.path / "outside" / "secret.py", root / "shop" / "pricing.py");
  Json r = repo.json("symbol_context", {{"symbol_uid", "shop/pricing.py::format_price::function"},
                                        {"include_content", true}});
  EXPECT_EQ(r["status"], "found");
  EXPECT_FALSE(r["symbol"].contains("content")) << r.dump();
  EXPECT_NE(r.value("note", "").find("content unavailable"), std::string::npos) << r.dump();
  EXPECT_EQ(r.dump().find("SECRET"), std::string::npos);
}

TEST(SymbolContextBounds, EachCategoryIsCutAndSaysSo) {
  TempDir tmp;
  std::string callers = "def target():\n    return 1\n\n";
  for (int i = 0; i < 60; ++i)
    callers += "\ndef caller" + std::to_string(i) + "():\n    return target()\n";
  std::string many = "def hub():\n";
  for (int i = 0; i < 60; ++i) many += "    caller" + std::to_string(i) + "()\n";
  writeFile(tmp.path / "repo" / "calls.py", callers + "\n" + many);
  IndexedRepo repo(tmp.path / "repo");
  Json r = repo.json("symbol_context", {{"symbol_name", "target"}});
  EXPECT_EQ(r["incoming"]["calls"].size(), 50u);
  EXPECT_EQ(r["truncated"], true);
  EXPECT_NE(r["note"].get<std::string>().find("incoming.calls: 50 of 60"), std::string::npos)
      << r["note"];
  Json hub = repo.json("symbol_context", {{"symbol_name", "hub"}, {"include_content", true}});
  EXPECT_EQ(hub["outgoing"]["calls"].size(), 50u);
  EXPECT_NE(hub["note"].get<std::string>().find("outgoing.calls: 50 of 60"), std::string::npos)
      << hub["note"];
  Json small = repo.json("symbol_context", {{"symbol_name", "caller3"}});
  EXPECT_FALSE(small.contains("truncated"));
}

}  // namespace
}  // namespace cg::tools::testing
