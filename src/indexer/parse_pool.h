// The parse stage of indexing (pipeline.cpp): parser threads that read, hash and extract files,
// handing each result to the calling thread, which writes it. Private to src/indexer.
//
// Guarantees:
// - A file whose content hash equals the one the index holds is not extracted (kUnchanged).
// - At most kQueueLimit results wait for the writer: memory stays bounded however far the
//   parsers run ahead of it.
// - A file is read at most `limit` bytes long; one that grew past it since the walk fails.
// - Cancelling (IndexOptions::cancel) stops the threads after the file each is on.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "codegraph/indexer/walker.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/store/index_writer.h"

namespace cg::indexer {

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
  // parsed again until it changes (FailedFile).
  std::optional<WalkedFile> failedFile;
  uint64_t parseMicros = 0, queryMicros = 0;  // CPU in the parser thread, for phase timings
};

// Files whose extraction failed (a parser or query time-out), with the size and mtime they had:
// a refresh does not parse them again while those stay the same (a failing file would otherwise
// cost its whole time limit on every refresh). Kept in meta kFailedFilesMeta as lines
// "size mtime path\tmessage".
struct FailedFile {
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  std::string message;
};
inline constexpr const char* kFailedFilesMeta = "failed_files";
std::unordered_map<std::string, FailedFile> decodeFailedFiles(const std::string& text);
// Paths holding a tab or a newline are left out (not representable): they are retried.
std::string encodeFailedFiles(const std::map<std::string, FailedFile>& files);

// The rows of one extracted file (the symbols' uids assigned in order of appearance); the
// extraction's symbols and references are moved into them.
store::FileRecord toRecord(const WalkedFile& wf, const std::string& hash, lang::ExtractedFile&& ex);

// Parser threads pull jobs; the writer (calling thread) consumes outputs in completion order.
class ParsePool {
 public:
  ParsePool(const std::filesystem::path& root, std::vector<ParseJob> jobs, unsigned threads,
            uint64_t limit, const std::atomic<bool>* cancel);
  ~ParsePool();
  // Next finished output; nullopt when all jobs are done.
  std::optional<ParseOutput> next();
  size_t total() const { return jobs_.size(); }

 private:
  void work();
  ParseOutput parseOne(lang::Extractor& extractor, const ParseJob& job);

  std::filesystem::path root_;
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

}  // namespace cg::indexer
