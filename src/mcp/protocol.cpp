#include "protocol.h"

namespace cg::mcp {
namespace {

// Nesting depth of brackets outside strings; stops counting once past `limit`.
size_t nestingDepth(std::string_view s, size_t limit) {
  size_t depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (char c : s) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Message invalid(int code, std::string message, Json id = nullptr) {
  Message m;
  m.kind = Message::Kind::kInvalid;
  m.errorCode = code;
  m.errorMessage = std::move(message);
  m.id = std::move(id);
  return m;
}

// nlohmann's messages start with "[json.exception.parse_error.101] ": keep what follows.
std::string parseErrorText(const std::string& what) {
  auto pos = what.find("] ");
  std::string text = pos == std::string::npos ? what : what.substr(pos + 2);
  // The text quotes the input, which may not be UTF-8: keep logs and responses ASCII.
  for (char& c : text)
    if (static_cast<unsigned char>(c) >= 0x80 || static_cast<unsigned char>(c) < 0x20) c = '?';
  constexpr size_t kMax = 200;
  if (text.size() > kMax) text = text.substr(0, kMax) + "...";
  return text;
}

int hexValue(std::string_view s, size_t at) {
  if (at + 4 > s.size()) return -1;
  int v = 0;
  for (size_t i = at; i < at + 4; ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

}  // namespace

bool replaceLoneSurrogates(std::string_view line, std::string& out) {
  bool replaced = false;
  size_t copied = 0;
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (!inString) {
      if (c == '"') inString = true;
      continue;
    }
    if (c == '"') {
      inString = false;
      continue;
    }
    if (c != '\\' || i + 1 >= line.size()) continue;
    if (line[i + 1] != 'u') {
      ++i;  // a two-character escape
      continue;
    }
    const int unit = hexValue(line, i + 2);
    if (unit < 0) continue;  // malformed: the parser reports it
    const bool high = unit >= 0xD800 && unit <= 0xDBFF, low = unit >= 0xDC00 && unit <= 0xDFFF;
    if (high && i + 7 < line.size() && line[i + 6] == '\\' && line[i + 7] == 'u') {
      const int next = hexValue(line, i + 8);
      if (next >= 0xDC00 && next <= 0xDFFF) {  // a pair: one character
        i += 11;
        continue;
      }
    }
    if (high || low) {
      if (!replaced) out.reserve(line.size());
      out.append(line.substr(copied, i - copied));
      out.append("\\ufffd");
      copied = i + 6;
      replaced = true;
    }
    i += 5;
  }
  if (replaced) out.append(line.substr(copied));
  return replaced;
}

Message parseMessage(std::string_view line) {
  if (nestingDepth(line, kMaxNesting) > kMaxNesting)
    return invalid(rpc::kParseError, "Parse error: JSON nested deeper than " +
                                         std::to_string(kMaxNesting) + " levels.");
  // JSON allows an escaped UTF-16 surrogate without its pair ("\ud83d"), which has no UTF-8
  // form: it becomes U+FFFD, and the request is answered (with a note) under its own id.
  std::string repaired;
  const bool surrogates = replaceLoneSurrogates(line, repaired);
  if (surrogates) line = repaired;
  Json doc;
  try {
    doc = Json::parse(line.begin(), line.end());
  } catch (const Json::parse_error& e) {
    return invalid(rpc::kParseError, "Parse error: " + parseErrorText(e.what()));
  } catch (const Json::out_of_range& e) {  // a number beyond a double, e.g. 1e400 (fuzz_jsonrpc)
    return invalid(rpc::kParseError, "Parse error: " + parseErrorText(e.what()));
  }

  if (doc.is_array())
    return invalid(rpc::kInvalidRequest, "Invalid Request: batches are not supported.");
  if (!doc.is_object())
    return invalid(rpc::kInvalidRequest, "Invalid Request: a message must be a JSON object.");

  auto idIt = doc.find("id");
  bool hasId = idIt != doc.end();
  if (hasId && !idIt->is_string() && !idIt->is_number())
    return invalid(rpc::kInvalidRequest, "Invalid Request: id must be a string or a number.");
  Json id = hasId ? *idIt : Json(nullptr);

  auto methodIt = doc.find("method");
  if (methodIt == doc.end() && (doc.contains("result") || doc.contains("error"))) {
    Message m;
    m.kind = Message::Kind::kResponse;
    m.id = std::move(id);
    return m;
  }
  if (methodIt == doc.end() || !methodIt->is_string())
    return invalid(rpc::kInvalidRequest, "Invalid Request: method must be a string.",
                   std::move(id));

  auto versionIt = doc.find("jsonrpc");
  bool versionOk = versionIt != doc.end() && versionIt->is_string() && *versionIt == "2.0";

  Message m;
  m.method = methodIt->get<std::string>();
  auto paramsIt = doc.find("params");
  if (paramsIt != doc.end()) m.params = std::move(*paramsIt);
  if (!hasId) {
    m.kind = Message::Kind::kNotification;
    if (!versionOk) m.errorMessage = "jsonrpc is not \"2.0\"";
    return m;
  }
  if (!versionOk)
    return invalid(rpc::kInvalidRequest, "Invalid Request: jsonrpc must be \"2.0\".",
                   std::move(id));
  m.kind = Message::Kind::kRequest;
  m.id = std::move(id);
  m.replacedSurrogates = surrogates;
  return m;
}

Json resultResponse(const Json& id, Json result) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

Json errorResponse(const Json& id, int code, const std::string& message) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

Json notification(const std::string& method, Json params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

std::string serialize(const Json& message) {
  return message.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string idKey(const Json& id) {
  return serialize(id);
}

std::string negotiateVersion(const Json& requested) {
  if (requested.is_string())
    for (const char* v : kProtocolVersions)
      if (requested == v) return v;
  return kProtocolVersions[0];
}

}  // namespace cg::mcp
