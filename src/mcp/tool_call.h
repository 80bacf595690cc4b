// The tools side of the protocol: how a Tool is listed, how a handler is run so that nothing it
// throws escapes, and how a ToolResult becomes a tools/call result (docs/CONTRACT.md §3):
//   - isError            → content [{type:text, text: sentence}], isError: true, nothing else
//   - json (object)      → content [{type:text, text: compact JSON}] + structuredContent = json
//   - json (array/other) → content [{type:text, text: compact JSON}], no structuredContent
//   - text               → content [{type:text, text}], no structuredContent
#pragma once

#include <string>
#include <vector>

#include "codegraph/tools/tool.h"
#include "protocol.h"

namespace cg::mcp {

// One entry of tools/list.
Json describeTool(const tools::Tool& tool);

// Runs the handler; an exception becomes an isError result naming the tool.
tools::ToolResult invokeTool(const tools::Tool& tool, const Json& args,
                             const tools::CallContext& ctx);

// `notes` (what clampArguments changed) are told in the answer: a JSON object result gets
// "clamped": [notes] (so structuredContent carries them too); an array or text result gets one
// more text content item. An error result carries no notes.
Json renderToolResult(tools::ToolResult result, const std::vector<std::string>& notes = {});

}  // namespace cg::mcp
