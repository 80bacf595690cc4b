// Which files are C#, Kotlin, Swift and Scala and which of them are test code (docs/CONTRACT.md §4 test
// code, with each ecosystem's conventions), and the visibility rules these languages add.
#include <gtest/gtest.h>

#include <string>

#include "codegraph/lang/extractor.h"
#include "codegraph/lang/language.h"
#include "codegraph/model/symbol.h"

namespace {

std::string idOf(const char* path) {
  const auto* lang = cg::lang::detectLanguage(path, "");
  return lang ? std::string(lang->id) : std::string("none");
}

// name → visibility of every symbol extracted from `source` as language `id`.
std::string visibilityOf(const char* id, const std::string& source, const std::string& name) {
  const auto* lang = cg::lang::languageById(id);
  if (!lang || !cg::lang::loadQueries().ok()) return "?";
  cg::lang::Extractor extractor;
  auto result = extractor.extract(*lang, source);
  if (!result.ok()) return "?";
  for (const auto& s : result->symbols)
    if (s.qualifiedName == name) return std::string(cg::model::toString(s.visibility));
  return "missing";
}

}  // namespace

TEST(TypedSecondWavePaths, DetectsByExtension) {
  EXPECT_EQ(idOf("src/Shop/Models/Book.cs"), "csharp");
  EXPECT_EQ(idOf("app/src/main/kotlin/shop/Book.kt"), "kotlin");
  EXPECT_EQ(idOf("build.gradle.kts"), "kotlin");
  EXPECT_EQ(idOf("Sources/Shop/Book.swift"), "swift");
  EXPECT_EQ(idOf("src/main/scala/shop/Book.scala"), "scala");
  EXPECT_EQ(idOf("scripts/setup.sc"), "scala");
}

TEST(TypedSecondWavePaths, TestFilesByEcosystemConvention) {
  using cg::model::isTestPath;
  // C#: *Tests.cs / *Test.cs, .NET test projects.
  EXPECT_TRUE(isTestPath("src/Shop/CatalogTests.cs"));
  EXPECT_TRUE(isTestPath("src/Shop/CatalogTest.cs"));
  EXPECT_TRUE(isTestPath("Shop.Tests/Catalog.cs"));
  EXPECT_TRUE(isTestPath("src/Shop.UnitTests/Helpers.cs"));
  EXPECT_FALSE(isTestPath("src/Shop/Contest.cs"));
  EXPECT_FALSE(isTestPath("src/Shop.Testing/Catalog.cs"));
  // Kotlin: *Test.kt / *Tests.kt, Gradle's src/test.
  EXPECT_TRUE(isTestPath("app/src/main/kotlin/InventoryTest.kt"));
  EXPECT_TRUE(isTestPath("app/src/test/kotlin/shop/Fixtures.kt"));
  EXPECT_FALSE(isTestPath("app/src/main/kotlin/shop/Latest.kt"));
  // Swift: *Tests.swift, SwiftPM's Tests/.
  EXPECT_TRUE(isTestPath("Tests/ShopTests/Helpers.swift"));
  EXPECT_TRUE(isTestPath("Shop/InventoryTests.swift"));
  EXPECT_FALSE(isTestPath("Sources/Shop/Inventory.swift"));
  // Scala: *Spec.scala / *Suite.scala / *Test.scala, sbt's src/test.
  EXPECT_TRUE(isTestPath("core/InventorySpec.scala"));
  EXPECT_TRUE(isTestPath("core/InventorySuite.scala"));
  EXPECT_TRUE(isTestPath("core/InventoryTest.scala"));
  EXPECT_TRUE(isTestPath("core/src/test/scala/shop/Fixtures.scala"));
  EXPECT_FALSE(isTestPath("core/src/main/scala/shop/Inventory.scala"));
  EXPECT_FALSE(isTestPath("core/src/main/kotlin/InventorySpec.kt"));
}

TEST(TypedSecondWavePaths, VisibilityRules) {
  // C#: top-level types internal, members private, every `modifier` node counts.
  const std::string cs =
      "class A { int f; static public void M() {} enum E { X } }\n"
      "public enum Color { Red }\n";
  EXPECT_EQ(visibilityOf("csharp", cs, "A"), "internal");
  EXPECT_EQ(visibilityOf("csharp", cs, "A.f"), "private");
  EXPECT_EQ(visibilityOf("csharp", cs, "A.M"), "public");
  EXPECT_EQ(visibilityOf("csharp", cs, "A.E.X"), "private");  // as visible as its enum
  EXPECT_EQ(visibilityOf("csharp", cs, "Color.Red"), "public");
  // Kotlin: public by default, `internal`, local functions private.
  const std::string kt = "internal class A { fun f() { fun g() = 1 } }\nfun top() = 1\n";
  EXPECT_EQ(visibilityOf("kotlin", kt, "A"), "internal");
  EXPECT_EQ(visibilityOf("kotlin", kt, "top"), "public");
  EXPECT_EQ(visibilityOf("kotlin", kt, "A.f.g"), "private");
  // Swift: internal by default, fileprivate is private, private(set) restricts the setter only.
  const std::string sw =
      "class A {\n  var a = 1\n  fileprivate var b = 2\n  public private(set) var c = 3\n"
      "  private(set) var d = 4\n}\n";
  EXPECT_EQ(visibilityOf("swift", sw, "A.a"), "internal");
  EXPECT_EQ(visibilityOf("swift", sw, "A.b"), "private");
  EXPECT_EQ(visibilityOf("swift", sw, "A.c"), "public");
  EXPECT_EQ(visibilityOf("swift", sw, "A.d"), "internal");
  // Scala: public by default, private[pkg] is package-wide, private[this] private.
  const std::string sc =
      "class A {\n  val a = 1\n  private[shop] val b = 2\n  private[this] val c = 3\n}\n";
  EXPECT_EQ(visibilityOf("scala", sc, "A.a"), "public");
  EXPECT_EQ(visibilityOf("scala", sc, "A.b"), "internal");
  EXPECT_EQ(visibilityOf("scala", sc, "A.c"), "private");
}
