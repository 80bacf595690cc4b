// A construct nested deeper than the extractor looks (1,000 levels: a 500-branch `else if` chain
// in C-like languages, a 1,200-term concatenation in any) leaves out only what lies deeper than
// that: the symbols before, around and after it are extracted, and ExtractedFile::notExtracted
// says from which line the nest goes too deep.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "codegraph/lang/extractor.h"
#include "extract_source.h"

namespace {

using cg::lang::ExtractedFile;

ExtractedFile extract(std::string_view languageId, const std::string& source) {
  return cg::lang::testing::extractSource(languageId, source);
}

std::vector<std::string> names(const ExtractedFile& file) {
  std::vector<std::string> out;
  for (const auto& s : file.symbols) out.push_back(s.name);
  return out;
}

bool has(const ExtractedFile& file, const std::string& name) {
  auto all = names(file);
  return std::find(all.begin(), all.end(), name) != all.end();
}

bool calls(const ExtractedFile& file, const std::string& name) {
  return std::any_of(file.refs.begin(), file.refs.end(), [&](const auto& r) {
    return r.kind == cg::model::RefKind::kCalls && r.name == name;
  });
}

std::string repeat(int n, const std::function<std::string(int)>& line) {
  std::string out;
  for (int i = 0; i < n; ++i) out += line(i);
  return out;
}

TEST(DeepNesting, ALongConcatenationKeepsTheSymbolsAroundIt) {
  struct Case {
    const char* language;
    std::string source;
  };
  auto terms = [](const char* lead) {
    return repeat(1200,
                  [&](int i) { return std::string(lead) + "\"s" + std::to_string(i) + "\"\n"; });
  };
  const std::vector<Case> cases = {
      {"c", "int before(void) { return 1; }\nint concat(void) {\n  int s = 0\n" +
                repeat(1200, [](int i) { return "    + " + std::to_string(i) + "\n"; }) +
                ";\n  return s;\n}\nint after(void) { return 2; }\n"},
      {"cpp",
       "int before() { return 1; }\nstd::string concat() {\n  std::string s = std::string()\n" +
           terms("    + ") + ";\n  return s;\n}\nstruct After { void after() {} };\n"},
      {"javascript", "function before() {}\nfunction concat() {\n  return ''\n" + terms("    + ") +
                         ";\n}\nfunction after() {}\n"},
      {"typescript", "function before(): void {}\nfunction concat(): string {\n  return ''\n" +
                         terms("    + ") + ";\n}\nfunction after(): void {}\n"},
      {"python", "def before():\n    pass\n\ndef concat():\n    return (''\n" +
                     terms("        + ") + "    )\n\ndef after():\n    pass\n"},
      {"java", "class A {\n  void before() {}\n  String concat() {\n    return \"\"\n" +
                   terms("      + ") + ";\n  }\n  void after() {}\n}\n"},
      {"go", "package p\n\nfunc before() {}\n\nfunc concat() string {\n\treturn \"\" +\n" +
                 repeat(1199, [](int i) { return "\t\t\"s" + std::to_string(i) + "\" +\n"; }) +
                 "\t\t\"end\"\n}\n\nfunc after() {}\n"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.language);
    ExtractedFile file = extract(c.language, c.source);
    EXPECT_TRUE(has(file, "before") && has(file, "concat") && has(file, "after"))
        << testing::PrintToString(names(file));
    EXPECT_NE(file.notExtracted.find("nesting deeper than 1000 levels from line "),
              std::string::npos)
        << file.notExtracted;
  }
}

TEST(DeepNesting, AnElseIfChainLosesOnlyWhatLiesPastTheDepth) {
  // C: two levels a branch (if_statement > else_clause > if_statement), so the last branches of
  // 600 lie deeper than 1,000 levels.
  const std::string chain = repeat(600, [](int i) {
    return std::string(i ? "  else " : "  ") + "if (x == " + std::to_string(i) + ") return f" +
           std::to_string(i) + "();\n";
  });
  ExtractedFile file = extract("c", "int before(void) { return 0; }\nint chain(int x) {\n" + chain +
                                        "  return -1;\n}\nint after(void) { return 1; }\n");
  EXPECT_TRUE(has(file, "before") && has(file, "chain") && has(file, "after"))
      << testing::PrintToString(names(file));
  EXPECT_TRUE(calls(file, "f0")) << "a call in the first branch";
  EXPECT_TRUE(calls(file, "f400")) << "a call within the depth";
  EXPECT_FALSE(calls(file, "f599")) << "a call past the depth";
  EXPECT_NE(file.notExtracted.find("from line "), std::string::npos) << file.notExtracted;
}

TEST(DeepNesting, A100000DeepNestKeepsTheFunctionAfterIt) {
  const int n = 100'000;
  std::string open, close;
  for (int i = 0; i < n; ++i) open += "(\n", close += ")\n";
  ExtractedFile py =
      extract("python", "x = " + open + "1" + close + "\n\ndef after_nest():\n    pass\n");
  EXPECT_TRUE(has(py, "after_nest")) << testing::PrintToString(names(py));
  EXPECT_TRUE(has(py, "x"));
  EXPECT_NE(py.notExtracted.find("from line "), std::string::npos) << py.notExtracted;

  std::string blocks;
  for (int i = 0; i < n; ++i) blocks += "{\n";
  for (int i = 0; i < n; ++i) blocks += "}\n";
  ExtractedFile c =
      extract("c", "void f(void) {" + blocks + "}\nint after_nest(void) { return 0; }\n");
  EXPECT_TRUE(has(c, "f") && has(c, "after_nest")) << testing::PrintToString(names(c));
}

TEST(DeepNesting, OrdinaryCodeIsExtractedWhole) {
  ExtractedFile file = extract("c", "int f(void) { return ((((1)))); }\n");
  EXPECT_TRUE(has(file, "f"));
  EXPECT_TRUE(file.notExtracted.empty()) << file.notExtracted;
}

}  // namespace
