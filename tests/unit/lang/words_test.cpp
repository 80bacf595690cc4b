// The languages' word files (src/lang/<id>/words.txt, format in src/lang/words.h): every embedded
// file parses and reaches its language's rules, each language has the lists it has always had,
// and the parser rejects a malformed file instead of reading it as empty lists.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "../../../src/lang/words.h"
#include "codegraph/lang/rules.h"

namespace cg::lang {
namespace {

TEST(LanguageWords, EveryEmbeddedFileParses) {
  // Parsed here one by one, before any rules are asked for: the rules' first use of a file that
  // does not parse stops the process (include/codegraph/lang/rules.h, languageWords).
  auto files = embeddedWordFiles();
  EXPECT_GE(files.size(), 15u);
  for (const auto& [id, text] : files) {
    auto words = parseWordFile(text);
    EXPECT_TRUE(words.ok()) << "src/lang/" << id << "/words.txt: " << words.error().message;
  }
}

TEST(LanguageWords, EveryFileIsItsLanguagesLists) {
  for (const auto& [id, text] : embeddedWordFiles()) {
    SCOPED_TRACE(std::string(id));
    auto words = parseWordFile(text);
    ASSERT_TRUE(words.ok());
    const Rules& rules = rulesFor(id);
    EXPECT_EQ(rules.id, id) << "a word file of a language without rules";
    // A list the file writes is its rules' list (not replaced in src/lang/<id>/rules.cpp).
    auto isRulesList = [](const WordList& inFile, const WordList& inRules) {
      return inFile.size() == 0 || inFile.size() == inRules.size();
    };
    EXPECT_TRUE(isRulesList(words->builtinNames, rules.builtinNames));
    EXPECT_TRUE(isRulesList(words->builtinMethods, rules.builtinMethods));
    EXPECT_TRUE(isRulesList(words->libraryQualifiers, rules.libraryQualifiers));
  }
}

TEST(LanguageWords, EachLanguageHasItsLists) {
  struct Expect {
    std::string_view id;
    bool names, methods, qualifiers;  // the list is not empty
  };
  constexpr Expect kLanguages[] = {
      {"c", true, false, false},        {"cpp", true, true, true},
      {"python", true, true, true},     {"javascript", true, true, true},
      {"typescript", true, true, true}, {"tsx", true, true, true},
      {"go", true, true, false},        {"rust", true, true, true},
      {"java", true, true, true},       {"csharp", true, true, true},
      {"ruby", true, true, true},       {"php", true, true, false},
      {"kotlin", true, true, true},     {"swift", true, true, true},
      {"scala", true, true, true},      {"bash", true, false, false},
      {"lua", true, true, true}};
  for (const Expect& e : kLanguages) {
    SCOPED_TRACE(std::string(e.id));
    const Rules& rules = rulesFor(e.id);
    ASSERT_EQ(rules.id, e.id);
    EXPECT_EQ(rules.builtinNames.size() != 0, e.names);
    EXPECT_EQ(rules.builtinMethods.size() != 0, e.methods);
    EXPECT_EQ(rules.libraryQualifiers.size() != 0, e.qualifiers);
  }
  EXPECT_EQ(rulesFor("markdown").builtinNames.size(), 0u);  // neutral rules: no words
}

TEST(LanguageWords, SpotChecks) {
  EXPECT_TRUE(rulesFor("go").isBuiltinName("append"));
  EXPECT_TRUE(rulesFor("go").isBuiltinMethod("Errorf"));
  EXPECT_FALSE(rulesFor("go").isBuiltinMethod("RLock"));  // named in a comment of the file only
  EXPECT_TRUE(rulesFor("python").isBuiltinMethod("items"));
  EXPECT_TRUE(rulesFor("python").isBuiltinMethod("__call__"));  // the last word of the list
  EXPECT_TRUE(rulesFor("python").isLibraryQualifier("str"));
  EXPECT_TRUE(rulesFor("cpp").isLibraryQualifier("std"));
  EXPECT_TRUE(rulesFor("cpp").isLibraryQualifier("::std::chrono"));
  EXPECT_TRUE(rulesFor("cpp").isBuiltinName("printf"));  // C's names
  EXPECT_TRUE(rulesFor("c").isBuiltinName("setvbuf"));   // last before a comment
  EXPECT_TRUE(rulesFor("c").isBuiltinName("malloc"));    // first after it
  EXPECT_FALSE(rulesFor("c").isBuiltinName("<stdio.h>"));
  EXPECT_FALSE(rulesFor("c").isBuiltinName("#"));
  EXPECT_TRUE(rulesFor("typescript").isBuiltinName("Map"));  // JavaScript's
  EXPECT_TRUE(rulesFor("tsx").isBuiltinMethod("then"));
  EXPECT_TRUE(rulesFor("ruby").isBuiltinMethod("<<"));
  EXPECT_TRUE(rulesFor("ruby").isBuiltinMethod("include?"));
  EXPECT_TRUE(rulesFor("ruby").isBuiltinName("exit!"));
  EXPECT_TRUE(rulesFor("bash").isBuiltinName("["));
  EXPECT_TRUE(rulesFor("bash").isBuiltinName("[["));
  EXPECT_TRUE(rulesFor("lua").isLibraryQualifier("_G"));
  EXPECT_TRUE(rulesFor("csharp").isBuiltinName("Interlocked"));
  EXPECT_FALSE(rulesFor("java").isBuiltinName("append"));  // a method, not a name
}

TEST(LanguageWords, Format) {
  auto words = parseWordFile(
      "# a comment\n"
      "\n"
      "[builtinMethods]\n"
      "  push\tpop # a comment: not_a_word\n"
      "# between\n"
      "shift\r\n"
      "[builtinNames]\n"
      "[ [] << a#b\n"
      "len");  // no final line end
  ASSERT_TRUE(words.ok()) << words.error().message;
  EXPECT_EQ(words->builtinMethods.size(), 3u);
  EXPECT_TRUE(words->builtinMethods.contains("push"));
  EXPECT_TRUE(words->builtinMethods.contains("pop"));
  EXPECT_TRUE(words->builtinMethods.contains("shift"));
  EXPECT_FALSE(words->builtinMethods.contains("not_a_word"));
  EXPECT_EQ(words->builtinNames.size(), 5u);
  for (std::string_view w : {"[", "[]", "<<", "a#b", "len"})
    EXPECT_TRUE(words->builtinNames.contains(w)) << w;
  EXPECT_EQ(words->libraryQualifiers.size(), 0u);  // not written: empty

  auto empty = parseWordFile("# only a comment\n");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->builtinNames.size(), 0u);
}

TEST(LanguageWords, MalformedFilesAreErrors) {
  auto errorOf = [](std::string_view text) {
    auto words = parseWordFile(text);
    return words.ok() ? std::string("no error") : words.error().message;
  };
  EXPECT_EQ(errorOf("# lists\nlen print\n"), "line 2: a word before the first section");
  EXPECT_EQ(errorOf("[builtinNames]\nlen\n[builtinFunctions]\n"),
            "line 3: no section is named [builtinFunctions]");
  EXPECT_EQ(errorOf("[builtinNames]\nlen\n[builtinNames]\nprint\n"),
            "line 3: the section [builtinNames] again");
  EXPECT_EQ(errorOf("[builtinNames] len print\n"),
            "line 1: the section [builtinNames] beside words");
  // The C++ spelling pasted in: quotes are words, and the designator is no section.
  EXPECT_EQ(errorOf(".builtinNames = WordList(\"len print\")\n"),
            "line 1: a word before the first section");
}

}  // namespace
}  // namespace cg::lang
