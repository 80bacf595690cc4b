#include "codegraph/model/symbol.h"

#include <array>

namespace cg::model {
namespace {
constexpr std::array<std::string_view, kSymbolKindCount> kKindNames = {
    "function", "method",   "constructor", "class",    "struct",   "interface",
    "trait",    "enum",     "type",        "union",    "variable", "constant",
    "field",    "property", "module",      "namespace", "macro"};
constexpr std::array<std::string_view, kRefKindCount> kRefNames = {
    "calls", "imports", "extends", "implements", "uses", "accesses", "assigns", "contains"};
constexpr std::array<std::string_view, kRefKindCount> kReverseNames = {
    "calledBy", "importedBy", "extendedBy", "implementedBy",
    "usedBy",   "accessedBy", "assignedBy", "declaredBy"};
}  // namespace

std::string_view toString(SymbolKind kind) { return kKindNames[static_cast<size_t>(kind)]; }

std::string symbolUid(const std::string& path, const std::string& qualifiedName, SymbolKind kind,
                      uint32_t ordinal) {
  std::string uid = path + "::" + qualifiedName + "::" + std::string(toString(kind));
  if (ordinal > 1) uid += "#" + std::to_string(ordinal);
  return uid;
}

std::string UidAssigner::next(const std::string& qualifiedName, SymbolKind kind) {
  std::string base = symbolUid(path_, qualifiedName, kind, 0);
  const uint32_t n = ++seen_[base];
  return n == 1 ? base : symbolUid(path_, qualifiedName, kind, n);
}

int64_t uidOrdinal(std::string_view uid, std::string_view path, std::string_view qualifiedName,
                   SymbolKind kind) {
  const std::string_view kindText = toString(kind);
  for (std::string_view part : {path, std::string_view("::"), qualifiedName, std::string_view("::"), kindText}) {
    if (uid.substr(0, part.size()) != part) return -1;
    uid.remove_prefix(part.size());
  }
  if (uid.empty()) return 0;
  if (uid.size() < 2 || uid.size() > 10 || uid[0] != '#') return -1;
  int64_t n = 0;
  for (char c : uid.substr(1)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n >= 2 ? n : -1;
}

std::optional<SymbolKind> parseSymbolKind(std::string_view text) {
  for (size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == text) return static_cast<SymbolKind>(i);
  return std::nullopt;
}

bool kindMatches(SymbolKind actual, SymbolKind filter) {
  if (actual == filter) return true;
  using K = SymbolKind;
  switch (filter) {
    case K::kType: return actual == K::kStruct || actual == K::kEnum || actual == K::kUnion;
    case K::kInterface: return actual == K::kTrait;
    case K::kMethod: return actual == K::kConstructor;
    case K::kVariable:
      return actual == K::kConstant || actual == K::kField || actual == K::kProperty;
    default: return false;
  }
}

bool isCallable(SymbolKind k) {
  return k == SymbolKind::kFunction || k == SymbolKind::kMethod ||
         k == SymbolKind::kConstructor || k == SymbolKind::kMacro;
}
bool isContainer(SymbolKind k) {
  using K = SymbolKind;
  return k == K::kClass || k == K::kStruct || k == K::kInterface || k == K::kTrait ||
         k == K::kEnum || k == K::kUnion || k == K::kModule || k == K::kNamespace;
}
bool isTypeLike(SymbolKind k) {
  using K = SymbolKind;
  return k == K::kClass || k == K::kStruct || k == K::kInterface || k == K::kTrait ||
         k == K::kEnum || k == K::kType || k == K::kUnion;
}
bool isValueLike(SymbolKind k) {
  using K = SymbolKind;
  return k == K::kVariable || k == K::kConstant || k == K::kField || k == K::kProperty;
}

std::string_view toString(Visibility v) {
  switch (v) {
    case Visibility::kPublic: return "public";
    case Visibility::kPrivate: return "private";
    case Visibility::kProtected: return "protected";
    case Visibility::kInternal: return "internal";
    case Visibility::kPackage: return "package";
  }
  return "public";
}

std::string_view toString(RefKind kind) { return kRefNames[static_cast<size_t>(kind)]; }
std::optional<RefKind> parseRefKind(std::string_view text) {
  for (size_t i = 0; i < kRefNames.size(); ++i)
    if (kRefNames[i] == text) return static_cast<RefKind>(i);
  return std::nullopt;
}
std::string_view reverseName(RefKind kind) { return kReverseNames[static_cast<size_t>(kind)]; }

namespace {
bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}
}  // namespace

bool isTestPath(std::string_view path) {
  // Directory rules: any path component named test/tests/__tests__/spec, or src/test.
  std::string_view rest = path;
  while (true) {
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) break;
    std::string_view dir = rest.substr(0, slash);
    if (dir == "test" || dir == "tests" || dir == "__tests__" || dir == "spec") return true;
    // .NET test projects (`App.Tests/`, `App.UnitTests/`), SwiftPM's `Tests/`.
    if (dir == "Tests" || endsWith(dir, ".Tests") || endsWith(dir, ".Test") ||
        endsWith(dir, ".UnitTests") || endsWith(dir, ".IntegrationTests"))
      return true;
    rest = rest.substr(slash + 1);
  }
  std::string_view base = rest;
  if (endsWith(base, "_test.go") || endsWith(base, "_test.py")) return true;
  if (startsWith(base, "test_") && endsWith(base, ".py")) return true;
  if (endsWith(base, "Test.java") || endsWith(base, "Tests.cs")) return true;
  // C#, Kotlin, Swift: FooTest / FooTests; Scala: FooSpec / FooSuite / FooTest.
  for (std::string_view ext : {".cs", ".kt", ".kts", ".swift", ".scala"}) {
    if (!endsWith(base, ext)) continue;
    std::string_view stem = base.substr(0, base.size() - ext.size());
    if (endsWith(stem, "Test") || endsWith(stem, "Tests")) return true;
    if (ext == ".scala" && (endsWith(stem, "Spec") || endsWith(stem, "Suite"))) return true;
  }
  // Ruby: RSpec *_spec.rb, minitest/test-unit *_test.rb and test_*.rb.
  if (endsWith(base, "_spec.rb") || endsWith(base, "_test.rb") ||
      (startsWith(base, "test_") && endsWith(base, ".rb")))
    return true;
  if (endsWith(base, "Test.php")) return true;  // PHPUnit
  if (endsWith(base, "_spec.lua") || endsWith(base, "_test.lua")) return true;  // busted
  if (endsWith(base, ".bats")) return true;  // Bats (Bash Automated Testing System)
  // *.test.* and *.spec.*
  size_t firstDot = base.find('.');
  if (firstDot != std::string_view::npos) {
    std::string_view tail = base.substr(firstDot);
    if (tail.find(".test.") != std::string_view::npos ||
        tail.find(".spec.") != std::string_view::npos)
      return true;
  }
  return false;
}

}  // namespace cg::model
