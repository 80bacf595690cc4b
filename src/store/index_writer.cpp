#include "codegraph/store/index_writer.h"
#include "codegraph/store/transaction.h"

#include <sqlite3.h>

#include <cctype>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <unordered_set>

#include "schema_sql.h"
#include "row_readers.h"
#include "statement.h"

namespace cg::store {

std::string splitNameParts(const std::string& name) {
  std::string out;
  auto isUpper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
  auto isLower = [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; };
  auto isDigit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && !(static_cast<unsigned char>(c) & 0x80)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    if (i > 0 && !out.empty() && out.back() != ' ') {
      char p = name[i - 1];
      bool boundary = (isLower(p) && isUpper(c)) || (isDigit(p) != isDigit(c)) ||
                      (isUpper(p) && isUpper(c) && i + 1 < name.size() && isLower(name[i + 1]));
      if (boundary) out += ' ';
    }
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  // The name with separators removed, so "parsehttp*" finds parseHTTPRequest.
  std::string joined;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80))
      joined += c;
  if (joined != out) out += " " + joined;
  return out;
}

struct IndexWriter::Impl {
  explicit Impl(sqlite3* db)
      : fileByPath(db, "SELECT id FROM files WHERE path=?"),
        upsertFile(db,
                   "INSERT INTO files(path, language, size, mtime_ns, hash, lines, is_test, "
                   "package, parse_errors, other_build) VALUES(?,?,?,?,?,?,?,?,?,?) ON CONFLICT(path) DO UPDATE "
                   "SET language=excluded.language, size=excluded.size, mtime_ns=excluded.mtime_ns, "
                   "hash=excluded.hash, lines=excluded.lines, is_test=excluded.is_test, "
                   "package=excluded.package, parse_errors=excluded.parse_errors, other_build=excluded.other_build"),
        oldSymbols(db, "SELECT id, uid, name, type_expr FROM symbols WHERE file_id=?"),
        insertSymbol(db,
                     "INSERT INTO symbols(file_id, uid, name, qualified_name, kind, start_line, "
                     "start_col, end_line, end_col, signature, visibility, doc, complexity, "
                     "is_test, parent_id, type_expr, params_min, params_max) "
                     "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        updateSymbol(db,
                     "UPDATE symbols SET name=?, qualified_name=?, kind=?, start_line=?, "
                     "start_col=?, end_line=?, end_col=?, signature=?, visibility=?, doc=?, "
                     "complexity=?, is_test=?, type_expr=?, params_min=?, params_max=? WHERE id=?"),
        setParent(db, "UPDATE symbols SET parent_id=? WHERE id=?"),
        deleteSymbol(db, "DELETE FROM symbols WHERE id=?"),
        unbindTargets(db, "UPDATE refs SET target_id=NULL, confidence=0 WHERE target_id=?"),
        insertFts(db, "INSERT INTO symbols_fts(rowid, name_parts, qualified_parts) VALUES(?,?,?)"),
        deleteFts(db, "DELETE FROM symbols_fts WHERE rowid=?"),
        deleteRefsOfFile(db, "DELETE FROM refs WHERE file_id=?"),
        insertRef(db,
                  "INSERT INTO refs(file_id, source_id, kind, name, qualifier, module, alias, "
                  "line, col, target_id, confidence, receiver, arity) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        deleteDocument(db, "DELETE FROM documents WHERE file_id=?"),
        deleteMentions(db, "DELETE FROM doc_mentions WHERE file_id=?"),
        insertDocument(db, "INSERT INTO documents(file_id, title) VALUES(?,?)"),
        insertMention(db, "INSERT INTO doc_mentions(file_id, name) VALUES(?,?)"),
        deleteFile(db, "DELETE FROM files WHERE id=?"),
        unbindFileTargets(db, "UPDATE refs SET target_file_id=NULL WHERE target_file_id=?"),
        touch(db, "UPDATE files SET size=?, mtime_ns=? WHERE id=?"),
        applyUpdate(db,
                    "UPDATE refs SET target_id=?, target_file_id=?, confidence=?, candidates=?, "
                    "dropped=0 WHERE id=?"),
        applyDrop(db,
                  "UPDATE refs SET target_id=NULL, target_file_id=NULL, confidence=0, "
                  "candidates=0, dropped=1 WHERE id=?") {}

  // Records that rows of the file were inserted or deleted, when the connection tracks graph
  // changes (Database::tracksGraphChanges; temp.cg_graph_changes exists only from then on).
  Status recordGraphChange(Database& database, int64_t fileId) {
    if (!database.tracksGraphChanges()) return okStatus();
    if (!recordChange)
      recordChange.emplace(database.handle(), "INSERT OR IGNORE INTO temp.cg_graph_changes VALUES(?)");
    if (!recordChange->valid()) return sqliteError(database.handle(), "recording a graph change");
    recordChange->bind(1, fileId);
    return recordChange->run();
  }

  Statement fileByPath, upsertFile, oldSymbols, insertSymbol, updateSymbol, setParent,
      deleteSymbol, unbindTargets, insertFts, deleteFts, deleteRefsOfFile, insertRef,
      deleteDocument, deleteMentions, insertDocument, insertMention, deleteFile,
      unbindFileTargets, touch, applyUpdate, applyDrop;
  std::optional<Statement> recordChange;
};

IndexWriter::IndexWriter(Database& db) : db_(db), impl_(std::make_unique<Impl>(db.handle())) {}
IndexWriter::~IndexWriter() = default;

Status IndexWriter::beginBulkLoad() {
  std::vector<std::string> names;
  {
    Statement s(db_.handle(),
                "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL AND "
                "tbl_name IN ('symbols','refs','doc_mentions')");
    if (!s.valid()) return sqliteError(db_.handle(), "listing indexes");
    while (s.step()) names.push_back(s.text(0));
    if (s.failed()) return sqliteError(db_.handle(), "listing indexes");
  }
  for (const auto& name : names)
    if (auto st = db_.exec("DROP INDEX IF EXISTS \"" + name + "\""); !st) return st;
  return okStatus();
}

namespace {
// The CREATE INDEX statement of `name` as schema.sql writes it (the schema's one copy), or an
// empty string when it has none.
std::string schemaIndexSql(std::string_view name) {
  const std::string_view schema = generated::kSchemaSql;
  const size_t at = schema.find("CREATE INDEX IF NOT EXISTS " + std::string(name) + " ON ");
  if (at == std::string_view::npos) return {};
  const size_t end = schema.find(';', at);
  if (end == std::string_view::npos) return {};
  return std::string(schema.substr(at, end - at + 1));
}
}  // namespace

Status IndexWriter::buildIndexes(std::span<const std::string_view> names) {
  std::string sql;
  for (std::string_view name : names) {
    std::string create = schemaIndexSql(name);
    if (create.empty())
      return makeError(ErrorCode::kInternal, "schema.sql defines no index " + std::string(name));
    sql += create;
  }
  return db_.exec(sql);
}

Status IndexWriter::buildResolveIndexes() {
  auto tx = Transaction::begin(db_, Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  if (auto s = buildIndexes(kResolveIndexes); !s) return s;
  return tx->commit();
}

// The whole schema is idempotent (IF NOT EXISTS): this creates just the indexes still missing.
Status IndexWriter::endBulkLoad() { return db_.exec(generated::kSchemaSql); }

Expected<WriteResult> IndexWriter::writeFile(const FileRecord& f) {
  Impl& I = *impl_;
  WriteResult result;
  const auto& info = f.info;
  // A file the database does not know yet has no old rows to look up or delete: skipping those
  // statements matters in bulk load, where the secondary indexes they would use are absent.
  I.fileByPath.bind(1, info.path);
  const bool isNew = !I.fileByPath.step();
  const bool lookupFailed = I.fileByPath.failed();
  I.fileByPath.reset();
  if (lookupFailed) return sqliteError(db_.handle(), "looking up a file");
  I.upsertFile.bind(1, info.path).bind(2, info.language).bind(3, info.size).bind(4, info.mtimeNs)
      .bind(5, info.hash).bind(6, info.lines).bind(7, info.isTest ? 1 : 0).bind(8, f.package)
      .bind(9, f.parseErrors ? 1 : 0).bind(10, f.otherBuild ? 1 : 0);
  if (auto s = I.upsertFile.run(); !s) return s.error();
  if (isNew) {
    result.fileId = sqlite3_last_insert_rowid(db_.handle());
  } else {
    I.fileByPath.bind(1, info.path);
    if (!I.fileByPath.step()) {
      I.fileByPath.reset();
      return sqliteError(db_.handle(), "file row vanished");
    }
    result.fileId = I.fileByPath.i64(0);
    I.fileByPath.reset();
  }
  const int64_t fileId = result.fileId;
  if (auto s = I.recordGraphChange(db_, fileId); !s) return s.error();

  // Existing symbols by uid: a symbol that keeps its uid keeps its id, so references into it
  // from other files stay bound.
  std::unordered_map<std::string, std::pair<int64_t, std::string>> old;
  std::unordered_map<int64_t, std::string> oldTypes;  // by id: the declared type before
  if (!isNew) {
    I.oldSymbols.bind(1, fileId);
    while (I.oldSymbols.step()) {
      old.emplace(I.oldSymbols.text(1), std::make_pair(I.oldSymbols.i64(0), I.oldSymbols.text(2)));
      if (std::string t = I.oldSymbols.text(3); !t.empty()) oldTypes.emplace(I.oldSymbols.i64(0), std::move(t));
    }
    const bool failed = I.oldSymbols.failed();
    I.oldSymbols.reset();
    if (failed) return sqliteError(db_.handle(), "reading a file's symbols");
  }

  std::vector<int64_t> ids(f.symbols.size(), 0);
  std::vector<bool> parentSet(f.symbols.size(), false);
  for (size_t i = 0; i < f.symbols.size(); ++i) {
    const auto& s = f.symbols[i];
    std::string kind(model::toString(s.kind));
    std::string vis(model::toString(s.visibility));
    auto it = old.find(s.uid);
    if (it != old.end()) {
      ids[i] = it->second.first;
      I.updateSymbol.bind(1, s.name).bind(2, s.qualifiedName).bind(3, kind).bind(4, s.range.line)
          .bind(5, s.range.column).bind(6, s.range.endLine).bind(7, s.range.endColumn)
          .bind(8, s.signature).bind(9, vis).bind(10, s.doc).bind(11, s.complexity)
          .bind(12, s.isTest ? 1 : 0).bind(13, s.typeExpr).bind(14, int{s.paramsMin})
          .bind(15, int{s.paramsMax}).bind(16, ids[i]);
      if (auto st = I.updateSymbol.run(); !st) return st.error();
      if (auto t = oldTypes.find(ids[i]); (t == oldTypes.end() ? std::string() : t->second) != s.typeExpr)
        result.retypedNames.push_back(s.name);
      old.erase(it);
    } else {
      I.insertSymbol.bind(1, fileId).bind(2, s.uid).bind(3, s.name).bind(4, s.qualifiedName)
          .bind(5, kind).bind(6, s.range.line).bind(7, s.range.column).bind(8, s.range.endLine)
          .bind(9, s.range.endColumn).bind(10, s.signature).bind(11, vis).bind(12, s.doc)
          .bind(13, s.complexity).bind(14, s.isTest ? 1 : 0);
      // A parent written before its member is set now; the others in the pass below.
      const int32_t p = i < f.parents.size() ? f.parents[i] : -1;
      I.insertSymbol.bindOptional(15, p >= 0 && static_cast<size_t>(p) < i ? ids[p] : 0);
      I.insertSymbol.bind(16, s.typeExpr).bind(17, int{s.paramsMin}).bind(18, int{s.paramsMax});
      if (auto st = I.insertSymbol.run(); !st) return st.error();
      if (p < 0 || static_cast<size_t>(p) < i) parentSet[i] = true;
      ids[i] = sqlite3_last_insert_rowid(db_.handle());
      // A qualified name equal to the name (a C function, a macro: three in four of the kernel's
      // symbols) would only repeat the name's tokens: a match needs every token in some column,
      // so leaving it empty finds the same rows, and the full-text index takes half the writes.
      I.insertFts.bind(1, ids[i]).bind(2, splitNameParts(s.name))
          .bind(3, s.qualifiedName == s.name ? std::string() : splitNameParts(s.qualifiedName));
      if (auto st = I.insertFts.run(); !st) return st.error();
      result.addedNames.push_back(s.name);
      if (!s.typeExpr.empty() || model::isTypeLike(s.kind)) result.retypedNames.push_back(s.name);
    }
  }
  for (const auto& [uid, idName] : old) {
    I.unbindTargets.bind(1, idName.first);
    if (auto st = I.unbindTargets.run(); !st) return st.error();
    I.deleteFts.bind(1, idName.first);
    if (auto st = I.deleteFts.run(); !st) return st.error();
    I.deleteSymbol.bind(1, idName.first);
    if (auto st = I.deleteSymbol.run(); !st) return st.error();
    result.removedNames.push_back(idName.second);
    // A declaration a receiver could be typed through: one with a declared type, or a type.
    std::string_view kind = uid;
    kind = kind.substr(kind.rfind("::") == std::string_view::npos ? 0 : kind.rfind("::") + 2);
    kind = kind.substr(0, kind.find('#'));
    const auto parsed = model::parseSymbolKind(kind);
    const bool typeLike = parsed && model::isTypeLike(*parsed);
    if (oldTypes.count(idName.first) || typeLike) result.retypedNames.push_back(idName.second);
  }
  for (size_t i = 0; i < f.symbols.size(); ++i) {
    if (parentSet[i]) continue;
    int32_t p = i < f.parents.size() ? f.parents[i] : -1;
    I.setParent.bindOptional(1, p >= 0 ? ids[p] : 0).bind(2, ids[i]);
    if (auto st = I.setParent.run(); !st) return st.error();
  }

  if (!isNew) {
    I.deleteRefsOfFile.bind(1, fileId);
    if (auto st = I.deleteRefsOfFile.run(); !st) return st.error();
  }
  // contains: container → member, known at once.
  for (size_t i = 0; i < f.symbols.size(); ++i) {
    int32_t p = i < f.parents.size() ? f.parents[i] : -1;
    if (p < 0) continue;
    const auto& s = f.symbols[i];
    I.insertRef.bind(1, fileId).bind(2, ids[p]).bind(3, "contains").bind(4, s.name).bind(5, "")
        .bind(6, "").bind(7, "").bind(8, s.range.line).bind(9, s.range.column).bind(10, ids[i])
        .bind(11, 1.0).bind(12, "").bind(13, -1);
    if (auto st = I.insertRef.run(); !st) return st.error();
  }
  for (const auto& r : f.refs) {
    I.insertRef.bind(1, fileId).bindOptional(2, r.source >= 0 ? ids[r.source] : 0)
        .bind(3, model::toString(r.kind)).bind(4, r.name).bind(5, r.qualifier).bind(6, r.module)
        .bind(7, r.alias).bind(8, r.line).bind(9, r.column).bindNull(10).bind(11, 0.0)
        .bind(12, r.receiver).bind(13, int{r.arity});
    if (auto st = I.insertRef.run(); !st) return st.error();
  }

  if (!isNew) {
    I.deleteDocument.bind(1, fileId);
    if (auto st = I.deleteDocument.run(); !st) return st.error();
    I.deleteMentions.bind(1, fileId);
    if (auto st = I.deleteMentions.run(); !st) return st.error();
  }
  if (f.isDocument) {
    I.insertDocument.bind(1, fileId).bind(2, f.title);
    if (auto st = I.insertDocument.run(); !st) return st.error();
    for (const auto& m : f.mentions) {
      I.insertMention.bind(1, fileId).bind(2, m);
      if (auto st = I.insertMention.run(); !st) return st.error();
    }
  }
  return result;
}

Expected<std::vector<std::string>> IndexWriter::removeFile(const std::string& path) {
  Impl& I = *impl_;
  std::vector<std::string> names;
  I.fileByPath.bind(1, path);
  if (!I.fileByPath.step()) {
    const bool failed = I.fileByPath.failed();
    I.fileByPath.reset();
    if (failed) return sqliteError(db_.handle(), "looking up a file");
    return names;
  }
  int64_t fileId = I.fileByPath.i64(0);
  I.fileByPath.reset();
  I.oldSymbols.bind(1, fileId);
  std::vector<int64_t> ids;
  while (I.oldSymbols.step()) {
    ids.push_back(I.oldSymbols.i64(0));
    names.push_back(I.oldSymbols.text(2));
  }
  const bool failed = I.oldSymbols.failed();
  I.oldSymbols.reset();
  if (failed) return sqliteError(db_.handle(), "reading a file's symbols");
  for (int64_t id : ids) {
    I.unbindTargets.bind(1, id);
    if (auto st = I.unbindTargets.run(); !st) return st.error();
    I.deleteFts.bind(1, id);
    if (auto st = I.deleteFts.run(); !st) return st.error();
  }
  I.unbindFileTargets.bind(1, fileId);
  if (auto st = I.unbindFileTargets.run(); !st) return st.error();
  I.deleteFile.bind(1, fileId);
  if (auto st = I.deleteFile.run(); !st) return st.error();
  return names;
}

Status IndexWriter::touchFile(int64_t fileId, uint64_t size, int64_t mtimeNs) {
  impl_->touch.bind(1, size).bind(2, mtimeNs).bind(3, fileId);
  return impl_->touch.run();
}

Expected<std::vector<PendingRef>> IndexWriter::refsPage(RefPage which, int64_t afterFile,
                                                        int64_t afterId, size_t limit) {
  std::vector<PendingRef> out;
  Statement s(db_.handle(),
              std::string("SELECT r.id, r.file_id, coalesce(r.source_id, 0), r.kind, r.name, "
                          "r.qualifier, r.module, r.alias, r.receiver, r.arity FROM refs r WHERE ") +
                  (which == RefPage::kInheritance
                       ? "r.kind IN ('extends', 'implements')"
                       : "r.kind NOT IN ('contains', 'extends', 'implements')") +
                  " AND (r.file_id, r.id) > (?, ?) ORDER BY r.file_id, r.id LIMIT ?",
              kCached);
  if (!s.valid()) return sqliteError(db_.handle(), "listing references");
  s.bind(1, afterFile).bind(2, afterId).bind(3, static_cast<int64_t>(std::min<size_t>(limit, INT64_MAX)));
  while (s.step()) out.push_back(readRef(s));
  if (s.failed()) return sqliteError(db_.handle(), "listing references");
  return out;
}

Expected<std::vector<PendingRef>> IndexWriter::refsToResolve(const std::vector<int64_t>& fileIds,
                                                             const std::vector<std::string>& names,
                                                             bool all,
                                                             const std::vector<int64_t>& importerFiles,
                                                             bool allImports,
                                                             const std::vector<std::string>& receiverNames) {
  std::vector<PendingRef> out;
  const char* cols =
      "SELECT r.id, r.file_id, coalesce(r.source_id, 0), r.kind, r.name, r.qualifier, r.module, "
      "r.alias, r.receiver, r.arity FROM refs r ";
  if (all) {
    Statement s(db_.handle(), std::string(cols) + "WHERE r.kind <> 'contains' ORDER BY r.file_id, r.id");
    while (s.step()) out.push_back(readRef(s));
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db_.handle(), "listing references");
    return out;
  }
  if (auto st = db_.exec("CREATE TEMP TABLE IF NOT EXISTS pending_names(name TEXT PRIMARY KEY);"
                         "CREATE TEMP TABLE IF NOT EXISTS pending_files(id INTEGER PRIMARY KEY);"
                         "CREATE TEMP TABLE IF NOT EXISTS pending_importers(id INTEGER PRIMARY KEY);"
                         "DELETE FROM pending_names; DELETE FROM pending_files;"
                         "DELETE FROM pending_importers;");
      !st)
    return st.error();
  {
    Statement ins(db_.handle(), "INSERT OR IGNORE INTO pending_names(name) VALUES(?)");
    for (const auto& n : names) {
      ins.bind(1, n);
      if (auto st = ins.run(); !st) return st.error();
    }
    Statement insf(db_.handle(), "INSERT OR IGNORE INTO pending_files(id) VALUES(?)");
    for (int64_t id : fileIds) {
      insf.bind(1, id);
      if (auto st = insf.run(); !st) return st.error();
    }
    Statement insi(db_.handle(), "INSERT OR IGNORE INTO pending_importers(id) VALUES(?)");
    for (int64_t id : importerFiles) {
      insi.bind(1, id);
      if (auto st = insi.run(); !st) return st.error();
    }
  }
  // One indexed lookup per reason (a single WHERE with ORs would scan every reference).
  const std::string live = " AND r.kind <> 'contains'";
  std::string sql = std::string(cols) + "WHERE r.file_id IN (SELECT id FROM pending_files)" + live +
                    " UNION " + cols + "WHERE r.name IN (SELECT name FROM pending_names)" + live +
                    " UNION " + cols +
                    "WHERE r.file_id IN (SELECT id FROM pending_importers) AND r.qualifier <> ''" + live;
  if (allImports) sql += std::string(" UNION ") + cols + "WHERE r.kind = 'imports'";
  if (!receiverNames.empty()) {
    // The qualified calls whose receiver or qualifier mentions one of them: one scan of the
    // qualified calls (their two strings), matched here, run only when declarations came, went
    // or were retyped.
    if (auto st = db_.exec("CREATE TEMP TABLE IF NOT EXISTS pending_refs(id INTEGER PRIMARY KEY);"
                           "DELETE FROM pending_refs;");
        !st)
      return st.error();
    Statement scan(db_.handle(),
                   "SELECT id, qualifier, receiver FROM refs WHERE kind = 'calls' AND qualifier <> ''");
    Statement insr(db_.handle(), "INSERT OR IGNORE INTO pending_refs(id) VALUES(?)");
    // A substring test, as SQL's instr: a name inside a longer one (`Book` in `stockBook()`)
    // counts too, so a chain is resolved again whenever its text mentions a changed name.
    auto namesOne = [&receiverNames](std::string_view text) {
      if (text.empty()) return false;
      for (const auto& n : receiverNames)
        if (!n.empty() && text.find(n) != std::string_view::npos) return true;
      return false;
    };
    while (scan.step()) {
      if (!namesOne(scan.view(1)) && !namesOne(scan.view(2))) continue;
      insr.bind(1, scan.i64(0));
      if (auto st = insr.run(); !st) return st.error();
    }
    if (scan.lastCode() != SQLITE_DONE) return sqliteError(db_.handle(), "listing references");
    sql += std::string(" UNION ") + cols + "WHERE r.id IN (SELECT id FROM pending_refs)";
  }
  sql += " ORDER BY 2, 1";
  Statement s(db_.handle(), sql);
  if (!s.valid()) return sqliteError(db_.handle(), "listing references");
  while (s.step()) out.push_back(readRef(s));
  if (s.lastCode() != SQLITE_DONE) return sqliteError(db_.handle(), "listing references");
  return out;
}

Expected<std::unordered_map<int64_t, ImportTarget>> IndexWriter::importTargets() {
  std::unordered_map<int64_t, ImportTarget> out;
  Statement s(db_.handle(),
              "SELECT id, coalesce(target_file_id, 0), coalesce(target_id, 0) FROM refs "
              "WHERE kind = 'imports'");
  if (!s.valid()) return sqliteError(db_.handle(), "listing import targets");
  while (s.step()) out.emplace(s.i64(0), ImportTarget{s.i64(1), s.i64(2)});
  if (s.lastCode() != SQLITE_DONE) return sqliteError(db_.handle(), "listing import targets");
  return out;
}

Expected<std::vector<int64_t>> IndexWriter::importersOf(int64_t fileId) {
  std::vector<int64_t> out;
  // Two indexed lookups (an OR of the two would scan every reference).
  Statement s(db_.handle(),
              "SELECT r.file_id FROM refs r WHERE r.target_file_id = ?1 AND r.kind = 'imports' "
              "AND r.file_id <> ?1 UNION "
              "SELECT r.file_id FROM refs r WHERE r.target_id IN (SELECT id FROM symbols WHERE "
              "file_id = ?1) AND r.kind = 'imports' AND r.file_id <> ?1");
  if (!s.valid()) return sqliteError(db_.handle(), "listing importers");
  s.bind(1, fileId);
  while (s.step()) out.push_back(s.i64(0));
  if (s.lastCode() != SQLITE_DONE) return sqliteError(db_.handle(), "listing importers");
  return out;
}

Expected<std::optional<int64_t>> IndexWriter::fileIdOf(const std::string& path) {
  Impl& I = *impl_;
  I.fileByPath.bind(1, path);
  std::optional<int64_t> id;
  if (I.fileByPath.step()) id = I.fileByPath.i64(0);
  I.fileByPath.reset();
  return id;
}

Status IndexWriter::applyResolutions(const std::vector<Resolution>& resolutions) {
  Impl& I = *impl_;
  for (const auto& r : resolutions) {
    if (r.drop) {
      I.applyDrop.bind(1, r.refId);
      if (auto st = I.applyDrop.run(); !st) return st;
      continue;
    }
    I.applyUpdate.bindOptional(1, r.targetId).bindOptional(2, r.targetFileId)
        .bind(3, r.confidence).bind(4, r.candidates).bind(5, r.refId);
    if (auto st = I.applyUpdate.run(); !st) return st;
  }
  return okStatus();
}

namespace {

// The totals as one meta value: "files 3 symbols 40 unresolved 2 documents 1 lang:c 3
// symlang:c 40 edge:calls 7 ...". Names never hold spaces (languages and edge kinds are identifiers).
std::string encodeCounts(const IndexWriter::Counts& c) {
  std::string out = "files " + std::to_string(c.files) + " symbols " + std::to_string(c.symbols) +
                    " unresolved " + std::to_string(c.unresolved) + " documents " +
                    std::to_string(c.documents);
  for (const auto& [lang, n] : c.filesByLanguage) out += " lang:" + lang + " " + std::to_string(n);
  for (const auto& [lang, n] : c.symbolsByLanguage) out += " symlang:" + lang + " " + std::to_string(n);
  for (const auto& [kind, n] : c.edgesByKind) out += " edge:" + kind + " " + std::to_string(n);
  return out;
}

}  // namespace

std::optional<IndexWriter::Counts> IndexWriter::decodeCounts(const std::string& text) {
  IndexWriter::Counts c;
  std::istringstream in(text);
  std::string key;
  uint64_t n = 0;
  bool any = false;
  while (in >> key >> n) {
    any = true;
    if (key == "files") c.files = n;
    else if (key == "symbols") c.symbols = n;
    else if (key == "unresolved") c.unresolved = n;
    else if (key == "documents") c.documents = n;
    else if (key.rfind("lang:", 0) == 0) c.filesByLanguage[key.substr(5)] = n;
    else if (key.rfind("symlang:", 0) == 0) c.symbolsByLanguage[key.substr(8)] = n;
    else if (key.rfind("edge:", 0) == 0) c.edgesByKind[key.substr(5)] = n;
    else return std::nullopt;
  }
  if (!any || !in.eof()) return std::nullopt;
  return c;
}

Expected<IndexWriter::Counts> IndexWriter::counts() {
  // Counting scans the symbols and references (17 s on the kernel's 14 M references), so the
  // result is kept in meta until a change forgets it (forgetCounts, in the changing transaction).
  if (auto cached = db_.meta(kCountsMeta); cached && !cached->empty())
    if (auto c = decodeCounts(*cached)) return *c;
  Counts c;
  sqlite3* db = db_.handle();
  {
    Statement s(db, "SELECT language, count(*) FROM files GROUP BY language");
    while (s.step()) {
      c.filesByLanguage[s.text(0)] = static_cast<uint64_t>(s.i64(1));
      c.files += static_cast<uint64_t>(s.i64(1));
    }
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db, "counting files");
  }
  {
    Statement s(db, "SELECT f.language, count(*) FROM symbols s JOIN files f ON f.id = s.file_id "
                    "GROUP BY f.language");
    while (s.step()) {
      c.symbolsByLanguage[s.text(0)] = static_cast<uint64_t>(s.i64(1));
      c.symbols += static_cast<uint64_t>(s.i64(1));
    }
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db, "counting symbols");
  }
  {
    Statement s(db, "SELECT kind, count(*) FROM refs WHERE target_id IS NOT NULL GROUP BY kind");
    while (s.step()) c.edgesByKind[s.text(0)] = static_cast<uint64_t>(s.i64(1));
    if (s.failed()) return sqliteError(db, "counting edges");
  }
  {
    // One pass over the table: through refs_to, each of the rows without a target (the kernel's
    // 5.9 million, dropped ones included) was looked up for `dropped` (3.9 s warm, 7.9 s cold;
    // the scan: 1.5 s and 2.5 s).
    Statement s(db, "SELECT count(*) FROM refs NOT INDEXED WHERE target_id IS NULL AND kind <> 'imports' "
                    "AND dropped = 0");
    if (!s.step()) return sqliteError(db, "counting unresolved references");
    c.unresolved = static_cast<uint64_t>(s.i64(0));
  }
  {
    Statement s(db, "SELECT count(*) FROM documents");
    if (!s.step()) return sqliteError(db, "counting documents");
    c.documents = static_cast<uint64_t>(s.i64(0));
  }
  // A read-only connection cannot keep them; the next writer will.
  if (!sqlite3_db_readonly(db, "main")) (void)db_.setMeta(kCountsMeta, encodeCounts(c));
  return c;
}

Status IndexWriter::forgetCounts() { return db_.setMeta(kCountsMeta, ""); }

Expected<size_t> IndexWriter::inheritMemberVisibility(const std::string& languages) {
  sqlite3* db = db_.handle();
  // Definitions whose parent is a namespace or nothing, named like a member declared in a class
  // body; among several declarations the first by path and line wins (ids depend on history).
  // No declaration (NULL): unchanged.
  static constexpr const char* kSql =
      "UPDATE symbols AS s SET visibility = ("
      "  SELECT d.visibility FROM symbols d JOIN symbols c ON c.id = d.parent_id "
      "  JOIN files df ON df.id = d.file_id "
      "  WHERE d.qualified_name = s.qualified_name AND d.kind = s.kind AND d.id != s.id "
      "  AND c.kind IN ('class', 'struct', 'union') ORDER BY df.path, d.start_line LIMIT 1) "
      "WHERE s.file_id IN (SELECT id FROM files WHERE instr(?1, ' ' || language || ' ') > 0) "
      "AND s.kind IN ('method', 'constructor', 'field') "
      "AND (s.parent_id IS NULL OR (SELECT p.kind FROM symbols p WHERE p.id = s.parent_id) = 'namespace') "
      "AND s.visibility != ("
      "  SELECT d.visibility FROM symbols d JOIN symbols c ON c.id = d.parent_id "
      "  JOIN files df ON df.id = d.file_id "
      "  WHERE d.qualified_name = s.qualified_name AND d.kind = s.kind AND d.id != s.id "
      "  AND c.kind IN ('class', 'struct', 'union') ORDER BY df.path, d.start_line LIMIT 1)";
  if (languages.find_first_not_of(' ') == std::string::npos) return size_t{0};
  Statement s(db, kSql);
  if (!s.valid()) return sqliteError(db, "inheriting member visibility");
  s.bind(1, languages);
  if (auto st = s.run(); !st) return st.error();
  return static_cast<size_t>(sqlite3_changes(db));
}

Status IndexWriter::replaceStructuralImplements(const std::vector<StructuralEdge>& edges) {
  sqlite3* db = db_.handle();
  // Only the difference is written: a refresh that changes one Go file changes few of the
  // repository's structural edges (Go 1.19: 42k), and rewriting them all costs seconds.
  std::map<std::pair<int64_t, int64_t>, int64_t> stored;  // (type, interface) → row id
  std::map<int64_t, int64_t> fileOfRow;
  {
    Statement s(db, "SELECT id, source_id, target_id, file_id FROM refs WHERE module = '<structural>'");
    if (!s.valid()) return sqliteError(db, "structural edges");
    while (s.step()) {
      stored.emplace(std::pair{s.i64(1), s.i64(2)}, s.i64(0));
      fileOfRow.emplace(s.i64(0), s.i64(3));
    }
    if (s.lastCode() != SQLITE_DONE) return sqliteError(db, "structural edges");
  }
  std::vector<const StructuralEdge*> added;
  for (const auto& e : edges) {
    auto it = stored.find({e.type->id, e.interface->id});
    if (it == stored.end()) {
      added.push_back(&e);
    } else {
      it->second = 0;  // still wanted
    }
  }
  Statement del(db, "DELETE FROM refs WHERE id = ?");
  if (!del.valid()) return sqliteError(db, "structural edges");
  for (const auto& [pair, id] : stored) {
    if (id == 0) continue;
    if (auto st = impl_->recordGraphChange(db_, fileOfRow[id]); !st) return st;
    del.bind(1, id);
    if (auto st = del.run(); !st) return st;
  }
  Statement ins(db,
                "INSERT INTO refs(file_id, source_id, kind, name, qualifier, module, alias, line, col, "
                "target_id, confidence) VALUES(?, ?, 'implements', ?, '', '<structural>', '', ?, ?, ?, 1.0)");
  if (!ins.valid()) return sqliteError(db, "structural edges");
  for (const auto* e : added) {
    if (auto st = impl_->recordGraphChange(db_, e->type->fileId); !st) return st;
    ins.bind(1, e->type->fileId).bind(2, e->type->id).bind(3, e->interface->name)
        .bind(4, e->type->line).bind(5, e->type->column).bind(6, e->interface->id);
    if (auto st = ins.run(); !st) return st;
  }
  return okStatus();
}

}  // namespace cg::store
