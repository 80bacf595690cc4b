#include "transport.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cg::mcp {
namespace {

constexpr size_t kReadChunk = 64 * 1024;

}  // namespace

LineReader::LineReader(int fd, int wakeFd, size_t maxLineBytes)
    : fd_(fd), wakeFd_(wakeFd), maxLineBytes_(maxLineBytes) {}

bool LineReader::takeLine(Event& out) {
  while (true) {
    const char* base = buffer_.data() + start_;
    size_t avail = buffer_.size() - start_;
    const void* nl = std::memchr(base + scanned_, '\n', avail - scanned_);
    if (!nl) {
      scanned_ = avail;
      // A '\r' may still precede the terminator, hence + 1.
      if (!discarding_ && avail > maxLineBytes_ + 1) {
        discarding_ = true;
        buffer_.clear();
        start_ = scanned_ = 0;
        out = Event{Status::kOversize, {}, 0};
        return true;
      }
      if (discarding_) {
        buffer_.clear();
        start_ = scanned_ = 0;
      }
      return false;
    }
    size_t len = static_cast<const char*>(nl) - base;
    size_t next = start_ + len + 1;
    if (discarding_) {  // the tail of an oversize line: already reported
      discarding_ = false;
      start_ = next;
      scanned_ = 0;
      continue;
    }
    size_t contentLen = (len > 0 && base[len - 1] == '\r') ? len - 1 : len;
    start_ = next;
    scanned_ = 0;
    if (contentLen == 0) continue;  // empty lines are allowed between messages
    if (contentLen > maxLineBytes_) {
      out = Event{Status::kOversize, {}, 0};
      return true;
    }
    out = Event{Status::kLine, std::string(base, contentLen), 0};
    return true;
  }
}

LineReader::Fill LineReader::fill(int& error) {
  pollfd fds[2] = {{fd_, POLLIN, 0}, {wakeFd_, POLLIN, 0}};
  nfds_t n = wakeFd_ >= 0 ? 2 : 1;
  while (true) {
    int rc = ::poll(fds, n, -1);
    if (rc < 0) {
      if (errno == EINTR) continue;
      error = errno;
      return Fill::kError;
    }
    if (n == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) return Fill::kStopped;
    if (fds[0].revents & POLLNVAL) {
      error = EBADF;
      return Fill::kError;
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) break;
  }

  // Compact before growing: the consumed prefix is dead weight.
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  size_t old = buffer_.size();
  buffer_.resize(old + kReadChunk);
  ssize_t got;
  do {
    got = ::read(fd_, buffer_.data() + old, kReadChunk);
  } while (got < 0 && errno == EINTR);
  if (got < 0) {
    buffer_.resize(old);
    if (errno == EAGAIN || errno == EWOULDBLOCK) return Fill::kData;  // nothing yet; poll again
    error = errno;
    return Fill::kError;
  }
  buffer_.resize(old + static_cast<size_t>(got));
  if (buffer_.size() > peak_) peak_ = buffer_.size();
  return got == 0 ? Fill::kEof : Fill::kData;
}

LineReader::Event LineReader::next() {
  Event ev{Status::kEof, {}, 0};
  while (true) {
    if (takeLine(ev)) return ev;
    if (eof_) {
      // A last line without '\n' still counts; the tail of an oversize line does not.
      size_t avail = buffer_.size() - start_;
      if (discarding_ || avail == 0) {
        buffer_.clear();
        start_ = scanned_ = 0;
        discarding_ = false;
        return Event{Status::kEof, {}, 0};
      }
      buffer_.push_back('\n');
      continue;
    }
    int error = 0;
    switch (fill(error)) {
      case Fill::kData:
        break;
      case Fill::kEof:
        eof_ = true;
        break;
      case Fill::kStopped:
        return Event{Status::kStopped, {}, 0};
      case Fill::kError:
        return Event{Status::kError, {}, error};
    }
  }
}

bool LineWriter::writeLine(std::string_view line) {
  std::string whole;
  whole.reserve(line.size() + 1);
  whole.append(line);
  whole.push_back('\n');

  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_) return false;
  size_t done = 0;
  while (done < whole.size()) {
    ssize_t n = ::write(fd_, whole.data() + done, whole.size() - done);
    if (n >= 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking fd: wait until writable
      pollfd p{fd_, POLLOUT, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    closeError_ = errno;
    closed_ = true;
    return false;
  }
  return true;
}

}  // namespace cg::mcp
