#include "name_match.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <vector>

#include "codegraph/store/index_writer.h"

namespace cg::store {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// FTS5 query from free text: each word split into name parts, each part a quoted prefix term.
// One-character parts are left out when a longer part exists: the prefix indexes start at two
// characters, so "s"* merged the doclists of every term starting with s (0.4 s on the kernel for
// "trpc_s", 1.4 s for "LK_I2C2" with its OR fallback), and the longer parts (the joined form of
// the query among them) already say which names can match.
std::string ftsQuery(const std::string& text, const char* joiner) {
  std::string parts = splitNameParts(text);
  std::vector<std::string> tokens;
  bool anyLong = false;
  size_t pos = 0;
  while (pos < parts.size()) {
    size_t sp = parts.find(' ', pos);
    std::string tok = parts.substr(pos, sp == std::string::npos ? std::string::npos : sp - pos);
    pos = sp == std::string::npos ? parts.size() : sp + 1;
    if (tok.empty()) continue;
    anyLong = anyLong || tok.size() > 1;
    tokens.push_back(std::move(tok));
  }
  // The joined form (splitNameParts' last token when there are several parts) is an alternative
  // to the parts, not one more of them: "price format" is `("price"* AND "format"*) OR
  // "priceformat"*`, which finds format_price (joined "formatprice") and parseHTTP alike.
  std::string joined;
  if (tokens.size() > 1) {
    std::string concatenated;
    for (size_t i = 0; i + 1 < tokens.size(); ++i) concatenated += tokens[i];
    if (concatenated == tokens.back()) {
      joined = tokens.back();
      tokens.pop_back();
    }
  }
  auto quote = [](const std::string& tok) {
    std::string quoted = "\"";
    for (char c : tok) {
      if (c == '"') quoted += "\"\"";
      else quoted += c;
    }
    return quoted + "\"*";
  };
  std::set<std::string> seen;
  std::string out;
  size_t terms = 0;
  for (const auto& tok : tokens) {
    if (anyLong && tok.size() == 1) continue;
    if (!seen.insert(lower(tok)).second) continue;
    if (!out.empty()) out += joiner;
    out += quote(tok);
    ++terms;
  }
  if (joined.empty() || !seen.insert(lower(joined)).second) return out;
  if (out.empty()) return quote(joined);
  return (terms > 1 ? "(" + out + ")" : out) + " OR " + quote(joined);
}

}  // namespace cg::store
