// The gitignore matcher against gitignore(5): each pattern form, negation, precedence between
// nested files and info/exclude, and the rule that nothing under an ignored directory returns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "indexer/gitignore.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

using testing::TempTree;

// Matches `path` against one ignore file at the root.
IgnoreMatch m(std::string_view text, std::string_view path, bool isDir = false) {
  return IgnoreFile::parse(text, "").match(path, isDir);
}
constexpr IgnoreMatch kIgnore = IgnoreMatch::kIgnore;
constexpr IgnoreMatch kNone = IgnoreMatch::kNone;
constexpr IgnoreMatch kWhitelist = IgnoreMatch::kWhitelist;

TEST(GitignoreGlob, StarAndQuestionStayInsideOneName) {
  EXPECT_TRUE(globMatchSegment("*.py", "a.py"));
  EXPECT_TRUE(globMatchSegment("*.py", ".py"));
  EXPECT_FALSE(globMatchSegment("*.py", "a.pyc"));
  EXPECT_TRUE(globMatchSegment("a*b*c", "aXXbYYc"));
  EXPECT_FALSE(globMatchSegment("a*b*c", "aXXbYY"));
  EXPECT_TRUE(globMatchSegment("?.c", "x.c"));
  EXPECT_FALSE(globMatchSegment("?.c", "xy.c"));
  EXPECT_TRUE(globMatchSegment("**", "anything"));  // inside a segment ** is a plain *
  EXPECT_TRUE(globMatchSegment("x**y", "xaby"));
}

TEST(GitignoreGlob, CharacterClasses) {
  EXPECT_TRUE(globMatchSegment("file[0-9].txt", "file7.txt"));
  EXPECT_FALSE(globMatchSegment("file[0-9].txt", "fileA.txt"));
  EXPECT_TRUE(globMatchSegment("[!a]x", "bx"));
  EXPECT_FALSE(globMatchSegment("[!a]x", "ax"));
  EXPECT_TRUE(globMatchSegment("[^a]x", "bx"));
  EXPECT_FALSE(globMatchSegment("[^a]x", "ax"));
  EXPECT_TRUE(globMatchSegment("[]]", "]"));   // ']' first is literal
  EXPECT_TRUE(globMatchSegment("[a-]", "-"));  // '-' last is literal
  EXPECT_TRUE(globMatchSegment("[[:digit:]]x", "5x"));
  EXPECT_FALSE(globMatchSegment("[[:digit:]]x", "ax"));
  EXPECT_TRUE(globMatchSegment("[[:upper:][:digit:]]", "Q"));
  EXPECT_FALSE(globMatchSegment("[abc", "a"));          // unterminated: matches nothing
  EXPECT_FALSE(globMatchSegment("[[:nosuch:]]", "a"));  // unknown class: matches nothing
  EXPECT_TRUE(globMatchSegment("[\\]]", "]"));          // escaped ']' inside a class
}

TEST(GitignoreGlob, EscapesAreLiteral) {
  EXPECT_TRUE(globMatchSegment("\\*", "*"));
  EXPECT_FALSE(globMatchSegment("\\*", "a"));
  EXPECT_TRUE(globMatchSegment("a\\?", "a?"));
  EXPECT_FALSE(globMatchSegment("a\\?", "ab"));
  EXPECT_FALSE(globMatchSegment("a\\", "a\\"));  // a dangling escape never matches
}

// Hostile patterns cost steps bounded by their size, counted by the matcher itself: a
// backtracking matcher would take a number exponential in the stars (C(n, k) ways to place k
// stars in n characters), a globstar search without its memo likewise in the `**`s.
TEST(GitignoreGlob, HostilePatternTakesBoundedSteps) {
  // The star matcher: (pattern + 1) x (name + 1) steps at most. The small case first, so that a
  // backtracking matcher fails here in well under a second instead of never ending below.
  for (const auto& [pattern, size] : {std::pair<std::string, size_t>{"*a*a*a*a*a*a*b", 24},
                                      {"*a*a*a*a*a*a*a*a*a*a*a*a*b", 200}}) {
    const std::string name(size, 'a');
    uint64_t steps = 0;
    EXPECT_FALSE(globMatchSegment(pattern, name, &steps));
    ASSERT_LE(steps, (pattern.size() + 1) * (name.size() + 1))
        << pattern << " against a x " << size;
  }
  // The globstar search: each segment of the pattern against each segment of the path once, a
  // glob of (1 + 1) x (1 + 1) steps at most ("**" is not globbed). The small case first again.
  for (const auto& [pattern, depth] : {std::pair<std::string, size_t>{"**/a/**/a/**/a/**/b", 20},
                                       {"**/a/**/a/**/a/**/a/**/a/**/b", 60}}) {
    auto f = IgnoreFile::parse(pattern + "\n", "");
    std::string deep;
    for (size_t i = 0; i < depth; ++i) deep += "a/";
    const auto segments =
        static_cast<uint64_t>(1 + std::count(pattern.begin(), pattern.end(), '/'));
    const uint64_t bound = segments * (depth + 1) * 2 * 2;
    uint64_t steps = 0;
    EXPECT_EQ(f.match(deep + "c", false, &steps), kNone);
    ASSERT_LE(steps, bound) << pattern << " against a/ x " << depth << " c";
    steps = 0;
    EXPECT_EQ(f.match(deep + "b", false, &steps), kIgnore);
    ASSERT_LE(steps, bound) << pattern << " against a/ x " << depth << " b";
  }
}

TEST(GitignoreParse, CommentsBlanksAndEscapes) {
  auto f = IgnoreFile::parse("# a comment\n\n   \n\\#hash\n\\!bang\n!\n/\n", "");
  EXPECT_EQ(f.patternCount(), 2u);
  EXPECT_EQ(f.match("#hash", false), kIgnore);
  EXPECT_EQ(f.match("!bang", false), kIgnore);
  EXPECT_EQ(f.match("# a comment", false), kNone);
  EXPECT_EQ(f.match("hash", false), kNone);
}

TEST(GitignoreParse, TrailingSpacesDroppedUnlessEscaped) {
  EXPECT_EQ(m("foo.py   \n", "foo.py"), kIgnore);
  EXPECT_EQ(m("foo.py   \n", "foo.py   "), kNone);
  EXPECT_EQ(m("foo\\ \n", "foo "), kIgnore);
  EXPECT_EQ(m("foo\\ \n", "foo"), kNone);
}

TEST(GitignoreParse, CrlfAndBom) {
  auto f = IgnoreFile::parse("\xEF\xBB\xBF*.log\r\nbuild/\r\n", "");
  EXPECT_EQ(f.match("x.log", false), kIgnore);
  EXPECT_EQ(f.match("build", true), kIgnore);
}

TEST(GitignoreMatch, UnanchoredMatchesAtAnyDepth) {
  EXPECT_EQ(m("*.o\n", "a.o"), kIgnore);
  EXPECT_EQ(m("*.o\n", "src/deep/a.o"), kIgnore);
  EXPECT_EQ(m("cache\n", "x/cache", true), kIgnore);
  EXPECT_EQ(m("cache\n", "x/cache", false), kIgnore);
  EXPECT_EQ(m("cache\n", "x/cachet", false), kNone);
}

TEST(GitignoreMatch, SlashAnchorsToTheFilesDirectory) {
  EXPECT_EQ(m("/todo.py\n", "todo.py"), kIgnore);
  EXPECT_EQ(m("/todo.py\n", "src/todo.py"), kNone);
  EXPECT_EQ(m("doc/frotz\n", "doc/frotz"), kIgnore);
  EXPECT_EQ(m("doc/frotz\n", "a/doc/frotz"), kNone);  // a middle slash anchors too
  EXPECT_EQ(m("src/*.c\n", "src/a.c"), kIgnore);
  EXPECT_EQ(m("src/*.c\n", "src/sub/a.c"), kNone);  // * never crosses '/'
}

TEST(GitignoreMatch, TrailingSlashMatchesDirectoriesOnly) {
  EXPECT_EQ(m("logs/\n", "logs", true), kIgnore);
  EXPECT_EQ(m("logs/\n", "logs", false), kNone);
  EXPECT_EQ(m("logs/\n", "a/logs", true), kIgnore);
  EXPECT_EQ(m("/out/\n", "x/out", true), kNone);
}

TEST(GitignoreMatch, DoubleStar) {
  // Leading **/: in every directory, including the top.
  EXPECT_EQ(m("**/foo\n", "foo"), kIgnore);
  EXPECT_EQ(m("**/foo\n", "a/b/foo"), kIgnore);
  EXPECT_EQ(m("**/foo/bar\n", "x/foo/bar"), kIgnore);
  EXPECT_EQ(m("**/foo/bar\n", "x/foo/baz"), kNone);
  // Inner /**/: zero or more directories.
  EXPECT_EQ(m("a/**/b\n", "a/b"), kIgnore);
  EXPECT_EQ(m("a/**/b\n", "a/x/b"), kIgnore);
  EXPECT_EQ(m("a/**/b\n", "a/x/y/b"), kIgnore);
  EXPECT_EQ(m("a/**/b\n", "c/a/x/b"), kNone);
  // Trailing /**: everything inside, not the directory itself.
  EXPECT_EQ(m("abc/**\n", "abc/x"), kIgnore);
  EXPECT_EQ(m("abc/**\n", "abc/x/y.py"), kIgnore);
  EXPECT_EQ(m("abc/**\n", "abc", true), kNone);
}

TEST(GitignoreMatch, LastMatchingPatternWinsAndNegationReincludes) {
  const char* rules = "*.py\n!keep.py\n";
  EXPECT_EQ(m(rules, "a.py"), kIgnore);
  EXPECT_EQ(m(rules, "keep.py"), kWhitelist);
  EXPECT_EQ(m(rules, "src/keep.py"), kWhitelist);
  EXPECT_EQ(m("!keep.py\n*.py\n", "keep.py"), kIgnore);  // order matters
  // abc/** leaves abc itself alone, so a file inside can come back.
  EXPECT_EQ(m("abc/**\n!abc/keep.py\n", "abc/keep.py"), kWhitelist);
  EXPECT_EQ(m("abc/**\n!abc/keep.py\n", "abc/other.py"), kIgnore);
}

TEST(GitignoreMatch, BaseDirectoryScopesTheFile) {
  auto f = IgnoreFile::parse("/gen.py\n*.tmp\n", "sub/dir");
  EXPECT_EQ(f.match("sub/dir/gen.py", false), kIgnore);
  EXPECT_EQ(f.match("sub/dir/x/gen.py", false), kNone);
  EXPECT_EQ(f.match("gen.py", false), kNone);
  EXPECT_EQ(f.match("sub/dir/x/a.tmp", false), kIgnore);
  EXPECT_EQ(f.match("sub/a.tmp", false), kNone);       // above the file's directory
  EXPECT_EQ(f.match("sub/dirx/a.tmp", false), kNone);  // a sibling with a common prefix
}

TEST(GitignoreChain, DeeperFileOverridesParent) {
  IgnoreChain chain;
  chain = chain.push(IgnoreFile::parse("*.gen.py\n", ""));
  chain = chain.push(IgnoreFile::parse("!*.gen.py\n", "keep"));
  EXPECT_TRUE(chain.isIgnored("a.gen.py", false));
  EXPECT_TRUE(chain.isIgnored("other/a.gen.py", false));
  EXPECT_FALSE(chain.isIgnored("keep/a.gen.py", false));
  EXPECT_FALSE(chain.isIgnored("keep/sub/a.gen.py", false));
  // And the other way: a nested file ignoring what the parent re-included.
  IgnoreChain other;
  other = other.push(IgnoreFile::parse("*.txt\n!notes.txt\n", ""));
  other = other.push(IgnoreFile::parse("notes.txt\n", "private"));
  EXPECT_FALSE(other.isIgnored("notes.txt", false));
  EXPECT_TRUE(other.isIgnored("private/notes.txt", false));
}

TEST(GitignoreOnDisk, NegationCannotReincludeUnderExcludedDirectory) {
  TempTree t;
  t.write(".gitignore", "logs/\n!logs/keep.py\nsecret\n!secret/x.py\n");
  t.write("logs/keep.py", "");
  t.write("secret/x.py", "");
  EXPECT_TRUE(isPathIgnored(t.root(), "logs", true));
  EXPECT_TRUE(isPathIgnored(t.root(), "logs/keep.py", false));
  EXPECT_TRUE(isPathIgnored(t.root(), "secret/x.py", false));
  EXPECT_FALSE(isPathIgnored(t.root(), "other/x.py", false));
}

TEST(GitignoreOnDisk, NestedFilesAndInfoExcludePrecedence) {
  TempTree t;
  t.mkdir(".git/info");
  t.write(".git/info/exclude", "*.local\nexcluded.py\n");
  t.write(".gitignore", "!*.local\n");  // a .gitignore outranks info/exclude
  t.write("a/.gitignore", "*.py\n");
  t.write("a/b/.gitignore", "!main.py\n");
  EXPECT_FALSE(isPathIgnored(t.root(), "x.local", false));
  EXPECT_TRUE(isPathIgnored(t.root(), "excluded.py", false));
  EXPECT_TRUE(isPathIgnored(t.root(), "a/main.py", false));
  EXPECT_FALSE(isPathIgnored(t.root(), "a/b/main.py", false));
  EXPECT_TRUE(isPathIgnored(t.root(), "a/b/other.py", false));
}

TEST(GitignoreOnDisk, SymlinkedIgnoreFileIsNotFollowed) {
  TempTree t;
  t.write("real_rules", "*.py\n");
  t.symlink("real_rules", ".gitignore");
  EXPECT_FALSE(IgnoreFile::load(t.path(".gitignore"), "").has_value());
  EXPECT_TRUE(IgnoreFile::load(t.path("real_rules"), "").has_value());
  EXPECT_FALSE(isPathIgnored(t.root(), "a.py", false));
}

TEST(GitignoreOnDisk, RootBelowTheWorkTreeTopSeesParentRules) {
  TempTree t;
  t.mkdir(".git");
  t.write(".gitignore", "/proj/gen/\n*.bak\n");
  t.write("proj/.gitignore", "!keep.bak\n");
  const auto root = t.path("proj");
  IgnoreOrigin origin = findIgnoreOrigin(root);
  EXPECT_TRUE(origin.inWorkTree);
  EXPECT_EQ(origin.top, t.root());
  EXPECT_EQ(origin.rootPrefix, "proj/");
  EXPECT_TRUE(isPathIgnored(root, "gen", true));
  EXPECT_TRUE(isPathIgnored(root, "x.bak", false));
  EXPECT_FALSE(isPathIgnored(root, "keep.bak", false));
  EXPECT_FALSE(isPathIgnored(root, "src/gen", true));  // anchored to the top, not the root
}

}  // namespace
}  // namespace cg::indexer
