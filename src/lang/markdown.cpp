// Markdown documents: title (first heading) and the code names mentioned in inline code spans
// and fenced/indented code blocks. Names are identifier-like tokens (letters, digits, '_', '$')
// and their dotted/`::` forms; the linking rule (length, ambiguity) is applied by analytics.
#include <cctype>
#include <set>

#include "codegraph/lang/extractor.h"
#include "text_util.h"

namespace cg::lang {
namespace {

bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

void collectNames(std::string_view code, std::set<std::string>& out) {
  size_t i = 0;
  while (i < code.size()) {
    if (!identStart(code[i])) {
      // Skip numbers glued to letters, e.g. 0x1F.
      ++i;
      while (i < code.size() && identChar(code[i]) && !identStart(code[i - 1])) ++i;
      continue;
    }
    size_t start = i;
    std::string dotted;
    while (true) {
      size_t s = i;
      while (i < code.size() && identChar(code[i])) ++i;
      std::string part(code.substr(s, i - s));
      out.insert(part);
      dotted += part;
      // a.b, a::b, a->b
      if (i + 1 < code.size() && code[i] == '.' && identStart(code[i + 1])) { dotted += '.'; ++i; continue; }
      if (i + 2 < code.size() && code[i] == ':' && code[i + 1] == ':' && identStart(code[i + 2])) { dotted += "::"; i += 2; continue; }
      break;
    }
    if (dotted.size() > i - start || dotted.find_first_of(".:") != std::string::npos) out.insert(dotted);
    if (out.size() > 5000) return;
  }
}

std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

}  // namespace

ExtractedFile extractMarkdown(std::string_view source) {
  ExtractedFile out;
  out.language = "markdown";
  std::set<std::string> names;
  std::string fence;  // the opening fence while inside a fenced block
  std::string_view prevLine;
  size_t pos = 0;
  uint32_t lines = 0;
  while (pos < source.size()) {
    size_t nl = source.find('\n', pos);
    std::string_view line = source.substr(pos, nl == std::string_view::npos ? source.npos : nl - pos);
    pos = nl == std::string_view::npos ? source.size() : nl + 1;
    ++lines;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string_view t = trimLeft(line);
    if (!fence.empty()) {
      if (t.substr(0, fence.size()) == fence) { fence.clear(); continue; }
      collectNames(line, names);
      continue;
    }
    if (t.substr(0, 3) == "```" || t.substr(0, 3) == "~~~") {
      size_t n = 0;
      while (n < t.size() && t[n] == t[0]) ++n;
      fence = std::string(t.substr(0, n));
      continue;
    }
    if (out.title.empty()) {
      if (!t.empty() && t[0] == '#') {
        size_t n = t.find_first_not_of('#');
        if (n != std::string_view::npos && n <= 6 && (t[n] == ' ' || t[n] == '\t')) {
          std::string title = normalizeSpace(t.substr(n));
          while (!title.empty() && title.back() == '#') title.pop_back();
          out.title = normalizeSpace(title);
        }
      } else if (!prevLine.empty() && !t.empty() && (t.find_first_not_of('=') == std::string_view::npos ||
                                                     t.find_first_not_of('-') == std::string_view::npos) &&
                 t.size() >= 2) {
        out.title = normalizeSpace(prevLine);
      }
    }
    if (line.size() >= 4 && line.substr(0, 4) == "    " && prevLine.empty()) {
      collectNames(line, names);
    } else {
      // Inline code spans: `...` (any run of backticks, closed by the same run).
      size_t i = 0;
      while ((i = line.find('`', i)) != std::string_view::npos) {
        size_t run = 0;
        while (i + run < line.size() && line[i + run] == '`') ++run;
        std::string closer(run, '`');
        size_t close = line.find(closer, i + run);
        if (close == std::string_view::npos) break;
        collectNames(line.substr(i + run, close - i - run), names);
        i = close + run;
      }
    }
    prevLine = t;
  }
  out.lines = lines;
  out.mentions.assign(names.begin(), names.end());
  return out;
}

}  // namespace cg::lang
