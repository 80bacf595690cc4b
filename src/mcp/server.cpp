// Server: the reader loop, method dispatch, lifecycle and in-flight tools/call bookkeeping.
// Framing lives in transport.*, message classification in protocol.*, ToolResult rendering in
// tool_call.*, the threads in worker_pool.*.
//
// Cancellation: every tools/call in flight has an entry in calls_ keyed by idKey(id). A
// notifications/cancelled sets its flag; the worker then drops the response (MCP: no response
// for a cancelled request). The flag is read and the entry erased under callsMutex_, before the
// response is written, so a cancel that arrives later may still see the response go out, which
// the MCP spec allows. On requestStop() or a lost output, every call is cancelled the same way.
//
// Time limit: a watchdog thread wakes every kWatchdogTick and answers each call past its
// deadline (Call::deadlineNs, see CallContext) with an isError naming the limit, marks it
// answered and cancelled; the handler sees cancelled() and stops, and its late result is
// dropped. Answer cap: a response longer than maxAnswerBytes is replaced by an isError.
#include "codegraph/mcp/server.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "codegraph/tools/byte_names.h"
#include "protocol.h"
#include "tool_call.h"
#include "transport.h"
#include "worker_pool.h"

namespace cg::mcp {
namespace {

static_assert(std::atomic<bool>::is_always_lock_free, "requestStop must be async-signal-safe");

constexpr auto kWatchdogTick = std::chrono::milliseconds(50);

int64_t steadyNowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string secondsText(std::chrono::milliseconds ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms.count()) / 1000.0);
  return buf;
}

// One tools/call in flight.
struct Call {
  std::atomic<bool> cancelled{false};
  std::atomic<int64_t> deadlineNs{INT64_MAX};
  bool answered = false;  // under callsMutex_: the watchdog answered it (time limit)
  Json id;
  std::string tool;
  std::mutex progressMutex;
  std::optional<double> lastProgress;  // MCP: progress must increase with each notification
  std::chrono::steady_clock::time_point queuedAt = std::chrono::steady_clock::now();
  size_t bytes = 0;  // the request line's length: what its arguments hold in memory, roughly
};

// Backpressure: while this many calls, or calls whose requests add up to this many bytes, are
// queued or running, the reader stops reading (the client's writes then block in the pipe).
// Memory stays bounded whatever a client sends, even one that never reads its answers.
constexpr size_t kMaxCallsInFlight = 32;
constexpr size_t kMaxBytesInFlight = 64u << 20;

void ignoreSigpipe() {
  struct sigaction sa {};
  sa.sa_handler = SIG_IGN;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGPIPE, &sa, nullptr);
}

bool isBlank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

std::string shortened(std::string_view s, size_t max = 300) {
  if (s.size() <= max) return std::string(s);
  return std::string(s.substr(0, max)) + "...";
}

}  // namespace

struct Server::Impl {
  Impl(const tools::ToolRegistry& registry, ServerOptions options)
      : registry_(registry), options_(std::move(options)) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0) {
      wakeRead_ = fds[0];
      wakeWrite_ = fds[1];
    }
  }
  ~Impl() {
    if (wakeRead_ >= 0) ::close(wakeRead_);
    if (wakeWrite_ >= 0) ::close(wakeWrite_);
  }

  int run(int inFd, int outFd);
  void requestStop();

  // Reader thread.
  void handleLine(std::string_view line);
  void handleRequest(const Message& m);
  void handleNotification(const Message& m);
  Json initializeResult(const Json& params) const;
  Json toolsList() const;
  void startToolCall(const Json& id, const Json& params, bool replacedSurrogates);
  void cancelCall(const Json& params);
  void waitForCalls();
  void waitForRoom();

  // Worker threads.
  void runCall(const std::shared_ptr<Call>& call, const std::string& key, const Json& id,
               const tools::Tool& tool, const Json& args, const Json& progressToken,
               const std::vector<std::string>& notes);
  void watchdog();
  std::string cappedLine(const Json& id, const Json& response, const std::string& tool) const;
  void sendProgress(Call& call, const Json& token, double progress, std::optional<double> total,
                    const std::string& message);

  // Any thread.
  void send(const Json& message);
  void sendLine(const std::string& line);
  void wake();

  const tools::ToolRegistry& registry_;
  const ServerOptions options_;
  int wakeRead_ = -1;
  int wakeWrite_ = -1;
  std::atomic<bool> stopRequested_{false};
  std::atomic<bool> outputLost_{false};

  // Valid during run() only.
  LineWriter* writer_ = nullptr;
  WorkerPool* pool_ = nullptr;

  std::mutex callsMutex_;
  std::condition_variable callsDone_;
  size_t bytesInFlight_ = 0;  // under callsMutex_: the sum of calls_' bytes
  size_t lineBytes_ = 0;      // reader thread: the length of the line being handled
  std::unordered_map<std::string, std::shared_ptr<Call>> calls_;

  bool initializeSeen_ = false;

  std::mutex watchdogMutex_;
  std::condition_variable watchdogWake_;
  bool watchdogStop_ = false;
};

int Server::Impl::run(int inFd, int outFd) {
  if (wakeRead_ < 0) {
    spdlog::error("mcp: cannot create the stop pipe: {}", std::strerror(errno));
    return 1;
  }
  // A byte left by a previous run's lost output must not stop this one; a stop request must.
  char drain[64];
  while (::read(wakeRead_, drain, sizeof drain) > 0) {
  }
  if (stopRequested_) return 0;
  outputLost_ = false;
  ignoreSigpipe();  // a closed stdout is EPIPE (stop), not a dead process

  LineWriter writer(outFd);
  WorkerPool pool(options_.workers);
  writer_ = &writer;
  pool_ = &pool;
  LineReader reader(inFd, wakeRead_, options_.maxMessageBytes);
  {
    std::lock_guard<std::mutex> lock(watchdogMutex_);
    watchdogStop_ = false;
  }
  std::thread watchdogThread([this] { watchdog(); });
  spdlog::debug("mcp: serving with {} worker(s)", options_.workers ? options_.workers : 1);

  int exitCode = 0;
  bool reading = true;
  while (reading && !outputLost_) {
    LineReader::Event ev = reader.next();
    switch (ev.status) {
      case LineReader::Status::kLine:
        lineBytes_ = ev.line.size();
        handleLine(ev.line);
        waitForRoom();
        break;
      case LineReader::Status::kOversize:
        spdlog::warn("mcp: message longer than {} bytes discarded", options_.maxMessageBytes);
        send(errorResponse(nullptr, rpc::kInvalidRequest,
                           "Invalid Request: message longer than " +
                               std::to_string(options_.maxMessageBytes) + " bytes; ignored."));
        break;
      case LineReader::Status::kEof:
        spdlog::debug("mcp: end of input");
        reading = false;
        break;
      case LineReader::Status::kStopped:
        spdlog::debug("mcp: {}", stopRequested_ ? "stop requested" : "output closed");
        reading = false;
        break;
      case LineReader::Status::kError:
        spdlog::error("mcp: reading input failed: {}", std::strerror(ev.error));
        exitCode = 1;
        reading = false;
        break;
    }
  }

  if (options_.onStopping) options_.onStopping();
  waitForCalls();
  {
    std::lock_guard<std::mutex> lock(watchdogMutex_);
    watchdogStop_ = true;
  }
  watchdogWake_.notify_all();
  watchdogThread.join();
  pool.shutdown();
  writer_ = nullptr;
  pool_ = nullptr;
  if (outputLost_ && writer.closeError() != EPIPE) exitCode = 1;
  return exitCode;
}

void Server::Impl::waitForRoom() {
  std::unique_lock<std::mutex> lock(callsMutex_);
  bool logged = false;
  while (!stopRequested_ && !outputLost_ &&
         (calls_.size() >= kMaxCallsInFlight || bytesInFlight_ >= kMaxBytesInFlight)) {
    if (!logged) {
      logged = true;
      spdlog::debug("mcp: {} calls ({} bytes) in flight; reading paused", calls_.size(), bytesInFlight_);
    }
    callsDone_.wait_for(lock, std::chrono::milliseconds(50));
  }
}

void Server::Impl::waitForCalls() {
  const auto drainUntil = std::chrono::steady_clock::now() + options_.drainAfterEof;
  std::unique_lock<std::mutex> lock(callsMutex_);
  while (!calls_.empty()) {
    // After EOF the calls have drainAfterEof to finish and be answered; after a stop or a
    // lost output, or past that bound, they are abandoned.
    const bool abandon = stopRequested_ || outputLost_ || std::chrono::steady_clock::now() >= drainUntil;
    if (abandon)
      for (auto& entry : calls_) entry.second->cancelled = true;
    callsDone_.wait_for(lock, abandon ? std::chrono::milliseconds(50) : std::chrono::milliseconds(5));
  }
}

void Server::Impl::requestStop() {
  int savedErrno = errno;
  stopRequested_ = true;
  wake();
  errno = savedErrno;
}

void Server::Impl::wake() {
  if (wakeWrite_ < 0) return;
  ssize_t rc = ::write(wakeWrite_, "x", 1);  // a full pipe already wakes the reader
  (void)rc;
}

void Server::Impl::send(const Json& message) {
  sendLine(serialize(message));
}

void Server::Impl::sendLine(const std::string& line) {
  if (writer_->writeLine(line)) return;
  if (!outputLost_.exchange(true)) {
    spdlog::info("mcp: output closed ({}); stopping", std::strerror(writer_->closeError()));
    wake();
  }
}

void Server::Impl::handleLine(std::string_view line) {
  if (isBlank(line)) return;
  spdlog::trace("mcp <- {}", shortened(line));
  Message m = parseMessage(line);
  switch (m.kind) {
    case Message::Kind::kInvalid:
      spdlog::warn("mcp: {}", m.errorMessage);
      send(errorResponse(m.id, m.errorCode, m.errorMessage));
      return;
    case Message::Kind::kResponse:
      spdlog::debug("mcp: ignoring a response (id {}): this server sends no requests", idKey(m.id));
      return;
    case Message::Kind::kNotification:
      if (!m.errorMessage.empty())
        spdlog::warn("mcp: notification {}: {}", m.method, m.errorMessage);
      try {
        handleNotification(m);
      } catch (const std::exception& e) {
        spdlog::error("mcp: notification {} failed: {}", m.method, e.what());
      }
      return;
    case Message::Kind::kRequest:
      try {
        handleRequest(m);
      } catch (const std::exception& e) {
        spdlog::error("mcp: {} failed: {}", m.method, e.what());
        send(errorResponse(m.id, rpc::kInternalError, std::string("Internal error: ") + e.what()));
      }
      return;
  }
}

void Server::Impl::handleRequest(const Message& m) {
  spdlog::debug("mcp: request {} id {}", m.method, idKey(m.id));
  if (m.replacedSurrogates)
    spdlog::warn("mcp: request {} id {}: lone UTF-16 surrogates read as U+FFFD", m.method, idKey(m.id));
  if (m.method == "initialize") {
    if (initializeSeen_) spdlog::debug("mcp: initialize received again; answering again");
    initializeSeen_ = true;
    send(resultResponse(m.id, initializeResult(m.params)));
    return;
  }
  if (m.method == "ping") {
    send(resultResponse(m.id, Json::object()));
    return;
  }
  bool known = m.method == "tools/list" || m.method == "tools/call";
  if (known && !initializeSeen_)
    spdlog::debug("mcp: {} before initialize; answering anyway", m.method);
  if (m.method == "tools/list") {
    // One page holds every tool, so no cursor was ever handed out: any cursor is invalid.
    if (m.params.is_object() && m.params.contains("cursor") && !m.params["cursor"].is_null())
      send(errorResponse(m.id, rpc::kInvalidParams,
                         "Invalid params: unknown cursor (tools/list returns every tool on one page)"));
    else
      send(resultResponse(m.id, toolsList()));
  } else if (m.method == "tools/call") {
    startToolCall(m.id, m.params, m.replacedSurrogates);
  } else {
    send(errorResponse(m.id, rpc::kMethodNotFound, "Method not found: " + m.method));
  }
}

void Server::Impl::handleNotification(const Message& m) {
  if (m.method == "notifications/initialized") {
    spdlog::debug("mcp: client initialized");
  } else if (m.method == "notifications/cancelled") {
    cancelCall(m.params);
  } else {
    spdlog::debug("mcp: ignoring notification {}", m.method);
  }
}

Json Server::Impl::initializeResult(const Json& params) const {
  Json requested;
  if (params.is_object()) {
    if (auto it = params.find("protocolVersion"); it != params.end()) requested = *it;
    if (auto it = params.find("clientInfo"); it != params.end() && it->is_object())
      spdlog::info("mcp: client {} {}, protocol {}", serialize(it->value("name", Json())),
                   serialize(it->value("version", Json())), serialize(requested));
  }
  std::string version = negotiateVersion(requested);
  Json result{{"protocolVersion", version},
              {"capabilities", {{"tools", {{"listChanged", false}}}}},
              {"serverInfo", {{"name", options_.name}, {"version", options_.version}}}};
  if (!options_.instructions.empty()) result["instructions"] = options_.instructions;
  return result;
}

Json Server::Impl::toolsList() const {
  Json list = Json::array();
  for (const auto& tool : registry_.all()) list.push_back(describeTool(tool));
  return Json{{"tools", std::move(list)}};
}

void Server::Impl::startToolCall(const Json& id, const Json& params, bool replacedSurrogates) {
  if (!params.is_object()) {
    send(errorResponse(id, rpc::kInvalidParams,
                       "Invalid params: tools/call needs an object with 'name' and 'arguments'."));
    return;
  }
  auto nameIt = params.find("name");
  if (nameIt == params.end() || !nameIt->is_string()) {
    send(errorResponse(id, rpc::kInvalidParams,
                       "Invalid params: tools/call needs 'name' (the tool's name, a string)."));
    return;
  }
  const std::string& name = nameIt->get_ref<const std::string&>();
  const tools::Tool* tool = registry_.find(name);
  if (!tool) {
    std::string names;
    for (const auto& t : registry_.all()) names += (names.empty() ? "" : ", ") + t.name;
    send(errorResponse(
        id, rpc::kInvalidParams,
        "Unknown tool '" + name + "'; " +
            (names.empty() ? "this server has no tools." : "available: " + names + ".")));
    return;
  }
  Json args = Json::object();
  if (auto it = params.find("arguments"); it != params.end() && !it->is_null()) {
    if (!it->is_object()) {  // -32602, in the words validateArguments uses for it
      send(errorResponse(id, rpc::kInvalidParams,
                         *tools::validateArguments(tool->inputSchema, *it)));
      return;
    }
    args = *it;
  }
  tools::unescapeArguments(args);  // paths that are not UTF-8 (byte_names.h)
  std::vector<std::string> notes = tools::clampArguments(tool->inputSchema, args);
  if (replacedSurrogates)
    notes.push_back("the request held lone UTF-16 surrogates (\\uD800-\\uDFFF without their pair), "
                    "each read as U+FFFD");
  if (auto problem = tools::validateArguments(tool->inputSchema, args)) {
    spdlog::debug("mcp: {} arguments rejected: {}", name, *problem);
    send(resultResponse(id, renderToolResult(tools::ToolResult::error(*problem))));
    return;
  }
  Json token;
  if (auto meta = params.find("_meta"); meta != params.end() && meta->is_object())
    if (auto t = meta->find("progressToken");
        t != meta->end() && (t->is_string() || t->is_number()))
      token = *t;

  auto call = std::make_shared<Call>();
  call->id = id;
  call->tool = name;
  call->bytes = lineBytes_;
  std::string key = idKey(id);
  {
    std::lock_guard<std::mutex> lock(callsMutex_);
    if (!calls_.emplace(key, call).second) {
      send(errorResponse(id, rpc::kInvalidRequest,
                         "Invalid Request: id " + key + " is already used by a running call."));
      return;
    }
    bytesInFlight_ += call->bytes;
  }
  bool queued = pool_->submit(
      [this, call, key, id, tool, args = std::move(args), token, notes = std::move(notes)] {
        runCall(call, key, id, *tool, args, token, notes);
      });
  if (!queued) {  // cannot happen while run() reads, but never leave an entry behind
    std::lock_guard<std::mutex> lock(callsMutex_);
    calls_.erase(key);
    bytesInFlight_ -= call->bytes;
  }
}

void Server::Impl::runCall(const std::shared_ptr<Call>& call, const std::string& key,
                           const Json& id, const tools::Tool& tool, const Json& args,
                           const Json& progressToken, const std::vector<std::string>& notes) {
  std::optional<std::string> response;
  try {
    if (!call->cancelled) {
      tools::CallContext ctx;
      ctx.cancelFlag = &call->cancelled;
      ctx.deadlineNs = &call->deadlineNs;
      ctx.timeLimit = options_.callTimeout;
      ctx.startClock();
      if (!progressToken.is_null()) {
        Call* raw = call.get();
        ctx.progress = [this, raw, &progressToken](double done, std::optional<double> total,
                                                   const std::string& message) {
          sendProgress(*raw, progressToken, done, total, message);
        };
      }
      auto micros = [](std::chrono::steady_clock::time_point from) {
        return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - from).count();
      };
      const double queuedMicros = micros(call->queuedAt);
      auto started = std::chrono::steady_clock::now();
      tools::ToolResult result = invokeTool(tool, args, ctx);
      const double handlerMicros = micros(started);
      const bool isError = result.isError;
      if (!call->cancelled) {
        started = std::chrono::steady_clock::now();
        response = cappedLine(id, resultResponse(id, renderToolResult(std::move(result), notes)), tool.name);
        spdlog::debug("mcp: {} (id {}) took {:.2f} ms after {:.2f} ms in the queue, rendering {} bytes {:.2f} ms{}",
                      tool.name, key, handlerMicros / 1000, queuedMicros / 1000, response->size(),
                      micros(started) / 1000, isError ? ", isError" : "");
      }
    }
  } catch (const std::exception& e) {  // rendering failed (e.g. out of memory)
    spdlog::error("mcp: {} (id {}) failed: {}", tool.name, key, e.what());
    response = serialize(
        errorResponse(id, rpc::kInternalError, std::string("Internal error: ") + e.what()));
  }
  bool cancelled;
  {
    std::lock_guard<std::mutex> lock(callsMutex_);
    cancelled = call->cancelled || call->answered;
    calls_.erase(key);
    bytesInFlight_ -= call->bytes;
  }
  callsDone_.notify_all();
  if (cancelled) {
    spdlog::debug("mcp: {} (id {}) cancelled; no response", tool.name, key);
    return;
  }
  if (response) sendLine(*response);
}

std::string Server::Impl::cappedLine(const Json& id, const Json& response,
                                     const std::string& tool) const {
  std::string line = serialize(response);
  if (options_.maxAnswerBytes == 0 || line.size() <= options_.maxAnswerBytes) return line;
  spdlog::warn("mcp: {} answer of {} bytes over the cap of {} bytes; refused", tool, line.size(),
               options_.maxAnswerBytes);
  return serialize(resultResponse(
      id, renderToolResult(tools::ToolResult::error(
              "The answer of '" + tool + "' would be " + std::to_string(line.size()) +
              " bytes, over this server's cap of " + std::to_string(options_.maxAnswerBytes) +
              " bytes per answer; ask for less: a smaller limit, depth or token_budget, or a "
              "file or symbol instead of the whole project."))));
}

void Server::Impl::watchdog() {
  if (options_.callTimeout.count() <= 0) return;
  std::unique_lock<std::mutex> wait(watchdogMutex_);
  while (!watchdogStop_) {
    watchdogWake_.wait_for(wait, kWatchdogTick);
    std::vector<std::pair<Json, std::string>> late;  // id, tool
    {
      std::lock_guard<std::mutex> lock(callsMutex_);
      const int64_t now = steadyNowNs();
      for (auto& [key, call] : calls_) {
        if (call->answered || call->cancelled || call->deadlineNs.load() > now) continue;
        call->answered = true;
        call->cancelled = true;
        late.emplace_back(call->id, call->tool);
        spdlog::warn("mcp: {} (id {}) over its time limit of {} s; answered and cancelled",
                     call->tool, key, secondsText(options_.callTimeout));
      }
    }
    for (const auto& [id, tool] : late)
      send(resultResponse(
          id, renderToolResult(tools::ToolResult::error(
                  "The call to '" + tool + "' was stopped after its time limit of " +
                  secondsText(options_.callTimeout) +
                  " s; ask for less: a smaller depth, limit or token_budget, or a more specific "
                  "name, file or symbol."))));
  }
}

void Server::Impl::sendProgress(Call& call, const Json& token, double progress,
                                std::optional<double> total, const std::string& message) {
  if (call.cancelled || !std::isfinite(progress)) return;
  {
    std::lock_guard<std::mutex> lock(call.progressMutex);
    if (call.lastProgress && progress <= *call.lastProgress) return;
    call.lastProgress = progress;
  }
  Json params{{"progressToken", token}, {"progress", progress}};
  if (total && std::isfinite(*total)) params["total"] = *total;
  if (!message.empty()) params["message"] = message;
  send(notification("notifications/progress", std::move(params)));
}

void Server::Impl::cancelCall(const Json& params) {
  if (!params.is_object() || !params.contains("requestId")) {
    spdlog::debug("mcp: notifications/cancelled without requestId ignored");
    return;
  }
  std::string key = idKey(params["requestId"]);
  auto reasonIt = params.find("reason");
  std::string reason = (reasonIt != params.end() && reasonIt->is_string())
                           ? reasonIt->get<std::string>()
                           : std::string();
  std::lock_guard<std::mutex> lock(callsMutex_);
  auto it = calls_.find(key);
  if (it == calls_.end()) {
    spdlog::debug("mcp: cancel of id {} ignored: not in flight", key);
    return;
  }
  it->second->cancelled = true;
  spdlog::debug("mcp: id {} cancelled{}{}", key, reason.empty() ? "" : ": ", reason);
}

Server::Server(const tools::ToolRegistry& registry, ServerOptions options)
    : impl_(std::make_unique<Impl>(registry, std::move(options))) {}

Server::~Server() = default;

int Server::run(int inFd, int outFd) {
  return impl_->run(inFd, outFd);
}

void Server::requestStop() {
  impl_->requestStop();
}

}  // namespace cg::mcp
