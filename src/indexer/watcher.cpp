// The file watcher (watcher.h). Layout of this file: the batcher; the tree traversal shared by
// the watch setup and the scanning fallback (the walker's directory rules: built-in skips,
// .gitignore chains, virtualenvs; symlinks are not followed, their targets inside the root are
// watched under their own paths); the inotify bookkeeping; the thread loop.
#include "codegraph/indexer/watcher.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <map>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "codegraph/indexer/walker.h"
#include "gitignore.h"

namespace cg::indexer {
namespace fs = std::filesystem;

// ---- ChangeBatcher ----------------------------------------------------------------------------

void ChangeBatcher::touch(Clock::time_point now) {
  if (!pending_) first_ = now;
  pending_ = true;
  last_ = now;
  ++seq_;
}

void ChangeBatcher::addPath(std::string path, Clock::time_point now) {
  touch(now);
  if (fullWalk_) return;
  paths_.insert(std::move(path));
  if (paths_.size() > options_.maxPaths) {
    fullWalk_ = true;
    reason_ = "more than " + std::to_string(options_.maxPaths) + " changed files";
    paths_.clear();
  }
}

void ChangeBatcher::addFullWalk(std::string reason, Clock::time_point now) {
  touch(now);
  if (!fullWalk_) reason_ = std::move(reason);
  fullWalk_ = true;
  paths_.clear();
}

std::optional<ChangeBatcher::Clock::time_point> ChangeBatcher::due() const {
  if (!pending_) return std::nullopt;
  return std::min(last_ + options_.quiet, first_ + options_.maxDelay);
}

std::optional<ChangeBatch> ChangeBatcher::take(Clock::time_point now, bool flush) {
  if (!pending_ || (!flush && now < *due())) return std::nullopt;
  ChangeBatch b;
  b.paths.assign(paths_.begin(), paths_.end());
  b.fullWalk = fullWalk_;
  b.reason = reason_;
  b.seq = seq_;
  pending_ = false;
  paths_.clear();
  fullWalk_ = false;
  reason_.clear();
  return b;
}

// ---- traversal --------------------------------------------------------------------------------

namespace {

constexpr uint32_t kDirMask = IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE |
                              IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF |
                              IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK;
constexpr uint32_t kGitDirMask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ONLYDIR;
constexpr std::string_view kVenvMarker = "pyvenv.cfg";

std::string join(const std::string& dir, std::string_view name) {
  return dir.empty() ? std::string(name) : dir + "/" + std::string(name);
}

bool isUnder(const std::string& path, const std::string& dir) {
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
         path[dir.size()] == '/';
}

struct FileStamp {
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  bool operator==(const FileStamp& o) const { return size == o.size && mtimeNs == o.mtimeNs; }
};

}  // namespace

struct FileWatcher::Impl {
  struct Dir {
    std::string rel;
    IgnoreChain chain;  // the ignore files that apply to this directory's entries
  };

  explicit Impl(const WatcherOptions& o) : options(o), batcher(o.batching) {
    origin = findIgnoreOrigin(o.root);
    std::error_code ec;
    fs::path dotGit = origin.top / ".git";
    if (fs::is_directory(dotGit, ec)) gitDir = dotGit;
    for (const auto& p : o.excludePrefixes) excluded.push_back(p.string());
  }
  ~Impl() {
    if (inotifyFd >= 0) ::close(inotifyFd);
    if (wakeFd >= 0) ::close(wakeFd);
  }

  const WatcherOptions& options;
  ChangeBatcher batcher;
  IgnoreOrigin origin;
  fs::path gitDir;  // the work tree's .git folder, when it is a folder
  std::vector<std::string> excluded;

  int inotifyFd = -1;
  int wakeFd = -1;
  int gitWd = -1;
  std::unordered_map<int, Dir> dirs;         // watch descriptor → directory
  std::unordered_map<std::string, int> wds;  // directory → watch descriptor
  bool scanning = false;
  bool warnedScanning = false;
  // Files modified and not yet closed by their writer (a save in progress: truncated, not yet
  // written), with the time of their last modification. A sync() waits up to kSaveGrace for
  // them to close, so that a call made in the middle of a save does not index the file empty.
  std::unordered_map<std::string, std::chrono::steady_clock::time_point> saving;
  uint64_t graceTicket = 0;                          // the sync request the grace is for
  std::chrono::steady_clock::time_point graceUntil;  // ... and when it ends

  // Scanning fallback state.
  std::map<std::string, FileStamp> snapshot;
  int64_t headMtimeNs = 0;
  std::chrono::steady_clock::time_point nextScan{};

  bool excludedPath(const std::string& rel) const {
    if (excluded.empty()) return false;
    std::string abs = (options.root / rel).string();
    for (const auto& e : excluded)
      if (abs.compare(0, e.size(), e) == 0) return true;
    return false;
  }

  bool fileWanted(const std::string& rel, const IgnoreChain& chain) const {
    return !excludedPath(rel) && !chain.isIgnored(origin.rootPrefix + rel, false);
  }

  // Whether the walk would enter directory `rel` (name = its last component).
  bool dirWanted(const std::string& rel, std::string_view name,
                 const IgnoreChain& parentChain) const {
    if (isBuiltinSkippedDir(name) || parentChain.isIgnored(origin.rootPrefix + rel, true))
      return false;
    struct stat st {};
    return ::stat((options.root / rel / kVenvMarker).c_str(), &st) != 0;
  }

  // The chain for the root's entries: info/exclude and every .gitignore from the work tree's
  // top down to the root.
  IgnoreChain rootChain() const { return loadChainForDirectory(origin, ""); }

  IgnoreChain chainFor(const std::string& rel, const IgnoreChain& parentChain) const {
    if (auto f = IgnoreFile::load(options.root / rel / ".gitignore", origin.rootPrefix + rel))
      return parentChain.push(std::move(*f));
    return parentChain;
  }

  // Visits directory `rel` (already judged wanted) and everything wanted below it: onDir for
  // each directory with the chain for its entries (returns false to stop descending, e.g. out
  // of watches), onFile for each wanted regular file.
  template <class OnDir, class OnFile>
  void visit(const std::string& rel, const IgnoreChain& chain, OnDir&& onDir, OnFile&& onFile) {
    if (!onDir(rel, chain)) return;
    fs::path abs = rel.empty() ? options.root : options.root / rel;
    DIR* d = ::opendir(abs.c_str());
    if (!d) return;  // vanished or unreadable: the walk counts it, the watcher skips it
    std::vector<std::pair<std::string, bool>> entries;  // name, isDir
    while (dirent* e = ::readdir(d)) {
      std::string_view name = e->d_name;
      if (name == "." || name == "..") continue;
      unsigned char type = e->d_type;
      if (type == DT_UNKNOWN) {
        struct stat st {};
        if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
      }
      if (type == DT_DIR)
        entries.emplace_back(std::string(name), true);
      else if (type == DT_REG || type == DT_LNK)
        entries.emplace_back(std::string(name), false);
    }
    ::closedir(d);
    for (const auto& [name, isDir] : entries) {
      std::string childRel = join(rel, name);
      if (isDir) {
        if (dirWanted(childRel, name, chain))
          visit(childRel, chainFor(childRel, chain), onDir, onFile);
      } else if (fileWanted(childRel, chain)) {
        onFile(childRel);
      }
    }
  }

  // The chain of a directory's parent, for a directory that appeared under a watched one.
  const IgnoreChain* parentChain(const std::string& rel) const {
    size_t slash = rel.rfind('/');
    auto it = wds.find(slash == std::string::npos ? std::string() : rel.substr(0, slash));
    if (it == wds.end()) return nullptr;
    return &dirs.at(it->second).chain;
  }

  // ---- inotify ----

  // Adds a watch; false when inotify refused it for lack of watches (the caller switches to
  // scanning). Other failures (the directory vanished) are skipped.
  bool addWatch(const std::string& rel, const IgnoreChain& chain) {
    if (dirs.size() >= options.maxWatches && !wds.count(rel)) {
      errno = ENOSPC;
      return false;
    }
    fs::path abs = rel.empty() ? options.root : options.root / rel;
    int wd = ::inotify_add_watch(inotifyFd, abs.c_str(), kDirMask);
    if (wd < 0) return !(errno == ENOSPC || errno == ENOMEM);
    if (auto old = dirs.find(wd); old != dirs.end() && old->second.rel != rel)
      wds.erase(old->second.rel);
    dirs[wd] = Dir{rel, chain};
    wds[rel] = wd;
    return true;
  }

  // Watches `rel` and what is wanted below it; reports the files found when `report`.
  // False when the watches ran out.
  bool watchTree(const std::string& rel, const IgnoreChain& chain, bool report,
                 std::vector<std::string>* visited = nullptr) {
    bool ok = true;
    auto now = std::chrono::steady_clock::now();
    visit(
        rel, chain,
        [&](const std::string& dir, const IgnoreChain& c) {
          if (!ok) return false;
          if (visited) visited->push_back(dir);
          ok = addWatch(dir, c);
          return ok;
        },
        [&](const std::string& file) {
          if (report) batcher.addPath(file, now);
        });
    return ok;
  }

  void removeWatchesUnder(const std::string& rel) {
    for (auto it = wds.begin(); it != wds.end();) {
      if (it->first == rel || isUnder(it->first, rel)) {
        ::inotify_rm_watch(inotifyFd, it->second);
        dirs.erase(it->second);
        it = wds.erase(it);
      } else {
        ++it;
      }
    }
  }

  // Re-applies the rules to every directory (after an ignore file changed or events were
  // lost): new chains, watches for directories now wanted, none for those no longer wanted.
  bool resyncWatches() {
    std::vector<std::string> visited;
    if (!watchTree("", rootChain(), false, &visited)) return false;
    std::sort(visited.begin(), visited.end());
    for (auto it = wds.begin(); it != wds.end();) {
      if (!std::binary_search(visited.begin(), visited.end(), it->first)) {
        ::inotify_rm_watch(inotifyFd, it->second);
        dirs.erase(it->second);
        it = wds.erase(it);
      } else {
        ++it;
      }
    }
    return true;
  }

  // ---- scanning ----

  std::map<std::string, FileStamp> scan() {
    std::map<std::string, FileStamp> out;
    visit(
        "", rootChain(), [](const std::string&, const IgnoreChain&) { return true; },
        [&](const std::string& file) {
          struct stat st {};
          if (::stat((options.root / file).c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
          out[file] = FileStamp{
              static_cast<uint64_t>(st.st_size),
              static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec};
        });
    return out;
  }

  int64_t headStamp() const {
    if (gitDir.empty()) return 0;
    struct stat st {};
    if (::stat((gitDir / "HEAD").c_str(), &st) != 0) return 0;
    return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec +
           static_cast<int64_t>(st.st_size);
  }

  // Whether a sync request (`ticket`) waits for saves in progress: a file modified within the
  // last kSaveStale and not closed since, until kSaveGrace after the request. Older entries are
  // writers that keep a file open (a log, an mmap), not saves: they are forgotten.
  bool holdForSaves(uint64_t ticket, std::chrono::steady_clock::time_point now) {
    constexpr auto kSaveGrace = std::chrono::milliseconds(100);
    constexpr auto kSaveStale = std::chrono::seconds(1);
    std::erase_if(saving, [&](const auto& entry) { return now - entry.second > kSaveStale; });
    if (saving.empty() || (graceTicket == ticket && now >= graceUntil)) {
      graceTicket = 0;
      return false;
    }
    if (graceTicket != ticket) {
      graceTicket = ticket;
      graceUntil = now + kSaveGrace;
    }
    return true;
  }

  void switchToScanning(const std::string& why) {
    if (inotifyFd >= 0) ::close(inotifyFd);
    inotifyFd = -1;
    dirs.clear();
    wds.clear();
    gitWd = -1;
    scanning = true;
    if (!warnedScanning) {
      warnedScanning = true;
      spdlog::warn(
          "file watching: {}; scanning {} for changes every {:.1f}s instead (raise "
          "fs.inotify.max_user_watches to watch it)",
          why, options.root.string(), options.pollInterval.count() / 1000.0);
    }
    snapshot = scan();
    headMtimeNs = headStamp();
    nextScan = std::chrono::steady_clock::now() + options.pollInterval;
  }

  void scanOnce() {
    auto now = std::chrono::steady_clock::now();
    auto current = scan();
    auto a = snapshot.begin();
    auto b = current.begin();
    while (a != snapshot.end() || b != current.end()) {
      if (b == current.end() || (a != snapshot.end() && a->first < b->first)) {
        batcher.addPath(a->first, now);  // removed
        ++a;
      } else if (a == snapshot.end() || b->first < a->first) {
        batcher.addPath(b->first, now);  // added
        ++b;
      } else {
        if (!(a->second == b->second)) batcher.addPath(a->first, now);
        ++a;
        ++b;
      }
    }
    snapshot = std::move(current);
    int64_t head = headStamp();
    if (head != headMtimeNs) batcher.addFullWalk("branch switch", now);
    headMtimeNs = head;
    nextScan = now + options.pollInterval;
  }
};

// ---- FileWatcher ------------------------------------------------------------------------------

FileWatcher::FileWatcher(WatcherOptions options, OnBatch onBatch)
    : options_(std::move(options)), onBatch_(std::move(onBatch)) {
  observedSeq_ = options_.batching.firstSeq;
}

FileWatcher::~FileWatcher() {
  stop();
}

Status FileWatcher::start() {
  impl_ = std::make_unique<Impl>(options_);
  Impl& m = *impl_;
  m.wakeFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (m.wakeFd < 0)
    return makeError(ErrorCode::kIo, std::string("eventfd: ") + std::strerror(errno));
  m.inotifyFd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  if (m.inotifyFd < 0) {
    m.switchToScanning(std::string("no inotify instance (") + std::strerror(errno) + ")");
  } else {
    if (!m.watchTree("", m.rootChain(), false)) {
      m.switchToScanning("the inotify watch limit is reached after " +
                         std::to_string(m.dirs.size()) + " folders");
    } else if (!m.gitDir.empty()) {
      m.gitWd = ::inotify_add_watch(m.inotifyFd, m.gitDir.c_str(), kGitDirMask);
    }
  }
  watchCount_ = m.dirs.size();
  scanning_ = m.scanning;
  spdlog::info("file watching: {} ({} folders watched)", m.scanning ? "scanning" : "inotify",
               watchCount_.load());
  {
    std::lock_guard<std::mutex> lock(syncMu_);
    running_ = true;
  }
  thread_ = std::thread([this] { run(); });
  return okStatus();
}

void FileWatcher::stop() {
  stop_ = true;
  if (impl_ && impl_->wakeFd >= 0) {
    uint64_t one = 1;
    ssize_t w = ::write(impl_->wakeFd, &one, sizeof one);
    (void)w;
  }
  if (thread_.joinable()) thread_.join();
  {
    std::lock_guard<std::mutex> lock(syncMu_);
    running_ = false;
  }
  syncCv_.notify_all();
}

uint64_t FileWatcher::sync(std::chrono::milliseconds bound) {
  std::unique_lock<std::mutex> lock(syncMu_);
  if (!running_) return observedSeq_.load();
  uint64_t ticket = ++syncRequested_;
  uint64_t one = 1;
  ssize_t w = ::write(impl_->wakeFd, &one, sizeof one);
  (void)w;
  syncCv_.wait_for(lock, bound, [&] { return syncHandled_ >= ticket || !running_; });
  return observedSeq_.load();
}

void FileWatcher::run() {
  Impl& m = *impl_;
  using Clock = std::chrono::steady_clock;
  alignas(inotify_event) char buf[64 * 1024];
  while (!stop_) {
    auto now = Clock::now();
    std::optional<Clock::time_point> wakeAt = m.batcher.due();
    if (m.scanning && (!wakeAt || m.nextScan < *wakeAt)) wakeAt = m.nextScan;
    if (m.graceTicket != 0 && (!wakeAt || m.graceUntil < *wakeAt)) wakeAt = m.graceUntil;
    int timeoutMs = -1;
    if (wakeAt) {
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(*wakeAt - now).count();
      timeoutMs = static_cast<int>(std::clamp<long long>(ms + 1, 0, INT_MAX));
    }
    pollfd fds[2] = {{m.wakeFd, POLLIN, 0}, {m.inotifyFd, POLLIN, 0}};
    int n = ::poll(fds, m.inotifyFd >= 0 ? 2 : 1, timeoutMs);
    if (n < 0 && errno != EINTR) {
      spdlog::error("file watching stopped: poll: {}", std::strerror(errno));
      break;
    }
    if (stop_) break;
    uint64_t drained;
    while (::read(m.wakeFd, &drained, sizeof drained) > 0) {
    }
    uint64_t requested;
    {
      std::lock_guard<std::mutex> lock(syncMu_);
      requested = syncRequested_;
    }

    // Read everything queued (not only what poll saw: a sync() must see all of it).
    while (m.inotifyFd >= 0) {
      ssize_t len = ::read(m.inotifyFd, buf, sizeof buf);
      if (len <= 0) break;
      now = Clock::now();
      for (char* p = buf; p < buf + len;) {
        auto* ev = reinterpret_cast<inotify_event*>(p);
        p += sizeof(inotify_event) + ev->len;
        if (ev->mask & IN_Q_OVERFLOW) {
          m.batcher.addFullWalk("the event queue overflowed", now);
          if (!m.resyncWatches()) m.switchToScanning("the inotify watch limit is reached");
          continue;
        }
        std::string_view name = ev->len ? std::string_view(ev->name) : std::string_view();
        if (ev->wd == m.gitWd) {
          if (name == "HEAD") m.batcher.addFullWalk("branch switch", now);
          continue;
        }
        auto it = m.dirs.find(ev->wd);
        if (it == m.dirs.end()) continue;
        if (ev->mask & IN_IGNORED) {  // the directory is gone (or unwatched)
          if (auto w = m.wds.find(it->second.rel); w != m.wds.end() && w->second == ev->wd)
            m.wds.erase(w);
          m.dirs.erase(it);
          continue;
        }
        if (name.empty()) continue;  // events about the watched directory itself
        const std::string dirRel = it->second.rel;
        const std::string rel = join(dirRel, name);
        if (ev->mask & IN_ISDIR) {
          if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
            const IgnoreChain parent = it->second.chain;
            if (m.dirWanted(rel, name, parent) &&
                !m.watchTree(rel, m.chainFor(rel, parent), true)) {
              m.switchToScanning("the inotify watch limit is reached");
              m.batcher.addFullWalk("switched to scanning", now);
            }
          } else if (ev->mask & IN_MOVED_FROM) {
            m.removeWatchesUnder(rel);
            m.batcher.addFullWalk("a folder was moved", now);
          }
          continue;
        }
        if (name == ".gitignore") {
          m.batcher.addFullWalk("ignore rules changed", now);
          if (!m.resyncWatches()) m.switchToScanning("the inotify watch limit is reached");
          break;  // the descriptors of this buffer may be stale now; the rest is covered
        }
        if (m.fileWanted(rel, it->second.chain)) {
          if (ev->mask & IN_MODIFY) m.saving[rel] = now;
          if (ev->mask & (IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM)) m.saving.erase(rel);
          m.batcher.addPath(rel, now);
        }
      }
      if (m.scanning) break;
    }
    if (m.scanning && !scanning_) {
      scanning_ = true;
      m.batcher.addFullWalk("switched to scanning", Clock::now());
    }
    watchCount_ = m.dirs.size();
    if (m.scanning && Clock::now() >= m.nextScan) m.scanOnce();

    bool flush;
    {
      std::lock_guard<std::mutex> lock(syncMu_);
      flush = requested > syncHandled_;
    }
    if (flush && m.holdForSaves(requested, Clock::now())) continue;
    if (auto batch = m.batcher.take(Clock::now(), flush)) {
      if (batch->fullWalk)
        spdlog::info("file watching: full refresh ({})", batch->reason);
      else
        spdlog::debug("file watching: {} changed path(s)", batch->paths.size());
      onBatch_(std::move(*batch));
    }
    observedSeq_ = m.batcher.seq();
    {
      std::lock_guard<std::mutex> lock(syncMu_);
      syncHandled_ = std::max(syncHandled_, requested);
    }
    syncCv_.notify_all();
  }
  std::lock_guard<std::mutex> lock(syncMu_);
  running_ = false;
  syncCv_.notify_all();
}

}  // namespace cg::indexer
