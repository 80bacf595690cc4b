// fitAnswer: every answer within what MCP clients hand a model whole, and a cut one says so.
#include "codegraph/tools/answer_size.h"

#include <gtest/gtest.h>

#include <string>

namespace cg::tools {
namespace {

size_t bytes(const Json& j) { return j.dump().size(); }

Json item(int i) { return Json{{"uid", "src/a.py::f" + std::to_string(i) + "::function"}, {"line", i}}; }

TEST(AnswerSize, SmallAnswersAreLeftAlone) {
  ToolResult r = ToolResult::ofJson(Json{{"definitions", Json::array({item(1), item(2)})}});
  const Json before = *r.json;
  EXPECT_FALSE(fitAnswer(r, 1000));
  EXPECT_EQ(*r.json, before);
}

TEST(AnswerSize, TheLargestListLosesItsLastItemsAndTheAnswerSaysSo) {
  Json big{{"incoming", Json::array()}, {"outgoing", Json::array({item(0)})}, {"note", "3 callers."}};
  for (int i = 0; i < 2000; ++i) big["incoming"].push_back(item(i));
  ToolResult r = ToolResult::ofJson(big);
  ASSERT_TRUE(fitAnswer(r, 8000));
  const Json& out = *r.json;
  EXPECT_LE(bytes(out), 8000u);
  EXPECT_EQ(out["truncated"], true);
  EXPECT_EQ(out["outgoing"].size(), 1u) << "the small list is kept whole";
  ASSERT_GT(out["incoming"].size(), 0u);
  EXPECT_EQ(out["incoming"][0], item(0)) << "the first items stay, in order";
  const std::string note = out["note"];
  EXPECT_EQ(note.rfind("3 callers. ", 0), 0u) << "the tool's own note comes first: " << note;
  std::string left = std::to_string(2000 - out["incoming"].size());
  if (left.size() == 4) left.insert(1, ",");
  EXPECT_NE(note.find(left + " of 2,000 `incoming` left out"), std::string::npos) << note;
}

TEST(AnswerSize, NestedListsAreNamedByPath) {
  Json big{{"definitions", Json::array()}};
  Json def{{"uid", "a"}, {"referenced_by", Json::array()}};
  for (int i = 0; i < 1500; ++i) def["referenced_by"].push_back(item(i));
  big["definitions"].push_back(def);
  ToolResult r = ToolResult::ofJson(big);
  ASSERT_TRUE(fitAnswer(r, 6000));
  EXPECT_LE(bytes(*r.json), 6000u);
  EXPECT_EQ((*r.json)["definitions"].size(), 1u);
  EXPECT_NE((*r.json)["note"].get<std::string>().find("`definitions[].referenced_by`"), std::string::npos);
}

TEST(AnswerSize, ALongTextIsShortenedWhenNoListIsLeft) {
  ToolResult r = ToolResult::ofJson(Json{{"source", std::string(50000, 'x') + "é"}});
  ASSERT_TRUE(fitAnswer(r, 4000));
  EXPECT_LE(bytes(*r.json), 4000u);
  EXPECT_NE((*r.json)["note"].get<std::string>().find("a long text shortened"), std::string::npos);
}

TEST(AnswerSize, TextAnswersAreCutAtALineEnd) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "line " + std::to_string(i) + "\n";
  ToolResult r = ToolResult::ofText(text);
  ASSERT_TRUE(fitAnswer(r, 3000));
  EXPECT_LE(r.text.size(), 3000u);
  EXPECT_NE(r.text.find("line 0\n"), std::string::npos);
  EXPECT_NE(r.text.find("\n[cut: this answer ends at 3,000 bytes"), std::string::npos) << r.text.substr(r.text.size() - 300);
}

TEST(AnswerSize, AListAnswerGetsItsSentenceBeside) {
  Json list = Json::array();
  for (int i = 0; i < 1000; ++i) list.push_back(item(i));
  ToolResult r = ToolResult::ofJson(list);
  std::string side;
  ASSERT_TRUE(fitAnswer(r, 5000, &side));
  EXPECT_LE(bytes(*r.json), 5000u);
  ASSERT_TRUE(r.json->is_array());
  EXPECT_NE(side.find(" of 1,000 items left out"), std::string::npos) << side;
}

TEST(AnswerSize, ErrorsAreLeftAlone) {
  ToolResult r = ToolResult::error(std::string(100000, 'e'));
  EXPECT_FALSE(fitAnswer(r, 100));
  EXPECT_EQ(r.text.size(), 100000u);
}

}  // namespace
}  // namespace cg::tools
