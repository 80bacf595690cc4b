// What a declared signature says about types (signature_types.h): parameter lists split at
// top-level commas, a parameter's declared type, a type guard's asserted type.
#include "signature_types.h"

#include <cctype>
#include <vector>

#include "codegraph/lang/type_expr.h"

namespace cg::indexer {
namespace {

// The top-level parts of `s` split at commas (outside brackets).
std::vector<std::string> splitParameters(const std::string& s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if ((c == ')' || c == ']' || c == '}' || (c == '>' && (i == 0 || s[i - 1] != '='))) &&
             depth > 0)
      --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) parts.push_back(cur);
  for (auto& p : parts) {
    size_t a = p.find_first_not_of(' '), b = p.find_last_not_of(' ');
    p = a == std::string::npos ? std::string() : p.substr(a, b - a + 1);
  }
  return parts;
}

// The parameter list of a signature or function type: the text inside the first top-level
// parentheses after `from` (type parameters `<...>` skipped), or npos.
std::string parameterList(const std::string& s, size_t from) {
  size_t open = s.find('(', from);
  if (open == std::string::npos) return {};
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(')
      ++depth;
    else if (s[i] == ')' && --depth == 0)
      return s.substr(open + 1, i - open - 1);
  }
  return {};
}

// The declared type of a `name: Type` parameter ("" when untyped); `this` parameters are skipped
// by the caller.
std::string parameterType(const std::string& p) {
  int depth = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0)
      --depth;
    else if (c == ':' && depth == 0) {
      std::string t = p.substr(i + 1);
      size_t eq = std::string::npos;  // a default value
      int d = 0;
      for (size_t k = 0; k < t.size(); ++k) {
        if (t[k] == '(' || t[k] == '[' || t[k] == '{' || t[k] == '<')
          ++d;
        else if ((t[k] == ')' || t[k] == ']' || t[k] == '}' ||
                  (t[k] == '>' && (k == 0 || t[k - 1] != '='))) &&
                 d > 0)
          --d;
        else if (t[k] == '=' && d == 0 && (k + 1 >= t.size() || t[k + 1] != '>')) {
          eq = k;
          break;
        }
      }
      if (eq != std::string::npos) t = t.substr(0, eq);
      size_t a = t.find_first_not_of(' '), b = t.find_last_not_of(' ');
      return a == std::string::npos ? std::string() : t.substr(a, b - a + 1);
    }
  }
  return {};
}

}  // namespace

std::string guardedType(const std::string& signature) {
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  const size_t is = signature.rfind(" is ");
  if (is == std::string::npos) return {};
  // `x is T` after the result's colon: the word before " is " follows ": ".
  size_t w = is;
  while (w > 0 && word(signature[w - 1])) --w;
  if (w == is || w < 2 || signature.compare(w - 2, 2, ": ") != 0) return {};
  size_t from = is + 4, end = from;
  while (end < signature.size() && (word(signature[end]) || signature[end] == '.')) ++end;
  return signature.substr(from, end - from);
}

std::string callbackParameterType(const std::string& signature, const std::string& qualifiedName,
                                  int argIndex, int paramIndex) {
  const std::string name = qualifiedName.substr(qualifiedName.find_last_of(".:") + 1);
  size_t at = signature.find(name);
  auto params = splitParameters(parameterList(signature, at == std::string::npos ? 0 : at));
  std::erase_if(params,
                [](const std::string& p) { return p.rfind("this", 0) == 0 && p.find(':') == 4; });
  if (argIndex < 0 || static_cast<size_t>(argIndex) >= params.size()) return {};
  std::string fnType = parameterType(params[static_cast<size_t>(argIndex)]);
  // A union with undefined/null around a function type: the function type.
  if (fnType.empty() || fnType.find("=>") == std::string::npos) return {};
  if (fnType.front() == '(' && fnType.find("=>") != std::string::npos) {
    auto inner = splitParameters(parameterList(fnType, 0));
    std::erase_if(inner,
                  [](const std::string& p) { return p.rfind("this", 0) == 0 && p.find(':') == 4; });
    if (paramIndex < 0 || static_cast<size_t>(paramIndex) >= inner.size()) return {};
    return lang::typeNameOf(parameterType(inner[static_cast<size_t>(paramIndex)]));
  }
  return {};
}

}  // namespace cg::indexer
