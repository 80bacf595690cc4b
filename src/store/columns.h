// How a statement's row fills the fields of a struct: one column per field, in order, each
// converted to its field's type. Private to src/store.
#pragma once

#include <string>
#include <type_traits>

#include "codegraph/model/symbol.h"
#include "statement.h"

namespace cg::store {

inline void readColumn(const Statement& st, int col, std::string& v) {
  v = st.text(col);
}
inline void readColumn(const Statement& st, int col, double& v) {
  v = st.f64(col);
}
inline void readColumn(const Statement& st, int col, bool& v) {
  v = st.i64(col) != 0;
}
template <class T>
requires std::is_integral_v<T>
inline void readColumn(const Statement& st, int col, T& v) {
  v = static_cast<T>(st.i64(col));
}
// A kind is stored by name; a name this version does not know reads as kFunction or kCalls.
inline void readColumn(const Statement& st, int col, model::SymbolKind& v) {
  v = model::parseSymbolKind(st.view(col)).value_or(model::SymbolKind::kFunction);
}
inline void readColumn(const Statement& st, int col, model::RefKind& v) {
  v = model::parseRefKind(st.view(col)).value_or(model::RefKind::kCalls);
}

// Reads the columns from `first` on into `fields`, the first column into the first field.
template <class... Fields>
void readColumns(const Statement& st, int first, Fields&... fields) {
  int col = first;
  (readColumn(st, col++, fields), ...);
}

}  // namespace cg::store
