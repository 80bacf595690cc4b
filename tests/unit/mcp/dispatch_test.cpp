// The server's answers to every kind of message: lifecycle, tools/list, error codes, framing
// through the whole server, and that the server goes on after each error.
#include <string>

#include <gtest/gtest.h>

#include "server_harness.h"

namespace cg::mcp::testing {
namespace {

class McpDispatch : public ::testing::Test {
 protected:
  SlowState slow_;
  tools::ToolRegistry registry_ = makeTestRegistry(&slow_);

  // The next message must be the answer to ping `id`: nothing was sent in between.
  static void expectPong(ServerHarness& h, int id) {
    auto m = h.read();
    ASSERT_TRUE(m) << "no answer to ping " << id;
    EXPECT_EQ(*m, Json({{"jsonrpc", "2.0"}, {"id", id}, {"result", Json::object()}}));
  }
  static void expectError(ServerHarness& h, const Json& id, int code) {
    auto m = h.read();
    ASSERT_TRUE(m) << "no error response";
    EXPECT_EQ((*m)["jsonrpc"], "2.0");
    EXPECT_EQ((*m)["id"], id) << m->dump();
    EXPECT_EQ((*m)["error"]["code"], code) << m->dump();
    EXPECT_TRUE((*m)["error"]["message"].is_string());
    EXPECT_FALSE(m->contains("result"));
  }
};

TEST_F(McpDispatch, InitializeResult) {
  ServerHarness h(registry_);
  h.request(1, "initialize",
            {{"protocolVersion", "2025-06-18"},
             {"capabilities", Json::object()},
             {"clientInfo", {{"name", "test"}, {"version", "1"}}}});
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, Json::parse(R"({"jsonrpc":"2.0","id":1,"result":{
      "protocolVersion":"2025-06-18",
      "capabilities":{"tools":{"listChanged":false}},
      "serverInfo":{"name":"codegraph-mcp","version":"9.9.9-test"},
      "instructions":"Use echo to echo."}})"));
  h.notify("notifications/initialized");
  h.request(2, "ping");
  expectPong(h, 2);
}

TEST_F(McpDispatch, VersionNegotiation) {
  ServerHarness h(registry_);
  int id = 0;
  auto negotiated = [&](const Json& params) {
    h.request(++id, "initialize", params);
    auto m = h.read();
    return m ? (*m)["result"]["protocolVersion"] : Json();
  };
  for (const char* v : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
    EXPECT_EQ(negotiated({{"protocolVersion", v}}), v);
  EXPECT_EQ(negotiated({{"protocolVersion", "2030-01-01"}}), "2025-11-25");
  EXPECT_EQ(negotiated({{"protocolVersion", 3}}), "2025-11-25");
  EXPECT_EQ(negotiated(Json::object()), "2025-11-25");
  EXPECT_EQ(negotiated(nullptr), "2025-11-25");
}

TEST_F(McpDispatch, ToolsListShapeAndOrder) {
  ServerHarness h(registry_);
  h.request(1, "tools/list");  // before initialize: answered anyway
  auto m = h.read();
  ASSERT_TRUE(m);
  const Json& tools = (*m)["result"]["tools"];
  ASSERT_EQ(tools.size(), registry_.all().size());
  for (size_t i = 0; i < tools.size(); ++i) {
    const auto& want = registry_.all()[i];
    EXPECT_EQ(tools[i], Json({{"name", want.name},
                              {"title", want.title},
                              {"description", want.description},
                              {"inputSchema", want.inputSchema},
                              {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}}}));
  }
}

TEST_F(McpDispatch, ParseErrorsThenGoesOn) {
  ServerHarness h(registry_);
  h.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"\n");
  expectError(h, nullptr, -32700);
  h.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"s\":\"\xff\"}}\n");
  expectError(h, nullptr, -32700);
  h.sendRaw("\xc0\xaf\n");
  expectError(h, nullptr, -32700);
  h.request(3, "ping");
  expectPong(h, 3);
}

TEST_F(McpDispatch, InvalidRequestsThenGoesOn) {
  ServerHarness h(registry_);
  h.sendRaw(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])"
            "\n");
  expectError(h, nullptr, -32600);
  h.sendRaw("17\n");
  expectError(h, nullptr, -32600);
  h.sendRaw(R"({"id":2,"method":"ping"})"
            "\n");
  expectError(h, 2, -32600);
  h.sendRaw(R"({"jsonrpc":"1.0","id":3,"method":"ping"})"
            "\n");
  expectError(h, 3, -32600);
  h.sendRaw(R"({"jsonrpc":"2.0","id":4,"method":["ping"]})"
            "\n");
  expectError(h, 4, -32600);
  h.sendRaw(R"({"jsonrpc":"2.0","id":false,"method":"ping"})"
            "\n");
  expectError(h, nullptr, -32600);
  h.sendRaw(R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})"
            "\n");
  expectError(h, nullptr, -32600);
  h.request(5, "ping");
  expectPong(h, 5);
}

TEST_F(McpDispatch, UnknownMethod) {
  ServerHarness h(registry_);
  h.request(1, "resources/list");
  expectError(h, 1, -32601);
  h.send({{"jsonrpc", "2.0"}, {"id", "s-1"}, {"method", "nope"}});
  expectError(h, "s-1", -32601);
  h.request(2, "ping");
  expectPong(h, 2);
}

TEST_F(McpDispatch, ToolsCallParamErrors) {
  ServerHarness h(registry_);
  h.request(1, "tools/call", {{"name", "nope"}, {"arguments", Json::object()}});
  auto m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["error"]["code"], -32602);
  EXPECT_EQ((*m)["error"]["message"],
            "Unknown tool 'nope'; available: echo, list, plain, fail, throws, slow, progress, "
            "badutf8, big.");
  h.request(2, "tools/call", {{"arguments", Json::object()}});
  expectError(h, 2, -32602);
  h.request(3, "tools/call", {{"name", 5}});
  expectError(h, 3, -32602);
  h.request(4, "tools/call", {{"name", "echo"}, {"arguments", Json::array({"x"})}});
  m = h.read();
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, Json::parse(R"({"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":
      "Invalid arguments: expected a JSON object of named arguments, got an array."}})"));
  h.request(5, "tools/call", {{"name", "echo"}, {"arguments", "text"}});
  expectError(h, 5, -32602);
  h.request(6, "tools/call");
  expectError(h, 6, -32602);
  h.request(7, "tools/call", Json::array({"echo"}));
  expectError(h, 7, -32602);
  h.request(8, "ping");
  expectPong(h, 8);
}

TEST_F(McpDispatch, NotificationsAreNeverAnswered) {
  ServerHarness h(registry_);
  h.notify("notifications/initialized");
  h.notify("notifications/unknown", {{"x", 1}});
  h.notify("notifications/cancelled", "not an object");
  h.notify("notifications/cancelled", {{"requestId", 12345}, {"reason", "gone"}});
  h.notify("notifications/cancelled", Json::object());
  h.notify("tools/call", {{"name", "echo"}, {"arguments", {{"text", "x"}}}});
  h.notify("tools/call", {{"name", "nope"}});
  h.notify("ping");
  h.sendRaw(R"({"method":"notifications/initialized"})"
            "\n");  // no jsonrpc member
  h.sendRaw(R"({"jsonrpc":"1.0","method":"whatever","params":5})"
            "\n");
  h.sendRaw(R"({"jsonrpc":"2.0","id":99,"result":{}})"
            "\n");  // a client response: ignored
  h.request(1, "ping");
  expectPong(h, 1);
  h.closeInput();
  EXPECT_EQ(h.join(), 0);
  EXPECT_TRUE(h.readAll().empty());
}

TEST_F(McpDispatch, FramingThroughTheServer) {
  ServerHarness h(registry_);
  h.sendRaw("\n\n   \r\n\t\n");  // blank lines: ignored
  h.sendRaw(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"
            "\r\n");
  expectPong(h, 1);
  h.sendRaw(R"({"jsonrpc":"2.0",)");
  std::this_thread::sleep_for(20ms);
  h.sendRaw(R"("id":2,"method":"ping"})"
            "\n"
            R"({"jsonrpc":"2.0","id":3,"meth)");
  expectPong(h, 2);
  h.sendRaw(R"(od":"ping"})"
            "\n");
  expectPong(h, 3);
  h.sendRaw(R"({"jsonrpc":"2.0","id":4,"method":"ping"})");  // last line, no newline
  h.closeInput();
  expectPong(h, 4);
  EXPECT_EQ(h.join(), 0);
}

TEST_F(McpDispatch, OversizeMessageThenValidOne) {
  ServerOptions options = ServerHarness::defaults();
  options.maxMessageBytes = 1024;
  ServerHarness h(registry_, options);
  std::string big = R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"s":")" +
                    std::string(3u << 20, 'x') + "\"}}\n";
  std::thread writer([&] { h.sendRaw(big); });
  expectError(h, nullptr, -32600);
  writer.join();
  h.request(2, "ping");
  expectPong(h, 2);
  // Exactly at the limit is fine.
  std::string atLimit = R"({"jsonrpc":"2.0","id":3,"method":"ping","params":{"s":")";
  atLimit += std::string(1024 - atLimit.size() - 3, 'y') + "\"}}";
  ASSERT_EQ(atLimit.size(), 1024u);
  h.sendRaw(atLimit + "\n");
  expectPong(h, 3);
}

TEST_F(McpDispatch, ResponsesAreSingleLinesOfValidUtf8) {
  ServerHarness h(registry_);
  h.call(1, "badutf8");
  auto line = h.readLine();
  ASSERT_TRUE(line);
  Json m;
  ASSERT_NO_THROW(m = Json::parse(*line));  // the parser rejects invalid UTF-8
  // Bytes that are not UTF-8 are written %XX, so that a name can be given back (byte_names.h).
  EXPECT_EQ(m["result"]["structuredContent"]["s"], "a%FFb");
  EXPECT_EQ(m["result"]["content"][0]["text"], "{\"s\":\"a%FFb\"}");
}

}  // namespace
}  // namespace cg::mcp::testing
