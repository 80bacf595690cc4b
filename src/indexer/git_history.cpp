#include "git_history.h"

#include <algorithm>
#include <chrono>

#include "git_files.h"

namespace cg::indexer {

Expected<std::string> gitHead(const std::filesystem::path& root) {
  auto out = runGit(root, {"rev-parse", "--verify", "-q", "HEAD"});
  if (!out) return out.error();
  std::string head = *out;
  while (!head.empty() && (head.back() == '\n' || head.back() == '\r')) head.pop_back();
  if (head.empty()) return makeError(ErrorCode::kNotFound, "no HEAD commit");
  return head;
}

// Record layout (see readGitHistory): \x1e <unix time> \x1f <hash> \x1f <subject> \0 \n
// then each path followed by \0.
HistoryByPath parseGitLog(std::string_view text, const HistoryOptions& options) {
  const int64_t now = options.now ? options.now
                                  : std::chrono::duration_cast<std::chrono::seconds>(
                                        std::chrono::system_clock::now().time_since_epoch()).count();
  const int64_t windowStart = now - options.windowSeconds;
  HistoryByPath out;
  size_t pos = 0;
  while ((pos = text.find('\x1e', pos)) != std::string_view::npos) {
    size_t end = text.find('\x1e', pos + 1);
    std::string_view record = text.substr(pos + 1, end == std::string_view::npos ? text.npos : end - pos - 1);
    pos = end == std::string_view::npos ? text.size() : end;
    size_t headerEnd = record.find('\0');
    std::string_view header = record.substr(0, headerEnd);
    size_t s1 = header.find('\x1f');
    size_t s2 = s1 == std::string_view::npos ? s1 : header.find('\x1f', s1 + 1);
    if (s2 == std::string_view::npos) continue;
    model::Commit commit;
    commit.time = std::strtoll(std::string(header.substr(0, s1)).c_str(), nullptr, 10);
    commit.hash = std::string(header.substr(s1 + 1, s2 - s1 - 1));
    commit.subject = std::string(header.substr(s2 + 1));
    if (headerEnd == std::string_view::npos) continue;
    std::string_view files = record.substr(headerEnd + 1);
    std::vector<std::string_view> paths;
    size_t f = 0;
    while (f < files.size()) {
      size_t z = files.find('\0', f);
      std::string_view path = files.substr(f, z == std::string_view::npos ? files.npos : z - f);
      f = z == std::string_view::npos ? files.size() : z + 1;
      while (!path.empty() && (path.front() == '\n' || path.front() == '\r')) path.remove_prefix(1);
      if (!path.empty()) paths.push_back(path);
    }
    commit.files = static_cast<uint32_t>(paths.size());
    for (std::string_view path : paths) {
      model::FileHistory& h = out[std::string(path)];
      if (commit.time >= windowStart && commit.time <= now + 86400) ++h.commits90d;
      h.lastCommit = std::max(h.lastCommit, commit.time);
      h.recent.push_back(commit);
    }
  }
  for (auto& [path, h] : out) {
    std::stable_sort(h.recent.begin(), h.recent.end(),
                     [](const model::Commit& a, const model::Commit& b) { return a.time > b.time; });
    if (h.recent.size() > options.recentPerFile) h.recent.resize(options.recentPerFile);
  }
  return out;
}

Expected<HistoryByPath> readGitHistory(const std::filesystem::path& root, const HistoryOptions& options) {
  auto out = runGit(root, {"log", "-z", "--name-only", "--no-renames",
                           "--relative", "--format=%x1e%ct%x1f%H%x1f%s",
                           "--max-count=" + std::to_string(options.maxCommits), "--", "."});
  if (!out) return out.error();
  return parseGitLog(*out, options);
}

}  // namespace cg::indexer
