#include "text_util.h"

#include <cctype>
#include <vector>

namespace cg::lang {

std::string normalizeSpace(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string capUtf8(std::string_view s, size_t maxBytes) {
  if (s.size() <= maxBytes) return std::string(s);
  size_t cut = maxBytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "\xE2\x80\xA6";
}

std::string makeSignature(std::string_view head, size_t maxBytes) {
  std::string s = normalizeSpace(head);
  while (!s.empty() && (s.back() == '{' || s.back() == ':' || s.back() == '=' || s.back() == ' '))
    s.pop_back();
  return capUtf8(s, maxBytes);
}

std::string cleanComment(std::string_view text, size_t maxBytes) {
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    auto ltrim = [&line]() {
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
        line.remove_prefix(1);
    };
    auto rtrim = [&line]() {
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
        line.remove_suffix(1);
    };
    ltrim();
    rtrim();
    for (std::string_view marker : {"\"\"\"", "'''", "/**", "/*!", "/*", "///", "//!", "//",
                                     "--[[", "--", "#", "*"}) {
      if (line.substr(0, marker.size()) == marker) {
        line.remove_prefix(marker.size());
        break;
      }
    }
    for (std::string_view marker : {"\"\"\"", "'''", "*/", "]]"}) {
      if (line.size() >= marker.size() && line.substr(line.size() - marker.size()) == marker) {
        line.remove_suffix(marker.size());
        break;
      }
    }
    ltrim();
    rtrim();
    if (line.empty() && out.empty()) continue;
    if (!out.empty()) out += '\n';
    out += line;
    if (out.size() > maxBytes) break;
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return capUtf8(out, maxBytes);
}

std::pair<std::string, std::string> splitQualified(std::string_view text) {
  int depth = 0;
  size_t cut = std::string_view::npos, sepLen = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '>' || c == '}') {
      if (c == '>' && i > 0 && text[i - 1] == '-') {
        if (depth == 0) { cut = i - 1; sepLen = 2; }
        continue;
      }
      if (depth > 0) --depth;
    } else if (depth == 0) {
      if (c == '.' ) { cut = i; sepLen = 1; }
      else if (c == ':' && i + 1 < text.size() && text[i + 1] == ':') { cut = i; sepLen = 2; ++i; }
      else if (c == '\\') { cut = i; sepLen = 1; }  // PHP A\B, \B (global namespace)
    }
  }
  if (cut == std::string_view::npos) return {"", std::string(text)};
  std::string last(text.substr(cut + sepLen));
  std::string prefix(text.substr(0, cut));
  // Trailing template arguments or call parentheses are not part of a name.
  while (!prefix.empty() && prefix.back() == ' ') prefix.pop_back();
  return {prefix, last};
}

std::string compactQualifier(std::string_view text) {
  constexpr size_t kMaxQualifier = 120;
  std::string out;
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{') {
      if (depth++ == 0) out += c == '(' ? "(" : c == '[' ? "[" : "{";
      continue;
    }
    if ((c == ')' || c == ']' || c == '}') && depth > 0) {
      if (--depth == 0) out += c;
      continue;
    }
    if (depth == 0) out += c;
    if (out.size() > 4 * kMaxQualifier) break;
  }
  return capUtf8(normalizeSpace(out), kMaxQualifier);
}

std::string stripQuotes(std::string text) {
  if (text.size() >= 2) {
    char a = text.front(), b = text.back();
    if ((a == '"' && b == '"') || (a == '\'' && b == '\'') || (a == '`' && b == '`') ||
        (a == '<' && b == '>'))
      return text.substr(1, text.size() - 2);
  }
  return text;
}

}  // namespace cg::lang
