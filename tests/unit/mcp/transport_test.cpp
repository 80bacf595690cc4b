// LineReader / LineWriter: framing on real pipes.
#include "mcp/transport.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace cg::mcp {
namespace {

using namespace std::chrono_literals;

struct Pipe {
  int r = -1, w = -1;
  Pipe() {
    int fds[2];
    EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0);
    r = fds[0];
    w = fds[1];
  }
  ~Pipe() {
    closeRead();
    closeWrite();
  }
  void write(std::string_view s) const {
    size_t done = 0;
    while (done < s.size()) {
      ssize_t n = ::write(w, s.data() + done, s.size() - done);
      ASSERT_GT(n, 0);
      done += static_cast<size_t>(n);
    }
  }
  void closeRead() {
    if (r >= 0) ::close(r);
    r = -1;
  }
  void closeWrite() {
    if (w >= 0) ::close(w);
    w = -1;
  }
};

std::string nextLine(LineReader& reader) {
  auto ev = reader.next();
  EXPECT_EQ(ev.status, LineReader::Status::kLine);
  return ev.line;
}

TEST(McpTransport, LineSplitAcrossReadsIsJoined) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 1024);
  in.write("{\"a\":");
  auto pending = std::async(std::launch::async, [&] { return reader.next(); });
  // The reader has the first half and must wait for the rest.
  EXPECT_EQ(pending.wait_for(50ms), std::future_status::timeout);
  in.write("1}\n{\"b\"");
  auto ev = pending.get();
  EXPECT_EQ(ev.status, LineReader::Status::kLine);
  EXPECT_EQ(ev.line, "{\"a\":1}");
  in.write(":2}\n");
  EXPECT_EQ(nextLine(reader), "{\"b\":2}");
}

TEST(McpTransport, CrLfEmptyLinesAndFinalLineWithoutNewline) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 1024);
  in.write("one\r\n\n\r\n\ntwo\rstill two\nlast");
  in.closeWrite();
  EXPECT_EQ(nextLine(reader), "one");
  EXPECT_EQ(nextLine(reader), "two\rstill two");  // only a '\r' before '\n' is a terminator
  EXPECT_EQ(nextLine(reader), "last");
  EXPECT_EQ(reader.next().status, LineReader::Status::kEof);
  EXPECT_EQ(reader.next().status, LineReader::Status::kEof);
}

TEST(McpTransport, BytesPassThroughUnchanged) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 1024);
  in.write(std::string("a\xff\xfe\x00z\n", 6));
  EXPECT_EQ(nextLine(reader), std::string("a\xff\xfe\x00z", 5));
}

TEST(McpTransport, LimitIsOnTheLineWithoutItsTerminator) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 10);
  in.write("0123456789\n0123456789\r\n0123456789A\nok\n");
  in.closeWrite();
  EXPECT_EQ(nextLine(reader), "0123456789");
  EXPECT_EQ(nextLine(reader), "0123456789");
  EXPECT_EQ(reader.next().status, LineReader::Status::kOversize);
  EXPECT_EQ(nextLine(reader), "ok");
  EXPECT_EQ(reader.next().status, LineReader::Status::kEof);
}

TEST(McpTransport, OversizeLineIsReportedOnceAndNotBuffered) {
  Pipe in, wake;
  const size_t limit = 1024;
  LineReader reader(in.r, wake.r, limit);
  std::thread writer([&] {
    std::string chunk(100000, 'x');
    for (int i = 0; i < 40; ++i) in.write(chunk);  // 4 MB, one line
    in.write("\n{\"after\":true}\n");
    in.closeWrite();
  });
  EXPECT_EQ(reader.next().status, LineReader::Status::kOversize);
  EXPECT_EQ(nextLine(reader), "{\"after\":true}");
  EXPECT_EQ(reader.next().status, LineReader::Status::kEof);
  writer.join();
  EXPECT_LT(reader.peakBufferedBytes(), limit + 2 * 65536);
}

TEST(McpTransport, OversizeTailAtEofIsDropped) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 4);
  in.write("ok\n0123456789");
  in.closeWrite();
  EXPECT_EQ(nextLine(reader), "ok");
  EXPECT_EQ(reader.next().status, LineReader::Status::kOversize);
  EXPECT_EQ(reader.next().status, LineReader::Status::kEof);
}

TEST(McpTransport, WakeFdStopsABlockedReader) {
  Pipe in, wake;
  LineReader reader(in.r, wake.r, 1024);
  auto pending = std::async(std::launch::async, [&] { return reader.next(); });
  EXPECT_EQ(pending.wait_for(50ms), std::future_status::timeout);
  wake.write("x");
  ASSERT_EQ(pending.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(pending.get().status, LineReader::Status::kStopped);
}

TEST(McpTransport, ReadErrorIsReported) {
  Pipe wake;
  int dir = ::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);  // polls readable, read() fails
  ASSERT_GE(dir, 0);
  LineReader reader(dir, wake.r, 1024);
  auto ev = reader.next();
  EXPECT_EQ(ev.status, LineReader::Status::kError);
  EXPECT_EQ(ev.error, EISDIR);
  ::close(dir);
}

TEST(McpTransport, ConcurrentWritersNeverInterleave) {
  Pipe out;
  LineWriter writer(out.w);
  constexpr int kThreads = 6, kLines = 50;
  std::string collected;
  std::thread reader([&] {
    char buf[65536];
    ssize_t n;
    while ((n = ::read(out.r, buf, sizeof buf)) > 0) collected.append(buf, static_cast<size_t>(n));
  });
  std::vector<std::thread> writers;
  for (int t = 0; t < kThreads; ++t) {
    writers.emplace_back([&, t] {
      // Lines larger than the pipe buffer force partial writes.
      std::string line(100000 + t, static_cast<char>('a' + t));
      for (int i = 0; i < kLines; ++i) EXPECT_TRUE(writer.writeLine(line));
    });
  }
  for (auto& w : writers) w.join();
  out.closeWrite();
  reader.join();
  size_t pos = 0;
  int lines = 0;
  while (pos < collected.size()) {
    size_t nl = collected.find('\n', pos);
    ASSERT_NE(nl, std::string::npos);
    std::string_view line(collected.data() + pos, nl - pos);
    ASSERT_FALSE(line.empty());
    int t = line[0] - 'a';
    ASSERT_GE(t, 0);
    ASSERT_LT(t, kThreads);
    EXPECT_EQ(line.size(), 100000u + static_cast<size_t>(t));
    EXPECT_EQ(line.find_first_not_of(line[0]), std::string_view::npos);
    pos = nl + 1;
    ++lines;
  }
  EXPECT_EQ(lines, kThreads * kLines);
}

TEST(McpTransport, WriterClosesOnEpipe) {
  struct sigaction ignore {
  }, old{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old);
  Pipe out;
  out.closeRead();
  LineWriter writer(out.w);
  EXPECT_FALSE(writer.writeLine("{}"));
  EXPECT_TRUE(writer.closed());
  EXPECT_EQ(writer.closeError(), EPIPE);
  EXPECT_FALSE(writer.writeLine("{}"));
  sigaction(SIGPIPE, &old, nullptr);
}

}  // namespace
}  // namespace cg::mcp
