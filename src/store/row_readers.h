// How a row of the index's reads becomes its struct (index_reader.h), by the columns each
// statement selects. Private to src/store.
#pragma once

#include "codegraph/store/index_reader.h"
#include "statement.h"

namespace cg::store {

// Columns: id, file_id, parent_id (0 = none), qualified_name, kind, start_line, end_line,
// params_min, params_max.
inline DefinitionRow readDef(Statement& s) {
  DefinitionRow d;
  d.id = s.i64(0);
  d.fileId = s.i64(1);
  d.parentId = s.i64(2);
  d.qualifiedName = s.text(3);
  d.kind = model::parseSymbolKind(s.text(4)).value_or(model::SymbolKind::kFunction);
  d.startLine = static_cast<uint32_t>(s.i64(5));
  d.endLine = static_cast<uint32_t>(s.i64(6));
  d.paramsMin = static_cast<uint8_t>(s.i64(7));
  d.paramsMax = static_cast<uint8_t>(s.i64(8));
  return d;
}
// Columns: id, file_id, source_id (0 = none), kind, name, qualifier, module, alias, receiver,
// arity.
inline PendingRef readRef(Statement& s) {
  PendingRef r;
  r.id = s.i64(0);
  r.fileId = s.i64(1);
  r.sourceId = s.i64(2);
  r.kind = model::parseRefKind(s.text(3)).value_or(model::RefKind::kCalls);
  r.name = s.text(4);
  r.qualifier = s.text(5);
  r.module = s.text(6);
  r.alias = s.text(7);
  r.receiver = s.text(8);
  r.arity = static_cast<int16_t>(s.i64(9));
  return r;
}
// Columns: id, path, language, package, size, mtime_ns, hash, other_build.
inline FileRow readFileRow(Statement& s) {
  FileRow r;
  r.id = s.i64(0);
  r.path = s.text(1);
  r.language = s.text(2);
  r.package = s.text(3);
  r.size = static_cast<uint64_t>(s.i64(4));
  r.mtimeNs = s.i64(5);
  r.hash = s.text(6);
  r.otherBuild = s.i64(7) != 0;
  return r;
}

}  // namespace cg::store
