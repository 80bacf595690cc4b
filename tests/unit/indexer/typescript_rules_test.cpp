// TypeScript resolution rules (docs/captures.md "Receiver types", docs/LANGUAGES.md), one small
// tree per rule, each with the binding a type checker gives:
// - a callback's parameter typed by the signature of a local's method it is passed to, also
//   where the callback is a branch of a conditional argument;
// - a `const` seen by a closure in its own initialiser (JavaScript's block scope);
// - a namespace a module re-exports (`export * as util from "./util"`) and imported by name;
// - a re-export that renames (`export { _gt as gt } from "./api"`), through a namespace import
//   and through a named import;
// - a receiver typed by a type parameter: its bound (`<I extends Inner>`), where it is declared;
// - a constant of a `namespace` called through the namespace's import;
// - bare specifiers naming the repository's own packages (package.json "name" and "exports",
//   a build's dist/ path read as its src/ source) and tsconfig path aliases ("paths",
//   "baseUrl"), JSON with comments and trailing commas;
// - `this` typed by a function's `this:` parameter, inside that function;
// - narrowing inside an `if` block: `x instanceof T`, a type guard's `x is T` (a guard that
//   says no type leaves x as it was);
// - a file's own export under another name (`export { enumType as enum }`), a class field
//   holding a function (`static create = (): T => ...`, `static create = createT` whose overload
//   signatures declare the result).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "index_dump.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::indexAndDump;

// Whether the dump holds the call edge `sourceUid -> targetUid`; the calls for the message.
::testing::AssertionResult callBinds(const std::vector<std::string>& dump,
                                     const std::string& sourceUid, const std::string& targetUid) {
  const std::string edge = "edge calls " + sourceUid + " -> " + targetUid + " ";
  std::string seen;
  for (const auto& l : dump) {
    if (l.rfind(edge, 0) == 0) return ::testing::AssertionSuccess();
    if (l.find(" calls ") != std::string::npos) seen += l + "\n";
  }
  return ::testing::AssertionFailure() << "no " << edge << "; calls:\n" << seen;
}

TEST(TypeScriptRules, ACallbackParameterTakesItsTypeFromALocalsMethodSignature) {
  testing::TempTree repo;
  repo.write("doc.ts",
             "export class Doc {\n"
             "  indented(fn: (doc: Doc) => void) { fn(this); }\n"
             "  write(line: string) {}\n"
             "}\n"
             "export class Log { write(line: string) {} }\n");  // a namesake: no unique name
  repo.write("compile.ts",
             "import { Doc } from \"./doc\";\n"
             "export function compile() {\n"
             "  const doc = new Doc();\n"
             "  doc.indented((d) => {\n"
             "    d.write(\"x\");\n"  // d is the Doc indented() passes
             "  });\n"
             "}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "compile.ts::compile::function", "doc.ts::Doc.write::method"));
}

TEST(TypeScriptRules, CallbacksInAConditionalArgumentAndClosuresSeeingTheirOwnConstant) {
  testing::TempTree repo;
  repo.write("rx.ts",
             "export class Subscriber { next(v: number) {} unsubscribe() {} }\n"
             "export class Other { next(v: number) {} unsubscribe() {} }\n"
             "export class Observable {\n"
             "  constructor(subscribe: (this: Observable, subscriber: Subscriber) => void) {}\n"
             "}\n"
             "export function watch(fn: () => void): Subscriber { return new Subscriber(); }\n");
  repo.write("range.ts",
             "import { Observable, watch } from \"./rx\";\n"
             "export function range(sync: boolean) {\n"
             "  return new Observable(sync ? (s) => { s.next(1); } : (s) => { s.next(2); });\n"
             "}\n"
             "export function once() {\n"
             "  const sub = watch(() => { sub.unsubscribe(); });\n"
             "}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "range.ts::range::function", "rx.ts::Subscriber.next::method"));
  EXPECT_TRUE(callBinds(dump, "range.ts::once::function", "rx.ts::Subscriber.unsubscribe::method"));
}

TEST(TypeScriptRules, ANamespaceReexportedByAModuleIsFollowedByName) {
  testing::TempTree repo;
  repo.write("core/util.ts", "export function normalize(p: string) { return p; }\n");
  repo.write("core/index.ts", "export * as util from \"./util\";\n");
  // A namesake elsewhere: only the re-exported namespace's function is right.
  repo.write("other.ts", "export function normalize(p: string) { return p + 1; }\n");
  repo.write("classic.ts",
             "import { util } from \"./core/index\";\n"
             "import * as core from \"./core/index\";\n"
             "export function named() { util.normalize(\"a\"); }\n"
             "export function nested() { core.util.normalize(\"b\"); }\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "classic.ts::named::function", "core/util.ts::normalize::function"));
  EXPECT_TRUE(callBinds(dump, "classic.ts::nested::function", "core/util.ts::normalize::function"));
}

TEST(TypeScriptRules, ARenamingReexportLeadsToTheOriginalDefinition) {
  testing::TempTree repo;
  repo.write("core/api.ts", "export function _gt(v: number) { return v; }\n");
  repo.write("core/index.ts", "export * from \"./api\";\n");
  repo.write("checks.ts", "export { _gt as gt } from \"./core/index\";\n");
  repo.write("schemas.ts",
             "import * as checks from \"./checks\";\n"
             "import { gt } from \"./checks\";\n"
             "export function viaNamespace() { checks.gt(1); }\n"
             "export function viaName() { gt(2); }\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "schemas.ts::viaNamespace::function", "core/api.ts::_gt::function"));
  EXPECT_TRUE(callBinds(dump, "schemas.ts::viaName::function", "core/api.ts::_gt::function"));
}

TEST(TypeScriptRules, AReceiverOfATypeParameterIsTypedByItsBoundWhereItIsDeclared) {
  testing::TempTree repo;
  repo.write("types.ts",
             "export interface Inner { run(): void; }\n"
             "export interface Other { run(): void; }\n"
             "export interface Box<O = unknown, I extends Inner = Inner> {\n"
             "  inner: I;\n"
             "}\n"
             "export function viaBox(b: Box) {\n"
             "  b.inner.run();\n"  // Box's I is bounded by Inner
             "}\n"
             "export function first<T extends Inner>(x: T) {\n"
             "  x.run();\n"
             "}\n"
             "export function second<T extends Other>(x: T) {\n"
             "  x.run();\n"  // the same text, another declaration's T
             "}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "types.ts::viaBox::function", "types.ts::Inner.run::method"));
  EXPECT_TRUE(callBinds(dump, "types.ts::first::function", "types.ts::Inner.run::method"));
  EXPECT_TRUE(callBinds(dump, "types.ts::second::function", "types.ts::Other.run::method"));
  EXPECT_FALSE(callBinds(dump, "types.ts::second::function", "types.ts::Inner.run::method"));
}

TEST(TypeScriptRules, AConstantOfANamespaceIsCalledThroughTheNamespace) {
  testing::TempTree repo;
  repo.write("helpers/util.ts",
             "export namespace util {\n"
             "  export const objectKeys: ObjectConstructor[\"keys\"] = Object.keys;\n"
             "  export const isInteger = Number.isInteger;\n"
             "  export function keysOf(o: object) { return objectKeys(o); }\n"
             "}\n");
  repo.write("helpers/other.ts",
             "export namespace other {\n"
             "  export const objectKeys = Object.keys;\n"
             "  export const isInteger = Number.isInteger;\n"
             "}\n");
  repo.write("types.ts",
             "import { util } from \"./helpers/util\";\n"
             "export function f(shape: object) {\n"
             "  return util.isInteger(util.objectKeys(shape).length);\n"
             "}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "types.ts::f::function", "helpers/util.ts::util.isInteger::constant"));
  EXPECT_TRUE(callBinds(dump, "types.ts::f::function", "helpers/util.ts::util.objectKeys::constant"));
  EXPECT_TRUE(callBinds(dump, "helpers/util.ts::util.keysOf::function",
                        "helpers/util.ts::util.objectKeys::constant"));
}

TEST(TypeScriptRules, BareSpecifiersNameTheRepositorysPackagesAndPathAliases) {
  testing::TempTree repo;
  repo.write("package.json",
             "{ \"name\": \"shop\", \"exports\": {\n"
             "  \".\": { \"types\": \"./dist/index.d.ts\", \"import\": \"./dist/index.js\" },\n"
             "  \"./v3\": { \"@shop/source\": \"./src/v3/index.ts\", \"import\": \"./v3/index.js\" }\n"
             "} }\n");
  repo.write("src/index.ts", "export function checkout() {}\n");
  repo.write("src/v3/index.ts", "export function legacy() {}\n");
  repo.write("packages/ui/package.json", "{ \"name\": \"@shop/ui\", \"main\": \"lib/button.js\" }\n");
  repo.write("packages/ui/src/button.ts", "export function render() {}\n");
  repo.write("app/tsconfig.json",
             "{\n  // comments and trailing commas, as tsconfig files are written\n"
             "  \"compilerOptions\": { \"baseUrl\": \".\", \"paths\": { \"@/*\": [\"./src/*\"], }, },\n}\n");
  repo.write("app/src/util/money.ts", "export function format() {}\n");
  // Namesakes everywhere: only the import decides.
  repo.write("other.ts",
             "export function checkout() {}\nexport function legacy() {}\n"
             "export function render() {}\nexport function format() {}\n");
  repo.write("app/src/main.ts",
             "import { checkout } from \"shop\";\n"
             "import { legacy } from \"shop/v3\";\n"
             "import { render } from \"@shop/ui\";\n"
             "import { format } from \"@/util/money\";\n"
             "export function main() { checkout(); legacy(); render(); format(); }\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  const std::string main = "app/src/main.ts::main::function";
  EXPECT_TRUE(callBinds(dump, main, "src/index.ts::checkout::function"));
  EXPECT_TRUE(callBinds(dump, main, "src/v3/index.ts::legacy::function"));
  EXPECT_TRUE(callBinds(dump, main, "packages/ui/src/button.ts::render::function"));
  EXPECT_TRUE(callBinds(dump, main, "app/src/util/money.ts::format::function"));
}

TEST(TypeScriptRules, ARenamedOwnExportAndFunctionValuedFieldsCarryTheirResultTypes) {
  testing::TempTree repo;
  repo.write("types.ts",
             "export class ZodString { parse(x: unknown) {} static create = (): ZodString => new ZodString(); }\n"
             "export class ZodEnum { parse(x: unknown) {} static create = createZodEnum; }\n"
             "function createZodEnum(values: string[]): ZodEnum;\n"
             "function createZodEnum(values: string[]) { return new ZodEnum(); }\n"
             "const stringType = ZodString.create;\n"
             "const enumType = ZodEnum.create;\n"
             "export { stringType as string, enumType as enum };\n");
  repo.write("other.ts", "export class Parser { parse(x: unknown) {} }\n");
  repo.write("bench.ts",
             "import * as z from \"./types\";\n"
             "export function strings() { z.string().parse(1); }\n"
             "export function enums() { const e = z.enum([\"a\"]); e.parse(2); }\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "bench.ts::strings::function", "types.ts::stringType::constant"));
  EXPECT_TRUE(callBinds(dump, "bench.ts::strings::function", "types.ts::ZodString.parse::method"));
  EXPECT_TRUE(callBinds(dump, "bench.ts::enums::function", "types.ts::enumType::constant"));
  EXPECT_TRUE(callBinds(dump, "bench.ts::enums::function", "types.ts::ZodEnum.parse::method"));
}

TEST(TypeScriptRules, AThisParameterTypesThisInsideItsFunction) {
  testing::TempTree repo;
  repo.write("sched.ts",
             "export class SchedulerAction { schedule() {} }\n"
             "export class Other { schedule() {} }\n"
             "export function every(work: (this: SchedulerAction) => void) {}\n");
  repo.write("range.ts",
             "import { every } from \"./sched\";\n"
             "export function range() {\n"
             "  every(function (this: SchedulerAction) { this.schedule(); });\n"
             "}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "range.ts::range::function", "sched.ts::SchedulerAction.schedule::method"));
}

TEST(TypeScriptRules, InstanceofAndTypeGuardsNarrowInsideTheirBlock) {
  testing::TempTree repo;
  repo.write("maps.ts",
             "export class ObservableMap { set(k: string) {} }\n"
             "export class ObservableSet { set(k: string) {} }\n"
             "export class Base { set(k: string) {} }\n"
             "export function isObservableMap(thing: any): thing is ObservableMap { return true; }\n"
             "export function isReady(thing: any): boolean { return true; }\n");
  repo.write("api.ts",
             "import { ObservableMap, ObservableSet, Base, isObservableMap, isReady } from \"./maps\";\n"
             "export function viaGuard(obj: any) { if (isObservableMap(obj)) { obj.set(\"a\"); } }\n"
             "export function viaInstanceof(obj: any) { if (obj instanceof ObservableSet) { obj.set(\"b\"); } }\n"
             "export function plainGuard(obj: Base) { if (isReady(obj)) { obj.set(\"c\"); } }\n"
             "export function outside(obj: Base) { if (obj instanceof ObservableSet) { } obj.set(\"d\"); }\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  EXPECT_TRUE(callBinds(dump, "api.ts::viaGuard::function", "maps.ts::ObservableMap.set::method"));
  EXPECT_TRUE(callBinds(dump, "api.ts::viaInstanceof::function", "maps.ts::ObservableSet.set::method"));
  EXPECT_TRUE(callBinds(dump, "api.ts::plainGuard::function", "maps.ts::Base.set::method"))
      << "a guard with no `x is T` leaves the parameter's type";
  EXPECT_TRUE(callBinds(dump, "api.ts::outside::function", "maps.ts::Base.set::method"));
  EXPECT_FALSE(callBinds(dump, "api.ts::outside::function", "maps.ts::ObservableSet.set::method"))
      << "the narrowing ends with its block";
}

}  // namespace
}  // namespace cg::indexer
