// The resolve stage of an IndexRun (index_run.h): which references to bind again, binding them
// and applying the results, then Go's structural implements.
//
// A full index binds page by page (IndexOptions::resolvePageRefs): every inheritance reference
// first, applied before any other is bound, then the rest in (file, id) order. From the first
// large page on, binding runs on helper threads, each with a resolver and a read-only connection
// of its own, a page cut into runs of whole files, one per helper; meanwhile the calling thread,
// which owns the writer's connection, applies the previous page's results and selects the next
// page. What binding reads (symbols, imports, the inheritance just applied) is committed before
// the helpers open, and applying a resolution changes none of it: every reference binds as it
// would on one thread, and each is applied once.
//
// A refresh binds on the calling thread the references of the changed files, those naming what
// came, went or was retyped, and those of the files importing a changed module; when files came
// or went, also the files whose imports now reach another target.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <functional>
#include <string>
#include <system_error>
#include <thread>

#include "codegraph/lang/rules.h"
#include "go_structural.h"
#include "index_run.h"
#include "resolver.h"

namespace cg::indexer {
namespace fs = std::filesystem;

namespace {

constexpr size_t kResolutionsPerApply = 50000;

// A resolver of its own for one more bind thread of a full index: it reads through a read-only
// connection (the writer's connection belongs to the calling thread).
struct BindHelper {
  std::unique_ptr<store::Database> db;
  std::unique_ptr<store::IndexReader> reader;
  std::unique_ptr<Resolver> resolver;
};

Expected<BindHelper> openBindHelper(const fs::path& dbPath, size_t heldDefinitions, const fs::path& root) {
  auto db = store::Database::openHelperReader(dbPath);
  if (!db) return db.error();
  BindHelper h;
  h.db = std::move(*db);
  h.reader = std::make_unique<store::IndexReader>(*h.db);
  h.resolver = std::make_unique<Resolver>(*h.reader, heldDefinitions);
  if (auto s = h.resolver->prepare(root.filename().string(), root); !s) return s.error();
  return h;
}

// Up to `count` helpers; fewer (logged) when a read connection cannot be opened.
std::vector<BindHelper> openBindHelpers(unsigned count, const fs::path& dbPath, size_t heldDefinitions,
                                        const fs::path& root) {
  std::vector<BindHelper> helpers;
  for (unsigned i = 0; i < count; ++i) {
    auto h = openBindHelper(dbPath, heldDefinitions, root);
    if (!h) {
      if (helpers.empty())
        spdlog::warn("binding references on the calling thread: no read connection for a helper ({})",
                     h.error().message);
      else
        spdlog::warn("binding references on {} helper thread(s): no read connection for another ({})",
                     helpers.size(), h.error().message);
      break;
    }
    helpers.push_back(std::move(*h));
  }
  spdlog::debug("binding references on {} helper threads", helpers.size());
  return helpers;
}

// Cuts `page` (in file order) into at most `parts` runs of whole files, of about equal size.
std::vector<std::vector<store::PendingRef>> splitByFile(std::vector<store::PendingRef>&& page, size_t parts) {
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

// Binds each run on its helper's thread while `meanwhile` runs on the calling thread; every
// thread started is joined before it returns. The results are in the order of `runs`.
Expected<std::vector<std::vector<store::Resolution>>> bindOnHelpers(
    std::vector<BindHelper>& helpers, const std::vector<std::vector<store::PendingRef>>& runs,
    const std::function<Status()>& meanwhile) {
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
  if (mainWork) mainWork = meanwhile();
  for (auto& th : threads) th.join();
  if (!mainWork) return mainWork.error();
  for (const auto& what : thrown)
    if (!what.empty()) return makeError(ErrorCode::kInternal, what);
  for (const auto& h : helpers)
    if (auto s = h.resolver->readStatus(); !s) return s.error();
  return results;
}

}  // namespace

Status IndexRun::applyResolutions(const std::vector<store::Resolution>& resolutions, size_t done, size_t total) {
  for (size_t i = 0; i < resolutions.size(); i += kResolutionsPerApply) {
    const size_t end = std::min(resolutions.size(), i + kResolutionsPerApply);
    std::vector<store::Resolution> chunk(resolutions.begin() + static_cast<std::ptrdiff_t>(i),
                                         resolutions.begin() + static_cast<std::ptrdiff_t>(end));
    if (auto s = writer_.applyResolutions(chunk); !s) return s;
    report("resolving", done + end, total);
  }
  return okStatus();
}

Expected<std::vector<store::Resolution>> IndexRun::bindWithInheritance(Resolver& resolver,
                                                                       const std::vector<store::PendingRef>& refs) {
  if (auto s = writer_.applyResolutions(resolver.resolveInheritance(refs)); !s) return s.error();
  resolver.basesChanged();
  // C++ out-of-line member definitions: the visibility of their in-class declaration.
  if (auto v = writer_.inheritMemberVisibility(lang::languageIdsWhere(&lang::Rules::outOfLineMembers)); !v)
    return v.error();
  return resolver.resolveOthers(refs);
}

Status IndexRun::resolve() {
  const auto resolveStart = std::chrono::steady_clock::now();
  report("resolving", 0, 0);
  ResolverMemory* memory = summary.fullIndex ? nullptr : options_.resolverMemory;
  if (options_.resolverMemory && !keepResolverMemory_) options_.resolverMemory->reset();
  if (memory) memory->state().dataVersion = dataVersion_;
  // A full index binds its pages on several threads (each resolver then holds its share of the
  // definitions); a refresh's few references on the calling thread.
  const unsigned bindThreads =
      summary.fullIndex
          ? std::max(1u, std::min(4u, options_.threads ? options_.threads : std::thread::hardware_concurrency()))
          : 1u;
  const size_t heldDefinitions = std::max<size_t>(1, options_.resolveHeldDefinitions / bindThreads);
  Resolver resolver(reader_, heldDefinitions, memory ? &memory->state() : nullptr);
  summary.bindThreads = 1;
  if (auto s = resolver.prepare(options_.root.filename().string(), options_.root); !s) return s;
  ResolveTimes times;
  times.prepare = secondsSince(resolveStart);
  if (auto s = summary.fullIndex ? resolveEverything(resolver, bindThreads, heldDefinitions, times)
                                 : resolveChanged(resolver, times);
      !s)
    return s;
  if (goChanged_) {
    auto structural = computeGoStructuralImplements(reader_, writer_);
    if (!structural) return structural.error();
    spdlog::info("go: {} structural implements edges", *structural);
  }
  spdlog::info("resolve: {} references in {:.3f}s (module map {:.3f}s, select {:.3f}s, bind {:.3f}s, "
               "apply {:.3f}s)", summary.refsResolved, secondsSince(resolveStart), times.prepare,
               times.select, times.bind, times.apply);
  return okStatus();
}

Status IndexRun::resolveEverything(Resolver& resolver, unsigned bindThreads, size_t heldDefinitions,
                                   ResolveTimes& times) {
  auto t = std::chrono::steady_clock::now();
  auto inheritance = writer_.refsPage(store::RefPage::kInheritance, 0, 0, SIZE_MAX);
  if (!inheritance) return inheritance.error();
  times.select += secondsSince(t);
  t = std::chrono::steady_clock::now();
  if (auto r = bindWithInheritance(resolver, *inheritance); !r) return r.error();
  times.bind += secondsSince(t);
  if (auto s = resolver.readStatus(); !s) return s;
  summary.refsResolved = inheritance->size();

  const size_t pageSize = std::max<size_t>(1, options_.resolvePageRefs);
  int64_t afterFile = 0, afterId = 0;
  std::vector<BindHelper> helpers;
  bool helpersTried = false;
  std::vector<std::vector<store::Resolution>> unapplied;
  auto applyUnapplied = [&]() -> Status {
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& run : unapplied) {
      if (auto s = applyResolutions(run, summary.refsResolved, 0); !s) return s;
      summary.refsResolved += run.size();
    }
    unapplied.clear();
    times.apply += secondsSince(t0);
    return okStatus();
  };
  auto selectPage = [&]() -> Expected<std::vector<store::PendingRef>> {
    const auto t0 = std::chrono::steady_clock::now();
    auto page = writer_.refsPage(store::RefPage::kOthers, afterFile, afterId, pageSize);
    times.select += secondsSince(t0);
    if (page && !page->empty()) afterFile = page->back().fileId, afterId = page->back().id;
    return page;
  };
  auto page = selectPage();
  if (!page) return page.error();
  while (!page->empty()) {
    if (cancelled()) return makeError(ErrorCode::kCancelled, "indexing cancelled");
    const bool lastPage = page->size() < pageSize;
    if (!helpersTried && bindThreads > 1 && page->size() >= options_.parallelBindRefs) {
      helpersTried = true;
      if (auto s = tx_.commitAndBegin(); !s) return s;  // the helpers read what is committed
      helpers = openBindHelpers(bindThreads, db_.path(), heldDefinitions, options_.root);
      if (!helpers.empty()) summary.bindThreads = static_cast<unsigned>(helpers.size());
    }
    t = std::chrono::steady_clock::now();
    if (helpers.empty()) {
      unapplied.push_back(resolver.resolveMore(*page));
      times.bind += secondsSince(t);
      if (auto s = resolver.readStatus(); !s) return s;
      if (auto s = applyUnapplied(); !s) return s;
      page = lastPage ? std::vector<store::PendingRef>{} : selectPage();
      if (!page) return page.error();
      continue;
    }
    auto runs = splitByFile(std::move(*page), helpers.size());
    // While they bind: the previous page applied, the next one selected.
    auto results = bindOnHelpers(helpers, runs, [&]() -> Status {
      if (auto s = applyUnapplied(); !s) return s;
      page = lastPage ? std::vector<store::PendingRef>{} : selectPage();
      return page ? okStatus() : Status(page.error());
    });
    times.bind += secondsSince(t);
    if (!results) return results.error();
    unapplied = std::move(*results);
  }
  if (auto s = applyUnapplied(); !s) return s;
  helpers.clear();  // their caches (hundreds of MB on a large tree) are not needed below
  // The indexes the graph's readers need, now that no resolution is left to apply: Go's
  // structural pass and the analytics' load. The others follow (finishIndexes).
  t = std::chrono::steady_clock::now();
  if (auto s = writer_.buildIndexes(store::kGraphIndexes); !s) return s;
  spdlog::info("indexes built in {:.2f}s (those the graph is read through)", secondsSince(t));
  return okStatus();
}

Status IndexRun::resolveChanged(Resolver& resolver, ResolveTimes& times) {
  std::vector<std::string> names(affectedNames_.begin(), affectedNames_.end());
  // When files came or went, an import elsewhere may now reach another file, and every
  // reference of its file may bind otherwise (a qualifier that names a module, the imported
  // packages of Go's receiver calls): those files are resolved again once the imports are.
  // (A file that moved to or from another build is known only once parsed: read now.)
  if (fileSetChanged_ && !importsRead_)
    if (auto s = readImports(); !s) return s;
  auto t = std::chrono::steady_clock::now();
  auto pending = writer_.refsToResolve(changedFiles_, names, false,
                                       std::vector<int64_t>(importerFiles_.begin(), importerFiles_.end()),
                                       fileSetChanged_,
                                       std::vector<std::string>(receiverNames_.begin(), receiverNames_.end()));
  if (!pending) return pending.error();
  times.select = secondsSince(t);
  t = std::chrono::steady_clock::now();
  auto resolutions = bindWithInheritance(resolver, *pending);
  times.bind = secondsSince(t);
  if (!resolutions) return resolutions.error();
  if (auto s = resolver.readStatus(); !s) return s;
  summary.refsResolved = pending->size();
  t = std::chrono::steady_clock::now();
  if (auto s = applyResolutions(*resolutions, 0, resolutions->size()); !s) return s;
  times.apply = secondsSince(t);
  if (fileSetChanged_) return resolveRebound(resolver, *pending, *resolutions);
  return okStatus();
}

Status IndexRun::resolveRebound(Resolver& resolver, const std::vector<store::PendingRef>& pending,
                                const std::vector<store::Resolution>& resolutions) {
  std::unordered_map<int64_t, int64_t> fileOfRef;
  for (const auto& p : pending)
    if (p.kind == model::RefKind::kImports) fileOfRef.emplace(p.id, p.fileId);
  const std::set<int64_t> changed(changedFiles_.begin(), changedFiles_.end());
  std::set<int64_t> rebound;
  for (const auto& res : resolutions) {
    auto f = fileOfRef.find(res.refId);
    if (f == fileOfRef.end() || changed.count(f->second)) continue;
    auto before = importTargetsBefore_.find(res.refId);
    if (before == importTargetsBefore_.end() || before->second != store::ImportTarget{res.targetFileId, res.targetId})
      rebound.insert(f->second);
  }
  if (rebound.empty()) return okStatus();
  auto again = writer_.refsToResolve(std::vector<int64_t>(rebound.begin(), rebound.end()), {}, false, {}, false);
  if (!again) return again.error();
  auto more = bindWithInheritance(resolver, *again);
  if (!more) return more.error();
  if (auto s = resolver.readStatus(); !s) return s;
  if (auto s = applyResolutions(*more, 0, more->size()); !s) return s;
  summary.refsResolved += again->size();
  return okStatus();
}

}  // namespace cg::indexer
