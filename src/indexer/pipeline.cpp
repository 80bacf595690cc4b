#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
#include <unordered_map>

#include "codegraph/indexer/indexer.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/lang/rules.h"
#include "codegraph/store/database.h"
#include "codegraph/store/index_writer.h"
#include "codegraph/store/sqlite_graph_source.h"
#include "codegraph/support/cpu_clock.h"
#include "codegraph/support/memory.h"
#include "codegraph/support/hash.h"
#include "analytics_phase.h"
#include "file_kind.h"
#include "go_structural.h"
#include "resolver.h"

namespace cg::indexer {
namespace fs = std::filesystem;

std::string contentHash(std::string_view data) { return fnv1a64Hex(data); }

namespace {

constexpr size_t kFilesPerTransaction = 256;
constexpr size_t kQueueLimit = 128;
constexpr size_t kResolutionsPerApply = 50000;
// A resolver of its own for one more bind thread of a full index: it reads through a read-only
// connection (the writer's connection belongs to the calling thread).
struct BindHelper {
  std::unique_ptr<store::Database> db;
  std::unique_ptr<store::IndexWriter> reader;
  std::unique_ptr<Resolver> resolver;
};

Expected<BindHelper> openBindHelper(const fs::path& dbPath, size_t heldDefinitions,
                                   const fs::path& root) {
  auto db = store::Database::openHelperReader(dbPath);
  if (!db) return db.error();
  BindHelper h;
  h.db = std::move(*db);
  h.reader = std::make_unique<store::IndexWriter>(*h.db);
  h.resolver = std::make_unique<Resolver>(*h.reader, heldDefinitions);
  if (auto s = h.resolver->prepare(root.filename().string(), root); !s) return s.error();
  return h;
}

// Cuts `page` (in file order) into at most `parts` runs of whole files, of about equal size.
std::vector<std::vector<store::PendingRef>> splitByFile(std::vector<store::PendingRef>&& page,
                                                        size_t parts) {
  std::vector<std::vector<store::PendingRef>> runs;
  size_t begin = 0;
  for (size_t k = 1; k <= parts && begin < page.size(); ++k) {
    size_t end = k == parts ? page.size() : std::max(begin, page.size() * k / parts);
    while (end > begin && end < page.size() && page[end].fileId == page[end - 1].fileId) ++end;
    if (end == begin) continue;
    runs.emplace_back(std::make_move_iterator(page.begin() + static_cast<std::ptrdiff_t>(begin)),
                      std::make_move_iterator(page.begin() + static_cast<std::ptrdiff_t>(end)));
    begin = end;
  }
  return runs;
}

struct ParseJob {
  WalkedFile file;
  std::optional<std::string> knownHash;  // hash in the database, when the file is known
  int64_t knownId = 0;
};

struct ParseOutput {
  enum class Kind { kRecord, kUnchanged, kFailed } kind = Kind::kFailed;
  store::FileRecord record;
  int64_t knownId = 0;
  std::string path;
  std::string error;
  // kFailed in extraction (not reading): the file as walked, remembered so that it is not
  // parsed again until it changes (failedFiles below).
  std::optional<WalkedFile> failedFile;
  uint64_t parseMicros = 0, queryMicros = 0;  // CPU in the parser thread, for phase timings
};

// Files whose extraction failed (a parser or query time-out), with the size and
// mtime they had: a refresh does not parse them again while those stay the same (the kernel's
// two such files cost 0.6 s of every no-change refresh). Kept in meta "failed_files" as lines
// "size mtime path\tmessage".
struct FailedFile {
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  std::string message;
};
constexpr const char* kFailedFilesMeta = "failed_files";

std::unordered_map<std::string, FailedFile> decodeFailedFiles(const std::string& text) {
  std::unordered_map<std::string, FailedFile> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    FailedFile f;
    std::string rest;
    if (!(fields >> f.size >> f.mtimeNs) || fields.get() != ' ' || !std::getline(fields, rest))
      continue;
    size_t tab = rest.find('\t');
    if (tab == std::string::npos || tab == 0) continue;
    f.message = rest.substr(tab + 1);
    out.emplace(rest.substr(0, tab), std::move(f));
  }
  return out;
}

std::string encodeFailedFiles(const std::map<std::string, FailedFile>& files) {
  std::string out;
  for (const auto& [path, f] : files) {
    if (path.find_first_of("\t\n") != std::string::npos) continue;  // not representable: retried
    std::string message = f.message;
    std::replace(message.begin(), message.end(), '\n', ' ');
    out += std::to_string(f.size) + " " + std::to_string(f.mtimeNs) + " " + path + "\t" + message + "\n";
  }
  return out;
}

Expected<std::string> readWhole(const fs::path& path, uint64_t limit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return makeError(ErrorCode::kIo, "cannot open");
  std::string data;
  in.seekg(0, std::ios::end);
  auto size = in.tellg();
  if (size < 0) return makeError(ErrorCode::kIo, "cannot read size");
  if (static_cast<uint64_t>(size) > limit) return makeError(ErrorCode::kInvalidArgument, "grew over the size limit");
  data.resize(static_cast<size_t>(size));
  in.seekg(0);
  in.read(data.data(), size);
  data.resize(static_cast<size_t>(in.gcount()));
  return data;
}

store::FileRecord toRecord(const WalkedFile& wf, const std::string& hash,
                           const lang::ExtractedFile& ex) {
  store::FileRecord rec;
  rec.info.path = wf.path;
  rec.info.language = std::string(wf.language->id);
  rec.info.size = wf.size;
  rec.info.mtimeNs = wf.mtimeNs;
  rec.info.hash = hash;
  rec.info.lines = ex.lines;
  rec.info.isTest = model::isTestPath(wf.path);
  rec.package = ex.packageName;
  rec.parseErrors = ex.hadSyntaxErrors;
  rec.isDocument = wf.language->grammar == nullptr;  // Markdown: documents only
  rec.title = ex.title;
  rec.mentions = ex.mentions;
  model::UidAssigner uids(wf.path);
  rec.symbols.reserve(ex.symbols.size());
  for (const auto& s : ex.symbols) {
    model::Symbol m;
    m.name = s.name;
    m.qualifiedName = s.qualifiedName;
    m.kind = s.kind;
    m.path = wf.path;
    m.language = rec.info.language;
    m.range = s.range;
    m.signature = s.signature;
    m.visibility = s.visibility;
    m.doc = s.doc;
    m.complexity = s.complexity;
    m.isTest = rec.info.isTest;
    m.typeExpr = s.typeExpr;
    m.paramsMin = s.paramsMin;
    m.paramsMax = s.paramsMax;
    m.uid = uids.next(s.qualifiedName, s.kind);
    rec.symbols.push_back(std::move(m));
    rec.parents.push_back(s.parent);
  }
  rec.refs.reserve(ex.refs.size());
  for (const auto& r : ex.refs) {
    store::RefRecord rr;
    rr.kind = r.kind;
    rr.sourceIndex = r.source;
    rr.name = r.name;
    rr.qualifier = r.qualifier;
    rr.module = r.module;
    rr.alias = r.alias;
    rr.receiver = r.receiver;
    rr.arity = r.arity;
    rr.line = r.line;
    rr.column = r.column;
    rec.refs.push_back(std::move(rr));
  }
  return rec;
}

lang::ExtractedFile unextracted(const lang::Language& language, std::string_view data) {
  lang::ExtractedFile f;
  f.language = std::string(language.id);
  f.lines = static_cast<uint32_t>(std::count(data.begin(), data.end(), '\n')) +
            (data.empty() || data.back() == '\n' ? 0 : 1);
  return f;
}

// Parser threads pull jobs; the writer (calling thread) consumes outputs in completion order.
class ParsePool {
 public:
  ParsePool(const fs::path& root, std::vector<ParseJob> jobs, unsigned threads, uint64_t limit,
            const std::atomic<bool>* cancel)
      : root_(root), jobs_(std::move(jobs)), limit_(limit), cancel_(cancel) {
    unsigned n = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(jobs_.size())));
    for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
  }
  ~ParsePool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    spaceCv_.notify_all();
    for (auto& t : workers_) t.join();
  }
  // Next finished output; nullopt when all jobs are done.
  std::optional<ParseOutput> next() {
    std::unique_lock<std::mutex> lock(mu_);
    readyCv_.wait(lock, [this] { return !ready_.empty() || finished_ == workers_.size(); });
    if (ready_.empty()) return std::nullopt;
    ParseOutput out = std::move(ready_.front());
    ready_.pop_front();
    spaceCv_.notify_one();
    return out;
  }
  size_t total() const { return jobs_.size(); }

 private:
  void work() {
    lang::Extractor extractor;
    while (true) {
      size_t i = nextJob_.fetch_add(1);
      if (i >= jobs_.size() || (cancel_ && cancel_->load())) break;
      ParseOutput out = parseOne(extractor, jobs_[i]);
      std::unique_lock<std::mutex> lock(mu_);
      spaceCv_.wait(lock, [this] { return ready_.size() < kQueueLimit || stop_; });
      if (stop_) break;
      ready_.push_back(std::move(out));
      readyCv_.notify_one();
    }
    std::lock_guard<std::mutex> lock(mu_);
    ++finished_;
    readyCv_.notify_all();
  }

  ParseOutput parseOne(lang::Extractor& extractor, const ParseJob& job) {
    ParseOutput out;
    out.path = job.file.path;
    out.knownId = job.knownId;
    auto data = readWhole(root_ / job.file.path, limit_);
    if (!data) {
      out.error = data.error().message;
      return out;
    }
    std::string hash = contentHash(*data);
    if (job.knownHash && *job.knownHash == hash) {
      out.kind = ParseOutput::Kind::kUnchanged;
      out.record.info.size = job.file.size;
      out.record.info.mtimeNs = job.file.mtimeNs;
      return out;
    }
    // A recognised language without queries yet (docs/CONTRACT.md §6) is recorded as a file
    // of that language with no symbols: counted, not a failure.
    auto ex = job.file.language->extracted ? extractor.extract(*job.file.language, *data)
                                           : Expected<lang::ExtractedFile>(unextracted(*job.file.language, *data));
    if (!ex) {
      out.error = ex.error().message;
      out.failedFile = job.file;
      return out;
    }
    if (!ex->notExtracted.empty())
      spdlog::info("partly indexed {}: {}", job.file.path, ex->notExtracted);
    WalkedFile wf = job.file;
    wf.size = data->size();
    out.record = toRecord(wf, hash, *ex);
    const lang::Rules& rules = lang::rulesFor(wf.language->id);
    out.record.otherBuild = rules.isOtherBuild && rules.isOtherBuild(wf.path, *data);
    out.parseMicros = ex->parseMicros;
    out.queryMicros = ex->queryMicros;
    out.kind = ParseOutput::Kind::kRecord;
    return out;
  }

  fs::path root_;
  std::vector<ParseJob> jobs_;
  uint64_t limit_;
  const std::atomic<bool>* cancel_;
  std::atomic<size_t> nextJob_{0};
  std::mutex mu_;
  std::condition_variable readyCv_, spaceCv_;
  std::deque<ParseOutput> ready_;
  size_t finished_ = 0;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

bool cancelled(const IndexOptions& o) { return o.cancel && o.cancel->load(); }

// A file's imports as name resolution sees them (ModuleMap::bind): what is imported, under which
// name, and whether at the top level; not where they are written.
using ImportShape = std::vector<std::tuple<bool, std::string, std::string, std::string, std::string>>;
Expected<ImportShape> importShape(store::IndexWriter& writer, int64_t fileId) {
  auto imports = writer.importsOf(fileId);
  if (!imports) return imports.error();
  ImportShape shape;
  for (const auto& i : *imports) shape.emplace_back(i.sourceId == 0, i.module, i.name, i.qualifier, i.alias);
  std::sort(shape.begin(), shape.end());
  return shape;
}

// Forgets the caller's resolver memory unless the refresh reached its end (a rolled-back refresh
// may have filled it from rows that were never committed).
struct ForgetUnlessDone {
  ResolverMemory* memory = nullptr;
  bool done = false;
  ~ForgetUnlessDone() {
    if (memory && !done) memory->reset();
  }
};

}  // namespace

Expected<IndexSummary> indexRepository(store::Database& db, const IndexOptions& options) {
  auto started = std::chrono::steady_clock::now();
  IndexSummary summary;
  // Wall time per step, logged at debug level: where a refresh spends its time.
  std::string laps;
  auto lastLap = started;
  auto lap = [&](const char* what) {
    auto now = std::chrono::steady_clock::now();
    laps += fmt::format(" {} {:.1f}ms", what, std::chrono::duration<double, std::milli>(now - lastLap).count());
    spdlog::debug("after {}: resident {} MB", what, residentBytes() >> 20);
    lastLap = now;
  };
  auto report = [&](const char* phase, uint64_t done, uint64_t total) {
    if (options.progress) options.progress(IndexProgress{phase, done, total});
  };

  store::IndexWriter writer(db);
  // A refresh of given paths reads only their rows (the kernel has 57k).
  auto existingRows = options.onlyPaths.empty() ? writer.files() : writer.filesAt(options.onlyPaths);
  if (!existingRows) return existingRows.error();
  std::unordered_map<std::string, store::FileRow> existing;
  for (auto& r : *existingRows) existing.emplace(r.path, std::move(r));
  auto anyFile = existing.empty() ? writer.hasFiles() : Expected<bool>(true);
  if (!anyFile) return anyFile.error();
  // A first index interrupted before it completed (no `indexed_at`: killed, cancelled, disk
  // full) is resumed as a full index: the files its committed batches hold are skipped when
  // unchanged, and every reference is resolved, as its final transaction would have done.
  summary.fullIndex = !*anyFile || !db.meta("indexed_at").ok();
  // git log runs on its own thread while the files are parsed.
  HistoryRefresh history =
      options.deferHistory ? HistoryRefresh() : HistoryRefresh::start(db, options.root, options.useGit);
  lap("start");

  std::unordered_map<std::string, FailedFile> failedBefore;
  if (auto m = db.meta(kFailedFilesMeta); m && !summary.fullIndex) failedBefore = decodeFailedFiles(*m);
  // Deep nesting failed a file before this version; now the rest of the file is extracted: such a
  // file is parsed again, changed or not.
  std::erase_if(failedBefore, [](const auto& f) {
    return f.second.message.rfind("nesting deeper than", 0) == 0;
  });
  std::map<std::string, FailedFile> failedNow;  // written back before the final commit

  // ---- walk (or examine only the given paths) ----
  report("walking", 0, 0);
  std::vector<WalkedFile> walked;
  std::vector<std::string> removed;
  if (options.onlyPaths.empty()) {
    WalkOptions wo;
    wo.root = options.root;
    wo.maxFileBytes = options.maxFileBytes;
    wo.useGit = options.useGit;
    wo.threads = options.threads;
    wo.known = [&existing](std::string_view path, uint64_t size,
                           int64_t mtimeNs) -> const lang::Language* {
      auto it = existing.find(std::string(path));
      if (it == existing.end() || it->second.size != size || it->second.mtimeNs != mtimeNs)
        return nullptr;
      return lang::languageById(it->second.language);
    };
    auto walk = walkRepository(wo);
    if (!walk) return walk.error();
    summary.skipped = walk->skipped;
    for (const auto& [path, message] : walk->errors) spdlog::warn("skipped {}: {}", path, message);
    walked = std::move(walk->files);
    std::set<std::string> present;
    for (const auto& f : walked) present.insert(f.path);
    for (const auto& [path, row] : existing)
      if (!present.count(path)) removed.push_back(path);
  } else {
    std::set<std::string> seen;
    for (const auto& p : options.onlyPaths) {
      if (!seen.insert(p).second) continue;
      FileVerdict v = classifyFile(options.root, p, options.maxFileBytes);
      if (v.language && !v.skip) {
        walked.push_back(WalkedFile{p, v.language, v.size, v.mtimeNs});
      } else {
        if (v.skip) ++summary.skipped[*v.skip];
        if (existing.count(p)) removed.push_back(p);
      }
    }
  }
  summary.filesSeen = walked.size();
  for (const auto& f : walked) ++summary.filesByLanguage[std::string(f.language->id)];

  lap("walk");
  std::vector<ParseJob> jobs;
  // Whether module paths came or went (a file added, removed or of another language now): only
  // then can an import elsewhere bind to a different file.
  bool fileSetChanged = summary.fullIndex || !removed.empty();
  ForgetUnlessDone forgetUnlessDone{options.resolverMemory};
  bool keepResolverMemory = false;  // set once the file set is known, below
  // Go's structural implements (method sets) are recomputed when a Go file may have changed.
  bool goChanged = summary.fullIndex;
  auto structuralTyping = [](const std::string& language) {
    return lang::rulesFor(language).structuralImplements;
  };
  for (const auto& path : removed)
    if (auto it = existing.find(path); it != existing.end() && structuralTyping(it->second.language))
      goChanged = true;
  for (const auto& f : walked) {
    if (auto failed = failedBefore.find(f.path);
        failed != failedBefore.end() && failed->second.size == f.size && failed->second.mtimeNs == f.mtimeNs) {
      ++summary.parseFailures;
      ++summary.failuresUnchanged;
      spdlog::info("not indexed: {} ({}; unchanged since, so not parsed again)", f.path, failed->second.message);
      failedNow.emplace(f.path, failed->second);
      continue;
    }
    auto it = existing.find(f.path);
    if (it != existing.end() && it->second.size == f.size && it->second.mtimeNs == f.mtimeNs &&
        it->second.language == f.language->id) {
      ++summary.filesUnchanged;
      continue;
    }
    ParseJob job{f, std::nullopt, 0};
    if (it == existing.end() || it->second.language != f.language->id) fileSetChanged = true;
    if (structuralTyping(std::string(f.language->id)) || (it != existing.end() && structuralTyping(it->second.language)))
      goChanged = true;
    if (it != existing.end() && it->second.language == f.language->id) {
      job.knownHash = it->second.hash;
      job.knownId = it->second.id;
    }
    jobs.push_back(std::move(job));
  }

  // See IndexOptions::resolverMemory; cleared below as soon as a change could alter it.
  int64_t dataVersion = -1;
  if (options.resolverMemory) {
    auto v = store::SqliteGraphSource(db).dataVersion();
    dataVersion = v ? *v : -1;
  }
  keepResolverMemory = options.resolverMemory && options.resolverMemory->valid() && !fileSetChanged &&
                       dataVersion >= 0 && options.resolverMemory->state().dataVersion == dataVersion;

  // A refresh is applied in one transaction (readers never see half of it); a full index
  // commits in batches so memory and WAL stay bounded.
  const bool oneTransaction = !summary.fullIndex;
  std::vector<int64_t> changedFiles;
  std::set<int64_t> importerFiles;  // files importing a changed or removed module
  std::set<std::string> affectedNames;
  // Names whose definitions came, went or changed their declared type: calls typed through them
  // (their receiver or qualifier names one) bind again.
  std::set<std::string> receiverNames;
  if (summary.fullIndex)
    if (auto s = writer.beginBulkLoad(); !s) return s.error();
  if (auto s = writer.begin(); !s) return s.error();
  bool inTransaction = true;
  auto fail = [&](const Error& e) -> Error {
    if (inTransaction) writer.rollback();
    return e;
  };

  // When files come or go, an import elsewhere may come to reach another file or definition
  // (re-exports, wildcard imports, an import of a removed module), and every reference of its
  // file may then bind otherwise: what each import is bound to is read here, before a removal
  // or a rewrite unbinds the imports of what goes, and compared once they are resolved again.
  std::unordered_map<int64_t, store::ImportTarget> importTargetsBefore;
  bool importsRead = false;
  auto readImports = [&]() -> Status {
    auto targets = writer.importTargets();
    if (!targets) return targets.error();
    importTargetsBefore = std::move(*targets);
    importsRead = true;
    return okStatus();
  };
  if (!summary.fullIndex && fileSetChanged)
    if (auto s = readImports(); !s) return fail(s.error());

  for (const auto& path : removed) {
    // Its importers' qualified references may have resolved through it (an alias module).
    if (auto id = writer.fileIdOf(path); id && *id) {
      auto importers = writer.importersOf(**id);
      if (!importers) return fail(importers.error());
      importerFiles.insert(importers->begin(), importers->end());
    }
    auto names = writer.removeFile(path);
    if (!names) return fail(names.error());
    affectedNames.insert(names->begin(), names->end());
    receiverNames.insert(names->begin(), names->end());
    ++summary.filesRemoved;
  }

  {
    const size_t total = jobs.size();
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    ParsePool pool(options.root, std::move(jobs), threads, options.maxFileBytes, options.cancel);
    size_t done = 0, sinceCommit = 0;
    uint64_t parseMicros = 0, queryMicros = 0;
    uint64_t writeMicros = 0;
    report("parsing", 0, total);
    while (auto out = pool.next()) {
      ++done;
      switch (out->kind) {
        case ParseOutput::Kind::kFailed:
          ++summary.parseFailures;
          spdlog::warn("could not index {}: {}", out->path, out->error);
          if (out->failedFile)
            failedNow[out->path] = FailedFile{out->failedFile->size, out->failedFile->mtimeNs, out->error};
          break;
        case ParseOutput::Kind::kUnchanged: {
          ++summary.filesUnchanged;
          if (auto s = writer.touchFile(out->knownId, out->record.info.size, out->record.info.mtimeNs); !s)
            return fail(s.error());
          break;
        }
        case ParseOutput::Kind::kRecord: {
          parseMicros += out->parseMicros;
          queryMicros += out->queryMicros;
          // The resolver memory stays valid only while this file's imports and package stay.
          std::optional<ImportShape> importsBefore;
          if (keepResolverMemory) {
            auto known = existing.find(out->path);
            if (out->knownId == 0 || known == existing.end() || known->second.package != out->record.package ||
                known->second.otherBuild != out->record.otherBuild) {
              keepResolverMemory = false;
            } else {
              auto shape = importShape(writer, out->knownId);
              if (!shape) return fail(shape.error());
              importsBefore = std::move(*shape);
            }
          }
          const uint64_t writeStart = threadCpuMicros();
          auto res = writer.writeFile(out->record);
          writeMicros += threadCpuMicros() - writeStart;
          if (!res) return fail(res.error());
          if (keepResolverMemory) {
            auto shape = importShape(writer, res->fileId);
            if (!shape) return fail(shape.error());
            if (*shape != *importsBefore) keepResolverMemory = false;
          }
          ++summary.filesParsed;
          changedFiles.push_back(res->fileId);
          // A full index resolves everything: the importers and names a refresh re-resolves
          // would serve nothing (on the kernel, a set of every name: ~150 MB).
          if (!summary.fullIndex) {
            auto importers = writer.importersOf(res->fileId);
            if (!importers) return fail(importers.error());
            importerFiles.insert(importers->begin(), importers->end());
            affectedNames.insert(res->removedNames.begin(), res->removedNames.end());
            affectedNames.insert(res->addedNames.begin(), res->addedNames.end());
            receiverNames.insert(res->removedNames.begin(), res->removedNames.end());
            receiverNames.insert(res->addedNames.begin(), res->addedNames.end());
            receiverNames.insert(res->retypedNames.begin(), res->retypedNames.end());
            // Names the file defines more than once in one scope (overloads: the same qualified
            // name): which of them a reference binds depends on their lines, which an edit moves.
            {
              std::unordered_map<std::string_view, int> seen;
              for (const auto& s : out->record.symbols)
                if (++seen[s.qualifiedName] == 2) affectedNames.insert(s.name);
            }
            // A file that moved to or from another build: every name it defines is seen
            // differently, and its own references may bind elsewhere.
            if (auto known = existing.find(out->path);
                known != existing.end() && known->second.otherBuild != out->record.otherBuild) {
              for (const auto& s : out->record.symbols) affectedNames.insert(s.name);
              fileSetChanged = true;
            }
          }
          break;
        }
      }
      if (!oneTransaction && ++sinceCommit >= kFilesPerTransaction) {
        if (auto s = writer.commit(); !s) return fail(s.error());
        if (auto s = writer.begin(); !s) return s.error();
        sinceCommit = 0;
      }
      if (done % 64 == 0 || done == total) report("parsing", done, total);
    }
    if (cancelled(options)) {
      writer.rollback();
      return makeError(ErrorCode::kCancelled, "indexing cancelled");
    }
    spdlog::info("parse+write: {} files in {:.2f}s (CPU: parse {:.2f}s, query {:.2f}s, write {:.2f}s)",
                 summary.filesParsed,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                 parseMicros / 1e6, queryMicros / 1e6, writeMicros / 1e6);
  }

  lap("parse+write");
  if (summary.fullIndex) {
    // Only the indexes the resolution reads; the others once its results are written (below).
    const auto indexStart = std::chrono::steady_clock::now();
    if (auto s = writer.commit(); !s) return fail(s.error());
    if (auto s = writer.buildResolveIndexes(); !s) return s.error();
    if (auto s = writer.begin(); !s) return s.error();
    spdlog::info("indexes built in {:.2f}s (those the resolution reads)",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - indexStart).count());
  }

  // A full index's analytics, computing while its last indexes are built (see below).
  std::optional<AnalyticsInBackground> background;
  // ---- resolve ----
  if (summary.fullIndex || !changedFiles.empty() || !affectedNames.empty() || !importerFiles.empty() || summary.filesRemoved > 0) {
    auto resolveStart = std::chrono::steady_clock::now();
    report("resolving", 0, 0);
    ResolverMemory* memory = summary.fullIndex ? nullptr : options.resolverMemory;
    if (options.resolverMemory && !keepResolverMemory) options.resolverMemory->reset();
    if (memory) memory->state().dataVersion = dataVersion;
    // A full index binds its pages on several threads (each resolver then holds its share of
    // the definitions); a refresh's few references on the calling thread.
    const unsigned bindThreads =
        summary.fullIndex ? std::max(1u, std::min(4u, options.threads ? options.threads
                                                                      : std::thread::hardware_concurrency()))
                          : 1u;
    const size_t heldDefinitions = std::max<size_t>(1, options.resolveHeldDefinitions / bindThreads);
    Resolver resolver(writer, heldDefinitions, memory ? &memory->state() : nullptr);
    summary.bindThreads = 1;
    if (auto s = resolver.prepare(options.root.filename().string(), options.root); !s) return fail(s.error());
    const double prepareSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - resolveStart).count();
    auto apply = [&](const std::vector<store::Resolution>& resolutions, size_t done,
                     size_t total) -> Status {
      for (size_t i = 0; i < resolutions.size(); i += kResolutionsPerApply) {
        const size_t end = std::min(resolutions.size(), i + kResolutionsPerApply);
        std::vector<store::Resolution> chunk(resolutions.begin() + static_cast<std::ptrdiff_t>(i),
                                             resolutions.begin() + static_cast<std::ptrdiff_t>(end));
        if (auto s = writer.applyResolutions(chunk); !s) return s;
        report("resolving", done + end, total);
      }
      return okStatus();
    };
    double selectSeconds = 0, bindSeconds = 0, applySeconds = 0;
    auto since = [](std::chrono::steady_clock::time_point t) {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    };
    if (summary.fullIndex) {
      // Page by page (IndexOptions::resolvePageRefs): every inheritance reference first, applied
      // before any other is bound (resolve() does that), then the rest in (file, id) order.
      auto t = std::chrono::steady_clock::now();
      auto inheritance = writer.refsPage(store::RefPage::kInheritance, 0, 0, SIZE_MAX);
      if (!inheritance) return fail(inheritance.error());
      selectSeconds += since(t);
      t = std::chrono::steady_clock::now();
      if (auto r = resolver.resolve(*inheritance); !r) return fail(r.error());
      bindSeconds += since(t);
      if (auto s = resolver.readStatus(); !s) return fail(s.error());
      summary.refsResolved = inheritance->size();
      const size_t pageSize = std::max<size_t>(1, options.resolvePageRefs);
      int64_t afterFile = 0, afterId = 0;
      // Every other reference, page by page. From the first large page on, binding runs on
      // helper threads, each with a resolver and a read-only connection of its own, a page cut
      // into runs of whole files, one per helper; meanwhile the calling thread, which owns the
      // writer's connection, applies the previous page's results and selects the next page.
      // What binding reads (symbols, imports, the inheritance just applied) is committed before
      // the helpers open, and applying a resolution changes none of it: every reference binds
      // as it would on one thread, and each is applied once.
      std::vector<BindHelper> helpers;
      bool helpersTried = false;
      std::vector<std::vector<store::Resolution>> unapplied;
      auto applyUnapplied = [&]() -> Status {
        const auto t0 = std::chrono::steady_clock::now();
        for (const auto& run : unapplied) {
          if (auto s = apply(run, summary.refsResolved, 0); !s) return s;
          summary.refsResolved += run.size();
        }
        unapplied.clear();
        applySeconds += since(t0);
        return okStatus();
      };
      auto selectPage = [&]() -> Expected<std::vector<store::PendingRef>> {
        const auto t0 = std::chrono::steady_clock::now();
        auto page = writer.refsPage(store::RefPage::kOthers, afterFile, afterId, pageSize);
        selectSeconds += since(t0);
        if (page && !page->empty()) afterFile = page->back().fileId, afterId = page->back().id;
        return page;
      };
      auto page = selectPage();
      if (!page) return fail(page.error());
      while (!page->empty()) {
        if (cancelled(options)) return fail(makeError(ErrorCode::kCancelled, "indexing cancelled"));
        const bool lastPage = page->size() < pageSize;
        if (!helpersTried && bindThreads > 1 && page->size() >= options.parallelBindRefs) {
          helpersTried = true;
          if (auto s = writer.commit(); !s) return fail(s.error());
          if (auto s = writer.begin(); !s) return s.error();
          for (unsigned i = 0; i < bindThreads; ++i) {
            auto h = openBindHelper(db.path(), heldDefinitions, options.root);
            if (!h) {
              if (helpers.empty())
                spdlog::warn("binding references on the calling thread: no read connection for a "
                             "helper ({})", h.error().message);
              else
                spdlog::warn("binding references on {} helper thread(s): no read connection for "
                             "another ({})", helpers.size(), h.error().message);
              break;
            }
            helpers.push_back(std::move(*h));
          }
          spdlog::debug("binding references on {} helper threads", helpers.size());
          if (!helpers.empty()) summary.bindThreads = static_cast<unsigned>(helpers.size());
        }
        t = std::chrono::steady_clock::now();
        if (helpers.empty()) {
          unapplied.push_back(resolver.resolveMore(*page));
          bindSeconds += since(t);
          if (auto s = resolver.readStatus(); !s) return fail(s.error());
          if (auto s = applyUnapplied(); !s) return fail(s.error());
          page = lastPage ? std::vector<store::PendingRef>{} : selectPage();
          if (!page) return fail(page.error());
          continue;
        }
        auto runs = splitByFile(std::move(*page), helpers.size());
        std::vector<std::vector<store::Resolution>> results(runs.size());
        std::vector<std::string> thrown(runs.size());  // what a helper threw (out of memory)
        std::vector<std::thread> threads;
        Status mainWork = okStatus();
        try {
          for (size_t k = 0; k < runs.size(); ++k)
            threads.emplace_back([&, k] {
              try {
                results[k] = helpers[k].resolver->resolveMore(runs[k]);
              } catch (const std::exception& e) {
                thrown[k] = std::string("binding references: ") + e.what();
              }
            });
        } catch (const std::system_error& e) {  // no thread to be had: join those that started
          mainWork = makeError(ErrorCode::kInternal, std::string("binding references: ") + e.what());
        }
        // While they bind (joined before any early return).
        if (mainWork) mainWork = applyUnapplied();
        if (mainWork) {
          page = lastPage ? std::vector<store::PendingRef>{} : selectPage();
          if (!page) mainWork = page.error();
        }
        for (auto& th : threads) th.join();
        bindSeconds += since(t);
        if (!mainWork) return fail(mainWork.error());
        for (const auto& what : thrown)
          if (!what.empty()) return fail(makeError(ErrorCode::kInternal, what));
        for (const auto& h : helpers)
          if (auto s = h.resolver->readStatus(); !s) return fail(s.error());
        unapplied = std::move(results);
      }
      if (auto s = applyUnapplied(); !s) return fail(s.error());
      helpers.clear();  // their caches (hundreds of MB on the kernel) are not needed below
      // The indexes the graph's readers need, now that no resolution is left to apply: Go's
      // structural pass (below) and the analytics' load. The others follow.
      t = std::chrono::steady_clock::now();
      if (auto s = writer.buildIndexes(store::kGraphIndexes); !s) return fail(s.error());
      spdlog::info("indexes built in {:.2f}s (those the graph is read through)", since(t));
    } else {
      std::vector<std::string> names(affectedNames.begin(), affectedNames.end());
      // When files came or went, an import elsewhere may now reach another file, and every
      // reference of its file may bind otherwise (a qualifier that names a module, the imported
      // packages of Go's receiver calls): those files are resolved again once the imports are.
      // (A file that moved to or from another build is known only once parsed: read now.)
      if (fileSetChanged && !importsRead)
        if (auto s = readImports(); !s) return fail(s.error());
      auto t = std::chrono::steady_clock::now();
      auto pending = writer.refsToResolve(changedFiles, names, false,
                                          std::vector<int64_t>(importerFiles.begin(), importerFiles.end()),
                                          fileSetChanged,
                                          std::vector<std::string>(receiverNames.begin(), receiverNames.end()));
      if (!pending) return fail(pending.error());
      selectSeconds = since(t);
      t = std::chrono::steady_clock::now();
      auto resolutions = resolver.resolve(*pending);
      bindSeconds = since(t);
      if (!resolutions) return fail(resolutions.error());
      if (auto s = resolver.readStatus(); !s) return fail(s.error());
      summary.refsResolved = pending->size();
      t = std::chrono::steady_clock::now();
      if (auto s = apply(*resolutions, 0, resolutions->size()); !s) return fail(s.error());
      applySeconds = since(t);
      if (fileSetChanged) {
        std::unordered_map<int64_t, int64_t> fileOfRef;
        for (const auto& p : *pending)
          if (p.kind == model::RefKind::kImports) fileOfRef.emplace(p.id, p.fileId);
        const std::set<int64_t> changed(changedFiles.begin(), changedFiles.end());
        std::set<int64_t> rebound;
        for (const auto& res : *resolutions) {
          auto f = fileOfRef.find(res.refId);
          if (f == fileOfRef.end() || changed.count(f->second)) continue;
          auto before = importTargetsBefore.find(res.refId);
          if (before == importTargetsBefore.end() ||
              before->second != store::ImportTarget{res.targetFileId, res.targetId})
            rebound.insert(f->second);
        }
        if (!rebound.empty()) {
          auto again = writer.refsToResolve(std::vector<int64_t>(rebound.begin(), rebound.end()), {}, false, {},
                                            false);
          if (!again) return fail(again.error());
          auto more = resolver.resolve(*again);
          if (!more) return fail(more.error());
          if (auto s = resolver.readStatus(); !s) return fail(s.error());
          if (auto s = apply(*more, 0, more->size()); !s) return fail(s.error());
          summary.refsResolved += again->size();
        }
      }
    }
    if (goChanged) {
      auto structural = computeGoStructuralImplements(writer);
      if (!structural) return fail(structural.error());
      spdlog::info("go: {} structural implements edges", *structural);
    }
    spdlog::info("resolve: {} references in {:.3f}s (module map {:.3f}s, select {:.3f}s, bind {:.3f}s, "
                 "apply {:.3f}s)", summary.refsResolved, since(resolveStart), prepareSeconds,
                 selectSeconds, bindSeconds, applySeconds);
  }

  // The resolver's caches are gone; without this their freed memory would stay resident under
  // the analytics and the two peaks would add up (glibc keeps freed heap in its arenas).
  releaseFreeMemory();
  lap("resolve");
  if (summary.fullIndex) {
    // The graph is complete: committed, the analytics read it on a thread and connection of
    // their own while this one builds every other index of the schema. The index is not ready
    // before those are built and committed with `indexed_at` (below), so no reader is served
    // from a database without its indexes. After the resolver's memory is released: the two
    // would add up.
    if (auto s = writer.commit(); !s) return fail(s.error());
    if (auto s = writer.begin(); !s) return s.error();
    background.emplace(db.path(), options.analyticsBudget);
    const auto t = std::chrono::steady_clock::now();
    if (auto s = writer.endBulkLoad(); !s) return fail(s.error());
    spdlog::info("indexes built in {:.2f}s (the others, after resolving; the analytics meanwhile)",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
    lap("indexes");
  }
  // ---- analyse ----
  // A refresh that changed something recomputes inside its own transaction, so readers see the
  // new symbols and their scores together; a full index analyses after its last batch.
  const bool graphChanged = summary.fullIndex || !changedFiles.empty() || !affectedNames.empty() || !importerFiles.empty() || summary.filesRemoved > 0;
  const bool analyseFull = summary.fullIndex || !analyticsDone(db);
  if (graphChanged)
    if (auto s = writer.forgetCounts(); !s) return fail(s.error());
  // A deferred computation that never ran (the process stopped first) is still due.
  auto dueMeta = db.meta("analytics_due");
  const bool stillDue = dueMeta.ok() && *dueMeta == "1";
  if (!analyseFull && (graphChanged || stillDue) && options.deferAnalytics) {
    summary.analyticsDue = true;
    if (auto s = db.setMeta("analytics_due", "1"); !s) return fail(s.error());
  } else if (!analyseFull && (graphChanged || stillDue)) {
    report("analysing", 0, 0);
    auto analysed = runGraphAnalytics(db, true, options.analyticsBudget);
    if (!analysed) return fail(analysed.error());
  }

  if (options.onlyPaths.empty()) {
    // A full walk saw every file: the list is exactly this run's failures.
    if (auto s = db.setMeta(kFailedFilesMeta, encodeFailedFiles(failedNow)); !s) return fail(s.error());
  } else if (!failedNow.empty() || !failedBefore.empty()) {
    // Only some paths were examined: the others keep their entries.
    std::map<std::string, FailedFile> merged(failedBefore.begin(), failedBefore.end());
    for (const auto& p : options.onlyPaths) merged.erase(p);
    for (auto& [path, f] : failedNow) merged[path] = std::move(f);
    if (auto s = db.setMeta(kFailedFilesMeta, encodeFailedFiles(merged)); !s) return fail(s.error());
  }
  auto now = std::chrono::system_clock::now();
  if (auto s = db.setMeta("indexed_at", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count())); !s)
    return fail(s.error());
  lap("analyse");
  if (auto s = writer.commit(); !s) return fail(s.error());
  inTransaction = false;
  lap("commit");
  if (analyseFull) {
    report("analysing", 0, 0);
    auto analysed = background ? background->finish(db, options.analyticsBudget)
                               : runGraphAnalytics(db, false, options.analyticsBudget);
    if (!analysed) return analysed.error();
  }
  if (auto s = history.finish(db); !s) return s.error();
  lap("history");

  auto counts = options.countTotals ? writer.counts() : Expected<store::IndexWriter::Counts>(makeError(ErrorCode::kNotFound, "not counted"));
  if (counts) {
    summary.symbols = counts->symbols;
    summary.edgesByKind = counts->edgesByKind;
    summary.unresolved = counts->unresolved;
  }
  lap("counts");
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  spdlog::debug("index steps:{}", laps);
  forgetUnlessDone.done = true;
  return summary;
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
  store::FileRecord rec = toRecord(wf, "", *extracted);
  for (size_t i = 0; i < rec.symbols.size(); ++i) {
    rec.symbols[i].id = static_cast<int64_t>(i) + 1;
    rec.symbols[i].parentId = rec.parents[i] < 0 ? 0 : rec.parents[i] + 1;
  }
  return std::move(rec.symbols);
}

}  // namespace cg::indexer
