// Resource bounds of one tools/call (docs/SECURITY.md): the time limit (answered at the deadline
// with an isError, the handler cancelled, its late result dropped), the answer size cap, and
// arguments over their schema's maximum clamped with a note in the answer.
#include <set>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "server_harness.h"

namespace cg::mcp::testing {
namespace {

class McpLimits : public ::testing::Test {
 protected:
  McpLimits() {
    // A handler that ignores cancellation: it returns only once the test opens stuckGate_.
    registry_.add({"stuck", "Stuck", "Waits for the test without checking for cancellation.",
                   objectSchema(Json::object()), [this](const Json&, const tools::CallContext&) {
                     stuckGate_.wait();
                     ++stuckFinished_;
                     return tools::ToolResult::ofJson({{"late", true}});
                   }});
    // Reports its (clamped) limit back, as an object or as an array.
    registry_.add({"limited", "Limited", "Echoes its limit.",
                   objectSchema({{"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 500}}},
                                 {"depth", {{"type", "integer"}, {"maximum", 4}}},
                                 {"array", {{"type", "boolean"}}}}),
                   [](const Json& args, const tools::CallContext&) {
                     if (args.value("array", false))
                       return tools::ToolResult::ofJson(Json::array({args.value("limit", 0)}));
                     return tools::ToolResult::ofJson({{"limit", args.value("limit", 0)},
                                                       {"depth", args.value("depth", 0)}});
                   }});
  }
  static ServerOptions withLimits(std::chrono::milliseconds timeout, size_t maxAnswer) {
    ServerOptions o = ServerHarness::defaults();
    o.callTimeout = timeout;
    o.maxAnswerBytes = maxAnswer;
    return o;
  }

  SlowState slow_;
  tools::ToolRegistry registry_ = makeTestRegistry(&slow_);
  Gate stuckGate_;
  std::atomic<int> stuckFinished_{0};
};

TEST_F(McpLimits, CooperativeCallPastItsDeadlineIsAnsweredAndCancelled) {
  ServerHarness h(registry_, withLimits(200ms, 0));
  h.call(1, "slow");
  // The slow handler's gate is never opened: it ends only when cancelled, so the answer can only
  // be the time limit's. 30 s only keeps a server that never answers from hanging the test.
  auto m = h.read(30s);
  ASSERT_TRUE(m);
  const int64_t answeredNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::steady_clock::now().time_since_epoch())
                                 .count();
  EXPECT_EQ((*m)["id"], 1);
  EXPECT_EQ((*m)["result"]["isError"], true);
  std::string text = (*m)["result"]["content"][0]["text"];
  EXPECT_NE(text.find("time limit of 0.2 s"), std::string::npos) << text;
  EXPECT_NE(text.find("'slow'"), std::string::npos) << text;
  EXPECT_FALSE((*m)["result"].contains("structuredContent"));
  // Not before the limit: the server had set the call's deadline when the handler started, and
  // the answer came after it (one clock: the watchdog answers once it has passed).
  slow_.waitStarted();  // the handler has read the deadline
  ASSERT_GT(slow_.deadlineNs.load(), 0);
  EXPECT_GE(answeredNs, slow_.deadlineNs.load());
  // The handler saw the cancellation and its late result is never sent.
  auto deadline = std::chrono::steady_clock::now() + 30s;  // a hang guard
  while (slow_.finished < 1 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(slow_.sawCancel.load(), 1);
  h.request(2, "ping");
  auto pong = h.read();
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["id"], 2) << pong->dump();
}

TEST_F(McpLimits, StuckHandlerIsAnsweredAtTheDeadlineAndOnlyOnce) {
  ServerHarness h(registry_, withLimits(100ms, 0));
  // Opened on every way out of the test, before the harness waits for the server's handlers.
  struct OpenAtExit {
    Gate& gate;
    ~OpenAtExit() { gate.open(); }
  } openAtExit{stuckGate_};
  h.call(7, "stuck");
  // The handler cannot end before the gate opens, so an answer read now came while it was still
  // running. 30 s only keeps a server that waits for its handler from hanging the test.
  auto m = h.read(30s);
  ASSERT_TRUE(m) << "no answer while the handler was running";
  EXPECT_EQ(stuckFinished_.load(), 0) << "answered before the handler ended";
  EXPECT_EQ((*m)["id"], 7);
  EXPECT_EQ((*m)["result"]["isError"], true);
  stuckGate_.open();
  h.closeInput();
  auto rest = h.readAll();  // after EOF the server waits for the handler, then exits
  EXPECT_EQ(stuckFinished_.load(), 1);
  EXPECT_TRUE(rest.empty()) << rest.front().dump();
  EXPECT_EQ(h.join(), 0);
}

TEST_F(McpLimits, FastCallsAreNotAffectedByTheLimit) {
  ServerHarness h(registry_, withLimits(100ms, 0));
  std::set<int> ids;
  for (int i = 1; i <= 50; ++i) h.call(i, "echo", {{"text", "x"}});
  for (int i = 1; i <= 50; ++i) {
    auto m = h.read();
    ASSERT_TRUE(m);
    EXPECT_FALSE((*m)["result"].contains("isError")) << m->dump();
    ids.insert((*m)["id"].get<int>());
  }
  EXPECT_EQ(ids.size(), 50u);
}

TEST_F(McpLimits, AnswerOverTheCapIsRefusedWithTheCap) {
  ServerHarness h(registry_, withLimits(0ms, 10000));
  h.call(1, "big", {{"n", 4000}});  // sent twice (text and structuredContent): ~8 KB
  auto ok = h.read();
  ASSERT_TRUE(ok);
  EXPECT_FALSE((*ok)["result"].contains("isError"));
  h.call(2, "big", {{"n", 20000}});
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 2);
  EXPECT_EQ((*m)["result"]["isError"], true);
  std::string text = (*m)["result"]["content"][0]["text"];
  EXPECT_NE(text.find("cap of 10000 bytes"), std::string::npos) << text;
  EXPECT_LT(m->dump().size(), 1000u);
}

TEST_F(McpLimits, ArgumentsOverTheMaximumAreClampedAndSaidSo) {
  ServerHarness h(registry_);
  h.call(1, "limited", {{"limit", 1000000000}, {"depth", 99}});
  auto m = h.read();
  ASSERT_TRUE(m);
  const Json& sc = (*m)["result"]["structuredContent"];
  EXPECT_EQ(sc["limit"], 500);
  EXPECT_EQ(sc["depth"], 4);
  ASSERT_EQ(sc["clamped"].size(), 2u) << sc.dump();
  EXPECT_EQ(sc["clamped"][0], "'depth' 99 is over the maximum 4; 4 was used (clamped).");
  EXPECT_EQ(Json::parse((*m)["result"]["content"][0]["text"].get<std::string>()), sc);

  h.call(2, "limited", {{"limit", 1e300}, {"array", true}});
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["result"]["content"][0]["text"], "[500]");
  ASSERT_EQ((*m)["result"]["content"].size(), 2u);
  std::string note = (*m)["result"]["content"][1]["text"];
  EXPECT_NE(note.find("'limit'"), std::string::npos) << note;
  EXPECT_NE(note.find("clamped"), std::string::npos) << note;

  h.call(3, "limited", {{"limit", 0}});  // below the minimum: still refused
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["result"]["isError"], true);

  h.call(4, "limited", {{"limit", 20}});  // within bounds: no note
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_FALSE((*m)["result"]["structuredContent"].contains("clamped"));
}

}  // namespace
}  // namespace cg::mcp::testing
