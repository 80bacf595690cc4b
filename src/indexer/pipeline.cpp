// indexRepository (indexer.h) as the stages of an IndexRun (index_run.h): all but the
// resolution, which is in resolve_stage.cpp.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>
#include <unordered_map>

#include "codegraph/indexer/indexer.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/lang/rules.h"
#include "codegraph/store/sqlite_graph_source.h"
#include "codegraph/support/cpu_clock.h"
#include "codegraph/support/hash.h"
#include "codegraph/support/memory.h"
#include "file_kind.h"
#include "index_run.h"
#include "resolver.h"

namespace cg::indexer {
namespace fs = std::filesystem;

std::string contentHash(std::string_view data) { return fnv1a64Hex(data); }

namespace {

constexpr size_t kFilesPerTransaction = 256;

// A file's imports as name resolution sees them (ModuleMap::bind): what is imported, under which
// name, and whether at the top level; not where they are written.
using ImportShape = std::vector<std::tuple<bool, std::string, std::string, std::string, std::string>>;
Expected<ImportShape> importShape(store::IndexReader& reader, int64_t fileId) {
  auto imports = reader.importsOf(fileId);
  if (!imports) return imports.error();
  ImportShape shape;
  for (const auto& i : *imports) shape.emplace_back(i.sourceId == 0, i.module, i.name, i.qualifier, i.alias);
  std::sort(shape.begin(), shape.end());
  return shape;
}

bool structuralTyping(const std::string& language) { return lang::rulesFor(language).structuralImplements; }

}  // namespace

IndexRun::IndexRun(store::Database& db, const IndexOptions& options)
    : forgetUnlessDone{options.resolverMemory}, db_(db), options_(options), writer_(db), reader_(db) {}

void IndexRun::lap(const char* what) {
  auto now = std::chrono::steady_clock::now();
  laps += fmt::format(" {} {:.1f}ms", what, std::chrono::duration<double, std::milli>(now - lastLap_).count());
  spdlog::debug("after {}: resident {} MB", what, residentBytes() >> 20);
  lastLap_ = now;
}

Status IndexRun::loadKnown() {
  // A refresh of given paths reads only their rows (not those of the whole tree).
  auto existingRows = options_.onlyPaths.empty() ? reader_.files() : reader_.filesAt(options_.onlyPaths);
  if (!existingRows) return existingRows.error();
  for (auto& r : *existingRows) existing_.emplace(r.path, std::move(r));
  auto anyFile = existing_.empty() ? reader_.hasFiles() : Expected<bool>(true);
  if (!anyFile) return anyFile.error();
  // A first index interrupted before it completed (no `indexed_at`: killed, cancelled, disk
  // full) is resumed as a full index: the files its committed batches hold are skipped when
  // unchanged, and every reference is resolved, as its final transaction would have done.
  summary.fullIndex = !*anyFile || !db_.meta("indexed_at").ok();
  // git log runs on its own thread while the files are parsed.
  history_.emplace(options_.deferHistory ? HistoryRefresh()
                                         : HistoryRefresh::start(db_, options_.root, options_.useGit));
  lap("start");

  if (auto m = db_.meta(kFailedFilesMeta); m && !summary.fullIndex) failedBefore_ = decodeFailedFiles(*m);
  // A file that failed for its deep nesting has the rest of it extracted now: such a file is
  // parsed again, changed or not.
  std::erase_if(failedBefore_, [](const auto& f) {
    return f.second.message.rfind("nesting deeper than", 0) == 0;
  });
  return okStatus();
}

Status IndexRun::walk() {
  report("walking", 0, 0);
  if (options_.onlyPaths.empty()) {
    WalkOptions wo;
    wo.root = options_.root;
    wo.maxFileBytes = options_.maxFileBytes;
    wo.useGit = options_.useGit;
    wo.threads = options_.threads;
    wo.known = [this](std::string_view path, uint64_t size, int64_t mtimeNs) -> const lang::Language* {
      auto it = existing_.find(std::string(path));
      if (it == existing_.end() || it->second.size != size || it->second.mtimeNs != mtimeNs) return nullptr;
      return lang::languageById(it->second.language);
    };
    auto found = walkRepository(wo);
    if (!found) return found.error();
    summary.skipped = found->skipped;
    for (const auto& [path, message] : found->errors) spdlog::warn("skipped {}: {}", path, message);
    walked_ = std::move(found->files);
    std::set<std::string> present;
    for (const auto& f : walked_) present.insert(f.path);
    for (const auto& [path, row] : existing_)
      if (!present.count(path)) removed_.push_back(path);
  } else {
    std::set<std::string> seen;
    for (const auto& p : options_.onlyPaths) {
      if (!seen.insert(p).second) continue;
      FileVerdict v = classifyFile(options_.root, p, options_.maxFileBytes);
      if (v.language && !v.skip) {
        walked_.push_back(WalkedFile{p, v.language, v.size, v.mtimeNs});
      } else {
        if (v.skip) ++summary.skipped[*v.skip];
        if (existing_.count(p)) removed_.push_back(p);
      }
    }
  }
  summary.filesSeen = walked_.size();
  for (const auto& f : walked_) ++summary.filesByLanguage[std::string(f.language->id)];
  lap("walk");
  return okStatus();
}

void IndexRun::plan() {
  fileSetChanged_ = summary.fullIndex || !removed_.empty();
  goChanged_ = summary.fullIndex;
  for (const auto& path : removed_)
    if (auto it = existing_.find(path); it != existing_.end() && structuralTyping(it->second.language))
      goChanged_ = true;
  for (const auto& f : walked_) {
    if (auto failed = failedBefore_.find(f.path);
        failed != failedBefore_.end() && failed->second.size == f.size && failed->second.mtimeNs == f.mtimeNs) {
      ++summary.parseFailures;
      ++summary.failuresUnchanged;
      spdlog::info("not indexed: {} ({}; unchanged since, so not parsed again)", f.path, failed->second.message);
      failedNow_.emplace(f.path, failed->second);
      continue;
    }
    auto it = existing_.find(f.path);
    if (it != existing_.end() && it->second.size == f.size && it->second.mtimeNs == f.mtimeNs &&
        it->second.language == f.language->id) {
      ++summary.filesUnchanged;
      continue;
    }
    ParseJob job{f, std::nullopt, 0};
    if (it == existing_.end() || it->second.language != f.language->id) fileSetChanged_ = true;
    if (structuralTyping(std::string(f.language->id)) || (it != existing_.end() && structuralTyping(it->second.language)))
      goChanged_ = true;
    if (it != existing_.end() && it->second.language == f.language->id) {
      job.knownHash = it->second.hash;
      job.knownId = it->second.id;
    }
    jobs_.push_back(std::move(job));
  }
}

void IndexRun::keepMemory() {
  // See IndexOptions::resolverMemory; cleared as soon as a change could alter it.
  if (options_.resolverMemory) {
    auto v = store::SqliteGraphSource(db_).dataVersion();
    dataVersion_ = v ? *v : -1;
  }
  keepResolverMemory_ = options_.resolverMemory && options_.resolverMemory->valid() && !fileSetChanged_ &&
                        dataVersion_ >= 0 && options_.resolverMemory->state().dataVersion == dataVersion_;
}

Status IndexRun::begin() {
  if (summary.fullIndex)
    if (auto s = writer_.beginBulkLoad(); !s) return s;
  auto tx = store::Transaction::begin(db_, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  tx_ = std::move(*tx);
  // When files come or go, an import elsewhere may come to reach another file or definition
  // (re-exports, wildcard imports, an import of a removed module), and every reference of its
  // file may then bind otherwise: what each import is bound to is read here, before a removal
  // or a rewrite unbinds the imports of what goes, and compared once they are resolved again.
  if (!summary.fullIndex && fileSetChanged_) return readImports();
  return okStatus();
}

Status IndexRun::readImports() {
  auto targets = writer_.importTargets();
  if (!targets) return targets.error();
  importTargetsBefore_ = std::move(*targets);
  importsRead_ = true;
  return okStatus();
}

Status IndexRun::removeFiles() {
  for (const auto& path : removed_) {
    // Its importers' qualified references may have resolved through it (an alias module).
    if (auto id = writer_.fileIdOf(path); id && *id) {
      auto importers = writer_.importersOf(**id);
      if (!importers) return importers.error();
      importerFiles_.insert(importers->begin(), importers->end());
    }
    auto names = writer_.removeFile(path);
    if (!names) return names.error();
    affectedNames_.insert(names->begin(), names->end());
    receiverNames_.insert(names->begin(), names->end());
    ++summary.filesRemoved;
  }
  return okStatus();
}

Status IndexRun::parseAndWrite() {
  const size_t total = jobs_.size();
  unsigned threads = options_.threads ? options_.threads : std::max(1u, std::thread::hardware_concurrency());
  ParsePool pool(options_.root, std::move(jobs_), threads, options_.maxFileBytes, options_.cancel);
  size_t done = 0, sinceCommit = 0;
  uint64_t parseMicros = 0, queryMicros = 0, writeMicros = 0;
  report("parsing", 0, total);
  while (auto out = pool.next()) {
    ++done;
    switch (out->kind) {
      case ParseOutput::Kind::kFailed:
        ++summary.parseFailures;
        spdlog::warn("could not index {}: {}", out->path, out->error);
        if (out->failedFile)
          failedNow_[out->path] = FailedFile{out->failedFile->size, out->failedFile->mtimeNs, out->error};
        break;
      case ParseOutput::Kind::kUnchanged:
        ++summary.filesUnchanged;
        if (auto s = writer_.touchFile(out->knownId, out->record.info.size, out->record.info.mtimeNs); !s) return s;
        break;
      case ParseOutput::Kind::kRecord:
        parseMicros += out->parseMicros;
        queryMicros += out->queryMicros;
        if (auto s = writeParsed(*out, writeMicros); !s) return s;
        break;
    }
    // A refresh is one transaction; a full index commits in batches.
    if (summary.fullIndex && ++sinceCommit >= kFilesPerTransaction) {
      if (auto s = tx_.commitAndBegin(); !s) return s;
      sinceCommit = 0;
    }
    if (done % 64 == 0 || done == total) report("parsing", done, total);
  }
  if (cancelled()) return makeError(ErrorCode::kCancelled, "indexing cancelled");
  spdlog::info("parse+write: {} files in {:.2f}s (CPU: parse {:.2f}s, query {:.2f}s, write {:.2f}s)",
               summary.filesParsed, secondsSince(started), parseMicros / 1e6, queryMicros / 1e6,
               writeMicros / 1e6);
  lap("parse+write");
  return okStatus();
}

Status IndexRun::writeParsed(const ParseOutput& out, uint64_t& writeMicros) {
  // The resolver memory stays valid only while this file's imports and package stay.
  std::optional<ImportShape> importsBefore;
  if (keepResolverMemory_) {
    auto known = existing_.find(out.path);
    if (out.knownId == 0 || known == existing_.end() || known->second.package != out.record.package ||
        known->second.otherBuild != out.record.otherBuild) {
      keepResolverMemory_ = false;
    } else {
      auto shape = importShape(reader_, out.knownId);
      if (!shape) return shape.error();
      importsBefore = std::move(*shape);
    }
  }
  const uint64_t writeStart = threadCpuMicros();
  auto res = writer_.writeFile(out.record);
  writeMicros += threadCpuMicros() - writeStart;
  if (!res) return res.error();
  if (keepResolverMemory_) {
    auto shape = importShape(reader_, res->fileId);
    if (!shape) return shape.error();
    if (*shape != *importsBefore) keepResolverMemory_ = false;
  }
  ++summary.filesParsed;
  changedFiles_.push_back(res->fileId);
  // A full index resolves everything: the importers and names a refresh re-resolves would
  // serve nothing (and a set of every name of a large tree costs hundreds of MB).
  if (summary.fullIndex) return okStatus();
  auto importers = writer_.importersOf(res->fileId);
  if (!importers) return importers.error();
  importerFiles_.insert(importers->begin(), importers->end());
  affectedNames_.insert(res->removedNames.begin(), res->removedNames.end());
  affectedNames_.insert(res->addedNames.begin(), res->addedNames.end());
  receiverNames_.insert(res->removedNames.begin(), res->removedNames.end());
  receiverNames_.insert(res->addedNames.begin(), res->addedNames.end());
  receiverNames_.insert(res->retypedNames.begin(), res->retypedNames.end());
  // Names the file defines more than once in one scope (overloads: the same qualified name):
  // which of them a reference binds depends on their lines, which an edit moves.
  {
    std::unordered_map<std::string_view, int> seen;
    for (const auto& s : out.record.symbols)
      if (++seen[s.qualifiedName] == 2) affectedNames_.insert(s.name);
  }
  // A file that moved to or from another build: every name it defines is seen differently, and
  // its own references may bind elsewhere.
  if (auto known = existing_.find(out.path);
      known != existing_.end() && known->second.otherBuild != out.record.otherBuild) {
    for (const auto& s : out.record.symbols) affectedNames_.insert(s.name);
    fileSetChanged_ = true;
  }
  return okStatus();
}

Status IndexRun::buildResolveIndexes() {
  if (!summary.fullIndex) return okStatus();
  // Only the indexes the resolution reads; the others once its results are written.
  const auto indexStart = std::chrono::steady_clock::now();
  if (auto s = tx_.commit(); !s) return s;
  if (auto s = writer_.buildResolveIndexes(); !s) return s;
  auto tx = store::Transaction::begin(db_, store::Transaction::Mode::kWrite);
  if (!tx) return tx.error();
  tx_ = std::move(*tx);
  spdlog::info("indexes built in {:.2f}s (those the resolution reads)", secondsSince(indexStart));
  return okStatus();
}

Status IndexRun::finishIndexes() {
  // The resolver's caches are gone; without this their freed memory would stay resident under
  // the analytics and the two peaks would add up (glibc keeps freed heap in its arenas).
  releaseFreeMemory();
  lap("resolve");
  if (!summary.fullIndex) return okStatus();
  // The graph is complete: committed, the analytics read it on a thread and connection of their
  // own while this one builds every other index of the schema. The index is not ready before
  // those are built and committed with `indexed_at` (commit()), so no reader is served from a
  // database without its indexes.
  if (auto s = tx_.commitAndBegin(); !s) return s;
  background_.emplace(db_.path(), options_.analyticsBudget);
  const auto t = std::chrono::steady_clock::now();
  if (auto s = writer_.endBulkLoad(); !s) return s;
  spdlog::info("indexes built in {:.2f}s (the others, after resolving; the analytics meanwhile)", secondsSince(t));
  lap("indexes");
  return okStatus();
}

Status IndexRun::analyse() {
  // A refresh that changed something recomputes inside its own transaction, so readers see the
  // new symbols and their scores together; a full index analyses after its last commit.
  const bool changed = graphChanged();
  analyseFull_ = summary.fullIndex || !analyticsDone(db_);
  const bool analyseFull = analyseFull_;
  if (changed)
    if (auto s = writer_.forgetCounts(); !s) return s;
  // A deferred computation that never ran (the process stopped first) is still due.
  auto dueMeta = db_.meta("analytics_due");
  const bool stillDue = dueMeta.ok() && *dueMeta == "1";
  if (!analyseFull && (changed || stillDue) && options_.deferAnalytics) {
    summary.analyticsDue = true;
    if (auto s = db_.setMeta("analytics_due", "1"); !s) return s;
  } else if (!analyseFull && (changed || stillDue)) {
    report("analysing", 0, 0);
    auto analysed = runGraphAnalytics(db_, true, options_.analyticsBudget);
    if (!analysed) return analysed.error();
  }

  if (options_.onlyPaths.empty()) {
    // A full walk saw every file: the list is exactly this run's failures.
    if (auto s = db_.setMeta(kFailedFilesMeta, encodeFailedFiles(failedNow_)); !s) return s;
  } else if (!failedNow_.empty() || !failedBefore_.empty()) {
    // Only some paths were examined: the others keep their entries.
    std::map<std::string, FailedFile> merged(failedBefore_.begin(), failedBefore_.end());
    for (const auto& p : options_.onlyPaths) merged.erase(p);
    for (auto& [path, f] : failedNow_) merged[path] = std::move(f);
    if (auto s = db_.setMeta(kFailedFilesMeta, encodeFailedFiles(merged)); !s) return s;
  }
  auto now = std::chrono::system_clock::now();
  if (auto s = db_.setMeta("indexed_at", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                             now.time_since_epoch()).count()));
      !s)
    return s;
  lap("analyse");
  return okStatus();
}

Status IndexRun::commit() {
  if (auto s = tx_.commit(); !s) return s;
  lap("commit");
  if (analyseFull_) {
    report("analysing", 0, 0);
    auto analysed = background_ ? background_->finish(db_, options_.analyticsBudget)
                                : runGraphAnalytics(db_, false, options_.analyticsBudget);
    if (!analysed) return analysed.error();
  }
  if (auto s = history_->finish(db_); !s) return s;
  lap("history");
  return okStatus();
}

void IndexRun::count() {
  auto counts = options_.countTotals ? writer_.counts()
                                     : Expected<store::IndexWriter::Counts>(makeError(ErrorCode::kNotFound, "not counted"));
  if (counts) {
    summary.symbols = counts->symbols;
    summary.edgesByKind = counts->edgesByKind;
    summary.unresolved = counts->unresolved;
  }
  lap("counts");
}

Expected<IndexSummary> indexRepository(store::Database& db, const IndexOptions& options) {
  IndexRun run(db, options);
  if (auto s = run.loadKnown(); !s) return s.error();
  if (auto s = run.walk(); !s) return s.error();
  run.plan();
  run.keepMemory();
  if (auto s = run.begin(); !s) return s.error();
  if (auto s = run.removeFiles(); !s) return s.error();
  if (auto s = run.parseAndWrite(); !s) return s.error();
  if (auto s = run.buildResolveIndexes(); !s) return s.error();
  if (run.graphChanged())
    if (auto s = run.resolve(); !s) return s.error();
  if (auto s = run.finishIndexes(); !s) return s.error();
  if (auto s = run.analyse(); !s) return s.error();
  if (auto s = run.commit(); !s) return s.error();
  run.count();
  run.summary.seconds = secondsSince(run.started);
  spdlog::debug("index steps:{}", run.laps);
  run.forgetUnlessDone.done = true;
  return std::move(run.summary);
}

Expected<std::vector<model::Symbol>> extractFileSymbols(const std::string& path, std::string_view text,
                                                        const std::string& languageId) {
  // The language given, else as the walk decides it (file_kind.h): by name, then by the head.
  const lang::Language* language = !languageId.empty()
                                       ? lang::languageById(languageId)
                                       : lang::detectLanguage(path, text.substr(0, std::min(text.size(), kLanguageHeadBytes)));
  if (!language || !language->grammar)
    return makeError(ErrorCode::kInvalidArgument, "no extracted language for " + path);
  thread_local lang::Extractor extractor;  // one parser per thread, as the pipeline keeps
  auto extracted = extractor.extract(*language, text);
  if (!extracted) return extracted.error();
  WalkedFile wf;
  wf.path = path;
  wf.language = language;
  wf.size = text.size();
  store::FileRecord rec = toRecord(wf, "", std::move(*extracted));
  for (size_t i = 0; i < rec.symbols.size(); ++i) {
    rec.symbols[i].id = static_cast<int64_t>(i) + 1;
    rec.symbols[i].parentId = rec.parents[i] < 0 ? 0 : rec.parents[i] + 1;
  }
  return std::move(rec.symbols);
}

}  // namespace cg::indexer
