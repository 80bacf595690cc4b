// dumpAnalytics (declared in dump.h): the stored analytics as sorted text lines.
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

#include "codegraph/store/dump.h"
#include "statement.h"

namespace cg::store {

Expected<std::vector<std::string>> dumpAnalytics(Database& db) {
  sqlite3* h = db.handle();
  std::vector<std::string> out;
  auto collect = [&](const char* sql, auto&& line) -> Status {
    Statement st(h, sql);
    if (!st.valid()) return sqliteError(h, "dump analytics");
    while (st.step()) out.push_back(line(st));
    if (st.lastCode() != SQLITE_DONE) return sqliteError(h, "dump analytics");
    return okStatus();
  };
  auto fixed = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return std::string(buf);
  };
  Status s = collect("SELECT uid, centrality, complexity_rank FROM symbols", [&](Statement& st) {
    return "centrality " + st.text(0) + " " + fixed(st.f64(1)) + " complexity " + fixed(st.f64(2));
  });
  if (s) s = collect("SELECT s.uid, coalesce(c.uid, '<none>') FROM symbols s LEFT JOIN communities c ON c.id = s.community_id",
                     [](Statement& st) { return "member " + st.text(0) + " " + st.text(1); });
  if (s) s = collect("SELECT uid, size, label FROM communities", [](Statement& st) {
    return "community " + st.text(0) + " " + std::to_string(st.i64(1)) + " " + st.text(2);
  });
  if (s) s = collect("SELECT f.path, s.uid FROM doc_links l JOIN files f ON f.id = l.doc_file_id JOIN symbols s ON s.id = l.symbol_id",
                     [](Statement& st) { return "doclink " + st.text(0) + " -> " + st.text(1); });
  if (s) s = collect("SELECT f.path, h.commits_90d, h.last_commit, (SELECT count(*) FROM file_commits c WHERE c.file_id = h.file_id) "
                     "FROM file_history h JOIN files f ON f.id = h.file_id", [](Statement& st) {
    return "history " + st.text(0) + " " + std::to_string(st.i64(1)) + " " + std::to_string(st.i64(2)) + " " +
           std::to_string(st.i64(3));
  });
  if (!s) return s.error();
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cg::store
