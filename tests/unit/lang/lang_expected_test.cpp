// Every sample under tests/lang/<lang>/ is extracted and compared, line by line as a set, with
// the hand-checked <sample>.expected beside it: any missing or extra line fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "codegraph/lang/extractor.h"

namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::multiset<std::string> lines(const std::string& text) {
  std::multiset<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    out.insert(line);
  }
  return out;
}

std::vector<fs::path> samples() {
  std::vector<fs::path> out;
  fs::path root = fs::path(CG_SOURCE_DIR) / "tests" / "lang";
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().extension() == ".expected") continue;
    if (fs::exists(e.path().string() + ".expected")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(LangQueries, AllQueriesLoad) {
  auto status = cg::lang::loadQueries();
  EXPECT_TRUE(status.ok()) << (status.ok() ? "" : status.error().message);
}

TEST(LangQueries, SamplesMatchExpected) {
  ASSERT_TRUE(cg::lang::loadQueries().ok());
  auto all = samples();
  ASSERT_FALSE(all.empty()) << "no samples under tests/lang";
  cg::lang::Extractor extractor;
  for (const auto& sample : all) {
    SCOPED_TRACE(sample.string());
    std::string source = readFile(sample);
    const auto* lang = cg::lang::detectLanguage(sample.filename().string(), source.substr(0, 4096));
    ASSERT_NE(lang, nullptr);
    auto result = extractor.extract(*lang, source);
    ASSERT_TRUE(result.ok()) << result.error().message;
    auto actual = lines(cg::lang::renderExtraction(*result));
    auto expected = lines(readFile(sample.string() + ".expected"));
    std::vector<std::string> missing, extra;
    std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                        std::back_inserter(missing));
    std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    std::string report;
    for (const auto& m : missing) report += "  missing: " + m + "\n";
    for (const auto& x : extra) report += "  extra:   " + x + "\n";
    EXPECT_TRUE(missing.empty() && extra.empty()) << report;
  }
}
