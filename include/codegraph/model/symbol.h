// The vocabulary of the index: plain structs shared by extraction, storage, graph and tools.
// Lines are 1-based, columns 0-based UTF-8 byte offsets, paths relative to the repository root
// with '/' separators (docs/CONTRACT.md §4). No SQLite and no tree-sitter here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cg::model {

enum class SymbolKind : uint8_t {
  kFunction,     // def f(): ...            func F() {}
  kMethod,       // class A { void m(); }   func (a *A) M() {}
  kConstructor,  // class A { A() {} }      def __init__(self)
  kClass,        // class A {}
  kStruct,       // struct S { int x; };    type S struct{}
  kInterface,    // interface I {}          type I interface{}
  kTrait,        // trait T {}
  kEnum,         // enum E { A, B }
  kType,         // typedef int T;          type T = U
  kUnion,        // union U { int a; };
  kVariable,     // x = 1 (module level)    var x int
  kConstant,     // const X = 1             #define X 1 is a macro
  kField,        // struct S { int x; }
  kProperty,     // get p() {}              @property
  kModule,       // mod m {}                module M
  kNamespace,    // namespace n {}
  kMacro,        // #define F(x) (x)
};
inline constexpr int kSymbolKindCount = 17;

std::string_view toString(SymbolKind kind);

// The uid of a symbol (docs/CONTRACT.md §4: `<path>::<qualified name>::<kind>`, `#n` appended
// for the n-th definition of one qualified name and kind in a file, n >= 2).
std::string symbolUid(const std::string& path, const std::string& qualifiedName, SymbolKind kind,
                      uint32_t ordinal);
// The ordinal of `uid` when it is the uid of (path, qualifiedName, kind) (0 without "#n"), or -1
// when it is not.
int64_t uidOrdinal(std::string_view uid, std::string_view path, std::string_view qualifiedName,
                   SymbolKind kind);

// Gives the symbols of one file their uids in source order: the n-th definition of one
// qualified name and kind gets "#n" (n >= 2), as the index does.
class UidAssigner {
 public:
  explicit UidAssigner(std::string path) : path_(std::move(path)) {}
  std::string next(const std::string& qualifiedName, SymbolKind kind);

 private:
  std::string path_;
  std::unordered_map<std::string, uint32_t> seen_;  // definitions so far, by uid without ordinal
};

std::optional<SymbolKind> parseSymbolKind(std::string_view text);
// Filter families (docs/CONTRACT.md §4): type ⊇ struct/enum/union, interface ⊇ trait,
// method ⊇ constructor, variable ⊇ constant/field/property.
bool kindMatches(SymbolKind actual, SymbolKind filter);
bool isCallable(SymbolKind kind);    // function, method, constructor, macro
bool isContainer(SymbolKind kind);   // class, struct, interface, trait, enum, union, module, namespace
bool isTypeLike(SymbolKind kind);    // class, struct, interface, trait, enum, type, union
bool isValueLike(SymbolKind kind);   // variable, constant, field, property

enum class Visibility : uint8_t { kPublic, kPrivate, kProtected, kInternal, kPackage };
std::string_view toString(Visibility v);

// Edge kinds, stored once, forward (subject → object).
enum class RefKind : uint8_t {
  kCalls,       // f() { g(); }                    f calls g
  kImports,     // from a import b                 file/module imports b
  kExtends,     // class A extends B               A extends B
  kImplements,  // class A implements I            A implements I
  kUses,        // void f(Config c)                f uses Config (a type named in it)
  kAccesses,    // int f() { return LIMIT; }       f accesses LIMIT (module-level)
  kAssigns,     // void f() { counter = 0; }       f assigns counter (module-level)
  kContains,    // class A { void m(); }           A contains m
};
inline constexpr int kRefKindCount = 8;
std::string_view toString(RefKind kind);
std::optional<RefKind> parseRefKind(std::string_view text);
// Reverse names (calledBy, importedBy, ...; declares = contains forward).
std::string_view reverseName(RefKind kind);

struct Range {
  uint32_t line = 0;  // 1-based
  uint32_t column = 0;
  uint32_t endLine = 0;
  uint32_t endColumn = 0;
};

struct Symbol {
  int64_t id = 0;
  std::string uid;            // <path>::<qualified name>::<kind>[#n]
  std::string name;
  std::string qualifiedName;  // AuthService.login, ns::Class::method, pkg.Func
  SymbolKind kind = SymbolKind::kFunction;
  std::string path;
  std::string language;
  Range range;
  std::string signature;
  Visibility visibility = Visibility::kPublic;
  std::string doc;
  uint32_t complexity = 1;
  bool isTest = false;
  int64_t parentId = 0;  // 0 = top level
  // The type of the value it holds (a field, variable, property) or returns (a function,
  // method), as a type expression: "{T}" (a type named T, resolved where the symbol is
  // written), or a value chain ("NewT()", "cfg.store", "{T}.make()"); "" when not written.
  std::string typeExpr;
  // Callables: how many arguments a call must pass (paramsMin) and may pass (paramsMax; 255 =
  // any number, or not known: a variadic or rest parameter, a list the query does not show).
  uint8_t paramsMin = 0, paramsMax = 255;
  double centrality = 0;      // PageRank percentile in [0,1] (1 = most central)
  int64_t communityId = 0;    // 0 = not yet computed
  double complexityRank = 0;  // complexity percentile among callables in [0,1]
};

// A reference as written in a file, before resolution: what extraction finds (lang::ExtractedFile)
// and what the writer stores (store::FileRecord), one shape for both.
struct WrittenRef {
  RefKind kind = RefKind::kCalls;
  int32_t source = -1;    // the enclosing symbol: an index into its file's symbols; -1 = top level
  std::string name;       // last segment as written: "join"
  std::string qualifier;  // what precedes it: "os.path", "self", "ns::Class"
  uint32_t line = 0;
  uint32_t column = 0;
  // imports only: the module as written ("os.path", "./util", "fmt", "a/b.h", "crate::x")
  // and the local name it is bound to (alias), when any.
  std::string module;
  std::string alias;
  // A call on a local value: the receiver's type expression (Symbol::typeExpr's form), the
  // qualifier's first name replaced by what its declaration says (a parameter's type, a local's
  // initialiser): `s.store.Get()` with `s *Server` → "{Server}.store". "" otherwise.
  std::string receiver;
  int16_t arity = -1;  // calls: the arguments written; -1 when not known (a spread, `*args`)
};

// A cluster of the symbol graph (docs/CONTRACT.md §4).
struct Community {
  int64_t id = 0;
  std::string uid;    // stable across re-indexes while membership barely changes
  std::string label;  // "src/auth: AuthService, validateToken"
  uint32_t size = 0;
};

// A Markdown document that names a symbol.
struct DocumentRef {
  std::string uid;    // <path>::document
  std::string title;  // first heading, or the file name
  std::string path;
};

struct Commit {
  int64_t time = 0;   // unix seconds
  std::string hash;
  std::string subject;
  uint32_t files = 0;  // how many files the commit touched (a bulk commit links nothing)
};

// Git history of one file; all empty outside a git work tree.
struct FileHistory {
  uint32_t commits90d = 0;
  int64_t lastCommit = 0;       // unix seconds, 0 = none
  std::vector<Commit> recent;   // most recent first, up to 20
};

// A reference from one symbol (or a file's top level) to a name, resolved or not.
struct Edge {
  int64_t id = 0;
  RefKind kind = RefKind::kCalls;
  int64_t sourceId = 0;       // 0 = the file's top level
  std::string sourcePath;
  int64_t targetId = 0;       // 0 = unresolved
  std::string targetName;     // as written, last segment: "login"
  std::string qualifier;      // as written before it: "obj", "pkg", "ns::Class"
  uint32_t line = 0;          // reference site
  uint32_t column = 0;
  double confidence = 0;      // 1.0 scope/import evidence; lower for unique-name matches
  uint32_t candidates = 0;    // definitions with this name when unresolved
};

struct FileInfo {
  int64_t id = 0;
  std::string path;
  std::string language;
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  std::string hash;
  uint32_t lines = 0;
  bool isTest = false;
};

// The test-code rule of docs/CONTRACT.md §4, applied to a repository-relative path.
bool isTestPath(std::string_view path);

}  // namespace cg::model
