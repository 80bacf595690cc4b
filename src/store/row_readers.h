// How a row of the index's reads becomes its struct (index_reader.h), by the columns each
// statement selects. Private to src/store.
#pragma once

#include "codegraph/store/index_reader.h"
#include "columns.h"
#include "statement.h"

namespace cg::store {

// Columns: id, file_id, parent_id (0 = none), qualified_name, kind, start_line, end_line,
// params_min, params_max.
inline DefinitionRow readDef(Statement& s) {
  DefinitionRow d;
  readColumns(s, 0, d.id, d.fileId, d.parentId, d.qualifiedName, d.kind, d.startLine, d.endLine,
              d.paramsMin, d.paramsMax);
  return d;
}
// Columns: id, file_id, source_id (0 = none), kind, name, qualifier, module, alias, receiver,
// arity.
inline PendingRef readRef(Statement& s) {
  PendingRef r;
  readColumns(s, 0, r.id, r.fileId, r.sourceId, r.kind, r.name, r.qualifier, r.module, r.alias,
              r.receiver, r.arity);
  return r;
}
// Columns: id, path, language, package, size, mtime_ns, hash, other_build.
inline FileRow readFileRow(Statement& s) {
  FileRow r;
  readColumns(s, 0, r.id, r.path, r.language, r.package, r.size, r.mtimeNs, r.hash, r.otherBuild);
  return r;
}

}  // namespace cg::store
