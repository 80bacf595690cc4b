#include "parse_pool.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "codegraph/indexer/indexer.h"
#include "codegraph/lang/rules.h"

namespace cg::indexer {
namespace fs = std::filesystem;

namespace {

constexpr size_t kQueueLimit = 128;

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

lang::ExtractedFile unextracted(const lang::Language& language, std::string_view data) {
  lang::ExtractedFile f;
  f.language = std::string(language.id);
  f.lines = static_cast<uint32_t>(std::count(data.begin(), data.end(), '\n')) +
            (data.empty() || data.back() == '\n' ? 0 : 1);
  return f;
}

}  // namespace

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

store::FileRecord toRecord(const WalkedFile& wf, const std::string& hash, lang::ExtractedFile&& ex) {
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
  rec.parents.reserve(ex.symbols.size());
  for (auto& s : ex.symbols) {
    rec.parents.push_back(s.parent);
    model::Symbol m = std::move(static_cast<model::Symbol&>(s));
    m.path = wf.path;
    m.language = rec.info.language;
    m.isTest = rec.info.isTest;
    m.uid = uids.next(m.qualifiedName, m.kind);
    rec.symbols.push_back(std::move(m));
  }
  rec.refs = std::move(ex.refs);
  return rec;
}

ParsePool::ParsePool(const fs::path& root, std::vector<ParseJob> jobs, unsigned threads, uint64_t limit,
                     const std::atomic<bool>* cancel)
    : root_(root), jobs_(std::move(jobs)), limit_(limit), cancel_(cancel) {
  unsigned n = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(jobs_.size())));
  for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
}

ParsePool::~ParsePool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  spaceCv_.notify_all();
  for (auto& t : workers_) t.join();
}

std::optional<ParseOutput> ParsePool::next() {
  std::unique_lock<std::mutex> lock(mu_);
  readyCv_.wait(lock, [this] { return !ready_.empty() || finished_ == workers_.size(); });
  if (ready_.empty()) return std::nullopt;
  ParseOutput out = std::move(ready_.front());
  ready_.pop_front();
  spaceCv_.notify_one();
  return out;
}

void ParsePool::work() {
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

ParseOutput ParsePool::parseOne(lang::Extractor& extractor, const ParseJob& job) {
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
  out.parseMicros = ex->parseMicros;
  out.queryMicros = ex->queryMicros;
  out.record = toRecord(wf, hash, std::move(*ex));
  const lang::Rules& rules = lang::rulesFor(wf.language->id);
  out.record.otherBuild = rules.isOtherBuild && rules.isOtherBuild(wf.path, *data);
  out.kind = ParseOutput::Kind::kRecord;
  return out;
}

}  // namespace cg::indexer
