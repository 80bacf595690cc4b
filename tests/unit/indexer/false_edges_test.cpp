// No false edges (docs/ACCURACY.md "Rules that keep edges right"), checked on small trees: a call
// binds only on evidence that the target is the one the language would call.
// - Go: a file sees the definitions of its own build (GOOS/GOARCH file names, //go:build lines)
//   and of test files only from test files; a bare call is never a method; a variable named like
//   a type or package is not that type; `pkg.Var.M()` binds only members of Var.
// - Python: `pkg.f()` reaches pkg/__init__.py; a root that is itself a package is imported by
//   its folder's name; a function-local import shadows the enclosing function; `super().m()`
//   (library code when every base is); library receivers, built-in methods and the members of a
//   library module imported under a repository class's name never bind by a unique name.
// - TypeScript: built-in methods and objects (`arr.map`, `Math.floor`, `Array.isArray`) never
//   bind to a repository method; overloads bind their implementation; a constant holding a
//   function is called; `schema.parse()` is not another file's `schema.parse = ...`.
// - C++: `v.end()` on a std container never binds to a repository `end`.
// And a refresh that moves a file to another build equals a full index of the new tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "codegraph/indexer/indexer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "index_dump.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::indexAndDump;

bool has(const std::vector<std::string>& dump, const std::string& line) {
  return std::find(dump.begin(), dump.end(), line) != dump.end();
}
// The edge lines from `source` (a uid) calling something named like `callee` (bound or not).
std::string callsOf(const std::vector<std::string>& dump, const std::string& source,
                    const std::string& callee) {
  std::string out;
  for (const auto& l : dump)
    if (l.find("calls " + source + " ->") != std::string::npos &&
        l.find(callee) != std::string::npos)
      out += l + "\n";
  return out;
}

void writeGoTree(testing::TempTree& repo) {
  repo.write("atomic/atomic_386.go",
             "package atomic\n\nfunc Load(p *uint32) uint32 { return *p }\n");
  repo.write("atomic/atomic_amd64.go",
             "package atomic\n\nfunc Load(p *uint32) uint32 { return *p }\n");
  repo.write("atomic/tags.go",
             "//go:build windows && !linux\n\npackage atomic\n\nfunc Store(p *uint32, v uint32) { "
             "*p = v }\n");
  repo.write("atomic/store_linux.go",
             "package atomic\n\nfunc Store(p *uint32, v uint32) { *p = v }\n");
  repo.write("atomic/helper_test.go",
             "package atomic\n\nfunc add(a, b int) int { return a + b }\n");
  repo.write("atomic/use.go",
             "package atomic\n\ntype A struct{ n int }\n\nfunc Use(x *uint32) int "
             "{\n\tLoad(x)\n\tStore(x, 1)\n"
             "\treturn add(1, 2) + len(\"ab\")\n}\n");
  repo.write("atomic/methods.go", "package atomic\n\nfunc (a A) len() int { return a.n }\n");
  repo.write("conn/conn.go",
             "package conn\n\ntype conn struct{}\n\nfunc (c *conn) Close() error { return nil }\n");
  repo.write(
      "bin/binary.go",
      "package binary\n\ntype ByteOrder interface {\n\tUint32([]byte) uint32\n}\n\n"
      "type bigEndian struct{}\n\nfunc (bigEndian) Uint32(b []byte) uint32 { return 0 }\n\n"
      "type littleEndian struct{}\n\nfunc (littleEndian) Uint32(b []byte) uint32 { return 1 }\n\n"
      "var BigEndian bigEndian\n");
  repo.write(
      "app/app.go",
      "package app\n\nimport (\n\t\"example.com/m/atomic\"\n\t\"example.com/m/bin\"\n)\n\ntype DB "
      "struct{}\n\n"
      "func (db *DB) Run(conn interface{ Close() error }, b []byte) uint32 {\n\tconn.Close()\n"
      "\tatomic.Use(nil)\n\treturn binary.BigEndian.Uint32(b)\n}\n");
}

TEST(FalseEdges, GoSeesItsOwnBuildAndNoNamesakes) {
  testing::TempTree repo;
  writeGoTree(repo);
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(
      has(dump,
          "edge calls atomic/use.go::Use::function -> atomic/atomic_amd64.go::Load::function 1.00"))
      << "atomic_386.go is another build's: "
      << callsOf(dump, "atomic/use.go::Use::function", "Load");
  EXPECT_TRUE(
      has(dump,
          "edge calls atomic/use.go::Use::function -> atomic/store_linux.go::Store::function 1.00"))
      << "tags.go is //go:build windows: "
      << callsOf(dump, "atomic/use.go::Use::function", "Store");
  EXPECT_TRUE(has(dump, "unresolved calls atomic/use.go::Use::function -> add candidates=0"))
      << "a _test.go helper is not seen from use.go: "
      << callsOf(dump, "atomic/use.go::Use::function", "add");
  EXPECT_TRUE(has(dump, "unresolved calls atomic/use.go::Use::function -> len candidates=0"))
      << "len() is the built-in, never the method A.len: "
      << callsOf(dump, "atomic/use.go::Use::function", "len");
  EXPECT_TRUE(
      has(dump, "edge calls app/app.go::DB.Run::method -> atomic/use.go::Use::function 1.00"));
  EXPECT_EQ(callsOf(dump, "app/app.go::DB.Run::method", "Close").find("edge"), std::string::npos)
      << "a parameter named conn is not the type conn: "
      << callsOf(dump, "app/app.go::DB.Run::method", "Close");
  EXPECT_TRUE(has(dump,
                  "edge calls app/app.go::DB.Run::method -> bin/binary.go::bigEndian.Uint32::method 1.00"))
      << "binary.BigEndian.Uint32 is the method of BigEndian's declared type (`var BigEndian "
         "bigEndian`), not the first Uint32 of the package: "
      << callsOf(dump, "app/app.go::DB.Run::method", "Uint32");
  EXPECT_TRUE(has(dump, "edge imports app/app.go -> atomic/atomic_amd64.go 1.00"))
      << "an import's edge goes to a file of the default build";
}

TEST(FalseEdges, ARefreshThatMovesAGoFileToAnotherBuildEqualsAFullIndex) {
  testing::TempTree repo;
  writeGoTree(repo);
  auto before = indexAndDump(repo);
  ASSERT_TRUE(has(
      before,
      "edge calls atomic/use.go::Use::function -> atomic/store_linux.go::Store::function 1.00"));
  // store_linux.go leaves the default build; tags.go joins it.
  repo.write("atomic/store_linux.go",
             "//go:build ignore\n\npackage atomic\n\nfunc Store(p *uint32, v uint32) { *p = v }\n");
  repo.write("atomic/tags.go",
             "//go:build linux || windows\n\npackage atomic\n\nfunc Store(p *uint32, v uint32) { "
             "*p = v }\n");
  auto refreshed = indexAndDump(repo);
  EXPECT_TRUE(has(
      refreshed, "edge calls atomic/use.go::Use::function -> atomic/tags.go::Store::function 1.00"))
      << callsOf(refreshed, "atomic/use.go::Use::function", "Store");
  EXPECT_EQ(refreshed, indexAndDump(repo, "full.db"));
}

// A file of another build prefers the definitions of its own build among several.
TEST(FalseEdges, AGoFileOfAnotherBuildPrefersItsOwnBuild) {
  testing::TempTree repo;
  repo.write("p/y_darwin.go", "package p\n\nfunc f() int { return 1 }\n");
  repo.write("p/y_windows.go", "package p\n\nfunc f() int { return 2 }\n");
  repo.write("p/x_windows.go", "package p\n\nfunc g() int { return f() }\n");
  const auto dump = indexAndDump(repo);
  EXPECT_TRUE(
      has(dump, "edge calls p/x_windows.go::g::function -> p/y_windows.go::f::function 1.00"))
      << callsOf(dump, "p/x_windows.go::g::function", "f");
}

// Which definition a reference binds can depend on lines (overloads: the longest of adjacent
// definitions) and on where a file's imports lead: a refresh after such a change equals a full
// index of the new tree.
TEST(FalseEdges, RefreshesThatMoveOverloadsOrImportsEqualAFullIndex) {
  testing::TempTree repo;
  repo.write("m.py",
             "from typing import overload\n\n\n@overload\ndef f(x: int) -> int: ...\n@overload\n"
             "def f(x: str) -> str: ...\ndef f(x):\n    y = x\n    z = y\n    return z\n");
  repo.write("n.py", "from m import f\n\n\ndef g():\n    return f(1)\n");
  repo.write("internal/status/status.go",
             "package status\n\nfunc Code(e error) int { return 1 }\n");
  repo.write("app/app.go",
             "package app\n\nimport \"example.com/m/status\"\n\nfunc Run(e error) int { return "
             "status.Code(e) }\n");
  auto before = indexAndDump(repo);
  ASSERT_TRUE(
      has(before,
          "edge calls app/app.go::Run::function -> internal/status/status.go::Code::function 1.00"))
      << callsOf(before, "app/app.go::Run::function", "Code");
  // The implementation shrinks to one line: the first stub is now as long.
  repo.write("m.py",
             "from typing import overload\n\n\n@overload\ndef f(x: int) -> int: ...\n@overload\n"
             "def f(x: str) -> str: ...\ndef f(x): return x\n");
  // status/ appears: the import path now ends in a directory of its own, which has no Code.
  repo.write("status/doc.go", "package status\n");
  auto refreshed = indexAndDump(repo);
  EXPECT_FALSE(has(
      refreshed,
      "edge calls app/app.go::Run::function -> internal/status/status.go::Code::function 1.00"));
  EXPECT_EQ(refreshed, indexAndDump(repo, "full.db"));
}

TEST(FalseEdges, PythonPackagesAndLocalImports) {
  testing::TempTree repo;  // the root is itself the package `mypkg`
  repo.write("__init__.py", "def setup():\n    return 1\n");
  repo.write("views/__init__.py", "");
  repo.write("views/helpers.py", "def templatize(src):\n    return src\n");
  repo.write("template/__init__.py", "def render(x):\n    return x\n");
  repo.write(
      "views/base.py",
      "import re\n\nimport mypkg\nfrom mypkg.template import render\n\n\nclass View:\n"
      "    def setup(self):\n        return 2\n\n    def extend(self, x):\n        return x\n\n\n"
      "class Child(View):\n    def setup(self):\n        super().setup()\n        return "
      "mypkg.setup()\n\n\n"
      "def templatize(src):\n    from .helpers import templatize\n    return templatize(src)\n\n\n"
      "def go(items, pattern):\n    items.extend([1])\n    re.compile(pattern)\n    return "
      "render(items)\n");
  // The repository's folder name is the package's: a temporary folder named mypkg inside.
  testing::TempTree outer;
  const auto root = outer.path("mypkg");
  std::filesystem::create_directories(root);
  std::filesystem::copy(repo.root(), root, std::filesystem::copy_options::recursive);
  store::OpenOptions o;
  o.path = outer.path("index.db");
  auto db = store::Database::open(o);
  ASSERT_TRUE(db.ok());
  IndexOptions io;
  io.root = root;
  io.threads = 1;
  io.useGit = false;
  ASSERT_TRUE(indexRepository(**db, io).ok());
  auto lines = store::dumpIndex(**db, true);
  ASSERT_TRUE(lines.ok());
  const auto& dump = *lines;
  EXPECT_TRUE(has(
      dump, "edge calls views/base.py::Child.setup::method -> __init__.py::setup::function 1.00"))
      << "mypkg.setup() is the root package's setup: "
      << callsOf(dump, "views/base.py::Child.setup::method", "setup");
  EXPECT_TRUE(has(
      dump,
      "edge calls views/base.py::Child.setup::method -> views/base.py::View.setup::method 1.00"))
      << "super().setup() is the base class's";
  EXPECT_TRUE(
      has(dump,
          "edge calls views/base.py::go::function -> template/__init__.py::render::function 1.00"))
      << "`from mypkg.template import render` inside mypkg: "
      << callsOf(dump, "views/base.py::go::function", "render");
  EXPECT_TRUE(has(dump,
                  "edge calls views/base.py::templatize::function -> "
                  "views/helpers.py::templatize::function 1.00"))
      << "a local import shadows the enclosing function: "
      << callsOf(dump, "views/base.py::templatize::function", "templatize");
  EXPECT_TRUE(
      has(dump, "unresolved calls views/base.py::go::function -> items.extend candidates=0"))
      << "list.extend is not View.extend: "
      << callsOf(dump, "views/base.py::go::function", "extend");
  EXPECT_TRUE(has(dump, "unresolved calls views/base.py::go::function -> re.compile candidates=0"));
}

TEST(FalseEdges, TypeScriptBuiltinsOverloadsAndConstants) {
  testing::TempTree repo;
  repo.write("result.ts",
             "export class Result {\n  map(f: (x: number) => number): Result { return this; }\n"
             "  isArray(): boolean { return false; }\n  floor(): number { return 0; }\n}\n"
             "export function parse(s: string): number;\nexport function parse(s: string, radix: "
             "number): number;\n"
             "export function parse(s: string, radix?: number): number {\n  return Number(s) + "
             "(radix ?? 0);\n}\n"
             "export const helper = makeHelper();\nfunction makeHelper() { return (x: number) => x "
             "+ 1; }\n");
  repo.write("main.ts",
             "import { parse, helper } from \"./result\";\n\nexport function run(arr: number[], s: "
             "string): number {\n"
             "  const mapped = arr.map((x) => x + 1);\n  if (Array.isArray(mapped)) {\n"
             "    return Math.floor(parse(s) + helper(1));\n  }\n  return 0;\n}\n");
  repo.write("patch.test.ts", "export function t(schema: any) {\n  schema.parse = () => 1;\n}\n");
  repo.write("use.ts",
             "export function u(schema: { parse(x: string): number }) {\n  return "
             "schema.parse(\"1\");\n}\n");
  const auto dump = indexAndDump(repo);
  const std::string run = "main.ts::run::function";
  for (const char* name : {"arr.map", "Array.isArray", "Math.floor"})
    EXPECT_TRUE(has(dump, "unresolved calls " + run + " -> " + name + " candidates=0"))
        << callsOf(dump, run, name);
  EXPECT_TRUE(has(dump, "edge calls " + run + " -> result.ts::parse::function#3 0.90"))
      << "an overloaded function binds its implementation: " << callsOf(dump, run, "parse");
  EXPECT_TRUE(has(dump, "edge calls " + run + " -> result.ts::helper::constant 1.00"))
      << "a constant holding a function is what the call names: " << callsOf(dump, run, "helper");
  EXPECT_TRUE(has(dump, "unresolved calls use.ts::u::function -> schema.parse candidates=0"))
      << callsOf(dump, "use.ts::u::function", "parse");
}

// `registries.globalRegistry.add()`: globalRegistry is a value of the imported module, typed by
// its initialiser (`new Registry()`): Registry's `add` binds; a local function of the module never.
TEST(FalseEdges, AValueOfAnImportedModuleCallsTheModulesOnlyMember) {
  testing::TempTree repo;
  repo.write(
      "registries.ts",
      "export class Registry {\n  add(x: number) { return x; }\n}\n"
      "export const globalRegistry = new Registry();\n"
      "export function make() {\n  function get(x: number) { return x; }\n  return get;\n}\n");
  repo.write(
      "api.ts",
      "import * as registries from \"./registries\";\n\nexport function describe(n: number) {\n"
      "  registries.globalRegistry.add(n);\n  return registries.globalRegistry.get(n);\n}\n");
  const auto dump = indexAndDump(repo);
  EXPECT_TRUE(has(
      dump, "edge calls api.ts::describe::function -> registries.ts::Registry.add::method 1.00"))
      << callsOf(dump, "api.ts::describe::function", "add");
  EXPECT_EQ(callsOf(dump, "api.ts::describe::function", "get").find("edge"), std::string::npos)
      << "make's local get is no member: " << callsOf(dump, "api.ts::describe::function", "get");
}

// `from os import path` binds `path` to a library module: `path.isfile()` is never the method of a
// repository class that happens to be named `path`; nor is `Circle.unit()` after an import of a
// package the tree does not hold. A class the file itself declares shadows such an import.
TEST(FalseEdges, ALibraryModuleImportedUnderARepositoryClassNameCallsNothingHere) {
  testing::TempTree repo;
  repo.write("pkg/testing/path.py", "class path(str):\n    def isfile(self):\n        return True\n");
  repo.write("pkg/model/circle.py",
             "class Circle:\n    @staticmethod\n    def unit():\n        return Circle()\n");
  repo.write("pkg/b.py",
             "from os import path\nfrom vendored.model.circle import Circle\n\n"
             "def read(x):\n    Circle.unit()\n    return path.isfile(x)\n");
  repo.write("pkg/images.py",
             "try:\n    import Image\nexcept ImportError:\n    Image = None\n\n"
             "class Image:\n    def run(self):\n        return 1\n\n"
             "class Figure(Image):\n    def run(self):\n        return Image.run(self)\n");
  const auto dump = indexAndDump(repo);
  EXPECT_TRUE(has(dump, "unresolved calls pkg/b.py::read::function -> path.isfile candidates=0"))
      << callsOf(dump, "pkg/b.py::read::function", "isfile");
  EXPECT_TRUE(has(dump, "unresolved calls pkg/b.py::read::function -> Circle.unit candidates=0"))
      << callsOf(dump, "pkg/b.py::read::function", "unit");
  EXPECT_TRUE(has(dump,
                  "edge calls pkg/images.py::Figure.run::method -> pkg/images.py::Image.run::method "
                  "0.90"))
      << callsOf(dump, "pkg/images.py::Figure.run::method", "run");
}

// `super().m()` in a class whose bases all lie outside the repository reaches library code: no
// edge (not even to the method itself) and no candidate to offer as a possible reference. A
// class without a library base (a mixin) keeps its candidates: in a subclass's order it may sit
// before a repository class.
TEST(FalseEdges, SuperOfAClassWithOnlyLibraryBasesReachesNothingHere) {
  testing::TempTree repo;
  repo.write("app/nodes.py",
             "from docutils import nodes\n\n"
             "class document(nodes.document):\n    def set_id(self, node):\n"
             "        return super().set_id(node)\n\n"
             "class Mixin:\n    def set_id(self, node):\n        return super().set_id(node)\n\n"
             "class Base:\n    def set_id(self, node):\n        return node\n");
  const auto dump = indexAndDump(repo);
  EXPECT_EQ(callsOf(dump, "app/nodes.py::document.set_id::method", "super().set_id"),
            "unresolved calls app/nodes.py::document.set_id::method -> super().set_id "
            "candidates=0\n");
  const std::string mixin = callsOf(dump, "app/nodes.py::Mixin.set_id::method", "super().set_id");
  EXPECT_FALSE(mixin.empty());
  EXPECT_EQ(mixin.find("edge"), std::string::npos) << mixin;
  EXPECT_EQ(mixin.find("candidates=0"), std::string::npos) << mixin;
}

// Rust's `super::` is the parent module, not a base class: `impl super::Hasher for Sip` implements
// the trait of the parent module, whatever Sip's other bases are.
TEST(FalseEdges, RustSuperIsTheParentModule) {
  testing::TempTree repo;
  repo.write("src/hash/mod.rs", "pub mod sip;\n\npub trait Hasher {\n    fn write(&mut self);\n}\n");
  repo.write("src/hash/sip.rs",
             "pub struct Sip;\n\nimpl std::fmt::Debug for Sip {}\n\n"
             "impl super::Hasher for Sip {\n    fn write(&mut self) {}\n}\n");
  const auto dump = indexAndDump(repo);
  EXPECT_TRUE(has(dump, "edge implements src/hash/sip.rs::Sip::struct -> "
                        "src/hash/mod.rs::Hasher::trait 0.60"));
}

TEST(FalseEdges, CppStdContainerMethodsAreNotRepositoryMethods) {
  testing::TempTree repo;
  repo.write("rows.h",
             "#pragma once\n#include <vector>\nclass Rows {\n public:\n  int* end();\n  int "
             "total();\n};\n");
  repo.write("main.cpp",
             "#include <vector>\n#include \"rows.h\"\nint count(std::vector<int>& v, Rows& r) {\n  "
             "auto e = v.end();\n"
             "  return r.total() + std::max(1, 2);\n}\n");
  const auto dump = indexAndDump(repo);
  EXPECT_TRUE(has(dump, "unresolved calls main.cpp::count::function -> v.end candidates=0"))
      << callsOf(dump, "main.cpp::count::function", "end");
  EXPECT_TRUE(has(dump, "edge calls main.cpp::count::function -> rows.h::Rows::total::method 1.00"))
      << "`Rows& r`: r.total() is the member of the declared type";
}

}  // namespace
}  // namespace cg::indexer

namespace cg::indexer {
namespace {

// Receiver types across a refresh: a call typed through another file's declaration (a result
// type) binds again when that declaration changes, as a full index of the new tree binds it.
TEST(FalseEdges, ARefreshRetypesCallsThroughAChangedDeclaration) {
  testing::TempTree repo;
  repo.write("p/types.go",
             "package p\n\ntype Server struct{}\n\nfunc (s *Server) Start() {}\n\n"
             "type Other struct{}\n\nfunc (o *Other) Start() {}\n");
  repo.write("p/a.go", "package p\n\nfunc NewServer() *Server { return nil }\n");
  repo.write("p/b.go",
             "package p\n\nfunc Use() {\n\tNewServer().Start()\n\tx := NewServer()\n\tx.Start()\n}\n");
  const auto before = indexAndDump(repo);
  ASSERT_TRUE(has(before, "edge calls p/b.go::Use::function -> p/types.go::Server.Start::method 1.00"))
      << callsOf(before, "p/b.go::Use::function", "Start");
  repo.write("p/a.go", "package p\n\nfunc NewServer() *Other { return nil }\n");
  const auto refreshed = indexAndDump(repo);
  const auto fresh = indexAndDump(repo, "fresh.db");
  EXPECT_EQ(callsOf(refreshed, "p/b.go::Use::function", "Start"),
            callsOf(fresh, "p/b.go::Use::function", "Start"));
  EXPECT_FALSE(has(refreshed, "edge calls p/b.go::Use::function -> p/types.go::Server.Start::method 1.00"))
      << callsOf(refreshed, "p/b.go::Use::function", "Start");
}

}  // namespace
}  // namespace cg::indexer
