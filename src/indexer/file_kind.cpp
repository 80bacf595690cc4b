#include "file_kind.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace cg::indexer {
namespace {

// Directory names never walked, in both modes (a path with such a component is skipped, and no
// `!` pattern brings it back). Generated or third-party trees: indexing them drowns the
// repository's own code and costs most of the time.
constexpr std::array<std::string_view, 9> kSkippedDirNames = {
    "node_modules",      // npm / yarn / pnpm packages
    "bower_components",  // Bower packages
    "jspm_packages",     // jspm packages
    "vendor",            // Go, PHP (Composer), Ruby (Bundler) vendored dependencies
    "build",             // CMake, Gradle, Python setuptools, many others
    "dist",              // bundler and packaging output
    "out",               // javac, TypeScript, IntelliJ output
    "target",            // Cargo, Maven, sbt output
    "__pycache__",       // CPython bytecode
};
// Plus any name starting with "cmake-build-" (CLion's cmake-build-debug, ...) and every hidden
// folder (a name starting with '.': .git, .venv, .tox, .idea, .cache, .next, ...). Python
// virtual environments under other names are recognised by content, not by name (walker.cpp:
// a directory holding pyvenv.cfg): "venv" is also the standard library's venv package.
constexpr std::string_view kSkippedDirPrefix = "cmake-build-";

constexpr size_t kMaxLineBytes = 4000;
constexpr size_t kMaxAverageLineBytes = 300;

std::string errnoMessage(const char* what, int err) {
  return std::string(what) + ": " + std::strerror(err);
}

}  // namespace

int64_t mtimeNs(const struct stat& st) {
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

std::string_view toString(SkipReason reason) {
  // By the reasons' values, in the order walker.h declares them.
  static constexpr std::string_view kNames[] = {"binary",     "too_large",       "minified",
                                                "unreadable", "symlink_outside", "symlink_loop",
                                                "unsupported"};
  static_assert(std::size(kNames) == static_cast<size_t>(SkipReason::kUnsupported) + 1);
  const auto i = static_cast<size_t>(reason);
  return i < std::size(kNames) ? kNames[i] : "unknown";
}

bool isBuiltinSkippedDir(std::string_view name) {
  if (name.empty()) return false;
  if (name.front() == '.') return true;
  if (name.substr(0, kSkippedDirPrefix.size()) == kSkippedDirPrefix) return true;
  for (auto n : kSkippedDirNames)
    if (n == name) return true;
  return false;
}

bool isInsideRoot(std::string_view root, std::string_view path) {
  if (root == "/") return !path.empty() && path.front() == '/';
  return path.substr(0, root.size()) == root &&
         (path.size() == root.size() || path[root.size()] == '/');
}

bool looksMinified(std::string_view head, uint64_t fileSize) {
  if (fileSize <= kMinifiedMinFileBytes || head.empty()) return false;
  size_t lines = 0, longest = 0, run = 0;
  for (size_t i = 0; i < head.size(); ++i) {
    char c = head[i];
    // "\n", "\r\n" and a lone "\r" (classic Mac) each end one line.
    bool eol = c == '\n' || (c == '\r' && (i + 1 == head.size() || head[i + 1] != '\n'));
    if (eol) {
      ++lines;
      longest = std::max(longest, run);
      run = 0;
    } else if (c != '\r') {
      ++run;
    }
  }
  longest = std::max(longest, run);
  if (run > 0) ++lines;
  if (longest > kMaxLineBytes) return true;
  return head.size() / lines > kMaxAverageLineBytes;
}

ResolvedEntry resolveEntry(std::string_view root, const std::string& absPath) {
  ResolvedEntry e;
  if (::lstat(absPath.c_str(), &e.st) != 0) {
    int err = errno;
    if (err == ENOENT || err == ENOTDIR) {
      e.kind = ResolvedEntry::Kind::kMissing;
    } else {
      e.error = errnoMessage("lstat", err);
    }
    return e;
  }
  if (S_ISLNK(e.st.st_mode)) {
    e.viaSymlink = true;
    char buf[PATH_MAX];
    if (::realpath(absPath.c_str(), buf) == nullptr) {
      int err = errno;
      if (err == ELOOP) {
        e.reason = SkipReason::kSymlinkLoop;
        e.error = "symlink loop";
      } else if (err == ENOENT || err == ENOTDIR) {
        e.error = "dangling symlink";
      } else {
        e.error = errnoMessage("realpath", err);
      }
      return e;
    }
    e.target = buf;
    if (!isInsideRoot(root, e.target)) {
      e.reason = SkipReason::kSymlinkOutside;
      return e;
    }
    if (::stat(e.target.c_str(), &e.st) != 0) {
      e.error = errnoMessage("stat", errno);
      return e;
    }
  }
  if (S_ISREG(e.st.st_mode)) {
    e.kind = ResolvedEntry::Kind::kRegular;
  } else if (S_ISDIR(e.st.st_mode)) {
    e.kind = ResolvedEntry::Kind::kDirectory;
  } else {
    e.kind = ResolvedEntry::Kind::kSpecial;
  }
  return e;
}

FileVerdict classifyContent(const ResolvedEntry& entry, const std::string& absPath,
                            std::string_view relPath, uint64_t maxFileBytes, std::string* error) {
  FileVerdict v;
  v.size = static_cast<uint64_t>(entry.st.st_size);
  v.mtimeNs = mtimeNs(entry.st);
  if (v.size > maxFileBytes) {
    v.skip = lang::detectLanguage(relPath, {}) ? SkipReason::kTooLarge : SkipReason::kUnsupported;
    return v;
  }
  // An extension no language claims: unsupported whatever the content, so not opened (a third
  // of the kernel's files: Makefiles' .S, .dts, .txt, .rst...).
  if (!lang::languageNeedsHead(relPath) && lang::detectLanguage(relPath, {}) == nullptr) {
    v.skip = SkipReason::kUnsupported;
    return v;
  }
  // A link was resolved and checked: open its target, so a swap of the link after the check
  // cannot lead outside; a plain file is opened with O_NOFOLLOW for the same reason.
  const std::string& openPath = entry.viaSymlink ? entry.target : absPath;
  int fd = ::open(openPath.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW);
  if (fd < 0) {
    // ELOOP here means the plain file became a symlink after the lstat: changed while walked.
    v.skip = SkipReason::kUnreadable;
    if (error) *error = errnoMessage("open", errno);
    return v;
  }
  std::array<char, kHeadBytes> buf;
  size_t n = 0;
  while (n < buf.size()) {
    ssize_t r = ::read(fd, buf.data() + n, buf.size() - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int err = errno;
      ::close(fd);
      v.skip = SkipReason::kUnreadable;
      if (error) *error = errnoMessage("read", err);
      return v;
    }
    if (r == 0) break;
    n += static_cast<size_t>(r);
  }
  ::close(fd);
  std::string_view head(buf.data(), n);
  v.language = lang::detectLanguage(relPath, head.substr(0, kLanguageHeadBytes));
  if (v.language == nullptr) {
    v.skip = SkipReason::kUnsupported;
  } else if (head.find('\0') != std::string_view::npos) {
    v.skip = SkipReason::kBinary;
  } else if (v.language->grammar != nullptr && looksMinified(head, v.size)) {
    v.skip = SkipReason::kMinified;
  }
  if (v.skip) v.language = nullptr;
  return v;
}

FileVerdict classifyFile(const std::filesystem::path& root, const std::string& relPath,
                         uint64_t maxFileBytes) {
  FileVerdict v;
  const std::string rootStr = root.string();
  // A relative, normalised path only: "..", "." and empty segments could name a file elsewhere.
  bool valid = !relPath.empty() && relPath.front() != '/';
  for (size_t start = 0; valid && start <= relPath.size();) {
    size_t slash = relPath.find('/', start);
    std::string_view seg =
        std::string_view(relPath).substr(start, slash == std::string::npos ? slash : slash - start);
    valid = !seg.empty() && seg != "." && seg != "..";
    start = slash == std::string::npos ? relPath.size() + 1 : slash + 1;
  }
  if (!valid) {
    v.skip = SkipReason::kUnreadable;
    return v;
  }
  // The directories above may be symlinks: their canonical path must stay inside the root.
  size_t slash = relPath.rfind('/');
  if (slash != std::string::npos) {
    char buf[PATH_MAX];
    std::string parent = rootStr + "/" + relPath.substr(0, slash);
    if (::realpath(parent.c_str(), buf) == nullptr) {
      v.skip = errno == ELOOP ? SkipReason::kSymlinkLoop : SkipReason::kUnreadable;
      return v;
    }
    if (!isInsideRoot(rootStr, buf)) {
      v.skip = SkipReason::kSymlinkOutside;
      return v;
    }
  }
  const std::string absPath = rootStr + "/" + relPath;
  ResolvedEntry e = resolveEntry(rootStr, absPath);
  switch (e.kind) {
    case ResolvedEntry::Kind::kRegular:
      return classifyContent(e, absPath, relPath, maxFileBytes, nullptr);
    case ResolvedEntry::Kind::kMissing:
      v.skip = SkipReason::kUnreadable;
      return v;
    case ResolvedEntry::Kind::kSkipped:
      v.skip = e.reason;
      return v;
    case ResolvedEntry::Kind::kDirectory:  // not a file: nothing to index under this name
    case ResolvedEntry::Kind::kSpecial:
      v.skip = SkipReason::kUnsupported;
      return v;
  }
  return v;
}

}  // namespace cg::indexer
