// Every sample under tests/lang/<lang>/ is extracted and compared, line by line as a set, with
// the hand-checked <sample>.expected beside it: any missing or extra line fails. Each sample is
// a test of its own, LangQueries/SamplesMatchExpected.Sample/<language>_<stem>
// (LangQueries/SamplesMatchExpected.Sample/python_cli_tools), with its own diff.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// One sample under tests/lang/<language>/ with a <sample>.expected beside it, and its test name:
// the language folder and the file's stem ("python_cli_tools"), [A-Za-z0-9_] only.
struct Sample {
  fs::path path;
  std::string name;
};

// A failing sample's parameter prints as its path, not as bytes.
void PrintTo(const Sample& s, std::ostream* os) {
  *os << s.path.string();
}

// `s` with every character but A-Z, a-z, 0-9 as '_' (what gtest accepts in a test name).
std::string testNameChars(std::string s) {
  for (char& c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '_';
  return s;
}

// Read from the source tree (CG_SOURCE_DIR, the build's source folder) when the tests are
// registered: each sample is a test of its own. Sorted by path; a name two samples would share
// (x.py and x.pyi) takes the extension, then the position.
std::vector<Sample> samples() {
  std::vector<Sample> out;
  fs::path root = fs::path(CG_SOURCE_DIR) / "tests" / "lang";
  if (!fs::exists(root)) return out;
  std::vector<fs::path> paths;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().extension() == ".expected") continue;
    if (fs::exists(e.path().string() + ".expected")) paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  std::set<std::string> taken;
  for (const auto& p : paths) {
    const std::string language = p.lexically_relative(root).begin()->string();
    std::string name = testNameChars(language + "_" + p.stem().string());
    if (taken.count(name)) name = testNameChars(name + p.extension().string());
    if (taken.count(name)) name += "_" + std::to_string(out.size());
    taken.insert(name);
    out.push_back({p, name});
  }
  return out;
}

}  // namespace

TEST(LangQueries, AllQueriesLoad) {
  auto status = cg::lang::loadQueries();
  EXPECT_TRUE(status.ok()) << (status.ok() ? "" : status.error().message);
}

// The samples are there: with none, SamplesMatchExpected would have no test to run (gtest also
// reports an uninstantiated suite; this says why).
TEST(LangQueries, SamplesFound) {
  EXPECT_FALSE(samples().empty()) << "no samples with a .expected under "
                                  << (fs::path(CG_SOURCE_DIR) / "tests" / "lang").string();
}

class SamplesMatchExpected : public ::testing::TestWithParam<Sample> {};

// The sample's language's query is compiled on its first use (AllQueriesLoad validates them
// all; a test process runs one sample under ctest, so it compiles only the query it needs).
TEST_P(SamplesMatchExpected, Sample) {
  const fs::path& sample = GetParam().path;
  SCOPED_TRACE(sample.string());
  std::string source = readFile(sample);
  const auto* lang = cg::lang::detectLanguage(sample.filename().string(), source.substr(0, 4096));
  ASSERT_NE(lang, nullptr);
  cg::lang::Extractor extractor;
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

INSTANTIATE_TEST_SUITE_P(LangQueries, SamplesMatchExpected, ::testing::ValuesIn(samples()),
                         [](const ::testing::TestParamInfo<Sample>& p) { return p.param.name; });
