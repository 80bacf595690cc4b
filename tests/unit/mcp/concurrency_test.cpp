// Threads: ping answered while a long call runs, cancellation, calls in flight at EOF (answered
// within the drain, then abandoned), requestStop, a closed output, many concurrent answers never
// interleaving, and no answer over the answer size.
#include <csignal>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "codegraph/tools/answer_size.h"
#include "server_harness.h"

namespace cg::mcp::testing {
namespace {

class McpConcurrency : public ::testing::Test {
 protected:
  SlowState slow_;
  tools::ToolRegistry registry_ = makeTestRegistry(&slow_);
};

TEST_F(McpConcurrency, PingIsAnsweredWhileACallRuns) {
  ServerHarness h(registry_);
  h.call(1, "slow");
  slow_.waitStarted();
  h.request(2, "ping");
  auto first = h.read();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["id"], 2);
  h.call(3, "echo", {{"text", "meanwhile"}});  // other calls run on other workers
  auto second = h.read();
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["id"], 3);
  slow_.gate.open();
  auto third = h.read();
  ASSERT_TRUE(third);
  EXPECT_EQ((*third)["id"], 1);
  EXPECT_EQ((*third)["result"]["structuredContent"], Json({{"done", true}}));
}

TEST_F(McpConcurrency, CancelledRunningCallGetsNoResponse) {
  ServerHarness h(registry_);
  h.call(1, "slow");
  slow_.waitStarted();
  h.notify("notifications/cancelled", {{"requestId", 1}, {"reason", "user pressed stop"}});
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (slow_.finished == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(slow_.sawCancel, 1);  // the handler saw ctx.cancelled()
  h.request(2, "ping");
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 2);
  h.closeInput();
  EXPECT_EQ(h.join(), 0);
  EXPECT_TRUE(h.readAll().empty());  // never an answer for id 1
}

TEST_F(McpConcurrency, CancelledQueuedCallNeverRuns) {
  ServerOptions options = ServerHarness::defaults();
  options.workers = 1;
  ServerHarness h(registry_, options);
  h.call(1, "slow");
  slow_.waitStarted();
  h.call(2, "slow");  // queued behind the first: the only worker is busy
  h.notify("notifications/cancelled", {{"requestId", 2}});
  h.request(3, "ping");
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 3);
  slow_.gate.open();
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 1);
  h.closeInput();
  EXPECT_EQ(h.join(), 0);
  EXPECT_TRUE(h.readAll().empty());
  EXPECT_EQ(slow_.started, 1);  // call 2 was dropped before its handler ran
}

TEST_F(McpConcurrency, CancelMatchesTheIdExactly) {
  ServerHarness h(registry_);
  h.send(
      {{"jsonrpc", "2.0"}, {"id", "1"}, {"method", "tools/call"}, {"params", {{"name", "slow"}}}});
  slow_.waitStarted();
  h.notify("notifications/cancelled", {{"requestId", 1}});  // the number 1, not the string "1"
  h.request(2, "ping");
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 2);
  EXPECT_EQ(slow_.sawCancel, 0);
  slow_.gate.open();
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], "1");
}

TEST_F(McpConcurrency, DuplicateIdOfARunningCallIsRejected) {
  ServerHarness h(registry_);
  h.call(7, "slow");
  slow_.waitStarted();
  h.call(7, "echo", {{"text", "again"}});
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["id"], 7);
  EXPECT_EQ((*m)["error"]["code"], -32600);
  slow_.gate.open();
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["result"]["structuredContent"], Json({{"done", true}}));
}

TEST_F(McpConcurrency, EofAnswersCallsThatFinishWithinTheDrain) {
  ServerOptions options = ServerHarness::defaults();
  options.drainAfterEof = std::chrono::seconds(60);
  ServerHarness h(registry_, options);
  h.call(1, "slow");
  slow_.waitStarted();
  h.closeInput();
  EXPECT_FALSE(h.join(100ms)) << "run() returned while a call was in flight within its drain";
  slow_.gate.open();
  EXPECT_EQ(h.join(), 0);
  auto rest = h.readAll();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0]["id"], 1);
  EXPECT_EQ(rest[0]["result"]["structuredContent"], Json({{"done", true}}));
}

TEST_F(McpConcurrency, EofAbandonsCallsPastTheDrain) {
  ServerOptions options = ServerHarness::defaults();
  options.drainAfterEof = std::chrono::milliseconds(20);
  int stopping = 0;
  options.onStopping = [&stopping] { ++stopping; };
  ServerHarness h(registry_, options);
  h.call(1, "slow");
  slow_.waitStarted();
  h.closeInput();
  EXPECT_EQ(h.join(), 0);  // the gate never opens: only the cancellation ends the call
  EXPECT_EQ(slow_.sawCancel, 1);
  EXPECT_EQ(stopping, 1);
  EXPECT_TRUE(h.readAll().empty());
}

TEST_F(McpConcurrency, RequestStopCancelsAndReturns) {
  ServerHarness h(registry_);
  h.call(1, "slow");
  slow_.waitStarted();
  h.server().requestStop();
  EXPECT_EQ(h.join(), 0);
  EXPECT_EQ(slow_.sawCancel, 1);
  EXPECT_TRUE(h.readAll().empty());
}

TEST_F(McpConcurrency, RequestStopBeforeRunReturnsAtOnce) {
  Server server(registry_, ServerHarness::defaults());
  server.requestStop();
  int in[2], out[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(out), 0);
  EXPECT_EQ(server.run(in[0], out[1]), 0);  // would block forever on the empty input otherwise
  for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
}

TEST_F(McpConcurrency, RequestStopFromASignalHandler) {
  static Server* target = nullptr;
  Server server(registry_, ServerHarness::defaults());
  target = &server;
  struct sigaction sa {
  }, old{};
  sa.sa_handler = [](int) { target->requestStop(); };
  sigemptyset(&sa.sa_mask);
  ASSERT_EQ(sigaction(SIGUSR1, &sa, &old), 0);
  int in[2], out[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(out), 0);
  auto result = std::async(std::launch::async, [&] { return server.run(in[0], out[1]); });
  EXPECT_EQ(result.wait_for(50ms), std::future_status::timeout);
  ::raise(SIGUSR1);
  ASSERT_EQ(result.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(result.get(), 0);
  sigaction(SIGUSR1, &old, nullptr);
  target = nullptr;
  for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
}

TEST_F(McpConcurrency, ClosedOutputStopsTheServerWithoutSigpipe) {
  ServerHarness h(registry_);
  h.call(1, "slow");
  slow_.waitStarted();
  h.closeOutput();
  h.request(2, "ping");  // its answer hits EPIPE: the server stops instead of dying
  auto rc = h.join();
  ASSERT_TRUE(rc) << "run() did not return after its output closed";
  EXPECT_EQ(*rc, 0);
  EXPECT_EQ(slow_.sawCancel, 1);
}

TEST_F(McpConcurrency, NoAnswerExceedsTheAnswerSize) {
  ServerHarness h(registry_);
  h.call(1, "big", {{"n", 200000}});
  auto line = h.readLine(10s);
  ASSERT_TRUE(line);
  Json m = Json::parse(*line);
  const std::string& text = m["result"]["content"][0]["text"].get_ref<const std::string&>();
  EXPECT_LE(text.size(), tools::kMaxAnswerBytes);
  EXPECT_EQ(m["result"]["structuredContent"]["truncated"], true);
  EXPECT_NE(m["result"]["structuredContent"]["note"].get<std::string>().find("36,864 bytes"), std::string::npos);
  EXPECT_EQ(Json::parse(text), m["result"]["structuredContent"]) << "the text and the structured content agree";
}

TEST_F(McpConcurrency, ManyConcurrentAnswersStayWhole) {
  ServerHarness h(registry_);
  constexpr int kCalls = 40;
  // 30 KB each: large, within the answer size (tools/answer_size.h).
  for (int i = 1; i <= kCalls; ++i) h.call(i, "big", {{"n", 30000 + i}});
  h.request(1000, "ping");
  std::set<int> ids;
  for (int i = 0; i <= kCalls; ++i) {
    auto line = h.readLine(10s);
    ASSERT_TRUE(line);
    Json m;
    ASSERT_NO_THROW(m = Json::parse(*line)) << line->substr(0, 100);
    int id = m["id"].get<int>();
    ids.insert(id);
    if (id != 1000) {
      EXPECT_EQ(m["result"]["structuredContent"]["blob"].get_ref<const std::string&>().size(),
                static_cast<size_t>(30000 + id));
    }
  }
  EXPECT_EQ(ids.size(), static_cast<size_t>(kCalls + 1));
}

}  // namespace
}  // namespace cg::mcp::testing
