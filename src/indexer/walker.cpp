// The repository walk (walker.h). Two ways to find the files, one way to judge them:
//
//   git mode        `git ls-files` (git_files.h) names the files; they are judged in parallel.
//                   Deleted tracked files, submodules and symlinks to directories are silently
//                   absent (git lists a symlink as one entry; what it points to inside the root is
//                   listed under its own path). Used when options.useGit and git succeeds.
//   .gitignore walk a parallel directory walk over a shared queue of directories; each worker
//                   reads one directory, queues its subdirectories and judges its files. Ignore
//                   rules: gitignore.h (with its precedence list). Used when git is not wanted,
//                   not installed, fails, or the root is not in a work tree.
//
// In both modes a path with a built-in skipped directory component (isBuiltinSkippedDir: hidden
// folders, node_modules, vendor, build output), or below a directory holding `pyvenv.cfg` (a
// Python virtual environment, whatever its name; not the root itself), is dropped without being
// counted, as an ignored file is. Hidden FILES are kept when they have a language (a top-level
// .eslintrc.js is code); those in hidden folders never get that far. Each remaining file is judged
// by file_kind.h.
//
// Symlinks: followed only when the canonical target is inside the root. A symlinked directory
// is walked under the link's path unless its target lies in a built-in skipped directory
// (`src/x -> ../.git` is not walked); loops are caught by comparing each directory's (dev, inode)
// with those of the directories above it on the current path (kSymlinkLoop), and ELOOP from
// realpath (a link cycle) counts the same. Inside a linked directory, links to directories are
// not followed (kSymlinkLoop too): each link is walked once, however many routes lead to its
// target, so the walk is linear in the links, never exponential in a diamond of them.
//
// Determinism: every worker fills its own Collector; the merge sorts files by path and keeps the
// 100 smallest (path, message) errors, so the result does not depend on the thread count or on
// scheduling. Errors never stop the walk; only an unusable root is an Error.
#include "codegraph/indexer/walker.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "file_kind.h"
#include "git_files.h"
#include "gitignore.h"

namespace cg::indexer {
namespace {

constexpr size_t kMaxErrors = 100;
constexpr std::string_view kVenvMarker = "pyvenv.cfg";
constexpr size_t kReasonCount = static_cast<size_t>(SkipReason::kUnsupported) + 1;

struct WalkContext {
  std::string root;        // canonical, no trailing '/'
  std::string rootPrefix;  // root relative to the ignore files' top, "" or "a/b/"
  uint64_t maxFileBytes = 0;
  const WalkOptions* options = nullptr;

  std::string abs(std::string_view rel) const {
    if (rel.empty()) return root;
    return (root == "/" ? std::string() : root) + "/" + std::string(rel);
  }
  // The path the ignore rules see (relative to the work tree's top).
  std::string topRel(std::string_view rel) const {
    if (rootPrefix.empty()) return std::string(rel);
    if (rel.empty()) return rootPrefix.substr(0, rootPrefix.size() - 1);
    return rootPrefix + std::string(rel);
  }
};

using ErrorList = std::vector<std::pair<std::string, std::string>>;

void keepFirstErrors(ErrorList& errors) {
  std::sort(errors.begin(), errors.end());
  if (errors.size() > kMaxErrors) errors.resize(kMaxErrors);
}

// One worker's findings; merged once at the end, so the hot path takes no lock.
struct Collector {
  std::vector<WalkedFile> files;
  std::array<uint64_t, kReasonCount> skipped{};
  uint64_t ignored = 0;  // entries (files and folders) the .gitignore rules exclude
  ErrorList errors;

  void skip(SkipReason reason) { ++skipped[static_cast<size_t>(reason)]; }
  void fail(SkipReason reason, std::string path, std::string message) {
    skip(reason);
    spdlog::debug("walk: {} skipped ({}): {}", path, toString(reason), message);
    errors.emplace_back(std::move(path), std::move(message));
    // Keeping this worker's 100 smallest keeps the overall 100 smallest: the merge is exact.
    if (errors.size() >= 2 * kMaxErrors) keepFirstErrors(errors);
  }
  // A resolved regular file: classify its content and keep it or count why not.
  void judge(const WalkContext& ctx, const ResolvedEntry& e, const std::string& absPath,
             std::string relPath) {
    if (ctx.options->known) {
      const uint64_t size = static_cast<uint64_t>(e.st.st_size);
      const int64_t mtime = mtimeNs(e.st);
      if (size <= ctx.maxFileBytes)
        if (const lang::Language* language = ctx.options->known(relPath, size, mtime)) {
          files.push_back(WalkedFile{std::move(relPath), language, size, mtime});
          return;
        }
    }
    std::string error;
    FileVerdict v = classifyContent(e, absPath, relPath, ctx.maxFileBytes, &error);
    if (v.skip == SkipReason::kUnreadable)
      return fail(*v.skip, std::move(relPath), std::move(error));
    if (v.skip) return skip(*v.skip);
    files.push_back(WalkedFile{std::move(relPath), v.language, v.size, v.mtimeNs});
  }
  // An entry resolveEntry could not turn into a file or directory.
  void unresolved(const ResolvedEntry& e, std::string relPath) {
    if (e.kind == ResolvedEntry::Kind::kSpecial) return skip(SkipReason::kUnsupported);
    if (e.reason == SkipReason::kSymlinkOutside) return skip(e.reason);
    fail(e.reason, std::move(relPath), e.error);
  }
};

WalkResult merge(std::vector<Collector>& parts, bool usedGit) {
  WalkResult result;
  result.usedGit = usedGit;
  std::array<uint64_t, kReasonCount> counts{};
  for (auto& p : parts) {
    result.ignored += p.ignored;
    std::move(p.files.begin(), p.files.end(), std::back_inserter(result.files));
    std::move(p.errors.begin(), p.errors.end(), std::back_inserter(result.errors));
    for (size_t i = 0; i < kReasonCount; ++i) counts[i] += p.skipped[i];
  }
  std::sort(result.files.begin(), result.files.end(),
            [](const WalkedFile& a, const WalkedFile& b) { return a.path < b.path; });
  keepFirstErrors(result.errors);
  for (size_t i = 0; i < kReasonCount; ++i)
    if (counts[i] > 0) result.skipped[static_cast<SkipReason>(i)] = counts[i];
  return result;
}

unsigned threadCount(unsigned requested) {
  if (requested != 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

// Runs fn(worker) on n threads; n == 1 runs it inline on the caller's thread.
template <class F>
void runWorkers(unsigned n, F&& fn) {
  if (n <= 1) return fn(0u);
  std::vector<std::thread> threads;
  threads.reserve(n);
  for (unsigned i = 0; i < n; ++i) threads.emplace_back([&fn, i] { fn(i); });
  for (auto& t : threads) t.join();
}

// Whether a directory symlink's canonical target may be walked: not inside a built-in skipped
// directory (a link to .git or node_modules would undo the skip under another name).
bool targetWalkable(const WalkContext& ctx, std::string_view target) {
  std::string_view rel = target.substr(std::min(target.size(), ctx.root.size() + 1));
  while (!rel.empty()) {
    size_t slash = rel.find('/');
    if (isBuiltinSkippedDir(rel.substr(0, slash))) return false;
    rel.remove_prefix(slash == std::string_view::npos ? rel.size() : slash + 1);
  }
  return true;
}

// ---- git mode ----------------------------------------------------------------------------------

struct GitItem {
  std::string path;
  bool parentPlain = true;  // every directory above is a real directory (no symlink)
};

// Builtin skips by component, and one lstat per distinct directory to tell which parents are
// plain directories; files below a symlinked or vanished directory take the careful path.
std::vector<GitItem> prepareGitItems(const WalkContext& ctx, std::vector<std::string> paths) {
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  std::unordered_set<std::string> venvDirs;  // a listed <dir>/pyvenv.cfg marks a virtualenv
  for (const auto& p : paths) {
    size_t slash = p.rfind('/');
    if (slash != std::string::npos && std::string_view(p).substr(slash + 1) == kVenvMarker)
      venvDirs.insert(p.substr(0, slash));
  }
  std::unordered_map<std::string, bool> plainDirs;
  auto isPlain = [&](auto&& self, const std::string& dir) -> bool {
    if (dir.empty()) return true;
    if (auto it = plainDirs.find(dir); it != plainDirs.end()) return it->second;
    size_t slash = dir.rfind('/');
    bool plain = self(self, slash == std::string::npos ? std::string() : dir.substr(0, slash));
    struct stat st {};
    plain = plain && ::lstat(ctx.abs(dir).c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    plainDirs.emplace(dir, plain);
    return plain;
  };
  std::vector<GitItem> items;
  items.reserve(paths.size());
  for (auto& p : paths) {
    bool skipped = false;
    for (size_t start = 0, slash; !skipped && (slash = p.find('/', start)) != std::string::npos;
         start = slash + 1) {
      skipped = isBuiltinSkippedDir(std::string_view(p).substr(start, slash - start)) ||
                (!venvDirs.empty() && venvDirs.count(p.substr(0, slash)) > 0);
    }
    if (skipped) continue;
    size_t slash = p.rfind('/');
    bool plain = slash == std::string::npos || isPlain(isPlain, p.substr(0, slash));
    items.push_back(GitItem{std::move(p), plain});
  }
  return items;
}

void judgeGitItem(const WalkContext& ctx, GitItem& item, Collector& out) {
  if (!item.parentPlain) {
    std::string parent = ctx.abs(item.path.substr(0, item.path.rfind('/')));
    char buf[PATH_MAX];
    if (::realpath(parent.c_str(), buf) == nullptr) {
      int err = errno;
      if (err == ENOENT || err == ENOTDIR) return;  // deleted with its directory
      if (err == ELOOP)
        return out.fail(SkipReason::kSymlinkLoop, std::move(item.path), "symlink loop");
      return out.fail(SkipReason::kUnreadable, std::move(item.path),
                      std::string("realpath: ") + std::strerror(err));
    }
    if (!isInsideRoot(ctx.root, buf)) return out.skip(SkipReason::kSymlinkOutside);
  }
  const std::string absPath = ctx.abs(item.path);
  ResolvedEntry e = resolveEntry(ctx.root, absPath);
  switch (e.kind) {
    case ResolvedEntry::Kind::kMissing:    // a tracked file deleted from the work tree
    case ResolvedEntry::Kind::kDirectory:  // a submodule, or a symlink to a directory
      return;
    case ResolvedEntry::Kind::kRegular:
      return out.judge(ctx, e, absPath, std::move(item.path));
    case ResolvedEntry::Kind::kSkipped:
    case ResolvedEntry::Kind::kSpecial:
      return out.unresolved(e, std::move(item.path));
  }
}

std::vector<Collector> walkGitFiles(const WalkContext& ctx, std::vector<std::string> paths,
                                    unsigned threads) {
  std::vector<GitItem> items = prepareGitItems(ctx, std::move(paths));
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(items.size() / 64 + 1)));
  std::vector<Collector> parts(threads);
  std::atomic<size_t> next{0};
  runWorkers(threads, [&](unsigned w) {
    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < items.size();)
      judgeGitItem(ctx, items[i], parts[w]);
  });
  return parts;
}

// ---- .gitignore walk ---------------------------------------------------------------------------

struct Ancestor {
  dev_t dev;
  ino_t ino;
  std::shared_ptr<const Ancestor> parent;
};

struct DirTask {
  std::string rel;                          // "" for the root
  IgnoreChain chain;                        // the rules for this directory's entries...
  bool chainHasOwnFile = false;             // ...already holding its own .gitignore (the root)
  std::shared_ptr<const Ancestor> parents;  // directories above, for loop detection
  bool viaSymlink = false;                  // reached through a symlink checked to stay inside
  bool underSymlink = false;                // this or a directory above was reached so
};

// A shared LIFO of directories; pop() blocks until there is work or every worker is idle.
class DirQueue {
 public:
  void push(DirTask task) {
    {
      std::lock_guard lock(mu_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }
  bool pop(DirTask& task) {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return !tasks_.empty() || busy_ == 0; });
    if (tasks_.empty()) return false;
    task = std::move(tasks_.back());
    tasks_.pop_back();
    ++busy_;
    return true;
  }
  void finished() {
    std::lock_guard lock(mu_);
    if (--busy_ == 0 && tasks_.empty()) cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<DirTask> tasks_;
  unsigned busy_ = 0;
};

void walkDirectory(const WalkContext& ctx, DirTask task, DirQueue& queue, Collector& out) {
  const std::string dirAbs = ctx.abs(task.rel);
  const std::string shown = task.rel.empty() ? "." : task.rel;
  // O_NOFOLLOW: a directory swapped for a symlink after readdir is not entered.
  int fd = ::open(dirAbs.c_str(),
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC | (task.viaSymlink ? 0 : O_NOFOLLOW));
  DIR* dir = fd < 0 ? nullptr : ::fdopendir(fd);
  if (dir == nullptr) {
    int err = errno;
    if (fd >= 0) ::close(fd);
    return out.fail(SkipReason::kUnreadable, shown, std::string("opendir: ") + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(dirfd(dir), &st) != 0) {
    int err = errno;
    ::closedir(dir);
    return out.fail(SkipReason::kUnreadable, shown, std::string("fstat: ") + std::strerror(err));
  }
  for (const Ancestor* a = task.parents.get(); a != nullptr; a = a->parent.get()) {
    if (a->dev == st.st_dev && a->ino == st.st_ino) {
      ::closedir(dir);
      return out.fail(SkipReason::kSymlinkLoop, shown, "directory loop");
    }
  }
  auto self = std::make_shared<const Ancestor>(Ancestor{st.st_dev, st.st_ino, task.parents});

  std::vector<std::pair<std::string, unsigned char>> entries;
  bool hasGitignore = false, isVenv = false;
  errno = 0;
  while (const dirent* de = ::readdir(dir)) {
    std::string_view name = de->d_name;
    if (name == "." || name == "..") continue;
    hasGitignore = hasGitignore || name == ".gitignore";
    isVenv = isVenv || name == kVenvMarker;
    entries.emplace_back(name, de->d_type);
  }
  if (errno != 0)
    out.fail(SkipReason::kUnreadable, shown, std::string("readdir: ") + std::strerror(errno));
  ::closedir(dir);
  if (isVenv && !task.rel.empty()) return;

  IgnoreChain chain = task.chain;
  if (hasGitignore && !task.chainHasOwnFile) {
    if (auto f = IgnoreFile::load(dirAbs + "/.gitignore", ctx.topRel(task.rel)))
      chain = chain.push(std::move(*f));
  }
  const std::string prefix = task.rel.empty() ? std::string() : task.rel + "/";
  for (auto& [name, type] : entries) {
    if (name == ".git") continue;  // the repository itself (a directory, or a worktree's file)
    std::string rel = prefix + name;
    if (type == DT_DIR) {
      if (isBuiltinSkippedDir(name)) continue;
      if (chain.isIgnored(ctx.topRel(rel), true)) {
        ++out.ignored;
        continue;
      }
      queue.push(DirTask{std::move(rel), chain, false, self, false, task.underSymlink});
      continue;
    }
    // A plain file needs no syscall to be ignored; links and unknown types are resolved first.
    if (type == DT_REG && chain.isIgnored(ctx.topRel(rel), false)) {
      ++out.ignored;
      continue;
    }
    const std::string absPath = dirAbs + (dirAbs == "/" ? "" : "/") + name;
    ResolvedEntry e = resolveEntry(ctx.root, absPath);
    const bool isDir = e.kind == ResolvedEntry::Kind::kDirectory;
    if (type != DT_REG) {
      if (isDir && isBuiltinSkippedDir(name)) continue;
      if (chain.isIgnored(ctx.topRel(rel), isDir)) {
        ++out.ignored;
        continue;
      }
    }
    switch (e.kind) {
      case ResolvedEntry::Kind::kDirectory:
        // A directory link is followed from real folders only: inside a linked folder, links
        // to folders are not, so that links between folders that lead to the same place by
        // many routes (a diamond: n folders each linking twice to the next) cost one walk per
        // link instead of one per route (2^n).
        if (e.viaSymlink && task.underSymlink) {
          out.skip(SkipReason::kSymlinkLoop);
          break;
        }
        if (!e.viaSymlink || targetWalkable(ctx, e.target))
          queue.push(DirTask{std::move(rel), chain, false, self, e.viaSymlink,
                             e.viaSymlink || task.underSymlink});
        break;
      case ResolvedEntry::Kind::kRegular:
        out.judge(ctx, e, absPath, std::move(rel));
        break;
      case ResolvedEntry::Kind::kMissing:
        out.fail(SkipReason::kUnreadable, std::move(rel), "vanished while walked");
        break;
      case ResolvedEntry::Kind::kSkipped:
      case ResolvedEntry::Kind::kSpecial:
        out.unresolved(e, std::move(rel));
        break;
    }
  }
}

std::vector<Collector> walkDirectories(const WalkContext& ctx, const IgnoreOrigin& origin,
                                       unsigned threads) {
  std::vector<Collector> parts(threads);
  DirQueue queue;
  queue.push(DirTask{"", loadChainForDirectory(origin, ""), true, nullptr, false});
  runWorkers(threads, [&](unsigned w) {
    DirTask task;
    while (queue.pop(task)) {
      walkDirectory(ctx, std::move(task), queue, parts[w]);
      queue.finished();
    }
  });
  return parts;
}

void logOnceGitFallback(const std::string& root, const Error& error) {
  static std::atomic<bool> logged{false};
  if (!logged.exchange(true))
    spdlog::info("git file listing unavailable for {} ({}); using the .gitignore walk", root,
                 error.message);
}

}  // namespace

Expected<WalkResult> walkRepository(const WalkOptions& options) {
  WalkContext ctx;
  ctx.root = options.root.string();
  while (ctx.root.size() > 1 && ctx.root.back() == '/') ctx.root.pop_back();
  ctx.maxFileBytes = options.maxFileBytes;
  ctx.options = &options;
  if (!options.root.is_absolute())
    return makeError(ErrorCode::kInvalidArgument, "repository root must be absolute: " + ctx.root);
  struct stat st {};
  if (::stat(ctx.root.c_str(), &st) != 0)
    return makeError(errno == ENOENT ? ErrorCode::kNotFound : ErrorCode::kIo,
                     "cannot access repository root " + ctx.root + ": " + std::strerror(errno));
  if (!S_ISDIR(st.st_mode))
    return makeError(ErrorCode::kInvalidArgument,
                     "repository root is not a directory: " + ctx.root);
  if (::access(ctx.root.c_str(), R_OK | X_OK) != 0)
    return makeError(ErrorCode::kIo,
                     "cannot read repository root " + ctx.root + ": " + std::strerror(errno));

  const unsigned threads = threadCount(options.threads);
  const IgnoreOrigin origin = findIgnoreOrigin(options.root);
  std::vector<Collector> parts;
  bool usedGit = false;
  if (options.useGit) {
    auto listed = listGitFiles(options.root);
    if (listed && listed->empty() && origin.inWorkTree) {
      // Nothing listed: the root is itself ignored by an enclosing work tree (an install
      // under a git-managed dotfolder, say). The user asked for this folder: walk it.
      spdlog::info("git lists no files under {} (ignored by its work tree); walking it instead",
                   ctx.root);
    } else if (listed) {
      parts = walkGitFiles(ctx, std::move(*listed), threads);
      usedGit = true;
    } else if (origin.inWorkTree) {
      logOnceGitFallback(ctx.root, listed.error());
    } else {
      spdlog::debug("{} is not in a git work tree: {}", ctx.root, listed.error().message);
    }
  }
  if (!usedGit) {
    ctx.rootPrefix = origin.rootPrefix;
    parts = walkDirectories(ctx, origin, threads);
  }
  WalkResult result = merge(parts, usedGit);

  uint64_t skippedTotal = 0;
  for (auto& [reason, n] : result.skipped) skippedTotal += n;
  spdlog::info("walk of {}: {} files, {} skipped ({}, {} thread{})", ctx.root, result.files.size(),
               skippedTotal, usedGit ? "git" : ".gitignore walk", threads, threads == 1 ? "" : "s");
  for (auto& [reason, n] : result.skipped) spdlog::debug("  skipped {}: {}", toString(reason), n);
  if (!usedGit) spdlog::debug("  ignored by .gitignore rules: {} entries", result.ignored);
  if (result.files.empty() && result.ignored > 0)
    spdlog::warn("walk of {}: nothing to index: the .gitignore rules ignore all {} entries found "
                 "(a rule such as `/*` in the top .gitignore ignores every file)",
                 ctx.root, result.ignored);
  if (!result.errors.empty()) {
    auto count = [&](SkipReason r) {
      auto it = result.skipped.find(r);
      return it == result.skipped.end() ? uint64_t{0} : it->second;
    };
    spdlog::warn("walk of {}: {} entries could not be walked (first: {}: {})", ctx.root,
                 count(SkipReason::kUnreadable) + count(SkipReason::kSymlinkLoop),
                 result.errors.front().first, result.errors.front().second);
  }
  return result;
}

}  // namespace cg::indexer
