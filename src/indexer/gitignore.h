// The gitignore matcher: parses ignore files (.gitignore, .git/info/exclude) and decides whether a
// path is ignored, with git's semantics (gitignore(5)). Used by the repository walk when git is
// not available and by the file watcher for single changed paths.
//
// Precedence, highest first:
//   1. The built-in skips (walker.h, isBuiltinSkippedDir) are applied before any ignore file and
//      cannot be undone by a `!` pattern.
//   2. A path inside an ignored directory is ignored: the walk never enters the directory, so no
//      pattern, not even a `!` negation, can re-include anything below it.
//   3. Among the ignore files that apply to a path, the one in the deepest directory decides:
//      a/b/.gitignore overrides a/.gitignore, which overrides the root .gitignore.
//   4. .git/info/exclude ranks below every .gitignore (it acts as a root-level file read first).
//   5. Within one file the last matching pattern decides; a `!pattern` match re-includes.
//   6. A file in which no pattern matches passes the decision to the next file down this list;
//      when none matches, the path is not ignored.
// Not read: core.excludesFile (the user's global ignore file), which is personal configuration,
// not part of the repository.
//
// Patterns (one per line):
//   - blank lines and lines starting with `#` are nothing; `\#` and `\!` start a literal # or !;
//   - trailing spaces are dropped unless escaped (`\ `); a trailing CR (CRLF files) is dropped;
//   - a leading `!` negates; a trailing `/` matches directories only;
//   - a pattern with a `/` at its start or in its middle is anchored to the ignore file's
//     directory and matched against the whole relative path; otherwise it matches the name at
//     any depth below that directory;
//   - `*` and `?` never match `/`; `[a-z]`, `[!x]`, `[^x]`, `[[:alpha:]]` are character classes
//     (an unterminated class makes the pattern match nothing); `\x` is a literal x;
//   - `**` as a whole segment: leading `**/` and inner `/**/` match zero or more directories,
//     a trailing `/**` matches everything inside (one or more segments); `**` inside a segment
//     is an ordinary `*`.
// Matching is case-sensitive (core.ignoreCase is not read).
//
// Threads: an IgnoreFile and an IgnoreChain are immutable once built and may be shared freely.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cg::indexer {

enum class IgnoreMatch : uint8_t {
  kNone,       // no pattern matched: ask the next (shallower) file
  kIgnore,     // the last matching pattern ignores the path
  kWhitelist,  // the last matching pattern is a `!` negation
};

// The patterns of one ignore file.
class IgnoreFile {
 public:
  // base: the directory holding the file, relative to the matching root, '/'-separated, without
  // leading or trailing '/' ("" for the root itself).
  static IgnoreFile parse(std::string_view text, std::string base);
  // Reads and parses a file; nullopt when it does not exist or cannot be read.
  static std::optional<IgnoreFile> load(const std::filesystem::path& file, std::string base);

  // path: relative to the matching root (the same root as base). Paths outside base: kNone.
  // `steps`, when given, is increased by the glob steps of the segment matches (see
  // globMatchSegment); memoised, a pattern matches each of its segments against each segment of
  // the path at most once, however many `**` it holds.
  IgnoreMatch match(std::string_view path, bool isDir, uint64_t* steps = nullptr) const;

  const std::string& base() const { return base_; }
  size_t patternCount() const { return patterns_.size(); }

 private:
  struct Pattern {
    std::vector<std::string> segments;  // split at '/'; "**" alone is the globstar segment
    bool negated = false;
    bool dirOnly = false;
    bool anchored = false;  // false: matched against the last path segment only
  };
  static std::optional<Pattern> parseLine(std::string_view line);
  static bool matchPattern(const Pattern& p, std::string_view path, uint64_t* steps);

  std::string base_;
  std::vector<Pattern> patterns_;
};

// The ignore files that apply in one directory: its own file on top of its parent's chain.
// Pushing returns a new chain and leaves the old one untouched, so sibling directories of a
// parallel walk share their common prefix.
class IgnoreChain {
 public:
  IgnoreChain() = default;
  IgnoreChain push(IgnoreFile file) const;
  bool empty() const { return head_ == nullptr; }
  // The decision of the deepest file with an opinion (precedence 3-6 above).
  bool isIgnored(std::string_view path, bool isDir) const;

 private:
  struct Node {
    IgnoreFile file;
    std::shared_ptr<const Node> parent;
  };
  std::shared_ptr<const Node> head_;
};

// Glob match of one pattern segment against one path segment (no '/' in either): `*`, `?`,
// classes and escapes. Exposed for tests. `steps`, when given, is increased by the steps the
// match took (one per turn of its loop: a character compared, a run of stars entered, a
// backtrack): with one backtrack point, at most (pattern size + 1) x (name size + 1), however many stars
// the pattern holds.
bool globMatchSegment(std::string_view pattern, std::string_view name, uint64_t* steps = nullptr);

// Where the ignore files of `root` come from when git is not asked: the enclosing work tree's
// top (root itself or the nearest ancestor holding a `.git` entry) and its info/exclude file.
struct IgnoreOrigin {
  std::filesystem::path top;          // == root when no .git was found
  std::string rootPrefix;             // root relative to top with a trailing '/', or ""
  std::filesystem::path infoExclude;  // empty when there is none
  bool inWorkTree = false;            // a .git entry was found at top
};
IgnoreOrigin findIgnoreOrigin(const std::filesystem::path& root);

// The chain that applies to the entries of directory `relDir` (relative to root, "" = root):
// info/exclude, then every .gitignore from the work tree top down to relDir. Paths matched
// against it are relative to origin.top (prefix them with origin.rootPrefix).
IgnoreChain loadChainForDirectory(const IgnoreOrigin& origin, std::string_view relDir);

// For one path relative to root (the watcher's question): is it, or any directory above it,
// ignored? Reads the ignore files along the way. Built-in skips are not applied here.
bool isPathIgnored(const std::filesystem::path& root, std::string_view relPath, bool isDir);

}  // namespace cg::indexer
