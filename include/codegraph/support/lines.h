// Reading a text line by line.
#pragma once

#include <cstddef>
#include <string_view>

namespace cg {

// The line of `text` that starts at `pos`, without its '\n'; moves `pos` past that '\n' (past the
// end of `text` after a last line without one). `while (pos < text.size())` visits every line.
inline std::string_view nextLine(std::string_view text, size_t& pos) {
  size_t end = text.find('\n', pos);
  if (end == std::string_view::npos) end = text.size();
  std::string_view line = text.substr(pos, end - pos);
  pos = end + 1;
  return line;
}

}  // namespace cg
