// Minimal textual edits of client configuration files (JSON, JSONC, TOML): the `install` and
// `uninstall` commands change one entry and leave every other byte where it was.
//
// Guarantees:
//  - The input is parsed first; a syntax error is reported as "line L, column C: what" and
//    nothing is edited (the caller never overwrites a broken file).
//  - set() of a new entry appends it to its parent object/table in the file's own indentation;
//    set() of an existing entry replaces only the values of the fields it names (fields a user
//    added to the entry stay); remove() deletes the entry and any parent that became empty.
//  - remove() after set() of a new entry gives back the original text byte for byte (with the
//    normalisations documented per format: `{ }` comes back as `{}`, a TOML file without a
//    final newline gets one).
//  - Comments (JSONC `//` and `/* */`, TOML `#`) outside the edited entry survive.
// Pure functions over strings: no I/O, no threads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "codegraph/support/expected.h"

namespace cg::cli {

using OrderedJson = nlohmann::ordered_json;

enum class EditOutcome { kAdded, kUpdated, kUnchanged, kRemoved, kAbsent };

struct EditResult {
  std::string text;
  EditOutcome outcome = EditOutcome::kUnchanged;
};

// ---- JSON / JSONC ----------------------------------------------------------------------------
struct JsonSyntax {
  bool comments = false;        // `//` and `/* */` (VS Code and Zed settings, JSONC)
  bool trailingCommas = false;  // `[1, 2,]` and `{"a": 1,}`
};
inline constexpr JsonSyntax kStrictJson{false, false};
inline constexpr JsonSyntax kJsonc{true, true};

// Parses `text` (an empty or blank text counts as `{}`); kInvalidArgument with
// "line L, column C: ..." when it is not valid.
Status checkJson(std::string_view text, JsonSyntax syntax);

// Sets the member at `path` (object keys from the top level) to `value`, creating missing
// parent objects. When the member exists and both it and `value` are objects, each field of
// `value` is set in turn (recursively) and the member's other fields stay.
Expected<EditResult> jsonSet(std::string_view text, const std::vector<std::string>& path,
                             const OrderedJson& value, JsonSyntax syntax);

// Removes the member at `path`, then every parent object on the path left empty (the top level
// stays, as `{}`). kAbsent (text unchanged) when there is no such member.
Expected<EditResult> jsonRemove(std::string_view text, const std::vector<std::string>& path,
                                JsonSyntax syntax);

// The member at `path` as JSON (comments dropped), or null when absent.
Expected<OrderedJson> jsonGet(std::string_view text, const std::vector<std::string>& path,
                              JsonSyntax syntax);

// ---- TOML --------------------------------------------------------------------------------------
// Only what a `[table.name]` entry needs: the file is checked line by line (TOML 1.0 syntax:
// tables, arrays of tables, key = value with strings, multi-line strings, arrays, inline tables,
// numbers, booleans, dates), and the entry is the table named `tablePath` plus its sub-tables.
// `value` is an object of strings, numbers, booleans and arrays of them.
Status checkToml(std::string_view text);
Expected<EditResult> tomlSet(std::string_view text, const std::vector<std::string>& tablePath,
                             const OrderedJson& value);
Expected<EditResult> tomlRemove(std::string_view text, const std::vector<std::string>& tablePath);

}  // namespace cg::cli
