#include "build_constraints.h"

#include <cctype>
#include <vector>

#include "../rules_support.h"
#include "codegraph/support/lines.h"

namespace cg::lang::go {
namespace {

bool isKnownOs(std::string_view s) {
  static const WordList kOs{
      "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd "
      "plan9 solaris wasip1 windows zos"};
  return kOs.contains(s);
}
bool isKnownArch(std::string_view s) {
  static const WordList kArch{
      "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le "
      "mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm"};
  return kArch.contains(s);
}

bool tagHolds(std::string_view tag) {
  if (tag == "linux" || tag == "amd64" || tag == "unix" || tag == "gc") return true;
  if (tag.size() > 2 && tag.substr(0, 2) == "go" && tag.find('.') != std::string_view::npos) {
    for (char c : tag.substr(2))
      if (c != '.' && (c < '0' || c > '9')) return false;
    return true;  // a release tag: go1.18, go1.21, ...
  }
  return false;
}

// Recursive descent over `//go:build` syntax.
struct Parser {
  std::string_view s;
  size_t at = 0;
  bool ok = true;
  int depth = 0;  // nesting of `!` and `(`: a line from the repository may be hostile

  void skipSpace() {
    while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
  }
  bool eat(std::string_view token) {
    skipSpace();
    if (s.substr(at, token.size()) != token) return false;
    at += token.size();
    return true;
  }
  bool orExpr() {
    bool v = andExpr();
    while (ok && eat("||")) v = andExpr() || v;
    return v;
  }
  bool andExpr() {
    bool v = unary();
    while (ok && eat("&&")) v = unary() && v;
    return v;
  }
  bool unary() {
    if (++depth > 64) {
      ok = false;
      return false;
    }
    struct Leave {
      int& d;
      ~Leave() { --d; }
    } leave{depth};
    if (eat("!")) return !unary();
    if (eat("(")) {
      bool v = orExpr();
      if (!eat(")")) ok = false;
      return v;
    }
    skipSpace();
    size_t start = at;
    while (at < s.size() &&
           (isalnum(static_cast<unsigned char>(s[at])) || s[at] == '_' || s[at] == '.'))
      ++at;
    if (at == start) {
      ok = false;
      return false;
    }
    return tagHolds(s.substr(start, at - start));
  }
};

// One `// +build` line's options: space-separated alternatives of comma-separated terms.
bool plusBuildLineHolds(std::string_view line) {
  bool any = false;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t end = i;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    if (end == i) break;
    std::string_view option = line.substr(i, end - i);
    bool all = true;
    size_t j = 0;
    while (j <= option.size()) {
      size_t comma = option.find(',', j);
      if (comma == std::string_view::npos) comma = option.size();
      std::string_view term = option.substr(j, comma - j);
      bool negate = !term.empty() && term[0] == '!';
      if (negate) term.remove_prefix(1);
      if (tagHolds(term) == negate) all = false;
      j = comma + 1;
    }
    any = any || all;
    i = end;
  }
  return any;
}

// The GOOS and GOARCH a file name names (`x_linux_arm64.go`, `x_windows.go`, `x_386_test.go`),
// each empty when it names none.
struct FileNameBuild {
  std::string_view os, arch;
};
FileNameBuild parseFileName(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (!endsWith(name, ".go")) return {};
  name.remove_suffix(3);
  if (endsWith(name, "_test")) name.remove_suffix(5);
  std::vector<std::string_view> parts;
  for (size_t i = 0; i <= name.size();) {
    size_t cut = name.find('_', i);
    if (cut == std::string_view::npos) cut = name.size();
    parts.push_back(name.substr(i, cut - i));
    i = cut + 1;
  }
  const size_t n = parts.size();
  if (n >= 3 && isKnownOs(parts[n - 2]) && isKnownArch(parts[n - 1])) return {parts[n - 2], parts[n - 1]};
  if (n >= 2 && isKnownOs(parts[n - 1])) return {parts[n - 1], {}};
  if (n >= 2 && isKnownArch(parts[n - 1])) return {{}, parts[n - 1]};
  return {};
}

bool fileNameExcludes(std::string_view path) {
  const FileNameBuild b = parseFileName(path);
  return (!b.os.empty() && b.os != "linux") || (!b.arch.empty() && b.arch != "amd64");
}

}  // namespace

std::string buildOfFileName(std::string_view path) {
  const FileNameBuild b = parseFileName(path);
  if (!b.os.empty() && !b.arch.empty()) return std::string(b.os) + "_" + std::string(b.arch);
  return std::string(b.os.empty() ? b.arch : b.os);
}

bool evalBuildExpression(std::string_view expr) {
  Parser p{expr};
  bool v = p.orExpr();
  p.skipSpace();
  return p.ok && p.at == expr.size() && v;
}

bool isOtherBuild(std::string_view path, std::string_view text) {
  if (fileNameExcludes(path)) return true;
  // Constraints sit in the comments above the package clause.
  bool sawGoBuild = false, goBuild = true, plusBuild = true;
  size_t at = 0;
  while (at < text.size()) {
    std::string_view line = nextLine(text, at);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.substr(0, 7) == "package") break;
    if (line.substr(0, 10) == "//go:build" &&
        (line.size() == 10 || line[10] == ' ' || line[10] == '\t')) {
      sawGoBuild = true;
      goBuild = goBuild && evalBuildExpression(line.substr(10));
    } else if (line.substr(0, 2) == "//") {
      std::string_view rest = line.substr(2);
      while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
      if (rest.substr(0, 6) == "+build" && (rest.size() == 6 || rest[6] == ' ' || rest[6] == '\t'))
        plusBuild = plusBuild && plusBuildLineHolds(rest.substr(6));
    }
    // A block comment before the clause: skip to its end.
    if (line.substr(0, 2) == "/*" && line.find("*/") == std::string_view::npos) {
      size_t close = text.find("*/", at);
      if (close == std::string_view::npos) break;
      at = text.find('\n', close);
      if (at == std::string_view::npos) break;
      ++at;
    }
  }
  return sawGoBuild ? !goBuild : !plusBuild;
}

}  // namespace cg::lang::go
