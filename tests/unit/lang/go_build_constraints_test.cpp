// Go build constraints (src/lang/go/build_constraints.h) against the rules of `go help
// buildconstraint`, for the default build linux/amd64, gc, cgo off.
#include <gtest/gtest.h>

#include <string>

#include "../../../src/lang/go/build_constraints.h"

namespace cg::lang::go {
namespace {

TEST(GoBuildConstraints, FileNamesNameAnOperatingSystemOrArchitecture) {
  EXPECT_FALSE(isOtherBuild("runtime/atomic_amd64.go", "package atomic\n"));
  EXPECT_TRUE(isOtherBuild("runtime/atomic_386.go", "package atomic\n"));
  EXPECT_TRUE(isOtherBuild("syscall/dll_windows.go", "package syscall\n"));
  EXPECT_FALSE(isOtherBuild("os/file_linux.go", "package os\n"));
  EXPECT_TRUE(isOtherBuild("os/file_linux_arm64.go", "package os\n"));
  EXPECT_FALSE(isOtherBuild("os/file_linux_amd64_test.go", "package os\n"));
  EXPECT_TRUE(isOtherBuild("os/file_darwin_test.go", "package os\n"));
  // One element alone names no build (linux.go is a file of every build), nor does an unknown one.
  EXPECT_FALSE(isOtherBuild("pkg/windows.go", "package pkg\n"));
  EXPECT_FALSE(isOtherBuild("pkg/x_unix.go", "package pkg\n"));
  EXPECT_FALSE(isOtherBuild("pkg/x_nacl2.go", "package pkg\n"));
}

TEST(GoBuildConstraints, GoBuildLinesAreBooleanExpressions) {
  EXPECT_TRUE(evalBuildExpression(" linux && amd64"));
  EXPECT_FALSE(evalBuildExpression(" windows || darwin"));
  EXPECT_TRUE(evalBuildExpression(" !windows"));
  EXPECT_TRUE(evalBuildExpression(" (linux || darwin) && !386"));
  EXPECT_TRUE(evalBuildExpression(" unix && go1.18"));
  EXPECT_FALSE(evalBuildExpression(" cgo"));
  EXPECT_FALSE(evalBuildExpression(" ignore"));
  EXPECT_FALSE(evalBuildExpression(" linux &&"));  // malformed: not the default build
  EXPECT_FALSE(evalBuildExpression(" (linux"));
  EXPECT_TRUE(isOtherBuild("a/x.go", "// Copyright\n\n//go:build windows\n\npackage a\n"));
  EXPECT_FALSE(isOtherBuild("a/x.go", "//go:build !windows\n// +build !windows\n\npackage a\n"));
  // Only comments above the package clause count.
  EXPECT_FALSE(isOtherBuild("a/x.go", "package a\n\n//go:build windows\n"));
  EXPECT_TRUE(isOtherBuild("a/x.go", "/* a\n   block */\n//go:build plan9\npackage a\n"));
}

TEST(GoBuildConstraints, AHostileLineIsMalformedNotACrash) {
  EXPECT_FALSE(evalBuildExpression(std::string(100000, '(') + "linux" + std::string(100000, ')')));
  EXPECT_FALSE(evalBuildExpression(std::string(100000, '!') + "windows"));
  EXPECT_TRUE(evalBuildExpression("!!!!linux"));
  EXPECT_EQ(buildOfFileName("a/x_linux_arm64_test.go"), "linux_arm64");
  EXPECT_EQ(buildOfFileName("a/x_windows.go"), "windows");
  EXPECT_EQ(buildOfFileName("a/x.go"), "");
}

TEST(GoBuildConstraints, PlusBuildLinesWithoutAGoBuildLine) {
  EXPECT_TRUE(isOtherBuild("a/x.go", "// +build windows darwin\n\npackage a\n"));
  EXPECT_FALSE(isOtherBuild("a/x.go", "// +build windows linux\n\npackage a\n"));
  EXPECT_FALSE(isOtherBuild("a/x.go", "// +build linux,amd64\n\npackage a\n"));
  EXPECT_TRUE(isOtherBuild("a/x.go", "// +build linux,!amd64\n\npackage a\n"));
  // Several lines are and-ed.
  EXPECT_TRUE(isOtherBuild("a/x.go", "// +build linux\n// +build cgo\n\npackage a\n"));
}

}  // namespace
}  // namespace cg::lang::go
