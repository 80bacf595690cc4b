#include "resolver_rules.h"

namespace cg::indexer::resolver_rules {

using model::RefKind;
using model::SymbolKind;

bool compatible(RefKind ref, SymbolKind def) {
  switch (ref) {
    case RefKind::kCalls:
      return model::isCallable(def) || def == SymbolKind::kClass || def == SymbolKind::kStruct ||
             def == SymbolKind::kUnion;
    case RefKind::kExtends:
      return def == SymbolKind::kClass || def == SymbolKind::kStruct ||
             def == SymbolKind::kInterface || def == SymbolKind::kTrait ||
             def == SymbolKind::kType;
    case RefKind::kImplements:  // a Ruby mixin (`include M`) implements a module
      return def == SymbolKind::kInterface || def == SymbolKind::kTrait ||
             def == SymbolKind::kClass || def == SymbolKind::kModule;
    case RefKind::kUses:
      return model::isTypeLike(def);
    case RefKind::kAccesses:
    case RefKind::kAssigns:
      return def == SymbolKind::kVariable || def == SymbolKind::kConstant;
    default:
      return true;
  }
}

bool isSelfQualifier(const std::string& q) {
  return q == "self" || q == "this" || q == "cls" || q == "Self" || q == "@" || q == "super" ||
         q == "self.class" || q == "static" || q == "$this";
}

// In `import static a.b.C.m` / `use a::C::m` (module as written, name m): "C".
std::string ownerSegment(const std::string& module, const std::string& name) {
  std::string m = module;
  for (const char* sep : {"::", "."}) {
    std::string suffix = std::string(sep) + name;
    if (m.size() > suffix.size() && m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0) {
      m = m.substr(0, m.size() - suffix.size());
      break;
    }
  }
  size_t cut = m.find_last_of(".:");
  return cut == std::string::npos ? m : m.substr(cut + 1);
}

std::string firstSegment(const std::string& q) {
  size_t cut = q.find_first_of(".:");
  return cut == std::string::npos ? q : q.substr(0, cut);
}
std::string lastSegment(const std::string& q) {
  size_t cut = q.find_last_of(".:");
  return cut == std::string::npos ? q : q.substr(cut + 1);
}

std::vector<std::string> dottedSegments(const std::string& q) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (true) {
    size_t next = q.find('.', pos);
    out.push_back(q.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
    if (next == std::string::npos) break;
    pos = next + 1;
  }
  return out;
}

}  // namespace cg::indexer::resolver_rules
