#include "tool_call.h"

#include <spdlog/spdlog.h>

#include <exception>

#include "codegraph/support/stop_scope.h"
#include "codegraph/tools/answer_size.h"
#include "codegraph/tools/byte_names.h"

namespace cg::mcp {
namespace {

// An exception's text as the end of a sentence: no doubled full stop.
std::string asClause(std::string text) {
  while (!text.empty() && (text.back() == '.' || text.back() == '\n')) text.pop_back();
  return text.empty() ? "unknown error" : text;
}

}  // namespace

Json describeTool(const tools::Tool& tool) {
  return Json{{"name", tool.name},
              {"title", tool.title},
              {"description", tool.description},
              {"inputSchema", tool.inputSchema},
              {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}}};
}

tools::ToolResult invokeTool(const tools::Tool& tool, const Json& args,
                             const tools::CallContext& ctx) {
  // A cancelled call (by the client, the time limit or a stop) also interrupts a long SQLite
  // statement the handler is waiting on (SqliteIndex's progress handler).
  support::StopScope stopScope(ctx.cancelFlag);
  try {
    if (!tool.handler)
      return tools::ToolResult::error("The tool '" + tool.name + "' has no handler.");
    return tool.handler(args, ctx);
  } catch (const std::exception& e) {
    spdlog::error("tool {} threw: {}", tool.name, e.what());
    return tools::ToolResult::error("The tool '" + tool.name + "' failed: " + asClause(e.what()) +
                                    ".");
  } catch (...) {
    spdlog::error("tool {} threw a non-standard exception", tool.name);
    return tools::ToolResult::error("The tool '" + tool.name + "' failed with an unknown error.");
  }
}

Json renderToolResult(tools::ToolResult result, const std::vector<std::string>& notes) {
  auto textContent = [](std::string text) {
    return Json::array({Json{{"type", "text"}, {"text", std::move(text)}}});
  };
  if (result.isError) return Json{{"content", textContent(result.text)}, {"isError", true}};
  Json out;
  if (result.json && result.json->is_object() && !notes.empty()) (*result.json)["clamped"] = notes;
  if (result.json && result.json->is_object() && !result.stale.empty()) (*result.json)["stale"] = result.stale;
  // Names that are not UTF-8 (byte_names.h).
  if (result.json) tools::escapeJsonStrings(*result.json);
  else result.text = tools::escapeNonUtf8Lines(result.text);
  // Within what the clients pass to a model whole (answer_size.h): serialized once, and cut and
  // serialized again only when it is longer.
  std::string text = result.json ? serialize(*result.json) : std::move(result.text);
  std::string cutNote;  // a list answer's: it has no place for a note
  if (text.size() > tools::kMaxAnswerBytes) {
    if (!result.json) result.text = std::move(text);
    tools::fitAnswer(result, tools::kMaxAnswerBytes, &cutNote);
    text = result.json ? serialize(*result.json) : std::move(result.text);
  }
  if (!result.stale.empty() && !result.json)
    text += (text.empty() || text.back() == '\n' ? "" : "\n") + std::string("[stale: ") + result.stale + "]";
  if (result.json && result.json->is_object()) {
    out = Json{{"content", textContent(std::move(text))}};
    out["structuredContent"] = std::move(*result.json);
    return out;
  }
  out = Json{{"content", textContent(std::move(text))}};
  const bool staleNote = result.json && !result.stale.empty();  // a list: no field for it
  if (!notes.empty() || !cutNote.empty() || staleNote) {
    std::string note = "Note:";
    for (const auto& n : notes) note += " " + n;
    if (!cutNote.empty()) note += " " + cutNote;
    if (staleNote) note += " Stale: " + result.stale;
    out["content"].push_back(Json{{"type", "text"}, {"text", std::move(note)}});
  }
  return out;
}

}  // namespace cg::mcp
