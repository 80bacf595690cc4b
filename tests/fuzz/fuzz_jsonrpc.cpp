// libFuzzer target: arbitrary bytes on the server's stdin (framing, JSON-RPC parsing, dispatch,
// argument validation and the real tools over a small indexed fixture). Oracle: no crash, no
// sanitizer report, run() returns, and every line written is one JSON-RPC 2.0 message.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "codegraph/mcp/server.h"
#include "fuzz_fixture.h"

namespace {

std::string readAll(int fd) {
  std::string out;
  ::lseek(fd, 0, SEEK_SET);
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)cg::support::setupLogging("off", "");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fixture = new cg::fuzz::IndexedFixture("mcp_tiny");
  int in = ::memfd_create("in", MFD_CLOEXEC);
  int out = ::memfd_create("out", MFD_CLOEXEC);
  if (in < 0 || out < 0) std::abort();
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::write(in, data + done, size - done);
    if (n <= 0) std::abort();
    done += static_cast<size_t>(n);
  }
  ::lseek(in, 0, SEEK_SET);
  {
    cg::mcp::ServerOptions o;
    o.version = "fuzz";
    o.workers = 2;
    o.maxMessageBytes = 4096;  // small, so oversize lines are exercised too
    cg::mcp::Server server(fixture->registry(), o);
    if (server.run(in, out) != 0) std::abort();
  }
  std::string written = readAll(out);
  size_t start = 0;
  while (start < written.size()) {
    size_t nl = written.find('\n', start);
    if (nl == std::string::npos) std::abort();  // every message ends its line
    auto msg = nlohmann::json::parse(written.begin() + static_cast<std::ptrdiff_t>(start),
                                     written.begin() + static_cast<std::ptrdiff_t>(nl), nullptr,
                                     false);
    if (msg.is_discarded() || !msg.is_object() || msg.value("jsonrpc", "") != "2.0") std::abort();
    start = nl + 1;
  }
  ::close(in);
  ::close(out);
  return 0;
}
