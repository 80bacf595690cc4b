// TOML: a line scanner that checks the syntax of the whole file and locates one `[table]` entry
// (with its sub-tables), and the edits of config_edit.h. Written for Codex's config.toml; it
// does not build a document model, so everything outside the edited entry stays byte for byte.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "codegraph/cli/config_edit.h"

namespace cg::cli {
namespace {

struct TomlLine {
  enum class Kind { kBlank, kComment, kTable, kArrayTable, kKeyValue } kind = Kind::kBlank;
  size_t begin = 0, end = 0;  // [begin, end), with the line break(s)
  size_t line = 0;            // 1-based
  std::vector<std::string> keys;  // the header's path, or the key's dotted path
  size_t valueBegin = 0, valueEnd = 0;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : t_(text) {}

  Expected<std::vector<TomlLine>> run() {
    std::vector<TomlLine> out;
    std::set<std::vector<std::string>> tables;
    while (p_ < t_.size()) {
      TomlLine l;
      l.begin = p_;
      l.line = line_;
      if (!logicalLine(l)) return error();
      l.end = p_;
      if (l.kind == TomlLine::Kind::kTable && !tables.insert(l.keys).second) {
        errLine_ = l.line;
        err_ = "table [" + join(l.keys) + "] is defined twice";
        return error();
      }
      out.push_back(std::move(l));
    }
    return out;
  }

  static std::string join(const std::vector<std::string>& keys) {
    std::string s;
    for (const auto& k : keys) s += (s.empty() ? "" : ".") + k;
    return s;
  }

 private:
  Error error() const {
    return makeError(ErrorCode::kInvalidArgument, "line " + std::to_string(errLine_) + ": " + err_);
  }
  bool fail(std::string message) {
    if (err_.empty()) {
      err_ = std::move(message);
      errLine_ = line_;
    }
    return false;
  }
  bool at(char c) const { return p_ < t_.size() && t_[p_] == c; }
  bool atLineEnd() const { return p_ >= t_.size() || t_[p_] == '\n' || (t_[p_] == '\r' && p_ + 1 < t_.size() && t_[p_ + 1] == '\n'); }
  void blanks() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t')) ++p_;
  }
  void newline() {
    if (at('\r')) ++p_;
    if (at('\n')) {
      ++p_;
      ++line_;
    }
  }
  // Blanks, line breaks and comments (inside arrays).
  void space() {
    while (p_ < t_.size()) {
      if (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\r') ++p_;
      else if (t_[p_] == '\n') newline();
      else if (t_[p_] == '#') comment();
      else break;
    }
  }
  void comment() {
    while (p_ < t_.size() && t_[p_] != '\n' && !(t_[p_] == '\r' && p_ + 1 < t_.size() && t_[p_ + 1] == '\n')) ++p_;
  }
  bool endOfLine() {
    blanks();
    if (at('#')) comment();
    if (!atLineEnd()) return fail("expected the end of the line, found '" + std::string(1, t_[p_]) + "'");
    newline();
    return true;
  }

  bool logicalLine(TomlLine& l) {
    blanks();
    if (atLineEnd()) {
      l.kind = TomlLine::Kind::kBlank;
      newline();
      return true;
    }
    if (at('#')) {
      l.kind = TomlLine::Kind::kComment;
      comment();
      newline();
      return true;
    }
    if (at('[')) {
      ++p_;
      bool arrayTable = at('[');
      if (arrayTable) ++p_;
      l.kind = arrayTable ? TomlLine::Kind::kArrayTable : TomlLine::Kind::kTable;
      blanks();
      if (!keyPath(l.keys)) return false;
      blanks();
      if (!at(']')) return fail("expected ']' to close the table header");
      ++p_;
      if (arrayTable) {
        if (!at(']')) return fail("expected ']]' to close the array-of-tables header");
        ++p_;
      }
      return endOfLine();
    }
    l.kind = TomlLine::Kind::kKeyValue;
    if (!keyPath(l.keys)) return false;
    blanks();
    if (!at('=')) return fail("expected '=' after the key '" + join(l.keys) + "'");
    ++p_;
    blanks();
    l.valueBegin = p_;
    if (!value(0)) return false;
    l.valueEnd = p_;
    return endOfLine();
  }

  bool keyPath(std::vector<std::string>& keys) {
    while (true) {
      std::string k;
      if (!key(k)) return false;
      keys.push_back(std::move(k));
      blanks();
      if (!at('.')) return true;
      ++p_;
      blanks();
    }
  }

  static bool bareKeyChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  }

  bool key(std::string& out) {
    if (at('"')) return basicString(&out);
    if (at('\'')) return literalString(&out);
    size_t s = p_;
    while (p_ < t_.size() && bareKeyChar(t_[p_])) ++p_;
    if (p_ == s) return fail("expected a key");
    out.assign(t_.substr(s, p_ - s));
    return true;
  }

  bool basicString(std::string* out) {
    ++p_;  // "
    while (true) {
      if (atLineEnd()) return fail("unterminated string");
      char c = t_[p_++];
      if (c == '"') return true;
      if (c == '\\') {
        if (p_ >= t_.size()) return fail("unterminated string");
        char e = t_[p_++];
        static const std::string_view kSimple = "btnfr\"\\";
        static const std::string_view kDecoded = "\b\t\n\f\r\"\\";
        if (auto i = kSimple.find(e); i != std::string_view::npos) {
          if (out) *out += kDecoded[i];
        } else if (e == 'u' || e == 'U') {
          size_t n = e == 'u' ? 4 : 8;
          if (p_ + n > t_.size()) return fail("bad \\u escape");
          for (size_t j = 0; j < n; ++j)
            if (!std::isxdigit(static_cast<unsigned char>(t_[p_ + j]))) return fail("bad \\u escape");
          if (out) *out += std::string(t_.substr(p_ - 2, n + 2));  // kept escaped: keys compare as written
          p_ += n;
        } else {
          return fail(std::string("unknown escape \\") + e);
        }
        continue;
      }
      if (out) *out += c;
    }
  }

  bool literalString(std::string* out) {
    ++p_;  // '
    size_t s = p_;
    while (!at('\'')) {
      if (atLineEnd()) return fail("unterminated string");
      ++p_;
    }
    if (out) out->assign(t_.substr(s, p_ - s));
    ++p_;
    return true;
  }

  bool multiLine(std::string_view delim) {
    size_t startLine = line_;
    p_ += 3;
    while (p_ < t_.size()) {
      if (t_.substr(p_, 3) == delim) {
        p_ += 3;
        for (int extra = 0; extra < 2 && at(delim[0]); ++extra) ++p_;  // up to two quotes before the delimiter
        return true;
      }
      if (delim[0] == '"' && t_[p_] == '\\') {
        ++p_;
        if (at('\n')) ++line_;
        ++p_;
        continue;
      }
      if (t_[p_] == '\n') ++line_;
      ++p_;
    }
    line_ = startLine;
    return fail("unterminated multi-line string");
  }

  bool value(int depth) {
    if (depth > 64) return fail("nesting too deep");
    if (t_.substr(p_, 3) == "\"\"\"") return multiLine("\"\"\"");
    if (t_.substr(p_, 3) == "'''") return multiLine("'''");
    if (at('"')) return basicString(nullptr);
    if (at('\'')) return literalString(nullptr);
    if (at('[')) {
      ++p_;
      space();
      while (!at(']')) {
        if (p_ >= t_.size()) return fail("unterminated array");
        if (!value(depth + 1)) return false;
        space();
        if (at(',')) {
          ++p_;
          space();
        } else if (!at(']')) {
          return fail("expected ',' or ']' in the array");
        }
      }
      ++p_;
      return true;
    }
    if (at('{')) {
      ++p_;
      blanks();
      if (at('}')) {
        ++p_;
        return true;
      }
      while (true) {
        std::vector<std::string> keys;
        if (!keyPath(keys)) return false;
        blanks();
        if (!at('=')) return fail("expected '=' in the inline table");
        ++p_;
        blanks();
        if (!value(depth + 1)) return false;
        blanks();
        if (at(',')) {
          ++p_;
          blanks();
          continue;
        }
        if (at('}')) {
          ++p_;
          return true;
        }
        return fail("expected ',' or '}' in the inline table");
      }
    }
    // Numbers, booleans, dates and times.
    size_t s = p_;
    while (p_ < t_.size()) {
      char c = t_[p_];
      bool timeSpace = c == ' ' && p_ > s && p_ + 1 < t_.size() && std::isdigit(static_cast<unsigned char>(t_[p_ - 1])) &&
                       std::isdigit(static_cast<unsigned char>(t_[p_ + 1])) && t_.substr(s, p_ - s).find('-') != std::string_view::npos;
      if (bareKeyChar(c) || c == '.' || c == ':' || c == '+' || timeSpace) ++p_;
      else break;
    }
    std::string_view word = t_.substr(s, p_ - s);
    if (word.empty()) return fail("expected a value");
    if (word == "true" || word == "false") return true;
    std::string_view digits = word;
    if (digits[0] == '+' || digits[0] == '-') digits.remove_prefix(1);
    if (digits == "inf" || digits == "nan") return true;
    if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits[0])))
      return fail("'" + std::string(word) + "' is not a valid value (strings need quotes)");
    return true;
  }

  std::string_view t_;
  size_t p_ = 0;
  size_t line_ = 1;
  std::string err_;
  size_t errLine_ = 0;
};

bool startsWith(const std::vector<std::string>& keys, const std::vector<std::string>& prefix) {
  return keys.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), keys.begin());
}

std::string headerKey(const std::string& k) {
  bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  return bare ? k : OrderedJson(k).dump();
}

// JSON's string escapes are all valid in a TOML basic string.
std::string tomlValue(const OrderedJson& v) {
  if (v.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + tomlValue(v[i]);
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [k, member] : v.items()) {
      out += (first ? " " : ", ") + headerKey(k) + " = " + tomlValue(member);
      first = false;
    }
    return out + (first ? "}" : " }");
  }
  return v.dump();
}

struct Located {
  std::vector<TomlLine> lines;
  std::optional<size_t> header;  // index of the `[table]` line
  size_t lastContent = 0;        // index of the entry's last header or key line
  size_t directEnd = 0;          // index just past the table's own keys (before a sub-table)
};

Expected<Located> locate(std::string_view text, const std::vector<std::string>& table) {
  auto lines = Scanner(text).run();
  if (!lines) return lines.error();
  Located loc;
  loc.lines = std::move(*lines);
  std::vector<std::string> current;  // the table the following keys belong to
  bool inside = false;
  for (size_t i = 0; i < loc.lines.size(); ++i) {
    const TomlLine& l = loc.lines[i];
    using K = TomlLine::Kind;
    if (l.kind == K::kTable || l.kind == K::kArrayTable) {
      current = l.keys;
      bool ours = startsWith(l.keys, table);
      if (l.kind == K::kTable && l.keys == table) {
        loc.header = i;
        loc.lastContent = i;
        loc.directEnd = i + 1;
        inside = true;
      } else if (ours && inside) {
        loc.lastContent = i;
      } else if (ours) {
        return makeError(ErrorCode::kInvalidArgument,
                         "line " + std::to_string(l.line) + ": [" + Scanner::join(l.keys) +
                             "] is not in a form this command edits; change it by hand");
      } else {
        inside = false;
      }
      continue;
    }
    if (l.kind != K::kKeyValue) continue;
    std::vector<std::string> full = current;
    full.insert(full.end(), l.keys.begin(), l.keys.end());
    if (inside) {
      loc.lastContent = i;
      if (current == table) loc.directEnd = i + 1;
    } else if (startsWith(full, table)) {
      return makeError(ErrorCode::kInvalidArgument,
                       "line " + std::to_string(l.line) + ": " + Scanner::join(table) +
                           " is defined with dotted keys or an inline table; change it by hand");
    }
  }
  return loc;
}

std::string lineBreak(std::string_view text) { return text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n"; }

}  // namespace

Status checkToml(std::string_view text) {
  auto lines = Scanner(text).run();
  if (!lines) return lines.error();
  return okStatus();
}

Expected<EditResult> tomlSet(std::string_view text, const std::vector<std::string>& tablePath,
                             const OrderedJson& value) {
  auto loc = locate(text, tablePath);
  if (!loc) return loc.error();
  const std::string nl = lineBreak(text);
  if (!loc->header) {
    std::string block = "[";
    for (size_t i = 0; i < tablePath.size(); ++i) block += (i ? "." : "") + headerKey(tablePath[i]);
    block += "]" + nl;
    for (const auto& [k, v] : value.items()) block += headerKey(k) + " = " + tomlValue(v) + nl;
    std::string out(text);
    if (!out.empty()) out += (out.back() == '\n' ? "" : nl) + nl;
    return EditResult{out + block, EditOutcome::kAdded};
  }
  std::string out(text);
  std::string inserted;
  std::vector<std::pair<size_t, std::pair<size_t, std::string>>> splices;  // pos → (len, text)
  for (const auto& [k, v] : value.items()) {
    std::string formatted = tomlValue(v);
    bool found = false;
    for (size_t i = *loc->header + 1; i < loc->directEnd; ++i) {
      const TomlLine& l = loc->lines[i];
      if (l.kind != TomlLine::Kind::kKeyValue || l.keys != std::vector<std::string>{k}) continue;
      found = true;
      if (text.substr(l.valueBegin, l.valueEnd - l.valueBegin) != formatted)
        splices.push_back({l.valueBegin, {l.valueEnd - l.valueBegin, formatted}});
    }
    if (!found) inserted += headerKey(k) + " = " + tomlValue(v) + nl;
  }
  if (!inserted.empty()) {
    size_t at = loc->lines[loc->directEnd - 1].end;
    if (at == text.size() && !text.empty() && text.back() != '\n') inserted = nl + inserted;
    splices.push_back({at, {0, inserted}});
  }
  if (splices.empty()) return EditResult{out, EditOutcome::kUnchanged};
  std::sort(splices.begin(), splices.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [pos, edit] : splices) out.replace(pos, edit.first, edit.second);
  return EditResult{out, EditOutcome::kUpdated};
}

Expected<EditResult> tomlRemove(std::string_view text, const std::vector<std::string>& tablePath) {
  auto loc = locate(text, tablePath);
  if (!loc) return loc.error();
  if (!loc->header) return EditResult{std::string(text), EditOutcome::kAbsent};
  const auto& lines = loc->lines;
  size_t first = *loc->header, last = loc->lastContent;
  size_t begin = lines[first].begin, end = lines[last].end;
  // The blank line that separated the entry from what precedes it goes too, when the entry
  // was followed by a blank line or by nothing (so the file closes up as before the install).
  bool blankBefore = first > 0 && lines[first - 1].kind == TomlLine::Kind::kBlank;
  bool blankOrEndAfter = last + 1 == lines.size() || lines[last + 1].kind == TomlLine::Kind::kBlank;
  if (blankBefore && blankOrEndAfter) begin = lines[first - 1].begin;
  std::string out(text);
  out.erase(begin, end - begin);
  return EditResult{out, EditOutcome::kRemoved};
}

}  // namespace cg::cli
