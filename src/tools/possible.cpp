#include "possible.h"

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>

#include "codegraph/tools/tools.h"

namespace cg::tools {
namespace {

using model::RefKind;
using model::SymbolKind;

// Unbound rows of one name read at most: beyond it the counts are a floor (`capped`).
constexpr uint32_t kScanCap = 20000;
// Unbound references of one symbol counted at most.
constexpr uint32_t kOutgoingCap = 2000;

bool isSelf(std::string_view q) {
  return q == "self" || q == "this" || q == "cls" || q == "Self" || q == "@" || q == "super" ||
         q == "self.class" || q == "static" || q == "$this";
}

std::string written(const model::UnboundRef& u) {
  return u.qualifier.empty() ? u.name : u.qualifier + "." + u.name;
}

const char* category(RefKind k) {
  switch (k) {
    case RefKind::kCalls: return "calls";
    case RefKind::kExtends: return "extends";
    case RefKind::kImplements: return "implements";
    default: return "uses";
  }
}

}  // namespace

bool couldName(const ToolEnv& env, const model::Symbol& t, std::optional<SymbolKind> parentKind,
               const model::UnboundRef& u) {
  const bool family = env.sameFamily ? env.sameFamily(u.language, t.language) : u.language == t.language;
  if (!family) return false;
  const bool typeLike = model::isTypeLike(t.kind);
  const bool variable = t.kind == SymbolKind::kVariable || t.kind == SymbolKind::kConstant ||
                        t.kind == SymbolKind::kField || t.kind == SymbolKind::kProperty;
  // A member of a class (not of a module or namespace), or a Go method declared beside its type.
  const bool member = parentKind ? model::isContainer(*parentKind) && *parentKind != SymbolKind::kNamespace &&
                                       *parentKind != SymbolKind::kModule
                                 : t.kind == SymbolKind::kMethod &&
                                       t.qualifiedName.find_first_of(".:") != std::string::npos;
  switch (u.kind) {
    case RefKind::kCalls:
      if (!model::isCallable(t.kind) && !typeLike) return false;
      if (u.qualifier.empty()) return !member || (env.implicitThis && env.implicitThis(u.language));
      if (isSelf(u.qualifier)) return member;
      return member && !typeLike;
    case RefKind::kExtends:
    case RefKind::kImplements:
    case RefKind::kUses:
      return typeLike;
    case RefKind::kAccesses:
    case RefKind::kAssigns:
      return variable;
    default:
      return false;
  }
}

uint32_t Possible::total() const {
  uint32_t t = 0;
  for (uint32_t c : count) t += c;
  return t;
}

Expected<Possible> possibleReferences(const ToolEnv& env, const std::vector<model::Symbol>& targets,
                                      uint32_t sitesPerKind) {
  Possible out;
  std::set<int64_t> seen;
  std::vector<model::UnboundRef> all;
  // One read per distinct name; each target then keeps what it could answer.
  std::string lastName;
  std::vector<model::UnboundRef> rows;
  std::vector<model::Symbol> sorted = targets;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const model::Symbol& a, const model::Symbol& b) { return a.name < b.name; });
  for (const auto& t : sorted) {
    if (t.name != lastName) {
      bool more = false;
      auto got = env.index->unboundNamed(t.name, kScanCap, &more);
      if (!got) return got.error();
      rows = std::move(*got);
      out.capped = out.capped || more;
      lastName = t.name;
    }
    if (rows.empty()) continue;  // the usual case: nothing unbound carries the name
    std::optional<SymbolKind> parentKind;
    if (t.parentId != 0) {
      auto parent = env.index->byId(t.parentId);
      if (!parent) return parent.error();
      if (*parent) parentKind = (*parent)->kind;
    }
    for (const auto& u : rows)
      if (!seen.count(u.refId) && couldName(env, t, parentKind, u)) {
        seen.insert(u.refId);
        ++out.count[static_cast<size_t>(u.kind)];
        all.push_back(u);
      }
  }
  std::sort(all.begin(), all.end(), [](const model::UnboundRef& a, const model::UnboundRef& b) {
    return std::make_tuple(std::string_view(category(a.kind)), std::cref(a.path), a.line, a.column, a.refId) <
           std::make_tuple(std::string_view(category(b.kind)), std::cref(b.path), b.line, b.column, b.refId);
  });
  uint32_t inCategory = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const bool same = i > 0 && std::string_view(category(all[i].kind)) == category(all[i - 1].kind);
    inCategory = same ? inCategory + 1 : 0;
    if (inCategory < sitesPerKind) out.sites.push_back(std::move(all[i]));
  }
  return out;
}

Json possibleJson(const Possible& p) {
  if (p.total() == 0) return nullptr;
  Json out = Json::object();
  for (int k = 0; k < model::kRefKindCount; ++k) {
    if (p.count[k] == 0) continue;
    Json& cat = out[category(static_cast<RefKind>(k))];
    if (cat.is_null()) cat = Json{{"count", 0}, {"sites", Json::array()}};
    cat["count"] = cat["count"].get<uint32_t>() + p.count[k];
  }
  for (const auto& u : p.sites) {
    Json site{{"file_path", u.path}, {"line", u.line}, {"column", u.column},
              {"symbol_uid", u.sourceUid.empty() ? Json(nullptr) : Json(u.sourceUid)}};
    if (!u.qualifier.empty()) site["written"] = written(u);
    out[category(u.kind)]["sites"].push_back(std::move(site));
  }
  if (p.capped)
    for (auto& [name, cat] : out.items()) cat["at_least"] = true;
  return out;
}

std::string possibleNote(const Possible& p) {
  const uint32_t n = p.total();
  if (n == 0) return "";
  return std::string(p.capped ? "At least " : "") + std::to_string(n) + " possible reference" +
         (n == 1 ? "" : "s") +
         " (unbound sites of this name: receiver of unknown type or several candidates) in "
         "`possible`, not counted above.";
}

Expected<Json> outsideCalls(const ToolEnv& env, const model::Symbol& s, uint32_t limit) {
  bool more = false;
  auto rows = env.index->outsideCallsFrom(s.id, kOutgoingCap, &more);
  if (!rows) return rows.error();
  if (rows->empty()) return Json();
  Json names = Json::array();
  std::set<std::string> seen;
  for (const auto& u : *rows)
    if (names.size() < limit && seen.insert(written(u)).second) names.push_back(written(u));
  Json out{{"count", rows->size()}, {"names", std::move(names)}};
  if (more) out["at_least"] = true;
  return out;
}

Expected<Unresolved> unresolvedOutgoing(const ToolEnv& env, const model::Symbol& s, uint32_t limit) {
  Unresolved out;
  auto rows = env.index->unboundFrom(s.id, kOutgoingCap, &out.more);
  if (!rows) return rows.error();
  out.count = static_cast<uint32_t>(rows->size());
  for (const auto& u : *rows) {
    if (out.sites.size() >= limit) break;
    out.sites.push_back(Json{{"name", written(u)}, {"line", u.line}, {"candidates", u.candidates}});
  }
  return out;
}

}  // namespace cg::tools
