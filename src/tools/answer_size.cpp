#include "codegraph/tools/answer_size.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace cg::tools {
namespace {

size_t sizeOf(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace).size(); }

// The largest non-empty array under `node` (by serialized size), with its path for the note.
// Lists of one item are passed over while a longer list is left (cutting the one item would drop
// everything in it): `minItems` is 2, then 1.
void largestArray(Json& node, const std::string& path, size_t minItems, Json*& best, std::string& bestPath,
                  size_t& bestSize) {
  if (node.is_array()) {
    if (node.size() >= minItems) {
      size_t s = sizeOf(node);
      if (s > bestSize) {
        best = &node;
        bestPath = path;
        bestSize = s;
      }
    }
    for (auto& element : node) largestArray(element, path + "[]", minItems, best, bestPath, bestSize);
  } else if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it)
      largestArray(it.value(), path.empty() ? it.key() : path + "." + it.key(), minItems, best, bestPath, bestSize);
  }
}

void largestString(Json& node, Json*& best, size_t& bestSize) {
  if (node.is_string()) {
    size_t s = node.get_ref<const std::string&>().size();
    if (s > bestSize) {
      best = &node;
      bestSize = s;
    }
  } else if (node.is_array() || node.is_object()) {
    for (auto& child : node) largestString(child, best, bestSize);
  }
}

// A cut that keeps UTF-8 whole: never ends inside a multi-byte character.
size_t utf8Floor(const std::string& s, size_t n) {
  if (n >= s.size()) return s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return n;
}

std::string numberText(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

bool fitJson(Json& value, size_t maxBytes, std::string* sideNote) {
  size_t size = sizeOf(value);
  if (size <= maxBytes) return false;
  // Room for the note and the flag added afterwards.
  const size_t target = maxBytes > 1024 ? maxBytes - 600 : maxBytes / 2;
  struct Cut {
    size_t left = 0, total = 0;
  };
  std::map<std::string, Cut> cuts;
  std::vector<std::string> order;
  bool shortened = false;
  for (int round = 0; round < 256 && size > target; ++round) {
    Json* array = nullptr;
    std::string path;
    size_t arrayBytes = 0;
    largestArray(value, "", 2, array, path, arrayBytes);
    if (!array) largestArray(value, "", 1, array, path, arrayBytes);
    if (!array) {
      Json* text = nullptr;
      size_t textBytes = 0;
      largestString(value, text, textBytes);
      if (!text || textBytes < 64) break;
      std::string& s = text->get_ref<std::string&>();
      const size_t excess = size - target;
      size_t keep = utf8Floor(s, excess + 32 < s.size() ? s.size() - excess - 32 : 0);
      s = s.substr(0, keep) + "…[cut]";
      shortened = true;
      size = sizeOf(value);
      continue;
    }
    if (!cuts.count(path)) {
      order.push_back(path);
      cuts[path].total = array->size();
    }
    // Drop items from the end until the excess is gone (each item costs its bytes and a comma).
    size_t excess = size - target, freed = 0, dropped = 0;
    while (!array->empty() && freed < excess) {
      freed += sizeOf(array->back()) + 1;
      array->erase(array->size() - 1);
      ++dropped;
    }
    cuts[path].left += dropped;
    size = sizeOf(value);
  }
  std::string sentence = "Cut to fit " + numberText(maxBytes) +
                         " bytes, the most an MCP client passes to the model whole: ";
  bool first = true;
  for (const auto& path : order) {
    const Cut& c = cuts[path];
    if (c.left == 0) continue;
    sentence += (first ? "" : ", ") + numberText(c.left) + " of " + numberText(c.total) +
                (path.empty() ? std::string(" items") : " `" + path + "`") + " left out";
    first = false;
  }
  if (shortened) sentence += std::string(first ? "" : ", ") + "a long text shortened";
  sentence += ". Ask for less at once (a smaller limit or token_budget, one file or symbol, a kind) to see the rest.";
  if (!value.is_object()) {
    if (sideNote) *sideNote = sentence;
    return true;
  }
  value["truncated"] = true;
  if (auto it = value.find("note"); it != value.end() && it->is_string() && !it->get_ref<const std::string&>().empty())
    *it = it->get<std::string>() + " " + sentence;
  else
    value["note"] = sentence;
  return true;
}

}  // namespace

bool fitAnswer(ToolResult& result, size_t maxBytes, std::string* sideNote) {
  if (result.isError) return false;
  if (result.json) return fitJson(*result.json, maxBytes, sideNote);
  if (result.text.size() <= maxBytes) return false;
  const std::string tail = "\n[cut: this answer ends at " + numberText(maxBytes) +
                           " bytes, the most an MCP client passes to the model whole; ask for less "
                           "at once (a smaller token_budget, one file or symbol) to see the rest]\n";
  size_t keep = maxBytes > tail.size() ? maxBytes - tail.size() : 0;
  size_t lineEnd = result.text.rfind('\n', keep);
  keep = lineEnd != std::string::npos && lineEnd > keep / 2 ? lineEnd : utf8Floor(result.text, keep);
  result.text.resize(keep);
  result.text += tail;
  return true;
}

}  // namespace cg::tools
