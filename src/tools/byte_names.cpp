#include "codegraph/tools/byte_names.h"

#include <utility>
#include <vector>

namespace cg::tools {
namespace {

// The length of the valid UTF-8 sequence starting at `i`, or 0 (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF).
size_t sequenceLength(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool isValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    size_t n = sequenceLength(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string escapeNonUtf8(std::string_view text) {
  if (isValidUtf8(text)) return std::string(text);
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() + 16);
  for (size_t i = 0; i < text.size();) {
    size_t n = sequenceLength(text, i);
    if (n == 0 || text[i] == '%') {
      const auto c = static_cast<unsigned char>(text[i]);
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::optional<std::string> unescapeNonUtf8(std::string_view text) {
  if (text.find('%') == std::string_view::npos) return std::nullopt;
  std::string out;
  out.reserve(text.size());
  bool decoded = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hexDigit(text[i + 1]) >= 0 && hexDigit(text[i + 2]) >= 0) {
      out += static_cast<char>(hexDigit(text[i + 1]) * 16 + hexDigit(text[i + 2]));
      i += 2;
      decoded = true;
    } else {
      out += text[i];
    }
  }
  // Only the exact form escapeNonUtf8 writes (upper-case digits, every '%' escaped) of bytes
  // that are not UTF-8: "per%cent%s.py" is a name as written.
  if (!decoded || isValidUtf8(out) || escapeNonUtf8(out) != text) return std::nullopt;
  return out;
}

void escapeJsonStrings(nlohmann::json& value) {
  if (value.is_string()) {
    auto& s = value.get_ref<std::string&>();
    if (!isValidUtf8(s)) s = escapeNonUtf8(s);
  } else if (value.is_array()) {
    for (auto& v : value) escapeJsonStrings(v);
  } else if (value.is_object()) {
    std::vector<std::string> badKeys;
    for (auto it = value.begin(); it != value.end(); ++it) {
      escapeJsonStrings(it.value());
      if (!isValidUtf8(it.key())) badKeys.push_back(it.key());
    }
    for (const auto& key : badKeys) {
      nlohmann::json v = std::move(value[key]);
      value.erase(key);
      value[escapeNonUtf8(key)] = std::move(v);
    }
  }
}

std::string escapeNonUtf8Lines(std::string_view text) {
  if (isValidUtf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    out += escapeNonUtf8(text.substr(start, end - start));
    start = end;
  }
  return out;
}

void unescapeArguments(nlohmann::json& args) {
  auto fix = [](nlohmann::json& v) {
    if (!v.is_string()) return;
    if (auto raw = unescapeNonUtf8(v.get_ref<const std::string&>())) v = std::move(*raw);
  };
  if (!args.is_object()) return;
  for (auto it = args.begin(); it != args.end(); ++it) {
    auto& v = it.value();
    if (v.is_array())
      for (auto& item : v) fix(item);
    else
      fix(v);
  }
}

}  // namespace cg::tools
