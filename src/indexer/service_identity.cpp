// The index service's identity checks (service.h, "Identity" and "Damage"): the repository
// folder, its git folder, the database and its lock file held open and compared with what their
// paths name now, and the marker a query leaves on a damaged database.
#include "codegraph/indexer/service.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

namespace cg::indexer {

IndexService::Held::Held(const std::filesystem::path& path)
    : fd_(::open(path.c_str(), O_PATH | O_CLOEXEC)) {
  struct stat st {};
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0) {
    dev_ = st.st_dev;
    ino_ = st.st_ino;
  }
}

IndexService::Held::Held(Held&& other) noexcept : fd_(other.fd_), dev_(other.dev_), ino_(other.ino_) {
  other.fd_ = -1;
}

IndexService::Held& IndexService::Held::operator=(Held&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    dev_ = other.dev_;
    ino_ = other.ino_;
    other.fd_ = -1;
  }
  return *this;
}

IndexService::Held::~Held() {
  if (fd_ >= 0) ::close(fd_);
}

bool IndexService::Held::stillAt(const std::filesystem::path& path) const {
  struct stat now {}, held {};
  const bool there = ::stat(path.c_str(), &now) == 0;
  if (fd_ < 0) return !there;
  return there && now.st_dev == dev_ && now.st_ino == ino_ && ::fstat(fd_, &held) == 0 && held.st_nlink > 0;
}

namespace {

// The git folder of a work tree: `.git` itself, or where a `.git` file (`gitdir: PATH`, a linked
// work tree or a submodule) points; "" outside git.
std::filesystem::path gitDirOf(const std::filesystem::path& root) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dotGit = root / ".git";
  if (fs::is_directory(dotGit, ec)) return dotGit;
  if (!fs::is_regular_file(dotGit, ec)) return {};
  std::ifstream in(dotGit);
  std::string line;
  std::getline(in, line);
  if (line.rfind("gitdir:", 0) != 0) return {};
  std::string target = line.substr(7);
  while (!target.empty() && (target.front() == ' ' || target.front() == '\t')) target.erase(0, 1);
  while (!target.empty() && (target.back() == '\r' || target.back() == ' ')) target.pop_back();
  fs::path p(target);
  return p.is_absolute() ? p : (root / p).lexically_normal();
}

}  // namespace

void IndexService::recordIdentity() {
  root_ = Held(options_.index.root);
  gitDir_ = gitDirOf(options_.index.root);
  git_ = gitDir_.empty() ? Held() : Held(gitDir_);
  dbFile_ = Held(options_.dbPath);
  lockFile_ = Held(IndexerLock::pathFor(options_.dbPath));
  rootMissing_ = false;
}

std::filesystem::path IndexService::damageMarkerFor(const std::filesystem::path& dbPath) {
  return dbPath.string() + ".damaged";
}

void IndexService::reportDamage() {
  int fd = ::open(damageMarkerFor(options_.dbPath).c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd >= 0) ::close(fd);
  cv_.notify_all();
}

IndexService::Change IndexService::checkIdentity() {
  if (!dbFile_.stillAt(options_.dbPath) || !lockFile_.stillAt(IndexerLock::pathFor(options_.dbPath)))
    return Change::kIndexReplaced;
  if (struct stat marker {}; ::stat(damageMarkerFor(options_.dbPath).c_str(), &marker) == 0)
    return Change::kIndexDamaged;
  struct stat st {};
  if (::stat(options_.index.root.c_str(), &st) != 0) return Change::kRootMissing;
  const std::filesystem::path gitDir = gitDirOf(options_.index.root);
  if (rootMissing_ || !root_.stillAt(options_.index.root) || gitDir != gitDir_ ||
      (!gitDir.empty() && !git_.stillAt(gitDir)))
    return Change::kRootReplaced;
  return Change::kNone;
}

}  // namespace cg::indexer
