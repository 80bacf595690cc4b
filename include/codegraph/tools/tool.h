// The tool table the MCP server serves. Each tool (one file in src/tools) exports a Tool: its
// name, title, agent-facing description, JSON Schema for its input and a handler. The server
// validates arguments against the schema in one generic place (validateArguments) before the
// handler runs, so a handler may assume required fields exist and have the declared types.
//
// Threads: handlers are called concurrently from the server's worker pool; a Tool must be
// safe for that. A handler checks ctx.cancelled() in long loops and returns promptly.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cg::tools {

using Json = nlohmann::json;

struct CallContext {
  const std::atomic<bool>* cancelFlag = nullptr;
  // Sends notifications/progress when the request carried a progressToken; no-op otherwise.
  std::function<void(double progress, std::optional<double> total, const std::string& message)>
      progress;

  bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
  void report(double done, std::optional<double> total, const std::string& message) const {
    if (progress) progress(done, total, message);
  }
};

// What a handler returns. Exactly one of: an error sentence, a JSON value, or a text rendering.
struct ToolResult {
  std::optional<Json> json;  // object or array; an object is also sent as structuredContent
  std::string text;          // a text-format answer (outline text, get_context compact)
  bool isError = false;      // text then holds one sentence for the agent

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

}  // namespace cg::tools
