// get_context on tests/fixtures/context_app (the right answers are in its README.md): the
// ranking per intent, every path case, the budgets, the hash round trip, unknown targets.
#include <gtest/gtest.h>

#include "../../../src/tools/common.h"
#include "indexed_repo.h"

namespace cg::tools::testing {
namespace {

class GetContextTool : public SharedRepoSuite<GetContextTool> {
 public:
  static const char* fixtureName() { return "context_app"; }
};

// Rank (0-based) of the item with this uid in a JSON answer; -1 when absent.
int rankOf(const Json& answer, const std::string& uid) {
  const Json& items = answer["context"];
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i]["uid"] == uid) return static_cast<int>(i);
  return -1;
}

// Reasons may end with a history note ("; 2 commits in the last 30 days") that depends on
// when the fixture was last committed: compare the relation part.
std::string relation(const Json& item) {
  std::string reason = item["reason"];
  return reason.substr(0, reason.find(';'));
}

const char* kPlaceOrder = "src/orders/service.ts::OrderService.placeOrder::method";

TEST_F(GetContextTool, FixRanksCalleesAndTheUsedInterfaceAboveUnrelatedCode) {
  Json r = repo_->json("get_context", {{"mode", "intent"}, {"intent", "fix"},
                                       {"target", "OrderService.placeOrder"}, {"format", "json"}});
  EXPECT_EQ(r["target"]["uid"], kPlaceOrder);
  EXPECT_EQ(r["intent"], "fix");
  int validate = rankOf(r, "src/orders/order.ts::validateOrder::function");
  int total = rankOf(r, "src/pricing/total.ts::computeTotal::function");
  int repository = rankOf(r, "src/orders/repository.ts::Repository::interface");
  ASSERT_GE(validate, 0);
  ASSERT_GE(total, 0);
  ASSERT_GE(repository, 0);
  int firstUnrelated = static_cast<int>(r["context"].size());
  for (size_t i = 0; i < r["context"].size(); ++i)
    if (r["context"][i]["file_path"].get<std::string>().rfind("src/reporting/", 0) == 0) {
      firstUnrelated = static_cast<int>(i);
      break;
    }
  EXPECT_LT(validate, firstUnrelated);
  EXPECT_LT(total, firstUnrelated);
  EXPECT_LT(repository, firstUnrelated);
  // Direct callees come before the callers for a fix, and say why they are there.
  int caller = rankOf(r, "src/orders/controller.ts::OrderController.post::method");
  EXPECT_LT(total, caller);
  EXPECT_EQ(relation(r["context"][total]), "target calls it");
  EXPECT_EQ(relation(r["context"][repository]), "target uses it");
  EXPECT_EQ(relation(r["context"][rankOf(r, "src/orders/repository.ts::MemoryRepository::class")]),
            "implements Repository, which target uses");
}

TEST_F(GetContextTool, RefactorBringsEveryCaller) {
  Json r = repo_->json("get_context", {{"mode", "intent"}, {"intent", "refactor"},
                                       {"target", kPlaceOrder}, {"format", "json"}});
  for (const char* caller : {"src/orders/controller.ts::OrderController.post::method",
                             "src/cli.ts::runCli::function",
                             "tests/service.test.ts::placesAnOrder::function"}) {
    int at = rankOf(r, caller);
    ASSERT_GE(at, 0) << caller;
    EXPECT_EQ(relation(r["context"][at]), "calls target") << caller;
  }
  // Dependents first for a refactor: every caller ranks above the callee applyDiscount.
  int callee = rankOf(r, "src/pricing/total.ts::applyDiscount::function");
  EXPECT_GT(callee, rankOf(r, "src/cli.ts::runCli::function"));
}

TEST_F(GetContextTool, JsonAnswerHasSpecFields) {
  Json r = repo_->json("get_context", {{"entity", "computeTotal"}, {"format", "json"}});
  for (const char* key : {"target", "intent", "context", "totalTokens", "tokenBudget", "hash", "warnings", "_meta"})
    EXPECT_TRUE(r.contains(key)) << key;
  EXPECT_EQ(r["target"]["uid"], "src/pricing/total.ts::computeTotal::function");
  EXPECT_EQ(r["tokenBudget"], 4000);
  ASSERT_FALSE(r["context"].empty());
  for (const auto& item : r["context"])
    for (const char* key : {"uid", "name", "kind", "file_path", "line", "relevance", "reason", "lines", "tokens", "signature"})
      EXPECT_TRUE(item.contains(key)) << key << " in " << item.dump();
  EXPECT_EQ(r["context"][0]["relevance"], 1.0);
  EXPECT_EQ(r["_meta"]["returnedItems"], r["context"].size());
  // detail full: the target's source and the top callable items' source are included.
  EXPECT_NE(r["target"].value("content", "").find("applyDiscount(sum"), std::string::npos);
  int discount = rankOf(r, "src/pricing/total.ts::applyDiscount::function");
  ASSERT_GE(discount, 0);
  EXPECT_NE(r["context"][discount].value("content", "").find("HALF"), std::string::npos);
}

TEST_F(GetContextTool, BudgetsAreNeverExceeded) {
  for (int budget : {100, 1000, 4000, 8000}) {
    for (const char* format : {"compact", "json"}) {
      for (const char* detail : {"summary", "neighbors", "full"}) {
        Json args{{"mode", "intent"}, {"intent", "extend"}, {"target", "placeOrder"},
                  {"token_budget", budget}, {"format", format}, {"detail_level", detail}};
        auto r = repo_->call("get_context", args);
        ASSERT_FALSE(r.isError) << r.text;
        std::string text = r.json ? r.json->dump() : r.text;
        EXPECT_LE(estimateTokens(text), static_cast<size_t>(budget)) << args.dump();
        if (r.json) {
          EXPECT_LE((*r.json)["totalTokens"].get<int>(), budget);
          EXPECT_EQ((*r.json)["_meta"]["truncated"],
                    (*r.json)["_meta"]["returnedItems"] != (*r.json)["_meta"]["totalItems"]);
        } else {
          EXPECT_NE(text.find(" of " + std::to_string(budget) + " tokens"), std::string::npos) << text;
        }
      }
    }
  }
  // The smallest budget still names the target.
  std::string small = repo_->text("get_context", {{"entity", "placeOrder"}, {"token_budget", 100}});
  EXPECT_NE(small.find("TARGET method OrderService.placeOrder"), std::string::npos) << small;
}

TEST_F(GetContextTool, CompactTextPutsTheTargetFirstAndGivesReasons) {
  std::string t = repo_->text("get_context", {{"entity", "placeOrder"}, {"detail_level", "neighbors"}});
  size_t target = t.find("TARGET method OrderService.placeOrder  src/orders/service.ts:8-16");
  ASSERT_NE(target, std::string::npos) << t;
  size_t first = t.find("\n1. [1.00] ");
  ASSERT_NE(first, std::string::npos) << t;
  EXPECT_LT(target, first);
  EXPECT_NE(t.find("function computeTotal  src/pricing/total.ts:12-18 — target calls it\n"), std::string::npos) << t;
  EXPECT_NE(t.find("   called by target"), std::string::npos) << t;  // neighbors: edge lines
  EXPECT_EQ(t.find("\\n"), std::string::npos);  // no JSON escaping in text answers
}

TEST_F(GetContextTool, KnownHashAnswersNotModifiedUntilTheNeighbourhoodChanges) {
  TempDir copy;
  copyTree(fixturePath("context_app"), copy.path);
  IndexedRepo repo(copy.path);
  Json args{{"entity", "computeTotal"}, {"format", "json"}};
  Json first = repo.json("get_context", args);
  const std::string hash = first["hash"];
  ASSERT_EQ(hash.size(), 16u);
  Json again = args;
  again["known_hash"] = hash;
  EXPECT_EQ(repo.json("get_context", again), (Json{{"status", "not_modified"}, {"hash", hash}}));
  // An edit inside a direct callee's file that changes its signature changes the hash.
  writeFile(copy.path / "src/pricing/total.ts",
            "import { Order } from \"../orders/order\";\n\nexport const TAX_RATE = 0.2;\n\n"
            "export function applyDiscount(amount: number, coupon?: string, floor = 0): number {\n"
            "  return Math.max(floor, coupon === \"HALF\" ? amount / 2 : amount);\n}\n\n"
            "export function computeTotal(order: Order): number {\n  let sum = 0;\n"
            "  for (const price of order.items) {\n    sum += price;\n  }\n"
            "  return applyDiscount(sum * (1 + TAX_RATE), order.coupon);\n}\n");
  repo.reindex();
  Json changed = repo.json("get_context", again);
  EXPECT_NE(changed.value("status", ""), "not_modified");
  EXPECT_NE(changed["hash"], hash);
}

TEST_F(GetContextTool, UnknownTargetIsNotFoundWithSuggestions) {
  Json r = repo_->json("get_context", {{"entity", "placeOrdr"}});
  EXPECT_EQ(r["found"], false);
  EXPECT_TRUE(r["hint"].is_string());
  ASSERT_FALSE(r["suggestions"].empty());
  EXPECT_NE(r["suggestions"][0].get<std::string>().find("placeOrder"), std::string::npos);
  Json i = repo_->json("get_context", {{"mode", "intent"}, {"intent", "fix"}, {"target", "zzqxw"}});
  EXPECT_EQ(i["found"], false);
}

TEST_F(GetContextTool, IntentTargetMayBeAFileOrAFewWords) {
  Json file = repo_->json("get_context", {{"mode", "intent"}, {"intent", "understand"},
                                          {"target", "src/pricing/total.ts"}, {"format", "json"}});
  ASSERT_TRUE(file["target"].is_array()) << file.dump();
  std::set<std::string> names;
  for (const auto& t : file["target"]) names.insert(t["name"]);
  EXPECT_EQ(names, (std::set<std::string>{"TAX_RATE", "applyDiscount", "computeTotal"}));
  Json words = repo_->json("get_context", {{"mode", "intent"}, {"intent", "understand"},
                                           {"target", "apply discount"}, {"format", "json"}});
  EXPECT_EQ(words["target"]["uid"], "src/pricing/total.ts::applyDiscount::function");
  EXPECT_NE(words["warnings"][0].get<std::string>().find("read as a search"), std::string::npos);
}

TEST_F(GetContextTool, PathDirectMultiHopCycleAndNone) {
  Json direct = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"}, {"to", "placeOrder"}});
  EXPECT_EQ(direct["found"], true);
  EXPECT_EQ(direct["length"], 1);
  EXPECT_EQ(direct["edge_kind"], "calls");
  EXPECT_EQ(direct["hops"][1]["line"], 11);  // the call site in post
  EXPECT_EQ(direct["hops"][1]["definition_line"], 8);
  EXPECT_FALSE(direct["hops"][1].contains("confidence"));  // 1.0, the default

  Json multi = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"}, {"to", "applyDiscount"}});
  ASSERT_EQ(multi["found"], true);
  std::vector<std::string> names;
  for (const auto& h : multi["hops"]) names.push_back(h["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"post", "placeOrder", "computeTotal", "applyDiscount"}));
  EXPECT_EQ(multi["length"], 3);
  EXPECT_EQ(multi["alternatives"], 0);

  Json cycle = repo_->json("get_context", {{"mode", "path"}, {"from", "isEven"}, {"to", "describeParity"}});
  ASSERT_EQ(cycle["found"], true);
  EXPECT_EQ(cycle["length"], 2);

  Json none = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"}, {"to", "monthlyReport"}});
  EXPECT_EQ(none["found"], false);
  EXPECT_TRUE(none["message"].is_string());

  Json bounded = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"},
                                             {"to", "applyDiscount"}, {"max_depth", 2}});
  EXPECT_EQ(bounded["found"], false);
  EXPECT_TRUE(bounded["blocked_by"].is_object()) << bounded;
  EXPECT_EQ(bounded["blocked_by"]["callers"], 1) << bounded;
}

// `repository.save(order)` with `repository: Repository` binds the interface's method; the
// chain to the implementation goes through that call, its hop marked with the method called.
TEST_F(GetContextTool, PathFollowsInterfaceDispatchAndNeverOtherEdgesUnlessAsked) {
  Json r = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"},
                                       {"to", "MemoryRepository.save"}});
  ASSERT_EQ(r["found"], true) << r;
  EXPECT_EQ(r["edge_kind"], "calls");
  std::vector<std::string> uids;
  for (const auto& h : r["hops"]) uids.push_back(h["uid"]);
  EXPECT_EQ(uids, (std::vector<std::string>{"src/orders/controller.ts::OrderController.post::method",
                                            "src/orders/service.ts::OrderService.placeOrder::method",
                                            "src/orders/repository.ts::MemoryRepository.save::method"}));
  EXPECT_EQ(r["hops"][2]["line"], 13);  // the call site in placeOrder
  EXPECT_EQ(r["hops"][2]["via"], "src/orders/repository.ts::Repository.save::method");
  EXPECT_FALSE(r["hops"][1].contains("via"));

  // Nothing calls MemoryRepository.find: no call chain.
  Json none = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"},
                                          {"to", "MemoryRepository.find"}});
  EXPECT_EQ(none["found"], false) << none;
  EXPECT_EQ(none["blocked_by"]["callers"], 0) << none;
  EXPECT_NE(none["message"].get<std::string>().find("Nothing calls 'find'"), std::string::npos) << none;
  // post only uses the type Order: no chain of type uses is offered as a call chain; with
  // edge_kind any it is the answer, each hop naming its edge.
  Json uses = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"}, {"to", "Order"}});
  EXPECT_EQ(uses["found"], false) << uses;
  Json any = repo_->json("get_context", {{"mode", "path"}, {"from", "OrderController.post"},
                                         {"to", "Order"}, {"edge_kind", "any"}});
  ASSERT_EQ(any["found"], true) << any;
  EXPECT_EQ(any["edge_kind"], "any");
  EXPECT_EQ(any["hops"][1]["edge"], "uses") << any;
}

// Context mode: what the target calls, then what calls it, then its other direct relations,
// then everything further away, whatever the walk scores; relevance follows that order.
TEST_F(GetContextTool, ContextModeRanksDirectCalleesThenCallersFirst) {
  Json r = repo_->json("get_context", {{"entity", "placeOrder"}, {"format", "json"}, {"detail_level", "summary"}});
  ASSERT_FALSE(r["context"].empty()) << r;
  // Test code that calls the target comes after the direct relations of code under test.
  auto tier = [](const Json& item) {
    const std::string reason = item["reason"], path = item["file_path"];
    if (reason.rfind("target calls it", 0) == 0) return 0;
    if (reason.rfind("calls target", 0) == 0 && path.rfind("tests/", 0) != 0) return 1;
    return 2;
  };
  int last = 0;
  double relevance = 1.0;
  for (const auto& item : r["context"]) {
    const int t = tier(item);
    EXPECT_GE(t, last) << item.dump() << "\n" << r.dump(1);
    last = std::max(last, t);
    EXPECT_LE(item["relevance"].get<double>(), relevance) << item.dump();
    relevance = item["relevance"].get<double>();
  }
  EXPECT_EQ(tier(r["context"][0]), 0) << r.dump(1);
}

TEST_F(GetContextTool, MissingArgumentsAreErrors) {
  EXPECT_NE(repo_->error("get_context", Json::object()).find("entity"), std::string::npos);
  EXPECT_NE(repo_->error("get_context", {{"mode", "intent"}, {"target", "x"}}).find("intent"), std::string::npos);
  EXPECT_NE(repo_->error("get_context", {{"mode", "path"}, {"from", "x"}}).find("'to'"), std::string::npos);
  EXPECT_FALSE(repo_->error("get_context", {{"entity", "x"}, {"token_budget", 10}}).empty());
  EXPECT_FALSE(repo_->error("get_context", {{"entity", "x"}, {"file", "../../etc/passwd"}}).empty());
}

}  // namespace
}  // namespace cg::tools::testing
