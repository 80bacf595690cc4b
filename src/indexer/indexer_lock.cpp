#include "codegraph/indexer/indexer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>

namespace cg::indexer {

std::filesystem::path IndexerLock::pathFor(const std::filesystem::path& dbPath) {
  return dbPath.string() + ".lock";
}

Expected<IndexerLock> IndexerLock::tryAcquire(const std::filesystem::path& lockPath) {
  // Its folder is prepared by the caller (store::prepareDatabaseFolder).
  int fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return makeError(ErrorCode::kIo, "cannot open the indexer lock " + lockPath.string() + ": " +
                                         std::strerror(errno));
  int rc;
  do rc = ::flock(fd, LOCK_EX | LOCK_NB);
  while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK) {
      auto pid = holderPid(lockPath);
      return makeError(ErrorCode::kBusy,
                       "the index is maintained by another process" +
                           (pid ? " (pid " + std::to_string(*pid) + ")" : std::string()));
    }
    return makeError(ErrorCode::kIo,
                     "cannot lock " + lockPath.string() + ": " + std::strerror(err));
  }
  // The pid is informative only; a failed write leaves a lock that still works.
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) {
    ssize_t w = ::pwrite(fd, pid.data(), pid.size(), 0);
    (void)w;
  }
  return IndexerLock(fd);
}

std::optional<pid_t> IndexerLock::holderPid(const std::filesystem::path& lockPath) {
  int fd = ::open(lockPath.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  char buf[32] = {};
  ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  ::close(fd);
  if (n <= 0) return std::nullopt;
  long pid = std::strtol(buf, nullptr, 10);
  if (pid <= 0) return std::nullopt;
  return static_cast<pid_t>(pid);
}

IndexerLock::IndexerLock(IndexerLock&& other) noexcept : fd_(other.fd_) {
  other.fd_ = -1;
}

IndexerLock& IndexerLock::operator=(IndexerLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

IndexerLock::~IndexerLock() {
  release();
}

void IndexerLock::release() {
  if (fd_ < 0) return;
  ::close(fd_);  // closing the only descriptor drops the flock
  fd_ = -1;
}

}  // namespace cg::indexer
