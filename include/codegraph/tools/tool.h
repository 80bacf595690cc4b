// The tool table the MCP server serves. Each tool (one file in src/tools) exports a Tool: its
// name, title, agent-facing description, JSON Schema for its input and a handler. The server
// validates arguments against the schema in one generic place (validateArguments) before the
// handler runs, so a handler may assume required fields exist and have the declared types.
//
// Threads: handlers are called concurrently from the server's worker pool; a Tool must be
// safe for that. A handler checks ctx.cancelled() in long loops and returns promptly.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cg::tools {

using Json = nlohmann::json;

struct CallContext {
  const std::atomic<bool>* cancelFlag = nullptr;
  // The call's time limit (docs/SECURITY.md), kept by the server: deadlineNs holds the
  // steady_clock time (ns since its epoch) at which the server stops waiting, answers the call
  // with an isError naming the limit, and sets cancelFlag. Null or a zero timeLimit: no limit.
  std::atomic<int64_t>* deadlineNs = nullptr;
  std::chrono::nanoseconds timeLimit{0};
  // Sends notifications/progress when the request carried a progressToken; no-op otherwise.
  std::function<void(double progress, std::optional<double> total, const std::string& message)>
      progress;

  bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
  // The wait for a first index is bounded on its own (--wait-timeout), so it does not count
  // against the time limit: pauseClock() before it, startClock() after it (notReady does both).
  void pauseClock() const {
    if (deadlineNs) deadlineNs->store(INT64_MAX);
  }
  void startClock() const {
    if (!deadlineNs || timeLimit.count() <= 0) return;
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    deadlineNs->store(std::chrono::duration_cast<std::chrono::nanoseconds>(now + timeLimit).count());
  }
  void report(double done, std::optional<double> total, const std::string& message) const {
    if (progress) progress(done, total, message);
  }
};

// What a handler returns. Exactly one of: an error sentence, a JSON value, or a text rendering.
struct ToolResult {
  std::optional<Json> json;  // object or array; an object is also sent as structuredContent
  std::string text;          // a text-format answer (outline text, get_context compact)
  bool isError = false;      // text then holds one sentence for the agent
  // Set by the server when the index may not yet reflect every change saved before the call
  // (a refresh past the freshness wait, a git checkout under way, a replaced folder): why. Sent
  // as the object's `stale` field, or a note beside a list or a text answer.
  std::string stale;

  static ToolResult ofJson(Json value) { ToolResult r; r.json = std::move(value); return r; }
  static ToolResult ofText(std::string value) { ToolResult r; r.text = std::move(value); return r; }
  static ToolResult error(std::string sentence) {
    ToolResult r;
    r.isError = true;
    r.text = std::move(sentence);
    return r;
  }
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;  // for an agent: when to use it, when another tool is better
  Json inputSchema;         // JSON Schema object, additionalProperties: false
  std::function<ToolResult(const Json& args, const CallContext& ctx)> handler;
};

class ToolRegistry {
 public:
  void add(Tool tool) { tools_.push_back(std::move(tool)); }
  const Tool* find(const std::string& name) const {
    for (const auto& t : tools_)
      if (t.name == name) return &t;
    return nullptr;
  }
  const std::vector<Tool>& all() const { return tools_; }

 private:
  std::vector<Tool> tools_;
};

// Checks `args` against the subset of JSON Schema our tools use (type object/string/integer/
// number/boolean/array, required, properties, additionalProperties:false, enum, minimum,
// maximum, minLength, items, oneOf-free). Returns one sentence naming the field and what is
// allowed, or nullopt when the arguments are valid.
std::optional<std::string> validateArguments(const Json& schema, const Json& args);

// Clamps each top-level numeric argument above its schema's `maximum` to that maximum, before
// validateArguments (a huge limit or depth is served at the maximum, not refused). Returns one
// sentence per clamped argument for the answer ("'limit' 1000000 is over the maximum 500; 500
// was used."); a value below its `minimum` is left for validateArguments to refuse.
std::vector<std::string> clampArguments(const Json& schema, Json& args);

}  // namespace cg::tools
