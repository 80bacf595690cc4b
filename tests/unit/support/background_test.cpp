// support/background.h: background work runs on its own thread at the lowest priority, and the
// caller gets its result (or its exception) back with its own priority untouched.
#include "codegraph/support/background.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

namespace cg::support {
namespace {

int threadNice() {
  return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)));
}

long threadId() { return ::syscall(SYS_gettid); }

TEST(Background, RunsOnAnotherThreadAtTheLowestPriorityAndReturnsItsResult) {
  const int callerNice = threadNice();
  const long caller = threadId();
  long ranOn = caller;
  int ranAt = callerNice;
  std::string result = atLowPriority([&] {
    ranOn = threadId();
    ranAt = threadNice();
    return std::string("done");
  });
  EXPECT_EQ(result, "done");
  EXPECT_NE(ranOn, caller);
  EXPECT_EQ(ranAt, kLowestPriority);
  EXPECT_EQ(threadNice(), callerNice) << "the caller's priority must not change";
}

TEST(Background, AnExceptionReachesTheCaller) {
  EXPECT_THROW(atLowPriority([]() -> int { throw std::runtime_error("failed"); }), std::runtime_error);
  bool ran = false;
  atLowPriority([&] { ran = true; });
  EXPECT_TRUE(ran);
}

TEST(Background, LoweringIsByStepsAndStopsAtTheLowest) {
  // On a thread of its own: a thread cannot raise its priority again.
  int first = 0, second = 0, start = 0;
  bool ok = false;
  std::thread t([&] {
    start = threadNice();
    ok = lowerThreadPriority(2);
    first = threadNice();
    lowerThreadPriority(100);
    second = threadNice();
  });
  t.join();
  EXPECT_TRUE(ok);
  EXPECT_EQ(first, std::min(kLowestPriority, start + 2));
  EXPECT_EQ(second, kLowestPriority);
}

}  // namespace
}  // namespace cg::support
