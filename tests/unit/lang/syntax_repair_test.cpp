// TypeScript's grammar misreads consecutive generic call signatures of an interface written
// without `;` (`<T>(fn: T): T` on the line after another member), and its error recovery then
// loses the rest of the file. The extractor parses such a file again with a `;` in the
// indentation of those lines and keeps the parse that loses less: the calls after the interface
// are extracted, at their own lines. Text the repair does not concern is left alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "../../../src/lang/syntax_repair.h"
#include "codegraph/lang/extractor.h"
#include "extract_source.h"

namespace {

using cg::lang::ExtractedFile;

ExtractedFile extract(std::string_view languageId, const std::string& source) {
  return cg::lang::testing::extractSource(languageId, source);
}

// The line of the call of `name`, 0 when there is none.
uint32_t callLine(const ExtractedFile& file, const std::string& name) {
  for (const auto& r : file.refs)
    if (r.kind == cg::model::RefKind::kCalls && r.name == name) return r.line;
  return 0;
}

const char* kCallableInterface =
    "export interface ActionFactory {\n"
    "    // nameless\n"
    "    <T extends Function | undefined>(fn: T): T\n"
    "    // named\n"
    "    <T extends Function | undefined>(name: string, fn: T): T\n"
    "    (customName: string): Annotation\n"
    "}\n"
    "\n"
    "function createFactory(auto: boolean): ActionFactory {\n"
    "    const res: ActionFactory = function action(arg1, arg2?): any {\n"
    "        if (arg2) {\n"
    "            return decorate(arg1, arg2)\n"  // line 12
    "        }\n"
    "        return createAction(arg1)\n"  // line 14
    "    }\n"
    "    return res\n"
    "}\n";

TEST(SyntaxRepair, GenericCallSignaturesWithoutSemicolonsKeepTheRestOfTheFile) {
  for (const char* language : {"typescript", "tsx"}) {
    const ExtractedFile file = extract(language, kCallableInterface);
    EXPECT_EQ(callLine(file, "decorate"), 12u) << language;
    EXPECT_EQ(callLine(file, "createAction"), 14u) << language;
    EXPECT_EQ(callLine(file, "if"), 0u) << language << ": `if (...)` read as a call";
    EXPECT_TRUE(std::any_of(file.symbols.begin(), file.symbols.end(),
                            [](const auto& s) { return s.name == "createFactory"; }))
        << language;
  }
}

TEST(SyntaxRepair, TheRepairKeepsOffsetsAndTouchesOnlySignatureLines) {
  const std::string source = kCallableInterface;
  const std::string repaired = cg::lang::separateGenericSignatures(source);
  ASSERT_EQ(repaired.size(), source.size());
  size_t changed = 0;
  for (size_t i = 0; i < source.size(); ++i)
    if (source[i] != repaired[i]) {
      ++changed;
      EXPECT_EQ(source[i], ' ');
      EXPECT_EQ(repaired[i], ';');
    }
  EXPECT_EQ(changed, 1u) << "only the second signature follows a line that ends a type";
  // A line starting with `<` after an opening bracket or operator is left alone (JSX, casts).
  EXPECT_TRUE(cg::lang::separateGenericSignatures("return (\n  <div/>\n)\n").empty());
  EXPECT_TRUE(cg::lang::separateGenericSignatures("const a =\n  <T>b\n").empty());
}

}  // namespace
