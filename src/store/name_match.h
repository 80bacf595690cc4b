// Matching names for search and did-you-mean (SqliteIndex): the FTS5 query a free text becomes,
// and the edit distance that ranks close names.
#pragma once

#include <cstddef>
#include <string>

namespace cg::store {

// ASCII lower case.
std::string lower(std::string s);
// Levenshtein distance of two names.
size_t editDistance(const std::string& a, const std::string& b);
// The FTS5 query of a free text, its terms joined by `joiner` (" " for AND, " OR ").
std::string ftsQuery(const std::string& text, const char* joiner);

}  // namespace cg::store
