// Name resolution, one rule at a time (docs/CONTRACT.md §6, docs/LANGUAGES.md): every folder
// tests/resolution/<language>/<case>/ is a small tree and its expect.txt, the bindings the
// language's own rules give (written from the language's specification, never from our output).
// Each case is a test of its own, Resolution/Cases.Case/<language>_<case>: the tree is copied
// to a temporary folder, indexed (no git, one thread), and every line of expect.txt is checked
// against the index dump (store::dumpIndex):
//
//   calls a.py::f::function -> b.py::C.m::method     that edge exists (any confidence)
//   not calls a.py::f::function -> c.py::m::function  that edge does not exist
//   unbound calls a.py::f::function -> x.m            that reference stays unbound (qualifier.name)
//
// Any reference kind of the dump may stand for `calls` (imports, extends, uses, ...). Blank lines
// and lines starting with # are comments; a case with no expectation fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "index_dump.h"
#include "temp_tree.h"

namespace cg::indexer {
namespace {

namespace fs = std::filesystem;

struct Case {
  fs::path dir;
  std::string name;  // <language>_<case>, [A-Za-z0-9_] only
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.dir.string(); }

std::string testNameChars(std::string s) {
  for (char& c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '_';
  return s;
}

fs::path casesRoot() { return fs::path(CG_SOURCE_DIR) / "tests" / "resolution"; }

// Every folder two levels below tests/resolution that holds an expect.txt, in path order.
std::vector<Case> cases() {
  std::vector<Case> out;
  std::error_code ec;
  for (const auto& language : fs::directory_iterator(casesRoot(), ec)) {
    if (!language.is_directory()) continue;
    for (const auto& dir : fs::directory_iterator(language.path(), ec))
      if (dir.is_directory() && fs::exists(dir.path() / "expect.txt"))
        out.push_back({dir.path(), testNameChars(language.path().filename().string() + "_" +
                                                 dir.path().filename().string())});
  }
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.dir < b.dir; });
  return out;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
  size_t start = s.find_first_not_of(" \t");
  return start == std::string::npos ? std::string() : s.substr(start);
}

class Cases : public ::testing::TestWithParam<Case> {};

TEST_P(Cases, Case) {
  const Case& c = GetParam();
  testing::TempTree repo;
  for (const auto& e : fs::recursive_directory_iterator(c.dir)) {
    if (!e.is_regular_file() || e.path().filename() == "expect.txt") continue;
    const fs::path rel = e.path().lexically_relative(c.dir);
    fs::create_directories(repo.path(rel.string()).parent_path());
    fs::copy_file(e.path(), repo.path(rel.string()));
  }
  const std::vector<std::string> dump = testing::indexAndDump(repo);
  ASSERT_FALSE(dump.empty());
  // Edges without their confidence; unresolved references without their candidate count.
  std::set<std::string> edges, unbound;
  for (const auto& line : dump) {
    if (line.rfind("edge ", 0) == 0) edges.insert(line.substr(5, line.rfind(' ') - 5));
    if (line.rfind("unresolved ", 0) == 0) unbound.insert(line.substr(11, line.rfind(" candidates=") - 11));
  }
  auto near = [&](const std::string& source) {
    std::string out;
    for (const auto& line : dump)
      if (line.rfind("symbol ", 0) != 0 && line.find(" " + source + " ") != std::string::npos) out += "  " + line + "\n";
    return out.empty() ? std::string("  (nothing from it)\n") : out;
  };
  std::istringstream in(readFile(c.dir / "expect.txt"));
  std::string line;
  int checked = 0, lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    ++checked;
    const std::string where = (c.dir / "expect.txt").string() + ":" + std::to_string(lineNo) + ": ";
    std::string expectation = line;
    const bool negated = line.rfind("not ", 0) == 0, unresolved = line.rfind("unbound ", 0) == 0;
    if (negated) expectation = trim(line.substr(4));
    if (unresolved) expectation = trim(line.substr(8));
    std::istringstream words(expectation);
    std::string kind, source;
    words >> kind >> source;
    if (unresolved) {
      EXPECT_TRUE(unbound.count(expectation)) << where << "expected unbound: " << expectation << "\nwhat "
                                              << source << " has:\n" << near(source);
    } else if (negated) {
      EXPECT_FALSE(edges.count(expectation)) << where << "expected no edge: " << expectation;
    } else {
      EXPECT_TRUE(edges.count(expectation)) << where << "expected edge: " << expectation << "\nwhat " << source
                                            << " has:\n" << near(source);
    }
  }
  EXPECT_GT(checked, 0) << c.dir / "expect.txt" << " states no expectation";
}

INSTANTIATE_TEST_SUITE_P(Resolution, Cases, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param) { return param.param.name; });

TEST(Resolution, CasesFound) { EXPECT_FALSE(cases().empty()) << "no case under " << casesRoot(); }

}  // namespace
}  // namespace cg::indexer
