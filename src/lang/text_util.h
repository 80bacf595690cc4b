// Small text helpers for extraction: whitespace normalisation, signatures, comment cleaning,
// qualified-name splitting. Pure functions, no tree-sitter.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace cg::lang {

// Collapses runs of whitespace to one space and trims.
std::string normalizeSpace(std::string_view text);
// A declaration head: whitespace-normalised, trailing '{' ':' '=' dropped, capped with "…".
std::string makeSignature(std::string_view head, size_t maxBytes);
// Strips comment markers (// /* */ # * ''' """) from each line and joins the text.
std::string cleanComment(std::string_view text, size_t maxBytes);
// "a.b.c" → {"a.b", "c"}; "ns::f" → {"ns", "f"}; "p->m" → {"p", "m"}; "f" → {"", "f"}.
// Separators inside brackets or template arguments do not split.
std::pair<std::string, std::string> splitQualified(std::string_view text);
// A receiver as written can be a whole expression (a chained call over a function literal):
// argument lists collapse to "()", whitespace is normalised, and the result is capped.
std::string compactQualifier(std::string_view text);
// Removes one pair of surrounding quotes ("x", 'x', `x`, <x>).
std::string stripQuotes(std::string text);
// Cuts `s` to at most maxBytes without splitting a UTF-8 sequence, adding "…" when cut.
std::string capUtf8(std::string_view s, size_t maxBytes);

}  // namespace cg::lang
