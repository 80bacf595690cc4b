// Calls and callables as the extractor reads them from a syntax tree, whatever the grammar:
// a node's text, argument and parameter lists and their counts, and the type expression of a
// parameter of a function literal passed to a call. No query and no index here.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace cg::lang {

// The text of a node, empty when its range is not inside `src`.
std::string_view nodeText(TSNode n, std::string_view src);
// The index of the named child of `parent` that is or contains `node` (comments not counted),
// or -1.
int namedIndexOf(TSNode parent, TSNode node);
// A parameter of a function literal passed to a call (`operate((source, subscriber) => ...)`):
// "(j,k:<callee>)", parameter k of the function in argument j of the callee's signature; "" when
// the call's shape says nothing.
std::string callbackParameter(TSNode name, TSNode call, std::string_view src);
// The argument or parameter list of a call or callable: the child in field `field`, else (C,
// C++: `int f(int a)`) that of its declarator, else a named child whose type names the list.
TSNode listOf(TSNode node, const char* field, const char* typeWord);
// Whether an argument or parameter spreads (`*args`, `...xs`, variadics).
bool isSpread(TSNode n, std::string_view src);
// The arguments a call writes; -1 when not known (no list found, a spread).
int16_t argumentCount(TSNode call, std::string_view src);
// How many arguments a call of this callable must and may pass (255: any number / unknown).
std::pair<uint8_t, uint8_t> parameterCounts(TSNode def, std::string_view src);

}  // namespace cg::lang
