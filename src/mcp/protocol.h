// JSON-RPC 2.0 messages as MCP uses them: classifying one received line, building responses
// and notifications, serialising them, and negotiating the protocol version.
//
// Classification rules (the one place they live):
//   - not JSON, not UTF-8, or nested deeper than kMaxNesting  → invalid, -32700, id null
//   - an escaped lone UTF-16 surrogate ("\ud83d")            → U+FFFD, and the request is
//                                                                   answered with a note
//   - a JSON array (a batch; MCP 2025-06-18 removed batching)  → invalid, -32600, id null
//   - not an object; id present but not a string or a number    → invalid, -32600, id null
//   - no method, but result or error                            → a response: ignored (we send
//                                                                   no requests)
//   - with id: method missing or not a string, jsonrpc not "2.0" → invalid, -32600, that id
//   - without id: method a string → a notification, never answered, even when jsonrpc is wrong;
//                 method missing or not a string                → invalid, -32600, id null
// params is kept as sent (null when absent); the method's handler judges it.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cg::mcp {

using Json = nlohmann::json;

namespace rpc {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
}  // namespace rpc

// Deeper input is refused before parsing, so nothing downstream recurses without bound.
constexpr size_t kMaxNesting = 64;

struct Message {
  enum class Kind { kRequest, kNotification, kResponse, kInvalid };
  Kind kind = Kind::kInvalid;
  Json id;                   // kRequest: the id; kInvalid: the id when it was readable, else null
  std::string method;        // kRequest, kNotification
  Json params;               // as sent; null when absent
  int errorCode = 0;         // kInvalid: rpc::kParseError or rpc::kInvalidRequest
  std::string errorMessage;  // kInvalid: for the error response; kNotification: a warning
  bool replacedSurrogates = false;  // kRequest: lone UTF-16 surrogates became U+FFFD
};

// Copies `line` into `out` with every escaped UTF-16 surrogate that is not half of a pair
// (`\ud83d` alone) replaced by `\ufffd`; true when anything was replaced (`out` untouched
// otherwise). Only escapes inside strings are read; a malformed escape is left to the parser.
bool replaceLoneSurrogates(std::string_view line, std::string& out);

Message parseMessage(std::string_view line);

Json resultResponse(const Json& id, Json result);
Json errorResponse(const Json& id, int code, const std::string& message);
Json notification(const std::string& method, Json params);

// Compact JSON on one line. Invalid UTF-8 in strings becomes U+FFFD instead of throwing.
std::string serialize(const Json& message);

// A map key for a request id: distinguishes the string "1" from the number 1.
std::string idKey(const Json& id);

// The protocol versions this server speaks, newest first.
inline constexpr const char* kProtocolVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26",
                                                    "2024-11-05"};
// The client's version when understood, otherwise the newest.
std::string negotiateVersion(const Json& requested);

}  // namespace cg::mcp
