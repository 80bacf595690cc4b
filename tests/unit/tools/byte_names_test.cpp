// Names that are not UTF-8 cross the protocol escaped, and come back as the same bytes.
#include "codegraph/tools/byte_names.h"

#include <string>

#include <gtest/gtest.h>

namespace cg::tools {
namespace {

TEST(ByteNames, ValidUtf8IsLeftAlone) {
  for (std::string s : {"", "plain.py", "caf\xc3\xa9.py", "100%.py", "a%41.py", "\xf0\x9f\x98\x80"}) {
    EXPECT_TRUE(isValidUtf8(s)) << s;
    EXPECT_EQ(escapeNonUtf8(s), s);
    EXPECT_FALSE(unescapeNonUtf8(s)) << s;  // taken as written
  }
}

TEST(ByteNames, InvalidBytesRoundTrip) {
  // Latin-1, a lone continuation byte, a truncated sequence, an overlong form, a surrogate.
  for (std::string raw : {std::string("caf\xe9.py"), std::string("a\x80"), std::string("x\xe2\x82"),
                          std::string("\xc0\xaf"), std::string("\xed\xa0\x80"), std::string("50%\xff.go")}) {
    EXPECT_FALSE(isValidUtf8(raw));
    const std::string sent = escapeNonUtf8(raw);
    EXPECT_TRUE(isValidUtf8(sent)) << sent;
    auto back = unescapeNonUtf8(sent);
    ASSERT_TRUE(back) << sent;
    EXPECT_EQ(*back, raw);
  }
  EXPECT_EQ(escapeNonUtf8("caf\xe9.py"), "caf%E9.py");
  EXPECT_EQ(escapeNonUtf8("50%\xff.go"), "50%25%FF.go");  // '%' too, in an escaped string
  EXPECT_EQ(escapeNonUtf8("\xc3\xa9\xff"), "\xc3\xa9%FF");     // valid sequences kept
}

TEST(ByteNames, JsonAnswersAndArguments) {
  nlohmann::json answer = {{"file_path", "caf\xe9.py"}, {"items", {"ok", "b\xff"}}};
  escapeJsonStrings(answer);
  EXPECT_EQ(answer["file_path"], "caf%E9.py");
  EXPECT_EQ(answer["items"][1], "b%FF");
  EXPECT_NO_THROW((void)answer.dump());

  nlohmann::json args = {{"file", "caf%E9.py"}, {"name", "a%41"}, {"relations", {"x%FF"}}, {"limit", 3}};
  unescapeArguments(args);
  EXPECT_EQ(args["file"], "caf\xe9.py");
  EXPECT_EQ(args["name"], "a%41");  // decodes to valid UTF-8: not an escaped string
  EXPECT_EQ(args["relations"][0], "x\xff");
  EXPECT_EQ(args["limit"], 3);

  // A valid name that merely holds '%' sequences is taken as written.
  for (std::string literal : {"per%cent%s%n%d.py", "caf%e9.py", "x%FF%.py", "%FF%zz"})
    EXPECT_FALSE(unescapeNonUtf8(literal)) << literal;

  EXPECT_EQ(escapeNonUtf8Lines("ok %\nbad \xff %\n"), "ok %\nbad %FF %25\n");
}

}  // namespace
}  // namespace cg::tools
