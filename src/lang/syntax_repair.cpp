// Source repairs for grammar misreadings (syntax_repair.h).
#include "syntax_repair.h"

#include <cctype>
#include <vector>

namespace cg::lang {
namespace {

bool endsAType(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == ')' ||
         c == ']' || c == '>';
}

}  // namespace

std::string separateGenericSignatures(std::string_view source) {
  std::string out;
  // The last character of the previous line of code (comments and blank lines skipped).
  char previousEnd = '\0';
  size_t lineStart = 0;
  while (lineStart < source.size()) {
    size_t lineEnd = source.find('\n', lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = source.size();
    const std::string_view line = source.substr(lineStart, lineEnd - lineStart);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos) {
      const std::string_view code = line.substr(first);
      const bool comment = code.rfind("//", 0) == 0 || code.rfind("/*", 0) == 0 ||
                           code.rfind("*", 0) == 0;
      if (!comment) {
        const bool signature = code.rfind("<", 0) == 0 || code.rfind("new <", 0) == 0;
        if (signature && first > 0 && endsAType(previousEnd)) {
          if (out.empty()) out.assign(source);
          out[lineStart + first - 1] = ';';
        }
        const size_t last = line.find_last_not_of(" \t\r");
        previousEnd = line[last];
      }
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

uint64_t lostBytes(TSNode root) {
  uint64_t lost = 0;
  std::vector<TSNode> stack{root};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (!ts_node_has_error(n)) continue;
    if (ts_node_is_missing(n)) {
      ++lost;
      continue;
    }
    if (ts_node_is_error(n)) {
      lost += ts_node_end_byte(n) - ts_node_start_byte(n);
      continue;
    }
    for (uint32_t i = 0, count = ts_node_child_count(n); i < count; ++i)
      stack.push_back(ts_node_child(n, i));
  }
  return lost;
}

}  // namespace cg::lang
