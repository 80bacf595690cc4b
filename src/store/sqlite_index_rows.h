// What the files of SqliteIndex share to read symbols: the columns a query selects and how a row
// becomes a model::Symbol. Private to src/store.
#pragma once

#include <cstdint>
#include <string>

#include "codegraph/model/symbol.h"
#include "codegraph/model/symbol_index.h"
#include "columns.h"
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
  std::string vis;
  readColumns(st, base, s.id, s.uid, s.name, s.qualifiedName, s.kind, s.path, s.language,
              s.range.line, s.range.column, s.range.endLine, s.range.endColumn, s.signature, vis,
              s.doc, s.complexity, s.isTest, s.parentId, s.centrality, s.communityId,
              s.complexityRank);
  for (auto v : {model::Visibility::kPublic, model::Visibility::kPrivate,
                 model::Visibility::kProtected, model::Visibility::kInternal,
                 model::Visibility::kPackage})
    if (model::toString(v) == vis) s.visibility = v;
  return s;
}

inline model::Symbol readOther(Statement& st, int base) {
  model::Symbol s;
  readColumns(st, base, s.id, s.uid, s.name, s.qualifiedName, s.kind, s.path, s.range.line,
              s.range.endLine);
  return s;
}

inline bool scopeAllows(model::Scope scope, bool isTest) {
  return scope == model::Scope::kAll || (scope == model::Scope::kTest) == isTest;
}

}  // namespace cg::store
