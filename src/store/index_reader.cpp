#include "codegraph/store/index_reader.h"

#include <sqlite3.h>

#include <string_view>
#include <unordered_map>

#include "row_readers.h"
#include "statement.h"

namespace cg::store {

// The statements of the reads made most often, prepared once per reader.
struct IndexReader::Impl {
  explicit Impl(sqlite3* db)
      : allFiles(db, "SELECT id, path, language, package, size, mtime_ns, hash, other_build FROM files"),
        defsNamed(db,
                  "SELECT id, file_id, coalesce(parent_id, 0), qualified_name, kind, start_line, "
                  "end_line, params_min, params_max FROM symbols WHERE name=?"),
        valueDefsNamed(db,
                       "SELECT id, file_id, coalesce(parent_id, 0), qualified_name, kind, "
                       "start_line, end_line, params_min, params_max FROM symbols WHERE name=? AND "
                       "kind IN ('variable', 'constant')"),
        defById(db,
                "SELECT id, file_id, coalesce(parent_id, 0), qualified_name, kind, start_line, "
                "end_line, params_min, params_max FROM symbols WHERE id=?"),
        importsOfFile(db,
                      "SELECT id, file_id, coalesce(source_id, 0), kind, name, qualifier, module, "
                      "alias, receiver, arity FROM refs WHERE file_id=? AND kind='imports'"),
        bases(db,
              "SELECT target_id FROM refs WHERE source_id=? AND kind IN ('extends','implements') "
              "AND target_id IS NOT NULL"),
        allBases(db,
                 "SELECT name, target_id IS NULL AND candidates = 0 FROM refs WHERE source_id=? "
                 "AND kind IN ('extends','implements')"),
        typeOfSymbol(db, "SELECT type_expr FROM symbols WHERE id=?"),
        signatureOfSymbol(db, "SELECT signature FROM symbols WHERE id=?") {}

  Statement allFiles, defsNamed, valueDefsNamed, defById, importsOfFile, bases, allBases, typeOfSymbol,
      signatureOfSymbol;
};

IndexReader::IndexReader(Database& db) : db_(db), impl_(std::make_unique<Impl>(db.handle())) {}
IndexReader::~IndexReader() = default;


Expected<std::vector<FileRow>> IndexReader::filesAt(const std::vector<std::string>& paths) {
  std::vector<FileRow> out;
  Statement s(db_.handle(), "SELECT id, path, language, package, size, mtime_ns, hash, other_build FROM files WHERE path = ?",
              kCached);
  if (!s.valid()) return sqliteError(db_.handle(), "listing files");
  for (const auto& path : paths) {
    s.reset();
    s.bind(1, path);
    if (s.step()) {
      out.push_back(readFileRow(s));
    } else if (s.failed()) {
      return sqliteError(db_.handle(), "listing files");
    }
  }
  return out;
}

Expected<bool> IndexReader::hasFiles() {
  Statement s(db_.handle(), "SELECT 1 FROM files LIMIT 1", kCached);
  if (!s.valid()) return sqliteError(db_.handle(), "listing files");
  const bool any = s.step();
  if (s.failed()) return sqliteError(db_.handle(), "listing files");
  return any;
}

Expected<std::vector<FileRow>> IndexReader::files() {
  std::vector<FileRow> out;
  auto& s = impl_->allFiles;
  while (s.step()) {
    out.push_back(readFileRow(s));
  }
  int code = s.lastCode();
  s.reset();
  if (code != SQLITE_DONE) return sqliteError(db_.handle(), "listing files");
  return out;
}

namespace {
// The definition rows statement `s` (one parameter: the name) returns.
Expected<std::vector<DefinitionRow>> readDefinitions(Statement& s, sqlite3* db, const std::string& name) {
  std::vector<DefinitionRow> out;
  s.bind(1, name);
  while (s.step()) out.push_back(readDef(s));
  const bool failed = s.failed();
  s.reset();
  if (failed) return sqliteError(db, "reading the index");
  return out;
}
}  // namespace

Expected<std::vector<DefinitionRow>> IndexReader::definitionsNamed(const std::string& name) {
  return readDefinitions(impl_->defsNamed, db_.handle(), name);
}

Expected<std::vector<DefinitionRow>> IndexReader::valueDefinitionsNamed(const std::string& name) {
  return readDefinitions(impl_->valueDefsNamed, db_.handle(), name);
}

Expected<DefinitionRow> IndexReader::definition(int64_t id) {
  auto& s = impl_->defById;
  s.bind(1, id);
  if (!s.step()) {
    const bool failed = s.failed();
    s.reset();
    if (failed) return sqliteError(db_.handle(), "reading the index");
    return makeError(ErrorCode::kNotFound, "no symbol " + std::to_string(id));
  }
  DefinitionRow d = readDef(s);
  s.reset();
  return d;
}

namespace {
// The one text column a statement `SELECT <column> FROM symbols WHERE id=?` reads ("" when the
// symbol is gone).
Expected<std::string> symbolText(Statement& s, sqlite3* db, int64_t id) {
  s.bind(1, id);
  std::string out;
  if (s.step()) out = s.text(0);
  const bool failed = s.failed();
  s.reset();
  if (failed) return sqliteError(db, "reading the index");
  return out;
}
}  // namespace

Expected<std::string> IndexReader::signature(int64_t id) {
  return symbolText(impl_->signatureOfSymbol, db_.handle(), id);
}

Expected<std::string> IndexReader::typeExpr(int64_t id) {
  return symbolText(impl_->typeOfSymbol, db_.handle(), id);
}

Expected<std::vector<PendingRef>> IndexReader::importsOf(int64_t fileId) {
  std::vector<PendingRef> out;
  auto& s = impl_->importsOfFile;
  s.bind(1, fileId);
  while (s.step()) out.push_back(readRef(s));
  const bool failed = s.failed();
  s.reset();
  if (failed) return sqliteError(db_.handle(), "reading the index");
  return out;
}

Expected<std::vector<int64_t>> IndexReader::basesOf(int64_t symbolId) {
  std::vector<int64_t> out;
  auto& s = impl_->bases;
  s.bind(1, symbolId);
  while (s.step()) out.push_back(s.i64(0));
  const bool failed = s.failed();
  s.reset();
  if (failed) return sqliteError(db_.handle(), "reading the index");
  return out;
}

Expected<IndexReader::OutsideBases> IndexReader::basesOutside(int64_t symbolId) {
  OutsideBases out;
  auto& s = impl_->allBases;
  s.bind(1, symbolId);
  while (s.step()) {
    ++out.declared;
    if (s.i64(1) != 0) out.names.push_back(s.text(0));
  }
  const bool failed = s.failed();
  s.reset();
  if (failed) return sqliteError(db_.handle(), "reading the index");
  return out;
}

Expected<std::vector<StructuralType>> IndexReader::structuralTypes(const std::string& languages) {
  sqlite3* db = db_.handle();
  auto dirOf = [](std::string_view path) {
    size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
  };
  // One read of the Go symbols that matter (types and methods), file by file in path order.
  struct Row {
    int64_t id, fileId, parentId;
    std::string name, qualifiedName, dir;
    uint32_t line, column;
    std::string kind;
  };
  std::vector<Row> rows;
  {
    Statement s(db,
                "SELECT s.id, s.file_id, coalesce(s.parent_id, 0), s.name, s.qualified_name, s.kind, "
                "s.start_line, s.start_col, f.path FROM files f JOIN symbols s ON s.file_id = f.id "
                "WHERE instr(?1, ' ' || f.language || ' ') > 0 AND s.kind IN ('struct', 'type', 'interface', 'method') "
                "ORDER BY f.path, s.start_line, s.id");
    if (!s.valid()) return sqliteError(db, "listing structurally typed types");
    s.bind(1, languages);
    std::string lastPath, lastDir;
    while (s.step()) {
      std::string_view path = s.view(8);
      if (path != lastPath) lastPath = std::string(path), lastDir = dirOf(path);
      rows.push_back({s.i64(0), s.i64(1), s.i64(2), s.text(3), s.text(4), lastDir,
                      static_cast<uint32_t>(s.i64(6)), static_cast<uint32_t>(s.i64(7)), s.text(5)});
    }
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db, "listing structurally typed types");
  }
  std::vector<StructuralType> types;
  std::unordered_map<int64_t, size_t> byId;
  std::unordered_map<std::string, size_t> byDirName;  // dir + '\n' + name
  for (const auto& r : rows) {
    if (r.parentId != 0 || r.kind == "method") continue;
    StructuralType t;
    t.id = r.id;
    t.fileId = r.fileId;
    t.name = r.name;
    t.dir = r.dir;
    t.line = r.line;
    t.column = r.column;
    t.isInterface = r.kind == "interface";
    byId.emplace(t.id, types.size());
    byDirName.emplace(t.dir + "\n" + t.name, types.size());
    types.push_back(std::move(t));
  }
  for (const auto& r : rows) {
    if (r.kind != "method") continue;
    // An interface's declared methods are its members.
    if (auto it = byId.find(r.parentId); it != byId.end() && types[it->second].isInterface)
      types[it->second].methods.push_back(r.name);
    // A concrete type's methods are named Type.Method, in any file of its package.
    auto dot = r.qualifiedName.rfind('.');
    if (dot == std::string::npos) continue;
    auto it = byDirName.find(r.dir + "\n" + r.qualifiedName.substr(0, dot));
    if (it != byDirName.end() && !types[it->second].isInterface) types[it->second].methods.push_back(r.name);
  }
  return types;
}

Expected<std::vector<std::pair<int64_t, int64_t>>> IndexReader::declaredBases() {
  sqlite3* db = db_.handle();
  std::vector<std::pair<int64_t, int64_t>> out;
  Statement s(db,
              "SELECT source_id, target_id FROM refs WHERE kind IN ('extends', 'implements') AND "
              "target_id IS NOT NULL AND module <> '<structural>' AND source_id IS NOT NULL");
  if (!s.valid()) return sqliteError(db, "listing base types");
  while (s.step()) out.emplace_back(s.i64(0), s.i64(1));
  if (s.lastCode() != SQLITE_DONE) return sqliteError(db, "listing base types");
  return out;
}

}  // namespace cg::store
