// What the files of SqliteIndex share to read symbols: the columns a query selects and how a row
// becomes a model::Symbol. Private to src/store.
#pragma once

#include <cstdint>

#include "codegraph/model/symbol.h"
#include "codegraph/model/symbol_index.h"
#include "statement.h"

namespace cg::store {

inline constexpr const char* kSymbolColumns =
    "s.id, s.uid, s.name, s.qualified_name, s.kind, f.path, f.language, s.start_line, "
    "s.start_col, s.end_line, s.end_col, s.signature, s.visibility, s.doc, s.complexity, "
    "s.is_test, coalesce(s.parent_id, 0), s.centrality, s.community_id, s.complexity_rank";
inline constexpr int kSymbolColumnCount = 20;
// The other end of a reference (model::EdgeView::other).
inline constexpr const char* kOtherColumns = "s.id, s.uid, s.name, s.qualified_name, s.kind, f.path, s.start_line, s.end_line";
inline constexpr uint32_t kMaxFetch = 5000;

inline model::Symbol readSymbol(Statement& st, int base = 0) {
  model::Symbol s;
  s.id = st.i64(base + 0);
  s.uid = st.text(base + 1);
  s.name = st.text(base + 2);
  s.qualifiedName = st.text(base + 3);
  s.kind = model::parseSymbolKind(st.text(base + 4)).value_or(model::SymbolKind::kFunction);
  s.path = st.text(base + 5);
  s.language = st.text(base + 6);
  s.range = {static_cast<uint32_t>(st.i64(base + 7)), static_cast<uint32_t>(st.i64(base + 8)),
             static_cast<uint32_t>(st.i64(base + 9)), static_cast<uint32_t>(st.i64(base + 10))};
  s.signature = st.text(base + 11);
  std::string vis = st.text(base + 12);
  for (auto v : {model::Visibility::kPublic, model::Visibility::kPrivate,
                 model::Visibility::kProtected, model::Visibility::kInternal,
                 model::Visibility::kPackage})
    if (model::toString(v) == vis) s.visibility = v;
  s.doc = st.text(base + 13);
  s.complexity = static_cast<uint32_t>(st.i64(base + 14));
  s.isTest = st.i64(base + 15) != 0;
  s.parentId = st.i64(base + 16);
  s.centrality = st.f64(base + 17);
  s.communityId = st.i64(base + 18);
  s.complexityRank = st.f64(base + 19);
  return s;
}

inline model::Symbol readOther(Statement& st, int base) {
  model::Symbol s;
  s.id = st.i64(base + 0);
  s.uid = st.text(base + 1);
  s.name = st.text(base + 2);
  s.qualifiedName = st.text(base + 3);
  s.kind = model::parseSymbolKind(st.view(base + 4)).value_or(model::SymbolKind::kFunction);
  s.path = st.text(base + 5);
  s.range.line = static_cast<uint32_t>(st.i64(base + 6));
  s.range.endLine = static_cast<uint32_t>(st.i64(base + 7));
  return s;
}

inline bool scopeAllows(model::Scope scope, bool isTest) {
  return scope == model::Scope::kAll || (scope == model::Scope::kTest) == isTest;
}

}  // namespace cg::store
