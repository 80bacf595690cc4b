// Helpers shared by the tool files: argument access with defaults, enum vocabularies for
// schemas, symbol → JSON renderings used by several tools.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <filesystem>

#include "codegraph/model/symbol_index.h"
#include "codegraph/tools/tool.h"

namespace cg::tools {

struct ToolEnv;  // codegraph/tools/tools.h

// The `kind` argument: its schema, and its value (nullopt when absent; an error sentence naming
// every kind when it is none).
Json kindSchema();
Expected<std::optional<model::SymbolKind>> parseKindArgument(const Json& args);
Json scopeEnumSchema();
std::optional<model::Scope> parseScope(const std::string& s);
// A string argument that may not be empty.
Json nonEmptyStringSchema(const char* description);
// `properties` with the filters of a lookup added: the `kind` and `scope` arguments.
Json withFilterArguments(Json properties);
// A tool's input schema: an object of these properties, `required` among them, and no others.
Json objectSchema(Json properties, std::vector<std::string> required = {});

std::string argString(const Json& args, const char* key, const std::string& fallback = "");
int64_t argInt(const Json& args, const char* key, int64_t fallback);
bool argBool(const Json& args, const char* key, bool fallback);

// {"name","kind","path","line","end_line","signature","uid"}
Json symbolJson(const model::Symbol& s);
// symbolJson and "visibility"
Json definitionJson(const model::Symbol& s);

// Splits "Class.method", "pkg.Func", "ns::f" into qualifier and name.
std::pair<std::string, std::string> splitQualifiedName(const std::string& text);

// A file/file_path argument as a repository-relative path or path suffix ('/'-separated, no
// leading "./", no trailing '/'; "" for the root itself), or an error sentence naming `field`
// when it leaves the repository (docs/CONTRACT.md §7): a ".." that climbs out, an absolute path
// elsewhere, or an existing path whose canonical form (symlinks followed) is outside the root.
Expected<std::string> repoRelativePath(const struct ToolEnv& env, const std::string& arg,
                                       const char* field);

// True when `path` (absolute, canonical) is the root or inside it.
bool isInside(const std::filesystem::path& path, const std::filesystem::path& root);

// An estimate of a BPE tokenizer's (o200k/cl100k) count for `text`, shaped like o200k's
// pre-tokenizer (see common.cpp for the pricing and its calibration).
size_t estimateTokens(std::string_view text);

// A signature on one line: whitespace runs collapsed to one space, trimmed, cut at `maxBytes`
// (on a UTF-8 boundary) with "...".
std::string oneLine(std::string_view text, size_t maxBytes = 200);

// Trims ASCII whitespace at both ends.
std::string trimmed(std::string_view text);

// The symbol with this uid, taken as written first: a file name may begin or end with a space.
// When nothing has that uid, the uid without surrounding white space.
Expected<std::optional<model::Symbol>> lookupUid(const ToolEnv& env, const std::string& uid);

// A symbol's lines (its range) read from the file on disk, never outside the repository (the
// canonical path must stay under the root), at most `maxLines` lines and `maxBytes` bytes.
// When cut, `cut` says which lines were returned ("lines 10-409 of 10-520"). nullopt with
// `problem` set when the file is unreadable, outside the repository or shorter than indexed.
std::optional<std::string> symbolSource(const struct ToolEnv& env, const model::Symbol& s,
                                        uint32_t maxLines, size_t maxBytes, std::string* cut,
                                        std::string* problem);

// The refusal of a `token_budget` below `minimum`, worded as the schema validator words its
// refusals (the schemas leave the minimum out: tools/list stays shorter); nullopt when it is
// absent or large enough.
std::optional<ToolResult> budgetBelow(const Json& args, int64_t minimum);

// The result when the index is not ready yet (or nullopt when it is).
std::optional<ToolResult> notReady(const struct ToolEnv& env, const CallContext& ctx);

// The notes as one text, each after a space unless nothing precedes it.
std::string joinNotes(const std::vector<std::string>& notes);

// A tool's work: the answer to one call.
using ToolRun = ToolResult (*)(const ToolEnv& env, const Json& args, const CallContext& ctx);

// The tool `name` whose handler answers each call with `run` on `env` (the handler keeps `env`).
Tool boundTool(std::string name, std::string title, std::string description, Json inputSchema,
               std::shared_ptr<const ToolEnv> env, ToolRun run);

}  // namespace cg::tools
