// A change as git describes it, read into what impact needs: per file, its old and new paths,
// both versions' text and the lines that differ on each side.
//
// The diff is read with all its context (`git diff --unified=<very large>`), so that one git
// process yields both versions of every changed file: the old version is the context and '-'
// lines, the new one the context and '+' lines. Paths are repository-relative ('/'-separated,
// as `git diff --relative` prints them); C-quoted names are unquoted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cg::tools {

// An inclusive range of 1-based lines.
using LineRange = std::pair<uint32_t, uint32_t>;

struct FileChange {
  enum class Status : uint8_t { kAdded, kModified, kDeleted, kRenamed };
  Status status = Status::kModified;
  std::string path;     // the new path; for a deleted file, its old path
  std::string oldPath;  // the old path ("" for an added file)
  bool binary = false;  // git printed no lines: no text on either side
  std::string oldText, newText;
  // The lines of each side that the other side does not have ('-' lines in the old version,
  // '+' lines in the new one), merged into ranges, in order.
  std::vector<LineRange> oldLines, newLines;
};

// The options the diff must be produced with, after `diff` and before the revisions.
std::vector<std::string> diffArguments();

// Parses `git diff` output made with diffArguments(). Files git reports without text (binary,
// mode-only changes) are kept with `binary` set (mode-only: no lines on either side).
std::vector<FileChange> parseFullContextDiff(std::string_view diff);

// Unquotes a path git printed in C style ("\"a\\tb\"" → "a\tb"); other text is returned as is.
std::string unquoteGitPath(std::string_view text);

// Whether `line` lies in one of `ranges` (sorted, disjoint).
bool inRanges(const std::vector<LineRange>& ranges, uint32_t line);

}  // namespace cg::tools
