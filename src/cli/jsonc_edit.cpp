// JSON / JSONC parsing with source positions, and the member edits of config_edit.h.
//
// The parser keeps, for every object, where each member's key and value start and end; an edit
// is a list of (offset, length, replacement) splices applied back to front, so untouched bytes
// (comments, spacing, key order, number spelling) stay exactly as they were.
#include <algorithm>
#include <memory>
#include <optional>

#include "codegraph/cli/config_edit.h"

namespace cg::cli {
namespace {

constexpr int kMaxDepth = 256;

struct JNode;
struct JMember {
  std::string key;
  size_t keyBegin = 0;
  std::unique_ptr<JNode> value;
};
struct JNode {
  enum class Kind { kObject, kArray, kScalar } kind = Kind::kScalar;
  size_t begin = 0, end = 0;  // [begin, end): `{...}`, `[...]` or the scalar's text
  std::vector<JMember> members;
};

struct Parsed {
  std::unique_ptr<JNode> root;  // null for an empty or blank text
  // Comments and trailing commas: blanked out before handing a value to nlohmann::json.
  std::vector<std::pair<size_t, size_t>> ignorable;
};

std::pair<size_t, size_t> lineColumn(std::string_view t, size_t pos) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < pos && i < t.size(); ++i) {
    if (t[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(t[i]) & 0xC0) != 0x80) {
      ++col;  // count code points, not UTF-8 continuation bytes
    }
  }
  return {line, col};
}

class Parser {
 public:
  Parser(std::string_view text, JsonSyntax syntax) : t_(text), syntax_(syntax) {}

  Expected<Parsed> run() {
    Parsed out;
    ignorable_ = &out.ignorable;
    if (!skipSpace()) return error();
    if (p_ == t_.size()) return out;  // blank: no value
    auto root = std::make_unique<JNode>();
    if (!value(*root, 0)) return error();
    if (!skipSpace()) return error();
    if (p_ != t_.size()) {
      fail(p_, "unexpected text after the end of the document");
      return error();
    }
    out.root = std::move(root);
    return out;
  }

 private:
  Error error() const {
    auto [line, col] = lineColumn(t_, errPos_);
    return makeError(ErrorCode::kInvalidArgument,
                     "line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + err_);
  }
  bool fail(size_t pos, std::string message) {
    if (err_.empty()) {
      err_ = std::move(message);
      errPos_ = pos;
    }
    return false;
  }

  bool skipSpace() {
    while (p_ < t_.size()) {
      char c = t_[p_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++p_;
      } else if (c == '/' && p_ + 1 < t_.size() && (t_[p_ + 1] == '/' || t_[p_ + 1] == '*')) {
        if (!syntax_.comments) return fail(p_, "comments are not allowed in this file");
        size_t start = p_;
        if (t_[p_ + 1] == '/') {
          while (p_ < t_.size() && t_[p_] != '\n') ++p_;
        } else {
          size_t close = t_.find("*/", p_ + 2);
          if (close == std::string_view::npos) return fail(start, "unterminated /* comment");
          p_ = close + 2;
        }
        ignorable_->emplace_back(start, p_);
      } else {
        break;
      }
    }
    return true;
  }

  bool value(JNode& node, int depth) {
    if (depth > kMaxDepth) return fail(p_, "nesting too deep");
    if (p_ >= t_.size()) return fail(p_, "unexpected end of file, expected a value");
    node.begin = p_;
    char c = t_[p_];
    if (c == '{') return object(node, depth);
    if (c == '[') return array(node, depth);
    node.kind = JNode::Kind::kScalar;
    if (c == '"') {
      if (!string(nullptr)) return false;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      if (!number()) return false;
    } else if (t_.substr(p_, 4) == "true" || t_.substr(p_, 4) == "null") {
      p_ += 4;
    } else if (t_.substr(p_, 5) == "false") {
      p_ += 5;
    } else {
      return fail(p_, "expected a value (string, number, object, array, true, false or null)");
    }
    node.end = p_;
    return true;
  }

  bool object(JNode& node, int depth) {
    node.kind = JNode::Kind::kObject;
    return items(node, '}', "a member", [&] {
      if (p_ >= t_.size() || t_[p_] != '"') return fail(p_, "expected a \"key\" in double quotes");
      JMember m;
      m.keyBegin = p_;
      if (!string(&m.key)) return false;
      if (!skipSpace()) return false;
      if (p_ >= t_.size() || t_[p_] != ':') return fail(p_, "expected ':' after the key");
      ++p_;
      if (!skipSpace()) return false;
      m.value = std::make_unique<JNode>();
      if (!value(*m.value, depth + 1)) return false;
      node.members.push_back(std::move(m));
      return true;
    });
  }

  bool array(JNode& node, int depth) {
    node.kind = JNode::Kind::kArray;
    return items(node, ']', "an array element", [&] {
      JNode item;
      return value(item, depth + 1);
    });
  }

  // The items of an object or array from its opening bracket (at p_) through `close`, each read
  // by `item`, separated by commas: `node` ends past `close`. A comma before `close` is allowed
  // where the syntax allows trailing commas (then ignorable).
  template <class ReadItem>
  bool items(JNode& node, char close, const char* what, ReadItem item) {
    ++p_;  // the opening bracket
    if (!skipSpace()) return false;
    if (closes(node, close)) return true;
    while (true) {
      if (!item()) return false;
      if (!skipSpace()) return false;
      if (p_ < t_.size() && t_[p_] == ',') {
        size_t comma = p_++;
        if (!skipSpace()) return false;
        if (p_ < t_.size() && t_[p_] == close) {
          if (!syntax_.trailingCommas)
            return fail(comma, std::string("trailing comma before '") + close + "'");
          ignorable_->emplace_back(comma, comma + 1);
          return closes(node, close);
        }
        continue;
      }
      if (closes(node, close)) return true;
      return fail(p_, std::string("expected ',' or '") + close + "' after " + what);
    }
  }

  // At `close`: steps past it, where `node` ends.
  bool closes(JNode& node, char close) {
    if (p_ >= t_.size() || t_[p_] != close) return false;
    node.end = ++p_;
    return true;
  }

  static void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(uint32_t& out) {
    if (p_ + 4 > t_.size()) return fail(p_, "bad \\u escape");
    out = 0;
    for (int i = 0; i < 4; ++i) {
      char h = t_[p_++];
      out <<= 4;
      if (h >= '0' && h <= '9') out |= static_cast<uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f') out |= static_cast<uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') out |= static_cast<uint32_t>(h - 'A' + 10);
      else return fail(p_ - 1, "bad \\u escape");
    }
    return true;
  }

  bool string(std::string* decoded) {
    size_t start = p_++;
    while (true) {
      if (p_ >= t_.size()) return fail(start, "unterminated string");
      char c = t_[p_];
      if (c == '"') {
        ++p_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail(p_, c == '\n' ? "unterminated string (a line break inside quotes)"
                                  : "control character inside a string");
      if (c != '\\') {
        if (decoded) *decoded += c;
        ++p_;
        continue;
      }
      if (++p_ >= t_.size()) return fail(start, "unterminated string");
      char e = t_[p_++];
      char simple = 0;
      switch (e) {
        case '"': simple = '"'; break;
        case '\\': simple = '\\'; break;
        case '/': simple = '/'; break;
        case 'b': simple = '\b'; break;
        case 'f': simple = '\f'; break;
        case 'n': simple = '\n'; break;
        case 'r': simple = '\r'; break;
        case 't': simple = '\t'; break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && t_.substr(p_, 2) == "\\u") {
            p_ += 2;
            uint32_t lo = 0;
            if (!hex4(lo)) return false;
            if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          if (decoded) appendUtf8(*decoded, cp);
          continue;
        }
        default: return fail(p_ - 2, std::string("unknown escape \\") + e);
      }
      if (decoded) *decoded += simple;
    }
  }

  bool number() {
    size_t start = p_;
    auto digits = [&] {
      size_t s = p_;
      while (p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9') ++p_;
      return p_ > s;
    };
    if (t_[p_] == '-') ++p_;
    if (p_ < t_.size() && t_[p_] == '0') ++p_;
    else if (!digits()) return fail(start, "bad number");
    if (p_ < t_.size() && t_[p_] == '.') {
      ++p_;
      if (!digits()) return fail(start, "bad number");
    }
    if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
      ++p_;
      if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
      if (!digits()) return fail(start, "bad number");
    }
    return true;
  }

  std::string_view t_;
  JsonSyntax syntax_;
  size_t p_ = 0;
  std::string err_;
  size_t errPos_ = 0;
  std::vector<std::pair<size_t, size_t>>* ignorable_ = nullptr;
};

// ---- text helpers ------------------------------------------------------------------------------

struct Splice {
  size_t pos, len;
  std::string text;
};

std::string applySplices(std::string_view text, std::vector<Splice> splices) {
  std::sort(splices.begin(), splices.end(), [](const Splice& a, const Splice& b) { return a.pos > b.pos; });
  std::string out(text);
  for (const auto& s : splices) out.replace(s.pos, s.len, s.text);
  return out;
}

size_t lineStart(std::string_view t, size_t pos) {
  size_t nl = pos == 0 ? std::string_view::npos : t.rfind('\n', pos - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

std::string lineIndent(std::string_view t, size_t pos) {
  size_t s = lineStart(t, pos), e = s;
  while (e < t.size() && (t[e] == ' ' || t[e] == '\t')) ++e;
  return std::string(t.substr(s, e - s));
}

bool firstOnLine(std::string_view t, size_t pos) {
  for (size_t i = lineStart(t, pos); i < pos; ++i)
    if (t[i] != ' ' && t[i] != '\t') return false;
  return true;
}

size_t skipBlanks(std::string_view t, size_t p) {
  while (p < t.size() && (t[p] == ' ' || t[p] == '\t')) ++p;
  return p;
}

bool isLineEnd(std::string_view t, size_t p) { return p >= t.size() || t[p] == '\n' || t[p] == '\r'; }

// Just past the line break at `p` (or the end of the text).
size_t pastLineEnd(std::string_view t, size_t p) {
  if (p >= t.size()) return t.size();
  if (t[p] == '\r' && p + 1 < t.size() && t[p + 1] == '\n') return p + 2;
  return p + 1;
}

// What follows a member's value on its line: the comma (if any) and a `//` comment.
struct AfterValue {
  bool comma = false;
  size_t commaPos = 0;
  size_t rest = 0;  // first position after the comma, blanks and a line comment
};
AfterValue afterValue(std::string_view t, size_t valueEnd, JsonSyntax syntax) {
  AfterValue a;
  size_t p = skipBlanks(t, valueEnd);
  if (p < t.size() && t[p] == ',') {
    a.comma = true;
    a.commaPos = p;
    p = skipBlanks(t, p + 1);
  }
  if (syntax.comments && t.substr(p, 2) == "//")
    while (p < t.size() && t[p] != '\n' && t[p] != '\r') ++p;
  a.rest = p;
  return a;
}

// The comma after `pos`, skipping blanks, line breaks and comments; npos when the next token
// is something else.
size_t commaAfter(std::string_view t, size_t pos) {
  size_t p = pos;
  while (p < t.size()) {
    char c = t[p];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++p;
    } else if (t.substr(p, 2) == "//") {
      while (p < t.size() && t[p] != '\n') ++p;
    } else if (t.substr(p, 2) == "/*") {
      size_t close = t.find("*/", p + 2);
      if (close == std::string_view::npos) return std::string_view::npos;
      p = close + 2;
    } else {
      return c == ',' ? p : std::string_view::npos;
    }
  }
  return std::string_view::npos;
}

// The indentation step of the text: the first indented line's leading tab, or the smallest
// indentation in spaces; two spaces for a text without indentation.
std::string detectIndentUnit(std::string_view t) {
  size_t best = 0;
  size_t p = 0;
  while (p < t.size()) {
    size_t e = p;
    while (e < t.size() && (t[e] == ' ' || t[e] == '\t')) ++e;
    if (e > p && e < t.size() && t[e] != '\n' && t[e] != '\r') {
      if (t[p] == '\t') return "\t";
      if (best == 0 || e - p < best) best = e - p;
    }
    size_t nl = t.find('\n', p);
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  return best == 0 ? "  " : std::string(std::min<size_t>(best, 8), ' ');
}

std::string quote(const std::string& s) { return OrderedJson(s).dump(); }

bool isScalar(const OrderedJson& v) { return !v.is_object() && !v.is_array(); }

// Pretty form: objects one member per line, arrays of scalars on one line. Lines after the
// first start with `indent`.
std::string formatValue(const OrderedJson& v, const std::string& unit, const std::string& indent) {
  if (v.is_object()) {
    if (v.empty()) return "{}";
    std::string out = "{\n";
    size_t i = 0;
    for (const auto& [k, member] : v.items()) {
      out += indent + unit + quote(k) + ": " + formatValue(member, unit, indent + unit);
      out += (++i < v.size() ? ",\n" : "\n");
    }
    return out + indent + "}";
  }
  if (v.is_array()) {
    if (std::all_of(v.begin(), v.end(), isScalar)) {
      std::string out = "[";
      for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i].dump();
      return out + "]";
    }
    std::string out = "[\n";
    for (size_t i = 0; i < v.size(); ++i)
      out += indent + unit + formatValue(v[i], unit, indent + unit) + (i + 1 < v.size() ? ",\n" : "\n");
    return out + indent + "]";
  }
  return v.dump();
}

std::string formatCompact(const OrderedJson& v) {
  if (v.is_object()) {
    if (v.empty()) return "{}";
    std::string out = "{";
    bool first = true;
    for (const auto& [k, member] : v.items()) {
      out += (first ? "" : ", ") + quote(k) + ": " + formatCompact(member);
      first = false;
    }
    return out + "}";
  }
  if (v.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + formatCompact(v[i]);
    return out + "]";
  }
  return v.dump();
}

std::string withLineBreaks(std::string s, std::string_view text) {
  if (text.find("\r\n") == std::string_view::npos) return s;
  std::string out;
  for (char c : s) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

const JMember* findMember(const JNode& obj, const std::string& key, size_t* index = nullptr) {
  const JMember* found = nullptr;
  for (size_t i = 0; i < obj.members.size(); ++i) {  // the last duplicate wins, as in JSON.parse
    if (obj.members[i].key == key) {
      found = &obj.members[i];
      if (index) *index = i;
    }
  }
  return found;
}

Error notAnObject(std::string_view t, const JMember& m) {
  auto [line, col] = lineColumn(t, m.keyBegin);
  return makeError(ErrorCode::kInvalidArgument, "line " + std::to_string(line) + ", column " +
                                                    std::to_string(col) + ": \"" + m.key +
                                                    "\" is not an object; not changing it");
}

// The indentation step inside `obj`: from its members when it has some on their own lines.
std::string unitFor(std::string_view t, const JNode& obj) {
  if (!obj.members.empty() && firstOnLine(t, obj.members.back().keyBegin)) {
    std::string outer = lineIndent(t, obj.begin), inner = lineIndent(t, obj.members.back().keyBegin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0)
      return inner.substr(outer.size());
  }
  return detectIndentUnit(t);
}

std::string insertMember(std::string_view t, const JNode& obj, const std::string& key,
                         const OrderedJson& value, JsonSyntax syntax) {
  const std::string unit = unitFor(t, obj);
  if (obj.members.empty()) {
    std::string outer = lineIndent(t, obj.begin);
    std::string member = quote(key) + ": " + formatValue(value, unit, outer + unit);
    std::string_view interior = t.substr(obj.begin + 1, obj.end - obj.begin - 2);
    if (interior.find_first_not_of(" \t\r\n") == std::string_view::npos)
      return applySplices(t, {{obj.begin + 1, interior.size(),
                               withLineBreaks("\n" + outer + unit + member + "\n" + outer, t)}});
    return applySplices(t, {{obj.begin + 1, 0, withLineBreaks("\n" + outer + unit + member, t)}});
  }
  const JMember& last = obj.members.back();
  AfterValue after = afterValue(t, last.value->end, syntax);
  if (firstOnLine(t, last.keyBegin) && isLineEnd(t, after.rest)) {
    std::string indent = lineIndent(t, last.keyBegin);
    std::string line = indent + quote(key) + ": " + formatValue(value, unit, indent) +
                       (after.comma ? "," : "") + "\n";
    size_t at = pastLineEnd(t, after.rest);
    if (at == t.size() && (t.empty() || t.back() != '\n')) line = "\n" + line;
    std::vector<Splice> edits{{at, 0, withLineBreaks(line, t)}};
    if (!after.comma) edits.push_back({last.value->end, 0, ","});
    return applySplices(t, std::move(edits));
  }
  return applySplices(t, {{last.value->end, 0, ", " + quote(key) + ": " + formatCompact(value)}});
}

std::string removeMember(std::string_view t, const JNode& obj, size_t i, JsonSyntax syntax) {
  const JMember& m = obj.members[i];
  AfterValue after = afterValue(t, m.value->end, syntax);
  std::vector<Splice> edits;
  if (firstOnLine(t, m.keyBegin) && isLineEnd(t, after.rest)) {
    size_t start = lineStart(t, m.keyBegin), end = pastLineEnd(t, after.rest);
    edits.push_back({start, end - start, ""});
    if (!after.comma && i > 0) {  // it was the last member: its predecessor's comma goes too
      size_t comma = commaAfter(t, obj.members[i - 1].value->end);
      if (comma != std::string_view::npos && comma < m.keyBegin) edits.push_back({comma, 1, ""});
    }
  } else if (i > 0) {
    size_t from = obj.members[i - 1].value->end;
    edits.push_back({from, m.value->end - from, ""});
  } else if (after.comma) {
    size_t to = after.commaPos + 1;
    while (to < t.size() && (t[to] == ' ' || t[to] == '\t')) ++to;
    edits.push_back({m.keyBegin, to - m.keyBegin, ""});
  } else {
    edits.push_back({m.keyBegin, m.value->end - m.keyBegin, ""});
  }
  return applySplices(t, std::move(edits));
}

// The object at `path` (the top level for an empty path), or null.
const JNode* objectAt(const JNode& root, const std::vector<std::string>& path, size_t depth) {
  const JNode* node = &root;
  for (size_t i = 0; i < depth; ++i) {
    const JMember* m = findMember(*node, path[i]);
    if (!m || m->value->kind != JNode::Kind::kObject) return nullptr;
    node = m->value.get();
  }
  return node;
}

OrderedJson nest(const std::vector<std::string>& path, size_t from, const OrderedJson& value) {
  OrderedJson v = value;
  for (size_t j = path.size(); j-- > from + 1;) {
    OrderedJson wrapped = OrderedJson::object();
    wrapped[path[j]] = std::move(v);
    v = std::move(wrapped);
  }
  return v;
}

}  // namespace

Status checkJson(std::string_view text, JsonSyntax syntax) {
  auto parsed = Parser(text, syntax).run();
  if (!parsed) return parsed.error();
  return okStatus();
}

Expected<EditResult> jsonSet(std::string_view text, const std::vector<std::string>& path,
                             const OrderedJson& value, JsonSyntax syntax) {
  auto parsed = Parser(text, syntax).run();
  if (!parsed) return parsed.error();
  if (path.empty()) return makeError(ErrorCode::kInvalidArgument, "empty path");
  if (!parsed->root) {
    OrderedJson doc = OrderedJson::object();
    doc[path[0]] = nest(path, 0, value);
    return EditResult{formatValue(doc, "  ", "") + "\n", EditOutcome::kAdded};
  }
  const JNode* node = parsed->root.get();
  if (node->kind != JNode::Kind::kObject)
    return makeError(ErrorCode::kInvalidArgument, "the top level is not a JSON object");
  for (size_t i = 0; i < path.size(); ++i) {
    const JMember* m = findMember(*node, path[i]);
    if (!m) return EditResult{insertMember(text, *node, path[i], nest(path, i, value), syntax), EditOutcome::kAdded};
    if (i + 1 == path.size()) {
      if (m->value->kind == JNode::Kind::kObject && value.is_object() && !value.empty()) {
        EditResult r{std::string(text), EditOutcome::kUnchanged};
        for (const auto& [k, field] : value.items()) {
          std::vector<std::string> sub = path;
          sub.push_back(k);
          auto step = jsonSet(r.text, sub, field, syntax);
          if (!step) return step.error();
          if (step->outcome != EditOutcome::kUnchanged) r.outcome = EditOutcome::kUpdated;
          r.text = std::move(step->text);
        }
        return r;
      }
      std::string formatted = formatValue(value, unitFor(text, *node), lineIndent(text, m->keyBegin));
      formatted = withLineBreaks(formatted, text);
      size_t b = m->value->begin, e = m->value->end;
      if (text.substr(b, e - b) == formatted) return EditResult{std::string(text), EditOutcome::kUnchanged};
      return EditResult{applySplices(text, {{b, e - b, formatted}}), EditOutcome::kUpdated};
    }
    if (m->value->kind != JNode::Kind::kObject) return notAnObject(text, *m);
    node = m->value.get();
  }
  return makeError(ErrorCode::kInternal, "unreachable");
}

Expected<EditResult> jsonRemove(std::string_view text, const std::vector<std::string>& path,
                                JsonSyntax syntax) {
  auto parsed = Parser(text, syntax).run();
  if (!parsed) return parsed.error();
  if (path.empty() || !parsed->root || parsed->root->kind != JNode::Kind::kObject)
    return EditResult{std::string(text), EditOutcome::kAbsent};
  std::string current(text);
  bool removedAny = false;
  // Remove the entry, then each parent the removal left empty (never the top level).
  for (size_t depth = path.size(); depth >= 1; --depth) {
    auto now = Parser(current, syntax).run();
    if (!now || !now->root) break;
    const JNode* parent = objectAt(*now->root, path, depth - 1);
    if (!parent) break;
    size_t index = 0;
    const JMember* m = findMember(*parent, path[depth - 1], &index);
    if (!m) break;
    if (removedAny && !(m->value->kind == JNode::Kind::kObject && m->value->members.empty())) break;
    current = removeMember(current, *parent, index, syntax);
    removedAny = true;
    // An object left with only blanks inside becomes `{}`.
    auto after = Parser(current, syntax).run();
    if (!after || !after->root) break;
    if (const JNode* p = objectAt(*after->root, path, depth - 1); p && p->members.empty()) {
      std::string_view interior(current.data() + p->begin + 1, p->end - p->begin - 2);
      if (!interior.empty() && interior.find_first_not_of(" \t\r\n") == std::string_view::npos)
        current = applySplices(current, {{p->begin + 1, interior.size(), ""}});
    }
  }
  if (!removedAny) return EditResult{std::string(text), EditOutcome::kAbsent};
  return EditResult{std::move(current), EditOutcome::kRemoved};
}

Expected<OrderedJson> jsonGet(std::string_view text, const std::vector<std::string>& path,
                              JsonSyntax syntax) {
  auto parsed = Parser(text, syntax).run();
  if (!parsed) return parsed.error();
  if (!parsed->root) return OrderedJson();
  const JNode* node = parsed->root.get();
  for (const auto& key : path) {
    if (node->kind != JNode::Kind::kObject) return OrderedJson();
    const JMember* m = findMember(*node, key);
    if (!m) return OrderedJson();
    node = m->value.get();
  }
  std::string slice(text.substr(node->begin, node->end - node->begin));
  for (auto [b, e] : parsed->ignorable) {
    if (b < node->begin || e > node->end) continue;
    for (size_t i = b; i < e; ++i)
      if (slice[i - node->begin] != '\n') slice[i - node->begin] = ' ';
  }
  auto v = OrderedJson::parse(slice, nullptr, false);
  if (v.is_discarded()) return makeError(ErrorCode::kInternal, "could not read back the value");
  return v;
}

}  // namespace cg::cli
