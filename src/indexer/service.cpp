#include "codegraph/indexer/service.h"

#include <spdlog/spdlog.h>

namespace cg::indexer {

IndexService::IndexService(std::unique_ptr<store::Database> db, IndexOptions options)
    : db_(std::move(db)), options_(std::move(options)) {
  auto indexedAt = db_->meta("indexed_at");
  ready_ = indexedAt.ok();  // a completed index answers while it is refreshed
}

IndexService::~IndexService() { stop(); }

void IndexService::start() {
  options_.cancel = &cancel_;
  options_.progress = [this](const IndexProgress& p) {
    std::lock_guard<std::mutex> lock(mu_);
    progress_ = p;
  };
  thread_ = std::thread([this] { run(); });
}

void IndexService::stop() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

void IndexService::run() {
  auto result = indexRepository(*db_, options_);
  std::lock_guard<std::mutex> lock(mu_);
  finished_ = true;
  if (result) {
    ready_ = true;
    spdlog::info("index ready: {} files seen, {} parsed, {} unchanged, {} removed, {} symbols in {:.2f}s",
                 result->filesSeen, result->filesParsed, result->filesUnchanged,
                 result->filesRemoved, result->symbols, result->seconds);
  } else if (result.error().code != ErrorCode::kCancelled) {
    failure_ = result.error().message;
    spdlog::error("indexing failed: {}", failure_);
  }
  cv_.notify_all();
}

IndexProgress IndexService::progress() const {
  std::lock_guard<std::mutex> lock(mu_);
  return progress_;
}

std::optional<std::string> IndexService::waitReady(
    std::chrono::milliseconds timeout, const std::function<bool()>& cancelled,
    const std::function<void(const IndexProgress&)>& onTick) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock<std::mutex> lock(mu_);
  while (!ready_ && !(finished_ && !failure_.empty())) {
    if (cancelled && cancelled()) return std::string("Cancelled while waiting for the index.");
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    cv_.wait_until(lock, std::min(deadline, now + std::chrono::seconds(1)));
    if (!ready_ && onTick) {
      IndexProgress p = progress_;
      lock.unlock();
      onTick(p);
      lock.lock();
    }
  }
  if (ready_) return std::nullopt;
  if (!failure_.empty()) return "Indexing failed: " + failure_;
  const IndexProgress& p = progress_;
  std::string where = p.phase.empty() ? std::string("starting") : p.phase;
  if (p.total > 0) where += " " + std::to_string(p.done) + "/" + std::to_string(p.total) + " files";
  return "The index is still being built (" + where + "); try again shortly.";
}

}  // namespace cg::indexer
