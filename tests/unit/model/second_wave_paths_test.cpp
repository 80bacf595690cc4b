// Which files are Ruby, PHP, Lua and Bash (extension, shebang) and which of them are test code
// (docs/CONTRACT.md §4 test code, with each ecosystem's conventions).
#include <gtest/gtest.h>

#include <string>

#include "codegraph/lang/language.h"
#include "codegraph/model/symbol.h"

namespace {

std::string idOf(const char* path, const char* head = "") {
  const auto* lang = cg::lang::detectLanguage(path, head);
  return lang ? std::string(lang->id) : std::string("none");
}

}  // namespace

TEST(SecondWavePaths, DetectsByExtensionAndShebang) {
  EXPECT_EQ(idOf("lib/shop/cart.rb"), "ruby");
  EXPECT_EQ(idOf("Rakefile.rake"), "ruby");
  EXPECT_EQ(idOf("bin/shop", "#!/usr/bin/env ruby\nputs 1\n"), "ruby");
  EXPECT_EQ(idOf("src/Models/User.php"), "php");
  EXPECT_EQ(idOf("bin/console", "#!/usr/bin/env php\n<?php\n"), "php");
  EXPECT_EQ(idOf("shop/util/init.lua"), "lua");
  EXPECT_EQ(idOf("tools/gen", "#!/usr/bin/lua5.4\nprint(1)\n"), "lua");
  EXPECT_EQ(idOf("bin/deploy.sh"), "bash");
  EXPECT_EQ(idOf("test/deploy.bats"), "bash");
  EXPECT_EQ(idOf("scripts/release", "#!/bin/sh\n. ./lib/log.sh\n"), "bash");
  EXPECT_EQ(idOf("scripts/build", "#!/usr/bin/env bash\nset -e\n"), "bash");
  EXPECT_EQ(idOf("scripts/notes", "just text\n"), "none");
}

// A .h is C++ when its head says so; a long comment before the first declaration leaves the
// includes: a standard C++ header (no extension) decides, C's `<stdio.h>` does not.
TEST(SecondWavePaths, HeaderLanguageFromItsHead) {
  EXPECT_EQ(idOf("src/queue.h", "#ifndef Q_H\n#include <stdio.h>\nint push(int);\n"), "c");
  EXPECT_EQ(idOf("include/service.h", "// a long comment\n#pragma once\n#include <atomic>\n#include <string>\n"),
            "cpp");
  EXPECT_EQ(idOf("include/x.h", "#include <sys/types.h>\n#include \"local\"\n"), "c");
  EXPECT_EQ(idOf("include/y.h", "class Y {};\n"), "cpp");
}

TEST(SecondWavePaths, TestFilesByEcosystemConvention) {
  using cg::model::isTestPath;
  // Ruby: RSpec and minitest names, spec/ and test/ folders.
  EXPECT_TRUE(isTestPath("lib/cart_spec.rb"));
  EXPECT_TRUE(isTestPath("lib/cart_test.rb"));
  EXPECT_TRUE(isTestPath("lib/test_cart.rb"));
  EXPECT_TRUE(isTestPath("spec/models/cart.rb"));
  EXPECT_FALSE(isTestPath("lib/shop/cart.rb"));
  EXPECT_FALSE(isTestPath("lib/shop/spectrum.rb"));
  // PHP: PHPUnit's *Test.php, tests/.
  EXPECT_TRUE(isTestPath("src/UserTest.php"));
  EXPECT_TRUE(isTestPath("tests/Unit/UserCase.php"));
  EXPECT_FALSE(isTestPath("src/Models/User.php"));
  EXPECT_FALSE(isTestPath("src/Testing.php"));
  // Lua: busted's *_spec.lua.
  EXPECT_TRUE(isTestPath("shop/cart_spec.lua"));
  EXPECT_TRUE(isTestPath("shop/cart_test.lua"));
  EXPECT_FALSE(isTestPath("shop/cart.lua"));
  // Bash: Bats files anywhere.
  EXPECT_TRUE(isTestPath("ci/deploy.bats"));
  EXPECT_FALSE(isTestPath("bin/deploy.sh"));
}
