// Test helpers for the MCP server: a Server running on two pipes in its own thread, a client
// side that writes raw bytes and reads response lines with a timeout, and a registry of small
// test tools whose behaviour each test can steer.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "codegraph/mcp/server.h"
#include "codegraph/tools/tool.h"

namespace cg::mcp::testing {

using Json = nlohmann::json;
using namespace std::chrono_literals;

// A gate a test opens to let a blocked tool handler finish.
class Gate {
 public:
  void open() {
    std::lock_guard<std::mutex> lock(m_);
    open_ = true;
    cv_.notify_all();
  }
  // Waits until opened or until `ctx` is cancelled; true when opened.
  bool waitOrCancel(const tools::CallContext& ctx) {
    std::unique_lock<std::mutex> lock(m_);
    while (!open_) {
      if (ctx.cancelled()) return false;
      cv_.wait_for(lock, 1ms);
    }
    return true;
  }
  // Waits until opened, cancelled or not (a handler that ignores cancellation).
  void wait() {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [this] { return open_; });
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  bool open_ = false;
};

// State shared between a test and the "slow" tool.
struct SlowState {
  Gate gate;
  std::atomic<int> started{0};
  std::atomic<int> sawCancel{0};
  std::atomic<int> finished{0};
  // The time limit's deadline the server set for the last call (steady_clock ns; 0: none).
  std::atomic<int64_t> deadlineNs{0};

  void waitStarted(int n = 1) {
    auto deadline = std::chrono::steady_clock::now() + 5s;
    while (started < n && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(1ms);
    ASSERT_GE(started.load(), n) << "the slow tool did not start";
  }
};

inline Json objectSchema(Json properties, Json required = Json::array()) {
  return Json{{"type", "object"},
              {"properties", std::move(properties)},
              {"required", std::move(required)},
              {"additionalProperties", false}};
}

// echo {text} → {"echo": text}; list → [1,2,3]; plain → text; fail → error; throws → throws;
// slow → waits on SlowState::gate; progress {steps} → reports steps, then {"steps": n};
// badutf8 → a JSON string holding 0xFF; big {n} → an object with an n-byte string.
inline tools::ToolRegistry makeTestRegistry(SlowState* slow) {
  tools::ToolRegistry reg;
  reg.add({"echo", "Echo", "Returns its text.",
           objectSchema({{"text", {{"type", "string"}}}}, {"text"}),
           [](const Json& args, const tools::CallContext&) {
             return tools::ToolResult::ofJson({{"echo", args["text"]}});
           }});
  reg.add({"list", "List", "Returns an array.", objectSchema(Json::object()),
           [](const Json&, const tools::CallContext&) {
             return tools::ToolResult::ofJson(Json::array({1, 2, 3}));
           }});
  reg.add({"plain", "Plain", "Returns text.", objectSchema(Json::object()),
           [](const Json&, const tools::CallContext&) {
             return tools::ToolResult::ofText("plain text answer");
           }});
  reg.add({"fail", "Fail", "Returns an error.", objectSchema(Json::object()),
           [](const Json&, const tools::CallContext&) {
             return tools::ToolResult::error("The thing was not found.");
           }});
  reg.add({"throws", "Throws", "Throws.", objectSchema(Json::object()),
           [](const Json&, const tools::CallContext&) -> tools::ToolResult {
             throw std::runtime_error("boom");
           }});
  reg.add({"slow", "Slow", "Waits for the test.", objectSchema(Json::object()),
           [slow](const Json&, const tools::CallContext& ctx) {
             if (ctx.deadlineNs) slow->deadlineNs = ctx.deadlineNs->load();
             ++slow->started;
             bool opened = slow->gate.waitOrCancel(ctx);
             if (!opened) ++slow->sawCancel;
             ++slow->finished;
             return tools::ToolResult::ofJson({{"done", opened}});
           }});
  reg.add({"progress", "Progress", "Reports progress.",
           objectSchema({{"steps", {{"type", "integer"}, {"minimum", 1}}}}, {"steps"}),
           [](const Json& args, const tools::CallContext& ctx) {
             int steps = args["steps"].get<int>();
             for (int i = 1; i <= steps; ++i) {
               ctx.report(i, steps, "step " + std::to_string(i));
               ctx.report(i, steps, "repeated, must be dropped");
             }
             return tools::ToolResult::ofJson({{"steps", steps}});
           }});
  reg.add({"badutf8", "Bad UTF-8", "Returns invalid UTF-8.", objectSchema(Json::object()),
           [](const Json&, const tools::CallContext&) {
             return tools::ToolResult::ofJson({{"s", std::string("a\xff"
                                                                 "b")}});
           }});
  reg.add(
      {"big", "Big", "Returns a large object.", objectSchema({{"n", {{"type", "integer"}}}}, {"n"}),
       [](const Json& args, const tools::CallContext&) {
         return tools::ToolResult::ofJson({{"blob", std::string(args["n"].get<size_t>(), 'x')}});
       }});
  return reg;
}

// A Server on two pipes, run() in a thread. The destructor closes the input and joins.
class ServerHarness {
 public:
  explicit ServerHarness(const tools::ToolRegistry& registry, ServerOptions options = defaults())
      : server_(registry, std::move(options)) {
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0)
      throw std::runtime_error("pipe");
    toServer_ = in[1];
    fromServer_ = out[0];
    serverIn_ = in[0];
    serverOut_ = out[1];
    result_ = std::async(std::launch::async, [this] {
      int rc = server_.run(serverIn_, serverOut_);
      ::close(serverOut_);  // the client then sees EOF once everything is read
      return rc;
    });
  }
  ~ServerHarness() {
    closeInput();
    // A test that failed half-way may leave a handler blocked: stop rather than hang.
    if (result_.valid() && result_.wait_for(10s) != std::future_status::ready)
      server_.requestStop();
    if (result_.valid()) result_.wait();
    ::close(serverIn_);
    if (fromServer_ >= 0) ::close(fromServer_);
  }

  static ServerOptions defaults() {
    ServerOptions o;
    o.version = "9.9.9-test";
    o.instructions = "Use echo to echo.";
    o.workers = 4;
    return o;
  }

  Server& server() { return server_; }

  void sendRaw(std::string_view bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::write(toServer_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw std::runtime_error("write to server failed");
      done += static_cast<size_t>(n);
    }
  }
  void send(const Json& message) { sendRaw(message.dump() + "\n"); }
  void request(int id, const std::string& method, Json params = nullptr) {
    Json m{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    send(m);
  }
  void call(int id, const std::string& tool, Json args = Json::object(), Json meta = nullptr) {
    Json params{{"name", tool}, {"arguments", std::move(args)}};
    if (!meta.is_null()) params["_meta"] = std::move(meta);
    request(id, "tools/call", std::move(params));
  }
  void notify(const std::string& method, Json params = nullptr) {
    Json m{{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    send(m);
  }

  void closeInput() {
    if (toServer_ >= 0) ::close(toServer_);
    toServer_ = -1;
  }
  // Closes the pipe the server writes to: its next write fails with EPIPE.
  void closeOutput() {
    if (fromServer_ >= 0) ::close(fromServer_);
    fromServer_ = -1;
  }

  // The next line the server wrote; nullopt on timeout or EOF (see sawEof()).
  std::optional<std::string> readLine(std::chrono::milliseconds timeout = 5s) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      if (eof_) return std::nullopt;
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{fromServer_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[65536];
      ssize_t n = ::read(fromServer_, chunk, sizeof chunk);
      if (n == 0) eof_ = true;
      if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
    }
  }
  std::optional<Json> read(std::chrono::milliseconds timeout = 5s) {
    auto line = readLine(timeout);
    if (!line) return std::nullopt;
    return Json::parse(*line);
  }
  // Reads until the server closes its output (after run() returned).
  std::vector<Json> readAll() {
    std::vector<Json> all;
    while (auto m = read(10s)) all.push_back(std::move(*m));
    return all;
  }
  bool sawEof() const { return eof_; }

  // Waits for run() to return; nullopt if it has not within `timeout`.
  std::optional<int> join(std::chrono::milliseconds timeout = 10s) {
    if (result_.wait_for(timeout) != std::future_status::ready) return std::nullopt;
    if (!joined_) {
      exitCode_ = result_.get();
      joined_ = true;
    }
    return exitCode_;
  }
  bool running() { return result_.valid() && result_.wait_for(0ms) != std::future_status::ready; }

 private:
  Server server_;
  int toServer_ = -1, fromServer_ = -1, serverIn_ = -1, serverOut_ = -1;
  std::future<int> result_;
  std::string buffer_;
  bool eof_ = false;
  bool joined_ = false;
  int exitCode_ = -1;
};

}  // namespace cg::mcp::testing
