#include "change_set.h"

#include <cstdlib>

#include "codegraph/support/lines.h"

namespace cg::tools {
namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// The path of a "--- a/x" / "+++ b/x" line's rest, without its prefix; "" for /dev/null.
std::string sidePath(std::string_view rest, std::string_view prefix) {
  std::string path = unquoteGitPath(rest);
  // A name git did not quote may still end in a tab (it separates a timestamp in other diffs).
  if (!path.empty() && path.back() == '\t') path.pop_back();
  if (path == "/dev/null") return "";
  if (startsWith(path, prefix)) path.erase(0, prefix.size());
  return path;
}

void addLine(std::vector<LineRange>& ranges, uint32_t line) {
  if (!ranges.empty() && ranges.back().second + 1 == line) ranges.back().second = line;
  else ranges.emplace_back(line, line);
}

// "@@ -a[,b] +c[,d] @@": the first line of each side (a hunk that is empty on a side starts
// after line a or c, and adds nothing on it).
bool parseHunkHeader(std::string_view line, uint32_t& oldStart, uint32_t& newStart) {
  size_t minus = line.find(" -");
  size_t plus = line.find(" +", minus == std::string_view::npos ? 0 : minus);
  if (minus == std::string_view::npos || plus == std::string_view::npos) return false;
  oldStart = static_cast<uint32_t>(std::strtoul(std::string(line.substr(minus + 2, 12)).c_str(), nullptr, 10));
  newStart = static_cast<uint32_t>(std::strtoul(std::string(line.substr(plus + 2, 12)).c_str(), nullptr, 10));
  return true;
}

}  // namespace

std::vector<std::string> diffArguments() {
  // Whole files as context (one hunk per file); our own prefixes whatever the user's config
  // says; no external diff drivers or text conversions (they would run programs the
  // repository's config names); renames found.
  return {"--unified=100000000", "--src-prefix=a/", "--dst-prefix=b/", "--no-ext-diff",
          "--no-textconv", "--no-color", "--find-renames", "--relative", "--ignore-submodules"};
}

std::string unquoteGitPath(std::string_view text) {
  if (text.size() < 2 || text.front() != '"') return std::string(text);
  std::string out;
  for (size_t i = 1; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') break;
    if (c != '\\' || i + 1 >= text.size()) {
      out += c;
      continue;
    }
    char e = text[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'r': out += '\r'; break;
      case 'v': out += '\v'; break;
      default:
        if (e >= '0' && e <= '7' && i + 2 < text.size()) {
          int v = (e - '0') * 64 + (text[i + 1] - '0') * 8 + (text[i + 2] - '0');
          out += static_cast<char>(v);
          i += 2;
        } else {
          out += e;  // \" and \\ .
        }
    }
  }
  return out;
}

bool inRanges(const std::vector<LineRange>& ranges, uint32_t line) {
  size_t lo = 0, hi = ranges.size();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (ranges[mid].second < line) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.size() && ranges[lo].first <= line;
}

std::vector<FileChange> parseFullContextDiff(std::string_view diff) {
  std::vector<FileChange> out;
  FileChange* cur = nullptr;
  bool inHunk = false;
  uint32_t oldLine = 0, newLine = 0;
  int lastSides = 0;  // 1 old, 2 new, 3 both: where the previous hunk line went
  size_t pos = 0;
  while (pos < diff.size()) {
    std::string_view line = nextLine(diff, pos);
    if (startsWith(line, "diff --git ")) {
      out.emplace_back();
      cur = &out.back();
      inHunk = false;
      continue;
    }
    if (!cur) continue;
    if (inHunk && !line.empty() && (line[0] == ' ' || line[0] == '-' || line[0] == '+')) {
      std::string_view body = line.substr(1);
      if (line[0] != '+') {
        cur->oldText.append(body).push_back('\n');
        ++oldLine;
        if (line[0] == '-') addLine(cur->oldLines, oldLine);
      }
      if (line[0] != '-') {
        cur->newText.append(body).push_back('\n');
        ++newLine;
        if (line[0] == '+') addLine(cur->newLines, newLine);
      }
      lastSides = line[0] == ' ' ? 3 : line[0] == '-' ? 1 : 2;
      continue;
    }
    if (inHunk && startsWith(line, "\\")) {  // "\ No newline at end of file"
      if ((lastSides & 1) && !cur->oldText.empty()) cur->oldText.pop_back();
      if ((lastSides & 2) && !cur->newText.empty()) cur->newText.pop_back();
      continue;
    }
    if (startsWith(line, "@@ ")) {
      uint32_t a = 0, c = 0;
      if (parseHunkHeader(line, a, c)) {
        // An empty side's start names the line before it: count from there.
        oldLine = a == 0 ? 0 : a - 1;
        newLine = c == 0 ? 0 : c - 1;
        inHunk = true;
      }
      continue;
    }
    inHunk = false;
    if (startsWith(line, "new file mode")) cur->status = FileChange::Status::kAdded;
    else if (startsWith(line, "deleted file mode")) cur->status = FileChange::Status::kDeleted;
    else if (startsWith(line, "rename from ")) {
      cur->status = FileChange::Status::kRenamed;
      cur->oldPath = unquoteGitPath(line.substr(12));
    } else if (startsWith(line, "rename to ")) {
      cur->path = unquoteGitPath(line.substr(10));
    } else if (startsWith(line, "Binary files ")) {
      cur->binary = true;
    } else if (startsWith(line, "--- ")) {
      std::string p = sidePath(line.substr(4), "a/");
      if (!p.empty()) cur->oldPath = p;
    } else if (startsWith(line, "+++ ")) {
      std::string p = sidePath(line.substr(4), "b/");
      if (!p.empty()) cur->path = p;
    }
  }
  // Finish: a deleted file is named by its old path; an unnamed entry (a mode change, a
  // binary file git named only in its header) carries no text anyone can map.
  std::vector<FileChange> kept;
  for (auto& f : out) {
    if (f.status == FileChange::Status::kDeleted && f.path.empty()) f.path = f.oldPath;
    if (f.status == FileChange::Status::kAdded) f.oldPath.clear();
    if (f.status != FileChange::Status::kAdded && f.oldPath.empty()) f.oldPath = f.path;
    if (f.path.empty()) continue;
    if (f.oldLines.empty() && f.newLines.empty() && f.status == FileChange::Status::kModified)
      f.binary = f.binary || f.oldText.empty();
    kept.push_back(std::move(f));
  }
  return kept;
}

}  // namespace cg::tools
