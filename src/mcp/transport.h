// Line framing for newline-delimited JSON-RPC over file descriptors.
//
// LineReader splits the bytes of one fd into lines: a line ends at '\n', a '\r' before it is
// dropped (CRLF), empty lines are skipped, and a final line without '\n' before EOF still counts.
// A line longer than maxLineBytes is reported once as kOversize as soon as it is known to be too
// long, and its remaining bytes are discarded up to the next '\n' without being buffered, so
// memory stays bounded by maxLineBytes plus one read. The reader also polls a wake fd (the read
// end of a self-pipe): when it becomes readable, next() returns kStopped. One thread only.
//
// LineWriter writes one line per call with a single mutex held, retrying on EINTR, partial
// writes and EAGAIN, so concurrent writers never interleave. After EPIPE (the peer closed its
// end; SIGPIPE must be ignored by the caller) or another write error it is closed: every later
// write returns false at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

namespace cg::mcp {

class LineReader {
 public:
  enum class Status {
    kLine,      // line holds one line, without its terminator
    kOversize,  // a line exceeded maxLineBytes; it is being discarded
    kEof,
    kStopped,  // the wake fd became readable
    kError,    // read/poll failed; error holds errno
  };
  struct Event {
    Status status;
    std::string line;
    int error = 0;
  };

  LineReader(int fd, int wakeFd, size_t maxLineBytes);
  Event next();

  // The most bytes ever held at once: stays near maxLineBytes + one read, whatever the input.
  size_t peakBufferedBytes() const { return peak_; }

 private:
  // Takes the next complete line out of buffer_, if any. Returns false when none is complete.
  bool takeLine(Event& out);
  enum class Fill { kData, kEof, kStopped, kError };
  Fill fill(int& error);

  int fd_;
  int wakeFd_;
  size_t maxLineBytes_;
  std::string buffer_;
  size_t start_ = 0;    // first unconsumed byte of buffer_
  size_t scanned_ = 0;  // bytes from start_ known to hold no '\n'
  size_t peak_ = 0;
  bool discarding_ = false;
  bool eof_ = false;
};

class LineWriter {
 public:
  explicit LineWriter(int fd) : fd_(fd) {}
  // Writes `line` plus '\n' in full. False when the writer is (or just became) closed.
  bool writeLine(std::string_view line);
  bool closed() const { return closed_.load(); }
  // errno of the failure that closed the writer (EPIPE when the peer went away), else 0.
  int closeError() const { return closeError_.load(); }

 private:
  int fd_;
  std::mutex mutex_;
  std::atomic<bool> closed_{false};
  std::atomic<int> closeError_{0};
};

}  // namespace cg::mcp
