#include "codegraph/store/dump.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

#include "statement.h"

namespace cg::store {

Expected<std::vector<std::string>> dumpIndex(Database& db, bool includeUnresolved) {
  std::vector<std::string> out;
  {
    Statement s(db.handle(), "SELECT uid, start_line, end_line, visibility FROM symbols");
    while (s.step())
      out.push_back("symbol " + s.text(0) + " " + std::to_string(s.i64(1)) + "-" +
                    std::to_string(s.i64(2)) + " " + s.text(3));
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db.handle(), "dump symbols");
  }
  {
    Statement s(db.handle(),
                "SELECT r.kind, coalesce(src.uid, f.path), coalesce(t.uid, tf.path), r.confidence, "
                "r.target_id IS NULL AND r.target_file_id IS NULL, r.qualifier, r.name, r.candidates "
                "FROM refs r JOIN files f ON f.id = r.file_id "
                "LEFT JOIN symbols src ON src.id = r.source_id "
                "LEFT JOIN symbols t ON t.id = r.target_id "
                "LEFT JOIN files tf ON tf.id = r.target_file_id WHERE r.dropped = 0");
    while (s.step()) {
      bool unresolved = s.i64(4) != 0;
      if (unresolved) {
        if (!includeUnresolved) continue;
        std::string q = s.text(5);
        out.push_back("unresolved " + s.text(0) + " " + s.text(1) + " -> " +
                      (q.empty() ? "" : q + ".") + s.text(6) +
                      " candidates=" + std::to_string(s.i64(7)));
        continue;
      }
      char conf[16];
      std::snprintf(conf, sizeof conf, "%.2f", s.f64(3));
      out.push_back("edge " + s.text(0) + " " + s.text(1) + " -> " + s.text(2) + " " + conf);
    }
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db.handle(), "dump refs");
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cg::store
