// The MCP stdio server: newline-delimited JSON-RPC 2.0 on two file descriptors, lifecycle
// (initialize with version negotiation, initialized, ping), tools/list and tools/call over a
// ToolRegistry. It knows nothing of SQLite or tree-sitter: it sees a table of tools.
//
// Threads: one reader thread (the caller of run()), a small worker pool running tools/call
// concurrently (ping is answered while a long call runs), one mutex serialising writes so each
// response is written whole on one line. run() returns after EOF on input once every in-flight
// request has been answered, or after requestStop() (async-signal-safe; used for SIGTERM).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "codegraph/tools/tool.h"

namespace cg::mcp {

struct ServerOptions {
  std::string name = "codegraph-mcp";
  std::string version;
  std::string instructions;  // returned by initialize: which tool to use when
  unsigned workers = 4;
  size_t maxMessageBytes = 16u << 20;  // larger messages are rejected, the server goes on
  // Bounds of one tools/call (docs/SECURITY.md). A call still running callTimeout after it
  // started (not counting the wait for a first index) is answered at once with an isError
  // naming the limit and cancelled; an answer longer than maxAnswerBytes (as sent) is replaced
  // by an isError naming the cap. Zero disables either bound.
  std::chrono::milliseconds callTimeout{30000};
  size_t maxAnswerBytes = 4u << 20;
  // Called once, on the reading thread, when the server stops reading (end of input, a stop
  // request, a lost output, a read error), before it waits for the calls in flight: where a
  // bounded exit starts counting (src/main.cpp).
  std::function<void()> onStopping;
  // After end of input, calls in flight have this long to be answered; then they are
  // cancelled like those of a stop request.
  std::chrono::milliseconds drainAfterEof{20};
};

class Server {
 public:
  Server(const tools::ToolRegistry& registry, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Serves until EOF on inFd or requestStop(). Returns the process exit code (0 = clean).
  int run(int inFd, int outFd);
  // Safe to call from a signal handler.
  void requestStop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cg::mcp
