// Calls and callables in a syntax tree (call_shapes.h).
#include "call_shapes.h"

#include <algorithm>
#include <cstring>

#include "text_util.h"

namespace cg::lang {

std::string_view nodeText(TSNode n, std::string_view src) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (s > src.size() || e > src.size() || e < s) return {};
  return src.substr(s, e - s);
}

// The index of the named child of `parent` that is or contains `node` (comments not counted),
// or -1.
int namedIndexOf(TSNode parent, TSNode node) {
  const uint32_t at = ts_node_start_byte(node);
  int index = 0;
  for (uint32_t i = 0; i < ts_node_named_child_count(parent); ++i) {
    TSNode c = ts_node_named_child(parent, i);
    if (std::strstr(ts_node_type(c), "comment")) continue;
    if (ts_node_start_byte(c) <= at && at < ts_node_end_byte(c)) return index;
    ++index;
  }
  return -1;
}

std::string callbackParameter(TSNode name, TSNode call, std::string_view src) {
  // The function literal: the ancestor of the name that is an argument of the call.
  TSNode args = ts_node_child_by_field_name(call, "arguments", 9);
  if (ts_node_is_null(args)) return {};
  // The function literal is the innermost ancestor with a parameter list (it may sit in a
  // conditional argument: `new Observable(s ? (sub) => ... : (sub) => ...)`).
  TSNode arg = name, literal{};
  while (!ts_node_is_null(arg) && !ts_node_eq(ts_node_parent(arg), args)) {
    arg = ts_node_parent(arg);
    if (ts_node_is_null(literal) && !ts_node_is_null(arg) &&
        (!ts_node_is_null(ts_node_child_by_field_name(arg, "parameters", 10)) ||
         !ts_node_is_null(ts_node_child_by_field_name(arg, "parameter", 9))))
      literal = arg;
  }
  if (ts_node_is_null(arg)) return {};
  const int argIndex = namedIndexOf(args, arg);
  // The parameter: the child of the function's parameter list holding the name (a bare `x =>`
  // is parameter 0).
  int paramIndex = 0;
  TSNode params =
      ts_node_is_null(literal) ? TSNode{} : ts_node_child_by_field_name(literal, "parameters", 10);
  if (!ts_node_is_null(params) && ts_node_start_byte(params) <= ts_node_start_byte(name) &&
      ts_node_start_byte(name) < ts_node_end_byte(params))
    paramIndex = namedIndexOf(params, name);
  if (argIndex < 0 || paramIndex < 0) return {};
  TSNode calleeNode = ts_node_child_by_field_name(call, "function", 8);
  std::string chain;
  if (ts_node_is_null(calleeNode)) {
    calleeNode = ts_node_child_by_field_name(call, "constructor", 11);  // `new T(...)`
    if (ts_node_is_null(calleeNode)) return {};
    const std::string t = typeName(normalizeSpace(nodeText(calleeNode, src)));
    if (t.empty()) return {};
    chain = "{" + t + "}";
  } else {
    chain = valueChain(normalizeSpace(nodeText(calleeNode, src)));
  }
  if (chain.empty()) return {};
  return "(" + std::to_string(argIndex) + "," + std::to_string(paramIndex) + ":" + chain + ")";
}

// The argument or parameter list of a call or callable: the child in field `field`, else (C,
// C++: `int f(int a)`) that of its declarator, else a named child whose type names the list.
TSNode listOf(TSNode node, const char* field, const char* typeWord) {
  TSNode list = ts_node_child_by_field_name(node, field, static_cast<uint32_t>(std::strlen(field)));
  if (!ts_node_is_null(list)) return list;
  TSNode declarator = node;
  for (int depth = 0; depth < 4; ++depth) {
    declarator = ts_node_child_by_field_name(declarator, "declarator", 10);
    if (ts_node_is_null(declarator)) break;
    list =
        ts_node_child_by_field_name(declarator, field, static_cast<uint32_t>(std::strlen(field)));
    if (!ts_node_is_null(list)) return list;
  }
  for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
    TSNode c = ts_node_named_child(node, i);
    const char* t = ts_node_type(c);
    if (std::strstr(t, typeWord) && (std::strstr(t, "list") || std::strstr(t, "s"))) return c;
  }
  return TSNode{};
}

bool isSpread(TSNode n, std::string_view src) {
  const char* t = ts_node_type(n);
  if (std::strstr(t, "spread") || std::strstr(t, "splat") || std::strstr(t, "variadic") ||
      std::strstr(t, "rest") || std::strstr(t, "unpacking"))
    return true;
  std::string_view text = nodeText(n, src);
  return text.find("...") != std::string_view::npos || (!text.empty() && text[0] == '*');
}

// The arguments a call writes; -1 when not known (no list found, a spread).
int16_t argumentCount(TSNode call, std::string_view src) {
  TSNode args = listOf(call, "arguments", "argument");
  if (ts_node_is_null(args)) return -1;
  int16_t n = 0;
  for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
    TSNode c = ts_node_named_child(args, i);
    if (std::strstr(ts_node_type(c), "comment")) continue;
    if (isSpread(c, src)) return -1;
    ++n;
  }
  return n;
}

// How many arguments a call of this callable must and may pass (255: any number / unknown).
std::pair<uint8_t, uint8_t> parameterCounts(TSNode def, std::string_view src) {
  TSNode params = listOf(def, "parameters", "parameter");
  if (ts_node_is_null(params)) return {0, 255};
  int min = 0, max = 0;
  bool first = true;
  for (uint32_t i = 0; i < ts_node_named_child_count(params); ++i) {
    TSNode c = ts_node_named_child(params, i);
    const char* t = ts_node_type(c);
    if (std::strstr(t, "comment") || std::strstr(t, "separator")) continue;
    std::string_view text = nodeText(c, src);
    if (first && (text == "self" || text == "cls" || text == "&self" || text == "&mut self" ||
                  text == "mut self" || std::strcmp(t, "self_parameter") == 0)) {
      first = false;
      continue;  // the receiver (Python, Rust): not an argument
    }
    first = false;
    if (text == "void") continue;  // C `f(void)`
    if (isSpread(c, src)) return {static_cast<uint8_t>(std::min(min, 254)), 255};
    // Go `a, b int` declares two.
    int names = 0;
    for (uint32_t k = 0; k < ts_node_named_child_count(c); ++k)
      if (std::strcmp(ts_node_type(ts_node_named_child(c, k)), "identifier") == 0 &&
          std::strcmp(t, "parameter_declaration") == 0)
        ++names;
    const int count = names > 1 ? names : 1;
    const bool optional = std::strstr(t, "default") || std::strstr(t, "optional") ||
                          text.find('=') != std::string_view::npos;
    if (!optional) min += count;
    max += count;
  }
  return {static_cast<uint8_t>(std::min(min, 254)), static_cast<uint8_t>(std::min(max, 254))};
}

}  // namespace cg::lang
