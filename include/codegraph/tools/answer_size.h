// The size every tool answer fits in: what the MCP clients hand to a model whole. Claude Code
// keeps a result over 50,000 characters in a file and shows the model a 2 KB preview; Codex
// keeps 10,000 tokens of a tool's output (counted as bytes / 4, so 40,000 bytes) and cuts the
// middle out of the rest. Both measure the JSON of structuredContent when there is one, else
// the text: the same object here. kMaxAnswerBytes stays under both with room to spare.
#pragma once

#include <cstddef>
#include <string>

#include "codegraph/tools/tool.h"

namespace cg::tools {

inline constexpr size_t kMaxAnswerBytes = 36 * 1024;

// Cuts `result` to at most maxBytes (compact JSON, or the text) when it is longer; false when
// nothing was cut. A JSON answer loses the last items of its largest lists first (a string, such
// as a source excerpt, is shortened only when no list is left to cut), and then says so: the
// object gets "truncated": true and a sentence in "note" naming each list cut and how many of
// its items were left out, and how to ask for the rest; an answer that is a list has no place
// for it, so the sentence goes to `sideNote` (the server sends it as a second text block). A
// text answer is cut at a line end and ends with a line saying so. Errors are left alone.
bool fitAnswer(ToolResult& result, size_t maxBytes = kMaxAnswerBytes, std::string* sideNote = nullptr);

}  // namespace cg::tools
