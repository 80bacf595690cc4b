// The serving process compiles extraction queries ahead on a thread at the lowest CPU priority.
// An extraction that needs a query that thread is still compiling must not wait for it: on a
// loaded machine the scheduler starves such a thread for tens of seconds (a refresh after a
// rebuild stalled that long under load before), so the extraction compiles the query itself.
//
// ctest runs each test in a process of its own, where no query is compiled yet; run in one
// process after another test has compiled every query, the warm-up has nothing left to do and the
// extraction does not wait either way.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "codegraph/lang/extractor.h"

namespace {

using namespace std::chrono_literals;

TEST(QueryWarmup, AnExtractionDoesNotWaitForAQueryBeingCompiledAhead) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> entered{false};
  cg::lang::setCompileAheadHookForTesting([&] {
    entered = true;
    released.wait();  // the warm-up thread, descheduled mid-compilation
  });
  std::thread ahead([] { cg::lang::precompileQueries({"python"}); });
  for (int i = 0; i < 500 && !entered; ++i) std::this_thread::sleep_for(10ms);

  const auto* python = cg::lang::languageById("python");
  ASSERT_NE(python, nullptr);
  auto extraction = std::async(std::launch::async, [python] {
    cg::lang::Extractor extractor;
    return extractor.extract(*python, "def f():\n    return g()\n");
  });
  const bool answered = extraction.wait_for(20s) == std::future_status::ready;
  release.set_value();
  ahead.join();
  cg::lang::setCompileAheadHookForTesting({});
  ASSERT_TRUE(answered) << "the extraction waited for the warm-up thread";
  auto file = extraction.get();
  ASSERT_TRUE(file.ok()) << file.error().message;
  ASSERT_EQ(file->symbols.size(), 1u);
  EXPECT_EQ(file->symbols[0].name, "f");
}

}  // namespace
