// A language's rules for name resolution (docs/ACCURACY.md): the answers the
// resolver, the module map and the pipeline need from a language, so that none of them names
// one. Each language's rules live in its own folder: its logic and flags in
// src/lang/<id>/rules.cpp, its word lists (built-in names and methods, library qualifiers) in
// src/lang/<id>/words.txt, which the build embeds in the binary; its queries are in
// grammars/queries/<id>/. Adding a language = a query folder, a rules module and its word file,
// a row in src/lang/rules.cpp, a fixture.
//
// A rule is either a flag (how the language's scopes work) or a predicate over names and paths
// (its built-ins, headers, test files, build constraints). Rules never read the index: they
// answer from the text they are given. Every Rules object is a constant with static storage;
// references to them stay valid for the life of the process, and reading them is thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "codegraph/lang/modules.h"

namespace cg::lang {

// How a reference's evidence is graded (docs/ACCURACY.md "Confidence levels"). The resolver
// finds the evidence; the language says how often edges of that evidence are right in it.
enum class Evidence : uint8_t {
  kScope,           // scope, import or declared type: proven
  kAmbiguousScope,  // proven scope, several definitions (overloads, redefinitions): the first
  kQualified,  // a type- or namespace-qualified name (`Class.m()`, `ns::f()`) or a wildcard import
  kSamePackage,     // a name of the same package or directory
  kAmbiguous,       // several definitions at a qualified or same-package level: the first by path
  kUniqueBare,      // a bare name defined once in the repository, no import or scope evidence
  kUniqueReceiver,  // `x.m()` with x of unknown type, `m` defined once in the repository
  kModuleMember,    // `pkg.x.m()`, x a value of the module pkg (type unknown): the module's only m
  kReceiverType,    // `x.m()`, `a.b.m()`, `f().m()`: a member of the receiver's type, as the
                    // declarations on the way write it (parameter, variable, field, result type)
};
inline constexpr int kEvidenceLevels = 9;
static_assert(kEvidenceLevels == static_cast<int>(Evidence::kReceiverType) + 1);
using Confidence = std::array<double, kEvidenceLevels>;  // a level for each Evidence, in its order
// The levels of a language that measures no evidence differently.
inline constexpr Confidence kDefaultConfidence = {1.0, 0.9, 0.9, 0.9, 0.8, 0.7, 0.6, 0.6, 1.0};

// A language's own level for one kind of evidence (`{Evidence::kAmbiguous, 0}`).
struct ConfidenceOverride {
  Evidence evidence;
  double level;
};
// kDefaultConfidence with `overrides` applied: each evidence named gets its level (the last one
// given, if named twice); every other evidence keeps its default.
constexpr Confidence withConfidence(std::initializer_list<ConfidenceOverride> overrides) {
  Confidence levels = kDefaultConfidence;
  for (const ConfidenceOverride& o : overrides) levels[static_cast<int>(o.evidence)] = o.level;
  return levels;
}

// A set of words. The words are views into the text they come from, which has static storage
// (a string literal, or a word file embedded in the binary): a WordList and its copies stay valid
// for the life of the process.
class WordList {
 public:
  WordList() = default;
  explicit WordList(std::string_view words);  // words separated by spaces
  explicit WordList(const std::vector<std::string_view>& words);
  bool contains(std::string_view w) const { return words_.count(w) != 0; }
  size_t size() const { return words_.size(); }

 private:
  std::unordered_set<std::string_view> words_;
};

// A language's word lists, the Rules members of the same names, as its word file
// src/lang/<id>/words.txt writes them (the format: src/lang/words.h). The build embeds every word
// file in the binary; they are parsed once, at the first call.
struct LanguageWords {
  WordList builtinNames;
  WordList builtinMethods;
  WordList libraryQualifiers;
};
// The word lists of the language `languageId`: empty for a language without a word file (a
// section a file does not write is an empty list). An embedded word file that does not parse
// stops the process at the first call, with the file and the error on stderr: it is a defect of
// the build, which the unit tests reject (tests/unit/lang/words_test.cpp).
const LanguageWords& languageWords(std::string_view languageId);

// An aggregate: each language's rules are one constant written with designated initializers in
// the order of the members below (`{.id = "go", .directoryPackage = true, ...}`); a member not
// named keeps its default here (off, empty, null, kDefaultConfidence; the family: the id; the
// word lists: those of the language's word file, languageWords(id)). The rules modules write the
// designators packed, several to a line, between `// clang-format off` and `// clang-format on`:
// clang-format would put each on a line of its own.
struct Rules {
  std::string_view id;           // the language id ("go", "python", ...)
  std::string_view family = id;  // a reference binds only to definitions of its family: the
                                 // language's own, or one it shares ("c" for C/C++)

  // ---- scopes ----
  bool implicitThis = false;        // members of the enclosing class are in scope without `this.`
  bool directoryPackage = false;    // the package (or directory) is a scope: sibling files' names
  bool importsStayLocal = false;    // an import is visible in its file only, never re-exported
  bool splitDeclarations = false;   // a header's declaration and a source file's definition are one
  bool dottedMemberOwner = false;   // an out-of-line member names its owner with '.' (Go `T.m`)
  bool ownerInSamePackage = false;  // ... and the owner is declared in the same directory
  bool packageIsDirectory = false;  // a package is its directory, whatever the clause says, and
                                    // `pkg.F()` may name the directory `pkg` (Go)
  bool qualifierMaySpellPackage = false;    // `a.b.C.m()` spells package a.b (Java, C#, ...)
  bool enclosingNamespacesInScope = false;  // namespace A.B sees the names of A (C#)
  bool partialTypes = false;                // a class may be declared in parts (C# partial)
  bool valuesAreCallable = false;      // a call may name a variable or constant holding a function
                                       // (JavaScript `const f = () => ...`)
  // A bare call of a name a parameter or local variable of the enclosing function holds calls
  // that value, whatever outside definition has the name (`def apply(helper): helper()`); the
  // extractor keeps no reference for it. Not where functions and variables are looked up apart
  // (Java) or a call's parentheses name the method over a local (Ruby).
  bool localsShadowCalls = false;
  bool moduleAliases = false;          // module-level `import x as y` aliases are followed (Python)
  bool importsNameExports = false;     // an imported name is always an export of the module, never
                                       // a submodule named like it (JavaScript `import { util }
                                       // from "./util"`, unlike Python's `from . import util`)
  bool longestDefinitionWins = false;  // of a run of adjacent definitions of a name in one
                                       // scope, the longest is the one meant: `@overload` stubs
                                       // and their implementation, TypeScript overload signatures
  bool testFilesPrivate = false;       // only test files see test files' definitions (Go _test.go)
  bool caseExports = false;  // a name is exported iff it starts with an upper-case letter (Go):
                             // a method of an unexported type of another package is reached
                             // through an interface only, never called as `x.m()` on that type
  bool structuralImplements = false;   // a type implements an interface by its method set (Go)
  bool openMembers = false;  // methods may be added to a type outside its declaration (C#
                             // extension methods, Rust trait defaults, Swift/Kotlin extensions,
                             // Ruby reopened classes): a typed receiver without the member does
                             // not prove the member is library code
  bool outOfLineMembers = false;    // members defined outside their class inherit its declaration's
                                    // visibility (C++ `void A::f() {}`)
  // The module map places every import of the repository's own modules: one it cannot place is
  // library code, and a qualifier it binds never names a repository type elsewhere (Python, Go;
  // not where crate or package names may go unplaced, Rust `use shapes::model::Circle` from a
  // test crate).
  bool unplacedImportIsLibrary = false;
  // A subscripted collection annotation types its elements (`Dict[str, T]`, `list[T]`,
  // `Sequence[T]`: `xs[k]` and `for x in xs` are T's), and calling such an element when it is a
  // class (`Dict[str, Type[T]]`: `kinds[k]()`) constructs one (Python).
  bool subscriptElementTypes = false;
  // A member read or written (`self.env`, `env.doctreedir = d`, `app.registry.x`) is a reference
  // to the field or property of the receiver's type that the declarations give it; the query
  // captures member reads and writes with their qualifier. Bound only through the receiver's
  // type (no name fallback), and dropped otherwise (Python).
  bool memberAccesses = false;
  bool superIsModule = false;       // `super::x` names the parent module, not a base class (Rust)
  std::string_view superAlias;      // the language's name for `super` ("base" in C#), or ""
  std::string_view implicitImport;  // a package every file imports ("java.lang"), or ""

  // ---- confidence of each kind of evidence, measured against a type checker ----
  // 0 = that evidence makes no edge in this language (its measured precision is below 0.5).
  // A language's own levels: withConfidence({{Evidence::kX, level}, ...}).
  Confidence confidence = kDefaultConfidence;

  // ---- names that are the language's own (src/lang/<id>/words.txt) ----
  // Written bare, a built-in of the language (Python `len`, JS `Map`, Go `append`).
  WordList builtinNames = languageWords(id).builtinNames;
  // `x.name()` is a method every program calls on the language's built-in or standard values
  // (`push`, `map`, `then`; `append`, `items`; `begin`, `size`): with x of unknown type it is far
  // likelier to be that than a repository method of the same name.
  WordList builtinMethods = languageWords(id).builtinMethods;
  // A qualifier naming the standard library or a built-in object (C++ `std`, JS `Math`, Lua
  // `string`): `q.f()` is library code unless scope evidence says otherwise. With
  // libraryQualifierByHead, the qualifier's first segment is compared (`std::chrono` → std).
  WordList libraryQualifiers = languageWords(id).libraryQualifiers;
  bool libraryQualifierByHead = false;

  // ---- module naming (codegraph/lang/modules.h) ----
  // The files an import names; null: the module written as a path (`.` and `::` as `/`),
  // matched as a path suffix.
  std::vector<int64_t> (*moduleFiles)(const FileLookup& files, const Import& import) = nullptr;
  // What an import with neither an imported name nor an alias binds (`import a.b` binds `a` in
  // Python, the package name in Go, nothing but a wildcard for an include); null: the module's
  // last segment (`import a.b.C` binds C).
  ImportNames (*unnamedImport)(const FileLookup& files, const Import& import,
                               const std::vector<int64_t>& moduleFiles) = nullptr;
  std::string_view wildcardName;  // besides `*`, the imported name that means everything ("_")
  std::string_view packageFile;   // the stem of a directory's own module file (`__init__`, `mod`,
                                  // `index`): importing it imports the directory
  // A package's submodule `name`, from the package's own file (Python pkg/__init__.py →
  // pkg/name.py | pkg/name/__init__.py); null: none.
  std::vector<int64_t> (*submodule)(const FileLookup& files, const std::string& packagePath,
                                    const std::string& name) = nullptr;

  // ---- predicates over paths ----
  // A header file, whose declarations are defined in a source file (C/C++) ...
  bool (*isHeader)(std::string_view path) = nullptr;
  // ... named like the header with one of these extensions (x.h → x.c, x.cpp).
  std::vector<std::string_view> sourceExtensions;
  // A test file by the language's own convention (Go `_test.go`), beyond the shared test paths.
  bool (*isTestFile)(std::string_view path) = nullptr;
  // The file belongs to a build other than the default one (Go: linux/amd64, no cgo): GOOS and
  // GOARCH file-name suffixes and `//go:build` / `// +build` lines. `head` is the file's start.
  bool (*isOtherBuild)(std::string_view path, std::string_view head) = nullptr;
  // The build a file's name names (Go: "windows", "linux_arm64"), "" for none: of several
  // definitions, a file of another build prefers those of its own.
  std::string (*buildOfFileName)(std::string_view path) = nullptr;

  double level(Evidence e) const { return confidence[static_cast<int>(e)]; }
  bool isBuiltinName(std::string_view name) const { return builtinNames.contains(name); }
  bool isBuiltinMethod(std::string_view name) const { return builtinMethods.contains(name); }
  bool isLibraryQualifier(std::string_view qualifier) const;
};
static_assert(std::is_aggregate_v<Rules>, "each language's Rules is a designated initializer");

// The rules of a language id; a language without rules of its own (Markdown, an unknown id) gets
// neutral ones: its own family, no implicit scopes, no built-ins.
const Rules& rulesFor(std::string_view languageId);
// Whether `path` is a header whose declarations a source file defines (C/C++ by their rules):
// the language its name says, asked through its rules.
bool isHeaderPath(std::string_view path);

// The ids of the languages whose rules set `flag`, space-separated with a space at each end
// (" go "), for a store query that applies a language's optional pass.
std::string languageIdsWhere(bool Rules::*flag);
inline bool sameBindingFamily(std::string_view a, std::string_view b) {
  return a == b || rulesFor(a).family == rulesFor(b).family;
}

}  // namespace cg::lang
