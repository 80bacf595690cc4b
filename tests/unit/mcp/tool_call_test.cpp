// tools/call results: argument validation, isError rendering, structuredContent only for
// objects, text answers, handlers that throw, progress notifications.
#include <string>

#include <gtest/gtest.h>

#include "codegraph/support/stop_scope.h"
#include "mcp/tool_call.h"
#include "server_harness.h"

namespace cg::mcp::testing {
namespace {

class McpToolCall : public ::testing::Test {
 protected:
  SlowState slow_;
  tools::ToolRegistry registry_ = makeTestRegistry(&slow_);

  Json callResult(ServerHarness& h, int id, const std::string& tool, Json args = Json::object()) {
    h.call(id, tool, std::move(args));
    auto m = h.read();
    EXPECT_TRUE(m) << "no answer to " << tool;
    if (!m) return Json();
    EXPECT_EQ((*m)["id"], id);
    EXPECT_FALSE(m->contains("error")) << m->dump();
    return (*m)["result"];
  }
};

Json textContent(const std::string& text) {
  return Json::array({{{"type", "text"}, {"text", text}}});
}

TEST_F(McpToolCall, ObjectResultCarriesStructuredContent) {
  ServerHarness h(registry_);
  Json r = callResult(h, 1, "echo", {{"text", "hi"}});
  EXPECT_EQ(r, Json({{"content", textContent(R"({"echo":"hi"})")},
                     {"structuredContent", {{"echo", "hi"}}}}));
}

TEST_F(McpToolCall, ArrayResultHasNoStructuredContent) {
  ServerHarness h(registry_);
  Json r = callResult(h, 1, "list");
  EXPECT_EQ(r, Json({{"content", textContent("[1,2,3]")}}));
}

TEST_F(McpToolCall, TextResult) {
  ServerHarness h(registry_);
  Json r = callResult(h, 1, "plain");
  EXPECT_EQ(r, Json({{"content", textContent("plain text answer")}}));
}

TEST_F(McpToolCall, ErrorResult) {
  ServerHarness h(registry_);
  Json r = callResult(h, 1, "fail");
  EXPECT_EQ(r, Json({{"content", textContent("The thing was not found.")}, {"isError", true}}));
}

TEST_F(McpToolCall, ThrowingHandlerBecomesIsError) {
  ServerHarness h(registry_);
  Json r = callResult(h, 1, "throws");
  EXPECT_EQ(r,
            Json({{"content", textContent("The tool 'throws' failed: boom.")}, {"isError", true}}));
  h.request(2, "ping");
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 2);
}

TEST_F(McpToolCall, InvalidArgumentsAreIsErrorResults) {
  ServerHarness h(registry_);
  EXPECT_EQ(callResult(h, 1, "echo"),
            Json({{"content", textContent("Missing required argument 'text' (string).")},
                  {"isError", true}}));
  EXPECT_EQ(callResult(h, 2, "echo", {{"text", 5}}),
            Json({{"content", textContent("Invalid argument 'text': must be a string (got 5).")},
                  {"isError", true}}));
  EXPECT_EQ(callResult(h, 3, "echo", {{"text", "a"}, {"txet", "b"}}),
            Json({{"content", textContent("Unknown argument 'txet'; allowed: text.")},
                  {"isError", true}}));
  EXPECT_EQ(callResult(h, 4, "progress", {{"steps", 0}}),
            Json({{"content", textContent("Invalid argument 'steps': must be at least 1 (got 0).")},
                  {"isError", true}}));
}

TEST_F(McpToolCall, MissingOrNullArgumentsMeanEmptyObject) {
  ServerHarness h(registry_);
  h.request(1, "tools/call", {{"name", "list"}});
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["result"]["content"], textContent("[1,2,3]"));
  h.request(2, "tools/call", {{"name", "list"}, {"arguments", nullptr}});
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["result"]["content"], textContent("[1,2,3]"));
}

TEST_F(McpToolCall, ProgressNotificationsWhenATokenIsGiven) {
  ServerHarness h(registry_);
  h.call(1, "progress", {{"steps", 3}}, {{"progressToken", "tok-1"}});
  for (int i = 1; i <= 3; ++i) {
    auto m = h.read();
    ASSERT_TRUE(m);
    EXPECT_EQ(*m, Json({{"jsonrpc", "2.0"},
                        {"method", "notifications/progress"},
                        {"params",
                         {{"progressToken", "tok-1"},
                          {"progress", i},
                          {"total", 3},
                          {"message", "step " + std::to_string(i)}}}}));
  }
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 1);
  EXPECT_EQ((*m)["result"]["structuredContent"], Json({{"steps", 3}}));

  // Without a token: the answer only.
  h.call(2, "progress", {{"steps", 2}});
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 2);
  h.call(3, "progress", {{"steps", 1}}, {{"progressToken", 77}});
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["params"]["progressToken"], 77);
}

TEST(McpToolCallRender, RenderingRules) {
  EXPECT_EQ(renderToolResult(tools::ToolResult::ofJson({{"a", 1}})),
            Json({{"content", textContent(R"({"a":1})")}, {"structuredContent", {{"a", 1}}}}));
  EXPECT_EQ(renderToolResult(tools::ToolResult::ofJson(Json::array())),
            Json({{"content", textContent("[]")}}));
  EXPECT_EQ(renderToolResult(tools::ToolResult::ofText("t")),
            Json({{"content", textContent("t")}}));
  EXPECT_EQ(renderToolResult(tools::ToolResult::error("No.")),
            Json({{"content", textContent("No.")}, {"isError", true}}));
}

TEST(McpToolCallRender, DescribeTool) {
  tools::Tool t{"n", "T", "D", {{"type", "object"}}, nullptr};
  EXPECT_EQ(describeTool(t), Json::parse(R"({"name":"n","title":"T","description":"D",
      "inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"openWorldHint":false}})"));
  // A tool without a handler answers an error instead of crashing.
  auto r = invokeTool(t, Json::object(), tools::CallContext{});
  EXPECT_TRUE(r.isError);
}

// The handler runs inside a StopScope on the call's cancel flag, so that code below it (the
// store's SQLite progress handler) sees a cancel or the time limit; outside the call nothing.
TEST(McpToolCallStop, HandlerSeesTheCallsCancelFlagThroughStopScope) {
  std::vector<bool> seen;
  tools::Tool t{"n", "T", "D", {{"type", "object"}}, [&seen](const Json&, const tools::CallContext&) {
                  seen.push_back(support::stopRequested());
                  return tools::ToolResult::ofJson(Json::object());
                }};
  std::atomic<bool> cancelled{false};
  tools::CallContext ctx;
  ctx.cancelFlag = &cancelled;
  invokeTool(t, Json::object(), ctx);
  cancelled = true;
  invokeTool(t, Json::object(), ctx);
  invokeTool(t, Json::object(), tools::CallContext{});
  EXPECT_EQ(seen, (std::vector<bool>{false, true, false}));
  EXPECT_FALSE(support::stopRequested());
}

}  // namespace
}  // namespace cg::mcp::testing
