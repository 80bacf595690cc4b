#include "text_util.h"

#include <algorithm>
#include <cctype>
#include <optional>
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

namespace cg::lang {
namespace {

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool isIdentChar(char c) {
  return isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

std::string_view trimView(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// The top-level parts of `s` split at `sep` (outside brackets and quotes).
std::vector<std::string_view> splitTopLevel(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t from = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '>' || c == '}') && depth > 0 &&
             !(c == '>' && i > 0 && s[i - 1] == '-'))
      --depth;
    else if (c == sep && depth == 0) {
      parts.push_back(s.substr(from, i - from));
      from = i + 1;
    }
  }
  parts.push_back(s.substr(from));
  return parts;
}

// A dotted / `::` / `\` name: `T`, `pkg.T`, `ns::T`, `\A\B`.
bool isQualifiedName(std::string_view s) {
  if (s.empty() || !isIdentStart(s.front())) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (isIdentChar(c)) continue;
    if (c == '.' || c == '\\') {
      if (i + 1 >= s.size() || !isIdentStart(s[i + 1])) return false;
      continue;
    }
    if (c == ':' && i + 2 < s.size() && s[i + 1] == ':' && isIdentStart(s[i + 2])) {
      ++i;
      continue;
    }
    return false;
  }
  return true;
}

// One round of what an annotation wraps its type in: quotes (a Python forward reference) and a
// union with null (`T | None`, `T | undefined`, `T | null`): the one other member. nullopt for
// a union of several other members.
std::optional<std::string_view> unquotedNonNull(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
    s = trimView(s.substr(1, s.size() - 2));
  if (auto parts = splitTopLevel(s, '|'); parts.size() > 1) {
    std::string_view only;
    int others = 0;
    for (auto p : parts) {
      p = trimView(p);
      if (p == "None" || p == "null" || p == "undefined" || p == "nil" || p.empty()) continue;
      only = p;
      ++others;
    }
    if (others != 1) return std::nullopt;
    s = only;
  }
  return s;
}

}  // namespace

std::string typeName(std::string_view text) {
  std::string_view s = trimView(text);
  for (int guard = 0; guard < 12 && !s.empty(); ++guard) {
    const std::string_view before = s;
    const std::optional<std::string_view> plain = unquotedNonNull(s);
    if (!plain) return {};
    s = *plain;
    for (std::string_view kw : {"const ", "volatile ", "struct ", "class ", "enum ", "union ",
                                "typename ", "readonly ", "mut ", "dyn ", "impl ", "final ",
                                "unowned ", "weak ", "inout ", "ref ", "out ", "in ", "some ",
                                "any ", "&mut ", "&'"}) {
      if (startsWith(s, kw)) {
        s = trimView(s.substr(kw == "&'" ? s.find(' ') == std::string_view::npos ? s.size() : s.find(' ') : kw.size()));
        break;
      }
    }
    while (!s.empty() && (s.front() == '*' || s.front() == '&' || s.front() == '?' ||
                          s.front() == '^' || s.front() == '\\' || s.front() == '@'))
      s = trimView(s.substr(1));
    while (!s.empty() && (s.back() == '*' || s.back() == '&' || s.back() == '?' ||
                          s.back() == '!' || s.back() == '^'))
      s = trimView(s.substr(0, s.size() - 1));
    // A result list (Go `(T, error)`, `(n int, err error)`): its first type.
    if (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
      std::string_view first = trimView(splitTopLevel(s.substr(1, s.size() - 2), ',').front());
      const size_t space = first.rfind(' ');
      if (space != std::string_view::npos && first.find_first_of("<[(") > space)
        first = trimView(first.substr(space + 1));
      s = first;
    }
    // Wrappers that hold one value of the type: Optional[T], Ref<T>-like pointers.
    for (std::string_view w : {"Optional[", "typing.Optional[", "Final[", "ClassVar[",
                               "Type[", "typing.Type[", "type[",
                               "Annotated[", "std::unique_ptr<", "std::shared_ptr<",
                               "unique_ptr<", "shared_ptr<", "std::optional<", "Box<", "Rc<",
                               "Arc<", "Option<", "Readonly<", "Promise<", "Awaited<"}) {
      if (startsWith(s, w) && (s.back() == ']' || s.back() == '>')) {
        auto inner = splitTopLevel(s.substr(w.size(), s.size() - w.size() - 1), ',');
        s = trimView(inner.front());
        break;
      }
    }
    if (s == before) break;
  }
  // Type arguments are not part of the name (`List<T>`, `Map[K, V]` in Go generics).
  size_t cut = s.find_first_of("<[");
  if (cut == 0) return {};  // `[]T`, `[N]T`: an array, not a named type
  if (cut != std::string_view::npos && s[cut] == '[' && cut + 1 < s.size() && s[cut + 1] == ']')
    return {};  // `T[]`: an array of T
  if (cut != std::string_view::npos) {
    if (s.substr(0, cut) == "map") return {};  // Go `map[K]V`
    s = trimView(s.substr(0, cut));
  }
  if (!isQualifiedName(s)) return {};
  // Words that ask for inference rather than name a type.
  if (s == "auto" || s == "var" || s == "let" || s == "val" || s == "dynamic" || s == "decltype")
    return {};
  return std::string(s);
}

size_t closingBracket(std::string_view s, size_t open) {
  const char o = s[open];
  const char c = o == '(' ? ')' : o == '[' ? ']' : o == '{' ? '}' : '>';
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '"' || s[i] == '\'' || s[i] == '`') {
      const char q = s[i];
      for (++i; i < s.size() && s[i] != q; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    if (s[i] == o) ++depth;
    else if (s[i] == c && --depth == 0) return i;
  }
  return std::string_view::npos;
}

namespace {

// `s` without what does not change its value's type: `await` / `yield` / `try` prefixes, `&`,
// `*`, `mut`, `?` / `!` suffixes (Rust, TypeScript, Kotlin, Swift), parentheses around the
// whole; a few rounds, trimmed.
std::string_view unwrapValue(std::string_view s) {
  for (int guard = 0; guard < 6 && !s.empty(); ++guard) {
    const std::string_view before = s;
    for (std::string_view kw : {"await ", "yield ", "try! ", "try? ", "try "}) {
      if (startsWith(s, kw)) s = trimView(s.substr(kw.size()));
    }
    while (!s.empty() && (s.front() == '&' || s.front() == '*')) s = trimView(s.substr(1));
    if (startsWith(s, "mut ")) s = trimView(s.substr(4));
    // Rust `?`, `!` (TypeScript / Kotlin non-null), Swift `!`.
    while (!s.empty() && (s.back() == '?' || s.back() == '!')) s = trimView(s.substr(0, s.size() - 1));
    if (!s.empty() && s.front() == '(' && closingBracket(s, 0) == s.size() - 1)
      s = trimView(s.substr(1, s.size() - 2));  // `(x)` as a whole
    if (s == before) break;
  }
  return s;
}

// A conditional `c ? a : b`: its branches have one type; the first branch that says it.
// nullopt when `s` is no conditional.
std::optional<std::string> conditionalChain(std::string_view s) {
  int depth = 0;
  size_t question = std::string_view::npos, colon = std::string_view::npos;
  for (size_t k = 0; k < s.size(); ++k) {
    const char c = s[k];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (depth == 0 && c == '?' && question == std::string_view::npos && k + 1 < s.size() &&
             s[k + 1] != '.' && s[k + 1] != '?' && k > 0 && s[k - 1] == ' ')
      question = k;
    else if (depth == 0 && c == ':' && question != std::string_view::npos && k + 1 < s.size() &&
             s[k + 1] == ' ' && s[k - 1] == ' ') {
      colon = k;
      break;
    }
  }
  if (colon == std::string_view::npos) return std::nullopt;
  std::string te = valueChain(s.substr(question + 1, colon - question - 1));
  return te.empty() ? valueChain(s.substr(colon + 1)) : te;
}

// `x as T` (TypeScript, Kotlin, C#, Swift), a T: "{T}", "" when T is no single type; nullopt
// when `s` has no top-level ` as `.
std::optional<std::string> asCastChain(std::string_view s) {
  int depth = 0;
  for (size_t k = 0; k + 4 < s.size(); ++k) {
    const char c = s[k];
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) --depth;
    else if (depth == 0 && s.compare(k, 4, " as ") == 0) {
      const std::string name = typeName(s.substr(s.rfind(" as ") + 4));
      return name.empty() ? std::string() : "{" + name + "}";
    }
  }
  return std::nullopt;
}

// A leading construct whose type is written: `new T(...)`, Go `new(T)`, a cast `(x as T)`,
// `((T) x)`, a parenthesised expression. Sets `out` to its type expression and `i` to where
// the rest of `s` starts (`s` itself to what follows `new `), and gives nullopt; or gives
// valueChain's whole answer ("" when the construct names no type; "{T}" for a cast `(T) x`).
// Anything else leaves all three as they are.
std::optional<std::string> leadingConstruct(std::string_view& s, std::string& out, size_t& i) {
  if (startsWith(s, "new(")) {
    const size_t close = closingBracket(s, 3);
    if (close == std::string_view::npos) return std::string();
    const std::string name = typeName(s.substr(4, close - 4));
    if (name.empty()) return std::string();
    out = "{" + name + "}";
    i = close + 1;
  } else if (startsWith(s, "new ")) {
    std::string_view rest = trimView(s.substr(4));
    size_t end = rest.find_first_of("(<[{");
    const std::string name = typeName(rest.substr(0, end));
    if (name.empty()) return std::string();
    out = "{" + name + "}";
    size_t at = end;
    if (at != std::string_view::npos && rest[at] == '<') at = closingBracket(rest, at) + 1;
    if (at != std::string_view::npos && at < rest.size() && rest[at] == '(') at = closingBracket(rest, at);
    if (at == std::string_view::npos) return std::string();
    s = rest;
    i = at < rest.size() && rest[at] == ')' ? at + 1 : at;
  } else if (s.front() == '(') {
    const size_t close = closingBracket(s, 0);
    if (close == std::string_view::npos) return std::string();
    std::string_view inner = trimView(s.substr(1, close - 1));
    const std::string_view after = trimView(s.substr(close + 1));
    const size_t as = inner.rfind(" as ");
    if (!after.empty() && after[0] != '.' && after[0] != '?' && after[0] != '-' &&
        after[0] != '[' && after[0] != '!') {
      // A cast `(T) x`, `(T)(x)`: a T.
      const std::string name = typeName(inner);
      return name.empty() ? std::string() : "{" + name + "}";
    }
    if (as != std::string_view::npos) {
      const std::string name = typeName(inner.substr(as + 4));
      if (name.empty()) return std::string();
      out = "{" + name + "}";
    } else if (!inner.empty() && inner.front() == '(') {
      const size_t castEnd = closingBracket(inner, 0);
      if (castEnd == std::string_view::npos) return std::string();
      const std::string name = typeName(inner.substr(1, castEnd - 1));
      if (name.empty()) return std::string();
      out = "{" + name + "}";
    } else {
      out = valueChain(inner);
      if (out.empty()) return std::string();
    }
    i = close + 1;
  }
  return std::nullopt;
}

// Appends `s` from `i` on to `out` with argument lists emptied, whitespace and call type
// arguments dropped, and a type assertion `x.(T)` as "{T}"; false when it is no chain (words
// side by side, a bracket not closed).
bool appendEmptied(std::string_view s, size_t i, std::string& out) {
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ' || c == '\n' || c == '\t') {
      // Words side by side (`a instanceof T`, a query expression) are not a chain.
      size_t next = i;
      while (next < s.size() && (s[next] == ' ' || s[next] == '\n' || s[next] == '\t')) ++next;
      if (!out.empty() && next < s.size() && isIdentChar(out.back()) && isIdentChar(s[next]))
        return false;
      continue;
    }
    if (c == '.' && i + 1 < s.size() && s[i + 1] == '(') {
      // A type assertion `x.(T)`: the value is a T.
      const size_t close = closingBracket(s, i + 1);
      if (close == std::string_view::npos) return false;
      const std::string name = typeName(s.substr(i + 2, close - i - 2));
      if (name.empty()) return false;
      out = "{" + name + "}";
      i = close;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      const size_t close = closingBracket(s, i);
      if (close == std::string_view::npos) return false;
      out += c;
      out += s[close];
      i = close;
      continue;
    }
    if (c == '<') {
      // Type arguments of a call (`make<T>()`, `f::<T>()`): dropped.
      const size_t close = closingBracket(s, i);
      if (close == std::string_view::npos || close + 1 >= s.size() || s[close + 1] != '(') return false;
      if (out.size() >= 2 && out.compare(out.size() - 2, 2, "::") == 0) out.resize(out.size() - 2);
      i = close;
      continue;
    }
    out += c;
  }
  return true;
}

// An expression with argument lists emptied, as a chain: a name or "{T}", then `.name` /
// `::name` / `->name` / `?.name` / `()` / `[]`, with `->` and `?.` written `.` and `!` dropped;
// "" for anything else (an index, an operator, a literal).
std::string chainOfEmptied(const std::string& out) {
  std::string chain;
  size_t k = 0;
  if (out.empty()) return {};
  if (out[0] == '{') {
    const size_t close = out.find('}');
    if (close == std::string::npos) return {};
    chain = out.substr(0, close + 1);
    k = close + 1;
  } else if (!isIdentStart(out[0])) {
    return {};
  }
  while (k < out.size()) {
    const char c = out[k];
    if (isIdentChar(c)) {
      chain += c;
      ++k;
    } else if (c == '(' && k + 1 < out.size() && out[k + 1] == ')') {
      chain += "()";
      k += 2;
    } else if (c == '[' && k + 1 < out.size() && out[k + 1] == ']' && !chain.empty()) {
      chain += "[]";  // an element: `xs[i]`, `m[key]`
      k += 2;
    } else if (c == '.' || (c == '?' && k + 1 < out.size() && out[k + 1] == '.')) {
      k += c == '?' ? 2 : 1;
      if (k >= out.size() || !isIdentStart(out[k])) return {};
      chain += '.';
    } else if (c == '!' ) {
      ++k;  // a non-null assertion inside a chain
    } else if (c == '-' && k + 1 < out.size() && out[k + 1] == '>') {
      k += 2;
      if (k >= out.size() || !isIdentStart(out[k])) return {};
      chain += '.';
    } else if (c == ':' && k + 1 < out.size() && out[k + 1] == ':') {
      k += 2;
      if (k >= out.size() || !isIdentStart(out[k])) return {};
      chain += "::";
    } else {
      return {};  // an index, an operator, a literal: not a chain
    }
  }
  return chain;
}

}  // namespace

std::string valueChain(std::string_view text) {
  std::string_view s = unwrapValue(trimView(text));
  if (s.empty() || s.size() > 1000) return {};
  if (std::optional<std::string> te = conditionalChain(s)) return std::move(*te);
  if (std::optional<std::string> te = asCastChain(s)) return std::move(*te);
  std::string out;  // the expression with argument lists emptied
  size_t i = 0;
  if (std::optional<std::string> te = leadingConstruct(s, out, i)) return std::move(*te);
  if (!appendEmptied(s, i, out)) return {};
  // A composite literal `T{...}` / `pkg.T{...}` (Go, Rust): the type T.
  if (out.size() > 2 && out.front() != '{' && out.compare(out.size() - 2, 2, "{}") == 0) {
    std::string name = typeName(std::string_view(out).substr(0, out.size() - 2));
    return name.empty() ? std::string() : "{" + name + "}";
  }
  // Otherwise a chain: a name or "{T}", then `.name` / `::name` / `->name` / `?.name` / `()`.
  return chainOfEmptied(out);
}

}  // namespace cg::lang

#include "codegraph/lang/type_expr.h"

namespace cg::lang {
std::string typeNameOf(std::string_view text) { return typeName(normalizeSpace(text)); }
}  // namespace cg::lang

namespace cg::lang {

std::string elementTypeName(std::string_view text) {
  std::string_view s = trimView(text);
  while (!s.empty() && (s.front() == '*' || s.front() == '&')) s = trimView(s.substr(1));
  if (startsWith(s, "mut ")) s = trimView(s.substr(4));
  if (s.empty()) return {};
  // Go `[]T`, `[N]T`, `map[K]V`; Rust `[T]`, `[T; N]`.
  if (startsWith(s, "map[")) {
    const size_t close = closingBracket(s, 3);
    return close == std::string_view::npos ? std::string() : typeName(s.substr(close + 1));
  }
  if (s.front() == '[') {
    const size_t close = closingBracket(s, 0);
    if (close == std::string_view::npos) return {};
    if (close + 1 < s.size()) return typeName(s.substr(close + 1));       // Go `[]T`, `[N]T`
    std::string_view inner = s.substr(1, close - 1);                        // Rust `[T]`, `[T; N]`
    return typeName(inner.substr(0, inner.find(';')));
  }
  // `T[]` (Java, C#, TypeScript).
  if (s.size() > 2 && s.compare(s.size() - 2, 2, "[]") == 0) return typeName(s.substr(0, s.size() - 2));
  // Generic collections: the last type argument (a map's values).
  const size_t open = s.find_first_of("<[");
  if (open == std::string_view::npos || (s.back() != '>' && s.back() != ']')) return {};
  std::string_view base = s.substr(0, open);
  const size_t dot = base.find_last_of('.');
  if (dot != std::string_view::npos) base = base.substr(dot + 1);
  static const char* const kCollections[] = {
      "List", "ArrayList", "LinkedList", "Set", "HashSet", "TreeSet", "Collection", "Iterable",
      "Iterator", "Sequence", "MutableSequence", "Stream", "Vec", "VecDeque", "Array",
      "ReadonlyArray", "IEnumerable", "IList", "ICollection", "IReadOnlyList", "list", "set",
      "frozenset", "tuple", "Tuple", "Map", "HashMap", "TreeMap", "Dict", "dict", "Mapping",
      "MutableMapping", "Record", "Dictionary", "IDictionary", "MutableList", "MutableSet",
      "Deque", "deque", "Queue", "Generator", "AsyncIterator", "AsyncIterable", "BTreeMap",
      "HashMap", "Optional", "Slice"};
  bool known = false;
  for (const char* c : kCollections) known = known || base == c;
  if (!known) return {};
  auto args = splitTopLevel(s.substr(open + 1, s.size() - open - 2), ',');
  std::string_view last = trimView(args.back());
  if (last == "..." && args.size() > 1) last = trimView(args[args.size() - 2]);  // tuple[T, ...]
  return typeName(last);
}

std::string subscriptElementTypeName(std::string_view text) {
  std::string_view s = trimView(text);
  for (int guard = 0; guard < 6 && !s.empty(); ++guard) {
    const std::string_view before = s;
    const std::optional<std::string_view> plain = unquotedNonNull(s);
    if (!plain) return {};
    s = *plain;
    for (std::string_view w : {"Optional[", "typing.Optional["})
      if (startsWith(s, w) && s.back() == ']') {
        s = trimView(splitTopLevel(s.substr(w.size(), s.size() - w.size() - 1), ',').front());
        break;
      }
    if (s == before) break;
  }
  const size_t open = s.find('[');
  if (open == std::string_view::npos || open == 0 || s.back() != ']') return {};
  std::string_view base = s.substr(0, open);
  if (const size_t dot = base.find_last_of('.'); dot != std::string_view::npos)
    base = base.substr(dot + 1);  // typing.Dict, collections.abc.Mapping
  static constexpr std::string_view kCollections[] = {
      "List", "list", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection",
      "Set", "set", "FrozenSet", "frozenset", "AbstractSet", "MutableSet", "Dict", "dict",
      "Mapping", "MutableMapping", "DefaultDict", "defaultdict", "OrderedDict", "Deque", "deque"};
  if (std::find(std::begin(kCollections), std::end(kCollections), base) == std::end(kCollections))
    return {};
  auto args = splitTopLevel(s.substr(open + 1, s.size() - open - 2), ',');
  return typeName(trimView(args.back()));  // a mapping's values; `Type[T]` is T
}

}  // namespace cg::lang
