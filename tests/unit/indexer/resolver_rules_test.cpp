// Resolution rules (docs/CONTRACT.md §6) checked on small trees:
// - Java imports (step 3): an import makes names visible in the importing file only, never in
//   the files that import that file in turn, and every file imports java.lang.* without saying
//   so (JLS 7.3), which binds where the repository holds java.lang (the JDK itself).
// - Python `isinstance(x, T)` types x as T inside the `if` block only.
// - A repository-wide unique name (step 5) is decided once per name and qualifier shape: a bare
//   call and a receiver call of one name get their own answers whatever order they come in.
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

// The dump lines of kind `kind` from `file` that mention `name` (resolved edges or not).
std::vector<std::string> edgesTo(const std::vector<std::string>& dump, const std::string& kind,
                                 const std::string& name, const std::string& file = "com/acme/app/Main.java") {
  std::vector<std::string> out;
  for (const auto& l : dump)
    if (l.find(" " + kind + " ") != std::string::npos && l.find(name) != std::string::npos &&
        l.find(file) != std::string::npos)
      out.push_back(l);
  return out;
}

bool anyBoundTo(const std::vector<std::string>& lines, const std::string& targetUid) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find("-> " + targetUid) != std::string::npos; });
}

TEST(JavaImports, AWildcardImportIsNotReexportedAndJavaLangIsImplicit) {
  testing::TempTree repo;
  repo.write("java/lang/String.java", "package java.lang;\npublic final class String {\n  public int length() { return 0; }\n}\n");
  repo.write("com/acme/deep/Deep.java", "package com.acme.deep;\npublic class Deep {\n}\n");
  // A second Deep: no repository-wide unique name to fall back on.
  repo.write("com/acme/other/Deep.java", "package com.acme.other;\npublic class Deep {\n}\n");
  // util imports deep.*; Main imports util.* only, so Deep is not visible in Main.
  repo.write("com/acme/util/Helper.java",
             "package com.acme.util;\nimport com.acme.deep.*;\npublic class Helper {\n"
             "  public Deep make() { return new Deep(); }\n}\n");
  repo.write("com/acme/app/Main.java",
             "package com.acme.app;\nimport com.acme.util.*;\npublic class Main {\n"
             "  public void run(String s, Helper h, Deep d) {\n    h.make();\n  }\n}\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());

  const auto helper = edgesTo(dump, "uses", "Helper");
  EXPECT_TRUE(anyBoundTo(helper, "com/acme/util/Helper.java::Helper::class"))
      << "a name of a package imported on demand binds";
  const auto deep = edgesTo(dump, "uses", "Deep");
  ASSERT_FALSE(deep.empty()) << "the reference to Deep is extracted";
  EXPECT_FALSE(anyBoundTo(deep, "com/acme/deep/Deep.java::Deep::class"))
      << "Deep is imported by Helper.java, not by Main.java: Java does not re-export imports\n"
      << deep.front();
  const auto string = edgesTo(dump, "uses", "String");
  EXPECT_TRUE(anyBoundTo(string, "java/lang/String.java::String::class"))
      << "java.lang.* is imported into every Java file";

  // Inside Helper.java, its own import does bind Deep.
  EXPECT_TRUE(std::any_of(dump.begin(), dump.end(), [](const std::string& l) {
    return l.find("com/acme/util/Helper.java::Helper.make::method -> com/acme/deep/Deep.java::Deep::class") !=
           std::string::npos;
  }));
}

TEST(UniqueNames, ABareCallAndAReceiverCallOfOneNameAreDecidedApart) {
  testing::TempTree repo;
  // helper is defined once, as a free function, in a module app.py does not import.
  repo.write("lib/tools.py", "def helper():\n    return 1\n");
  // A receiver call names a member, never a free function; the bare call binds the unique name.
  // Receiver calls come first and last, so a cached answer of either shape would be reused.
  repo.write("app.py",
             "def run(obj):\n    obj.helper()\n    helper()\n    obj.helper()\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  const auto calls = edgesTo(dump, "calls", "helper", "app.py");
  size_t bound = 0;
  for (const auto& l : calls)
    if (l.find("-> lib/tools.py::helper::function 0.70") != std::string::npos) ++bound;
  std::string all;
  for (const auto& l : calls) all += l + "\n";
  EXPECT_EQ(bound, 1u) << "only the bare call binds (at the unique-name confidence):\n" << all;
}

TEST(PythonNarrowing, IsinstanceTypesTheNameInsideItsBlock) {
  testing::TempTree repo;
  repo.write("shapes.py",
             "class Circle:\n    def area(self):\n        return 1\n\n\n"
             "class Square:\n    def area(self):\n        return 2\n");
  repo.write("app.py",
             "from shapes import Circle, Square\n\n\n"
             "def measure(shape):\n"
             "    if isinstance(shape, Square):\n"
             "        return shape.area()\n"
             "    return shape.area()\n");
  const auto dump = indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  const auto calls = edgesTo(dump, "calls", "area", "app.py");
  std::string all;
  for (const auto& l : calls) all += l + "\n";
  EXPECT_TRUE(anyBoundTo(calls, "shapes.py::Square.area::method")) << all;
  EXPECT_FALSE(anyBoundTo(calls, "shapes.py::Circle.area::method"))
      << "after the block the parameter's type is unknown again:\n" << all;
}

}  // namespace
}  // namespace cg::indexer
