// File names are bytes on Linux; JSON strings are UTF-8. A path (and so a uid, which starts
// with its file's path) that is not valid UTF-8 crosses the protocol in an escaped form that
// round-trips:
//
//   - Out: a string that is not valid UTF-8 has each byte that is not part of a valid UTF-8
//     sequence written `%XX` (two upper-case hex digits), and each `%` written `%25`. A valid
//     UTF-8 string is sent as it is, `%` included.
//   - In: an argument that is exactly the escaped form of bytes that are not valid UTF-8 (every
//     `%` starts an upper-case `%XX`, and decoding gives bytes that are not UTF-8) is taken
//     decoded; any other argument is taken as written (`per%cent.py`, `a%41.py`). Only a file
//     whose valid UTF-8 name is itself such a form (`caf%E9.py` written literally) cannot be
//     named, a price paid for names that cannot be written in JSON otherwise.
//
// docs/tools.md ("Paths and names") states the rule for clients.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cg::tools {

bool isValidUtf8(std::string_view text);

// `text` itself when valid UTF-8, else its escaped form (see above).
std::string escapeNonUtf8(std::string_view text);

// escapeNonUtf8 line by line: a text answer's lines that are valid UTF-8 stay as they are.
std::string escapeNonUtf8Lines(std::string_view text);

// The bytes an escaped string stands for; nullopt when `text` is not such a string.
std::optional<std::string> unescapeNonUtf8(std::string_view text);

// escapeNonUtf8 on every string (and object key) in `value`, in place.
void escapeJsonStrings(nlohmann::json& value);

// unescapeNonUtf8 on every string argument (top level and in arrays), in place.
void unescapeArguments(nlohmann::json& args);

}  // namespace cg::tools
