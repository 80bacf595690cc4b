// The document-linking rule (docs/CONTRACT.md §4).
#include <gtest/gtest.h>

#include "codegraph/graph/doc_links.h"
#include "snapshot_builder.h"

namespace cg::graph {
namespace {

using testing::SnapshotBuilder;

std::vector<model::DocLink> linksFor(SnapshotBuilder& b, std::vector<std::string> names) {
  std::vector<model::DocMention> mentions;
  for (auto& n : names) mentions.push_back({500, n});
  return linkDocuments(b.snapshot().nodes, mentions);
}

TEST(DocLinks, ShortNamesAndNamesDefinedMoreThanThreeTimesDoNotLink) {
  SnapshotBuilder b;
  int64_t service = b.node("AuthService", "src/auth/service.ts", model::SymbolKind::kClass);
  b.node("run");  // 3 characters
  int64_t open = b.node("open");  // exactly 4: links
  for (int i = 0; i < 4; ++i) b.node("handle", "src/h" + std::to_string(i) + ".ts");  // 4 definitions
  std::vector<int64_t> parse;
  for (int i = 0; i < 3; ++i) parse.push_back(b.node("parse", "src/p" + std::to_string(i) + ".ts"));  // 3: link
  auto links = linksFor(b, {"AuthService", "run", "open", "handle", "parse", "missing"});
  std::vector<model::DocLink> want = {{service, 500}, {open, 500}};
  for (auto id : parse) want.push_back({id, 500});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(links, want);
}

TEST(DocLinks, QualifiedMentionsNarrowTheCandidates) {
  SnapshotBuilder b;
  std::vector<int64_t> logins;
  for (int i = 0; i < 5; ++i) {
    int64_t id = b.node("login", "src/c" + std::to_string(i) + ".ts", model::SymbolKind::kMethod);
    b.snapshot().nodes.back().setQualifiedName("Class" + std::to_string(i) + ".login");
    logins.push_back(id);
  }
  int64_t cppMethod = b.node("validate", "src/v.cpp", model::SymbolKind::kMethod);
  b.snapshot().nodes.back().setQualifiedName("auth::Token::validate");
  int64_t goOpen = b.node("Open", "os/file.go");  // Go: no qualifier in the qualified name
  int64_t pyLoads = b.node("loads", "lib/json.py");
  auto links = linksFor(b, {"login", "Class3.login", "Token::validate", "auth.Token.validate", "os.Open",
                            "json.loads", "Other.login", "x.run"});
  std::vector<model::DocLink> want = {{logins[3], 500}, {cppMethod, 500}, {goOpen, 500}};
  std::sort(want.begin(), want.end());
  // `loads` is 5 characters and json.py's stem is json: linked too.
  want.push_back({pyLoads, 500});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(links, want);
}

}  // namespace
}  // namespace cg::graph
