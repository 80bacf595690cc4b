#include "codegraph/graph/doc_links.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "codegraph/graph/symbol_graph.h"

namespace cg::graph {
namespace {

// "a::b.c" → {"a", "b", "c"}.
std::vector<std::string_view> segments(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    bool sep = i == s.size() || s[i] == '.' || (s[i] == ':' && i + 1 < s.size() && s[i + 1] == ':');
    if (!sep) continue;
    if (i > start) out.push_back(s.substr(start, i - start));
    if (i < s.size() && s[i] == ':') ++i;
    start = i + 1;
  }
  return out;
}

bool qualifiedEndsWith(std::string_view qualified, const std::vector<std::string_view>& want) {
  auto have = segments(qualified);
  if (have.size() < want.size()) return false;
  return std::equal(want.rbegin(), want.rend(), have.rbegin());
}

std::string_view fileStem(std::string_view path) {
  auto slash = path.rfind('/');
  std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  auto dot = file.find('.');
  return dot == std::string_view::npos ? file : file.substr(0, dot);
}

std::string_view lastFolder(std::string_view path) {
  auto slash = path.rfind('/');
  if (slash == std::string_view::npos) return {};
  std::string_view dir = path.substr(0, slash);
  auto prev = dir.rfind('/');
  return prev == std::string_view::npos ? dir : dir.substr(prev + 1);
}

}  // namespace

std::vector<model::DocLink> linkDocuments(const std::vector<model::GraphNode>& nodes,
                                          const std::vector<model::DocMention>& mentions) {
  // Only the names documents mention are looked up: index those, not every symbol.
  std::unordered_map<std::string_view, std::vector<const model::GraphNode*>> byName;
  for (const auto& m : mentions) {
    auto parts = segments(m.name);
    if (!parts.empty() && parts.back().size() >= kMinLinkedNameLength) byName.try_emplace(parts.back());
  }
  if (byName.empty()) return {};
  for (const auto& n : nodes)
    if (auto it = byName.find(n.name); it != byName.end()) it->second.push_back(&n);
  std::vector<model::DocLink> links;
  std::vector<const model::GraphNode*> hits;
  for (const auto& m : mentions) {
    auto parts = segments(m.name);
    if (parts.empty() || parts.back().size() < kMinLinkedNameLength) continue;
    auto it = byName.find(parts.back());
    if (it == byName.end() || it->second.empty()) continue;
    hits.clear();
    if (parts.size() == 1) {
      hits = it->second;
    } else {
      // The qualified name carries no qualifier in the symbol table for top-level functions of
      // Go/Python modules, so the module (folder or file) stands in for it.
      for (const auto* n : it->second) {
        if (qualifiedEndsWith(n->qualifiedName(), parts)) hits.push_back(n);
      }
      if (hits.empty()) {
        std::string_view module = parts[parts.size() - 2];
        for (const auto* n : it->second)
          if (lastFolder(n->filePath()) == module || fileStem(n->filePath()) == module) hits.push_back(n);
      }
    }
    if (hits.empty() || hits.size() > kMaxLinkedDefinitions) continue;
    for (const auto* n : hits) links.push_back({n->id, m.docFileId});
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  return links;
}

}  // namespace cg::graph
