// parseMessage classification, serialisation and version negotiation.
#include "mcp/protocol.h"

#include <string>

#include <gtest/gtest.h>

namespace cg::mcp {
namespace {

using Kind = Message::Kind;

TEST(McpProtocol, RequestAndNotification) {
  auto req = parseMessage(R"({"jsonrpc":"2.0","id":"a","method":"ping","params":{"x":1}})");
  ASSERT_EQ(req.kind, Kind::kRequest);
  EXPECT_EQ(req.id, "a");
  EXPECT_EQ(req.method, "ping");
  EXPECT_EQ(req.params, Json({{"x", 1}}));

  auto note = parseMessage(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  ASSERT_EQ(note.kind, Kind::kNotification);
  EXPECT_TRUE(note.params.is_null());
  EXPECT_TRUE(note.errorMessage.empty());

  // A notification with a wrong jsonrpc is still never answered; the problem is noted.
  auto sloppy = parseMessage(R"({"method":"notifications/initialized"})");
  ASSERT_EQ(sloppy.kind, Kind::kNotification);
  EXPECT_FALSE(sloppy.errorMessage.empty());
}

// JSON admits an escaped surrogate without its pair; it has no UTF-8 form, so it is read as
// U+FFFD and the request keeps its id (and is answered) instead of failing as unparseable.
TEST(McpProtocol, LoneSurrogatesBecomeReplacementCharacters) {
  auto m = parseMessage(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"symbols","arguments":{"name":"a\ud83db\udc00c"}}})");
  ASSERT_EQ(m.kind, Kind::kRequest);
  EXPECT_EQ(m.id, 7);
  EXPECT_TRUE(m.replacedSurrogates);
  EXPECT_EQ(m.params["arguments"]["name"], "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c");

  // A pair is one character, untouched; escapes that only look like \u are left alone.
  auto pair = parseMessage(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"s":"\ud83d\ude00","t":"\\ud83d"}})");
  ASSERT_EQ(pair.kind, Kind::kRequest);
  EXPECT_FALSE(pair.replacedSurrogates);
  EXPECT_EQ(pair.params["s"], "\xf0\x9f\x98\x80");
  EXPECT_EQ(pair.params["t"], "\\ud83d");

  std::string out;
  EXPECT_TRUE(replaceLoneSurrogates(R"({"a":"\udc00\ud800"})", out));
  EXPECT_EQ(out, R"({"a":"\ufffd\ufffd"})");
  out.clear();
  EXPECT_FALSE(replaceLoneSurrogates(R"({"\u0041":"\u00e9"})", out));
  EXPECT_TRUE(out.empty());
}

TEST(McpProtocol, ParseErrors) {
  for (std::string bad : {"{", "{\"id\":1,", "nul", "{\"a\":1}}", "\xff", "{\"s\":\"\xc3\x28\"}",
                          "{\"s\":\"\xed\xa0\x80\"}"}) {
    auto m = parseMessage(bad);
    EXPECT_EQ(m.kind, Kind::kInvalid) << bad;
    EXPECT_EQ(m.errorCode, rpc::kParseError) << bad;
    EXPECT_TRUE(m.id.is_null());
  }
}

// A number beyond a double made nlohmann throw out_of_range, not parse_error, and the uncaught
// exception ended the server (found by fuzz_jsonrpc; the input is in its seed corpus).
TEST(McpProtocol, NumbersBeyondADoubleAreParseErrors) {
  for (std::string bad : {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                          "{\"name\":\"search\",\"arguments\":{\"limit\":10e300000}}}",
                          "{\"id\":1e400}", "[-1e99999]"}) {
    Message m;
    EXPECT_NO_THROW(m = parseMessage(bad)) << bad;
    EXPECT_EQ(m.kind, Kind::kInvalid) << bad;
    EXPECT_EQ(m.errorCode, rpc::kParseError) << bad;
  }
  EXPECT_EQ(parseMessage("{\"jsonrpc\":\"2.0\",\"id\":1e300,\"method\":\"ping\"}").kind,
            Kind::kRequest);
}

TEST(McpProtocol, DeepNestingIsRefusedBeforeParsing) {
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto m = parseMessage(deep);
  EXPECT_EQ(m.errorCode, rpc::kParseError);
  // Brackets inside strings do not count.
  std::string inString = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"s\":\"" +
                         std::string(1000, '[') + "\"}}";
  EXPECT_EQ(parseMessage(inString).kind, Kind::kRequest);
  std::string ok = std::string(kMaxNesting, '[') + std::string(kMaxNesting, ']');
  EXPECT_EQ(parseMessage(ok).errorCode, rpc::kInvalidRequest);  // parsed; an array, not a request
}

TEST(McpProtocol, InvalidRequests) {
  struct Case {
    const char* line;
    Json id;
  };
  for (const auto& c : std::vector<Case>{
           {R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", nullptr},
           {R"([])", nullptr},
           {R"(42)", nullptr},
           {R"("ping")", nullptr},
           {R"({"jsonrpc":"2.0","id":true,"method":"ping"})", nullptr},
           {R"({"jsonrpc":"2.0","id":null,"method":"ping"})", nullptr},
           {R"({"jsonrpc":"2.0","id":[1],"method":"ping"})", nullptr},
           {R"({"jsonrpc":"2.0","id":{},"method":"ping"})", nullptr},
           {R"({"jsonrpc":"2.0","id":7})", 7},
           {R"({"jsonrpc":"2.0","id":7,"method":5})", 7},
           {R"({"jsonrpc":"2.0","method":5})", nullptr},
           {R"({"foo":"bar"})", nullptr},
           {R"({"id":8,"method":"ping"})", 8},
           {R"({"jsonrpc":"1.0","id":"x","method":"ping"})", "x"},
           {R"({"jsonrpc":2.0,"id":9,"method":"ping"})", 9},
       }) {
    auto m = parseMessage(c.line);
    EXPECT_EQ(m.kind, Kind::kInvalid) << c.line;
    EXPECT_EQ(m.errorCode, rpc::kInvalidRequest) << c.line;
    EXPECT_EQ(m.id, c.id) << c.line;
  }
}

TEST(McpProtocol, ClientResponsesAreRecognised) {
  EXPECT_EQ(parseMessage(R"({"jsonrpc":"2.0","id":1,"result":{}})").kind, Kind::kResponse);
  EXPECT_EQ(parseMessage(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}})").kind,
            Kind::kResponse);
}

TEST(McpProtocol, SerializeNeverThrowsOnInvalidUtf8) {
  Json msg = resultResponse(1, {{"s", std::string("a\xff")}});
  std::string line;
  ASSERT_NO_THROW(line = serialize(msg));
  EXPECT_EQ(line, "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"s\":\"a\xef\xbf\xbd\"}}");
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(McpProtocol, IdKeysDistinguishStringsFromNumbers) {
  EXPECT_NE(idKey(1), idKey("1"));
  EXPECT_EQ(idKey(1), idKey(Json::parse("1")));
}

TEST(McpProtocol, VersionNegotiation) {
  for (const char* v : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
    EXPECT_EQ(negotiateVersion(v), v);
  EXPECT_EQ(negotiateVersion("2099-01-01"), "2025-11-25");
  EXPECT_EQ(negotiateVersion("1.0"), "2025-11-25");
  EXPECT_EQ(negotiateVersion(nullptr), "2025-11-25");
  EXPECT_EQ(negotiateVersion(20250618), "2025-11-25");
}

}  // namespace
}  // namespace cg::mcp
