// The textual JSON/JSONC/TOML edits behind `install` / `uninstall` (cli/config_edit.h): exact
// texts after an insert, byte-for-byte round trips, comments kept, broken files reported.
#include <gtest/gtest.h>

#include "codegraph/cli/config_edit.h"

namespace cg::cli {
namespace {

const std::vector<std::string> kClaudePath = {"mcpServers", "codegraph"};

OrderedJson entry(const std::string& repo = ".") {
  OrderedJson e = OrderedJson::object();
  e["command"] = "/opt/cg/bin/codegraph-mcp";
  e["args"] = OrderedJson::array({"--repo", repo});
  return e;
}

// set, then remove, gives back `original` exactly; returns the text after set.
std::string roundTrip(const std::string& original, const std::vector<std::string>& path, JsonSyntax syntax) {
  auto set = jsonSet(original, path, entry(), syntax);
  EXPECT_TRUE(set.ok()) << (set.ok() ? "" : set.error().message);
  if (!set.ok()) return "";
  EXPECT_EQ(set->outcome, EditOutcome::kAdded);
  EXPECT_TRUE(checkJson(set->text, syntax).ok()) << set->text;
  auto again = jsonSet(set->text, path, entry(), syntax);
  EXPECT_TRUE(again.ok());
  if (again.ok()) {
    EXPECT_EQ(again->outcome, EditOutcome::kUnchanged);
    EXPECT_EQ(again->text, set->text);
  }
  auto removed = jsonRemove(set->text, path, syntax);
  EXPECT_TRUE(removed.ok());
  if (removed.ok()) {
    EXPECT_EQ(removed->outcome, EditOutcome::kRemoved);
    EXPECT_EQ(removed->text, original);
  }
  return set->text;
}

TEST(JsonEdit, EmptyFileGetsTheWholeDocument) {
  auto set = jsonSet("", kClaudePath, entry(), kStrictJson);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->text,
            "{\n"
            "  \"mcpServers\": {\n"
            "    \"codegraph\": {\n"
            "      \"command\": \"/opt/cg/bin/codegraph-mcp\",\n"
            "      \"args\": [\"--repo\", \".\"]\n"
            "    }\n"
            "  }\n"
            "}\n");
  auto removed = jsonRemove(set->text, kClaudePath, kStrictJson);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, "{}\n");
}

TEST(JsonEdit, AppendsAfterOtherServersInTheFilesIndentation) {
  const std::string original =
      "{\n"
      "    \"mcpServers\": {\n"
      "        \"other\": {\"command\": \"npx\", \"args\": [\"-y\", \"other-mcp\"]}\n"
      "    },\n"
      "    \"numStartups\": 12\n"
      "}\n";
  std::string after = roundTrip(original, kClaudePath, kStrictJson);
  EXPECT_EQ(after,
            "{\n"
            "    \"mcpServers\": {\n"
            "        \"other\": {\"command\": \"npx\", \"args\": [\"-y\", \"other-mcp\"]},\n"
            "        \"codegraph\": {\n"
            "            \"command\": \"/opt/cg/bin/codegraph-mcp\",\n"
            "            \"args\": [\"--repo\", \".\"]\n"
            "        }\n"
            "    },\n"
            "    \"numStartups\": 12\n"
            "}\n");
}

TEST(JsonEdit, JsoncCommentsTrailingCommasAndTabsSurvive) {
  const std::string original =
      "// VS Code settings\n"
      "{\n"
      "\t\"editor.fontSize\": 14, // big\n"
      "\t/* servers */\n"
      "\t\"servers\": {\n"
      "\t\t\"docs\": { \"type\": \"stdio\", \"command\": \"docs-mcp\" }, // keep me\n"
      "\t},\n"
      "}\n";
  std::vector<std::string> path = {"servers", "codegraph"};
  std::string after = roundTrip(original, path, kJsonc);
  EXPECT_NE(after.find("// keep me"), std::string::npos);
  EXPECT_NE(after.find("\t\t\"codegraph\": {\n\t\t\t\"command\""), std::string::npos) << after;
  auto got = jsonGet(after, path, kJsonc);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ((*got)["args"][1], ".");
  auto docs = jsonGet(after, {"servers", "docs"}, kJsonc);
  ASSERT_TRUE(docs.ok());
  EXPECT_EQ((*docs)["command"], "docs-mcp");
}

TEST(JsonEdit, LastMemberWithALineComment) {
  const std::string original =
      "{\n"
      "  \"context_servers\": {\n"
      "    \"a\": {\"command\": \"a\"} // the a server\n"
      "  }\n"
      "}";
  std::vector<std::string> path = {"context_servers", "codegraph"};
  std::string after = roundTrip(original, path, kJsonc);
  EXPECT_NE(after.find("\"a\": {\"command\": \"a\"}, // the a server\n    \"codegraph\": {"), std::string::npos)
      << after;
}

TEST(JsonEdit, SingleLineObjectsStaySingleLine) {
  const std::string original = R"({"mcpServers": {"a": {"command": "a"}}})";
  std::string after = roundTrip(original, kClaudePath, kStrictJson);
  EXPECT_EQ(after,
            R"({"mcpServers": {"a": {"command": "a"}, "codegraph": {"command": "/opt/cg/bin/codegraph-mcp", "args": ["--repo", "."]}}})");
}

TEST(JsonEdit, CreatesAMissingContainerAndRemovesItAgain) {
  const std::string original = "{\n  \"theme\": \"One Dark\",\n  \"vim_mode\": true\n}\n";
  std::vector<std::string> path = {"context_servers", "codegraph"};
  std::string after = roundTrip(original, path, kJsonc);
  EXPECT_EQ(after,
            "{\n  \"theme\": \"One Dark\",\n  \"vim_mode\": true,\n  \"context_servers\": {\n"
            "    \"codegraph\": {\n      \"command\": \"/opt/cg/bin/codegraph-mcp\",\n"
            "      \"args\": [\"--repo\", \".\"]\n    }\n  }\n}\n");
  EXPECT_EQ(roundTrip("{}", path, kJsonc).substr(0, 2), "{\n");
}

TEST(JsonEdit, CrlfFilesKeepCrlf) {
  const std::string original = "{\r\n  \"mcpServers\": {\r\n    \"a\": {}\r\n  }\r\n}\r\n";
  std::string after = roundTrip(original, kClaudePath, kStrictJson);
  for (size_t i = 0; i < after.size(); ++i)
    if (after[i] == '\n') {
      ASSERT_EQ(after[i - 1], '\r') << "bare LF at " << i << " in " << after;
    }
}

TEST(JsonEdit, UpdateReplacesOnlyOurFieldsAndKeepsTheUsers) {
  const std::string original =
      "{\n"
      "  \"mcpServers\": {\n"
      "    \"codegraph\": {\n"
      "      \"command\": \"/old/codegraph-mcp\",\n"
      "      \"args\": [\"--repo\", \"/old/repo\"],\n"
      "      \"env\": {\"CODEGRAPH_X\": \"1\"}\n"
      "    }\n"
      "  }\n"
      "}\n";
  auto set = jsonSet(original, kClaudePath, entry(), kStrictJson);
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->outcome, EditOutcome::kUpdated);
  EXPECT_EQ(set->text,
            "{\n"
            "  \"mcpServers\": {\n"
            "    \"codegraph\": {\n"
            "      \"command\": \"/opt/cg/bin/codegraph-mcp\",\n"
            "      \"args\": [\"--repo\", \".\"],\n"
            "      \"env\": {\"CODEGRAPH_X\": \"1\"}\n"
            "    }\n"
            "  }\n"
            "}\n");
  auto again = jsonSet(set->text, kClaudePath, entry(), kStrictJson);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->outcome, EditOutcome::kUnchanged);
}

TEST(JsonEdit, RemovingAMiddleMemberKeepsItsNeighbours) {
  const std::string text =
      "{\n  \"mcpServers\": {\n    \"a\": {},\n    \"codegraph\": {\"command\": \"x\"},\n    \"b\": {}\n  }\n}\n";
  auto removed = jsonRemove(text, kClaudePath, kStrictJson);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, "{\n  \"mcpServers\": {\n    \"a\": {},\n    \"b\": {}\n  }\n}\n");
  auto absent = jsonRemove(removed->text, kClaudePath, kStrictJson);
  ASSERT_TRUE(absent.ok());
  EXPECT_EQ(absent->outcome, EditOutcome::kAbsent);
  EXPECT_EQ(absent->text, removed->text);
}

TEST(JsonEdit, BrokenFilesAreReportedWithLineAndColumn) {
  auto bad = jsonSet("{\n  \"mcpServers\": {\n    \"a\": {}\n    \"b\": {}\n  }\n}\n", kClaudePath, entry(), kStrictJson);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "line 4, column 5: expected ',' or '}' after a member");
  auto comment = checkJson("{\n  // no comments in .mcp.json\n}", kStrictJson);
  ASSERT_FALSE(comment.ok());
  EXPECT_EQ(comment.error().message, "line 2, column 3: comments are not allowed in this file");
  EXPECT_TRUE(checkJson("{\n  // fine in JSONC\n  \"a\": [1, 2,],\n}", kJsonc).ok());
  EXPECT_FALSE(checkJson("{\"a\": [1, 2,]}", kStrictJson).ok());
  EXPECT_FALSE(checkJson("{\"a\": \"unterminated}", kJsonc).ok());
  EXPECT_FALSE(checkJson("{\"a\": 1} trailing", kJsonc).ok());
  EXPECT_FALSE(checkJson("{\"a\": 01}", kJsonc).ok());
  EXPECT_TRUE(checkJson("   \n", kStrictJson).ok());  // blank counts as {}
}

TEST(JsonEdit, RefusesANonObjectContainer) {
  auto bad = jsonSet("{\n  \"mcpServers\": []\n}", kClaudePath, entry(), kStrictJson);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "line 2, column 3: \"mcpServers\" is not an object; not changing it");
  EXPECT_FALSE(jsonSet("[1, 2]", kClaudePath, entry(), kStrictJson).ok());
}

// ---- TOML ---------------------------------------------------------------------------------------

const std::vector<std::string> kCodexTable = {"mcp_servers", "codegraph"};

TEST(TomlEdit, EmptyFileRoundTrip) {
  auto set = tomlSet("", kCodexTable, entry());
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->text,
            "[mcp_servers.codegraph]\n"
            "command = \"/opt/cg/bin/codegraph-mcp\"\n"
            "args = [\"--repo\", \".\"]\n");
  auto removed = tomlRemove(set->text, kCodexTable);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, "");
}

TEST(TomlEdit, AppendsAfterOtherTablesAndRemovesExactly) {
  const std::string original =
      "# Codex configuration\n"
      "model = \"o4-mini\"  # the default model\n"
      "\n"
      "[mcp_servers.docs]\n"
      "command = \"npx\"\n"
      "args = [\n"
      "  \"-y\",  # yes\n"
      "  \"docs-mcp\",\n"
      "]\n"
      "env = { \"KEY\" = 'value' }\n"
      "\n"
      "[profiles.fast]\n"
      "model = '''multi\n"
      "line'''\n";
  auto set = tomlSet(original, kCodexTable, entry());
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->outcome, EditOutcome::kAdded);
  EXPECT_EQ(set->text, original + "\n[mcp_servers.codegraph]\ncommand = \"/opt/cg/bin/codegraph-mcp\"\nargs = [\"--repo\", \".\"]\n");
  auto again = tomlSet(set->text, kCodexTable, entry());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->outcome, EditOutcome::kUnchanged);
  auto removed = tomlRemove(set->text, kCodexTable);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, original);
}

TEST(TomlEdit, UpdatesInPlaceKeepingUserKeysAndSubTables) {
  const std::string original =
      "[mcp_servers.codegraph]\n"
      "command = \"/old/codegraph-mcp\"\n"
      "args = [\n  \"--repo\",\n  \"/old\",\n]\n"
      "startup_timeout_sec = 20\n"
      "\n"
      "[mcp_servers.codegraph.env]\n"
      "X = \"1\"\n"
      "\n"
      "# the docs server\n"
      "[mcp_servers.docs]\n"
      "command = \"docs\"\n";
  auto set = tomlSet(original, kCodexTable, entry());
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->outcome, EditOutcome::kUpdated);
  EXPECT_EQ(set->text,
            "[mcp_servers.codegraph]\n"
            "command = \"/opt/cg/bin/codegraph-mcp\"\n"
            "args = [\"--repo\", \".\"]\n"
            "startup_timeout_sec = 20\n"
            "\n"
            "[mcp_servers.codegraph.env]\n"
            "X = \"1\"\n"
            "\n"
            "# the docs server\n"
            "[mcp_servers.docs]\n"
            "command = \"docs\"\n");
  auto removed = tomlRemove(set->text, kCodexTable);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, "\n# the docs server\n[mcp_servers.docs]\ncommand = \"docs\"\n");
}

TEST(TomlEdit, AddsAMissingKeyToAnExistingTable) {
  auto set = tomlSet("[mcp_servers.codegraph]\ncommand = \"/opt/cg/bin/codegraph-mcp\"\n[other]\n", kCodexTable, entry());
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->text,
            "[mcp_servers.codegraph]\ncommand = \"/opt/cg/bin/codegraph-mcp\"\nargs = [\"--repo\", \".\"]\n[other]\n");
}

TEST(TomlEdit, NoFinalNewline) {
  auto set = tomlSet("model = \"x\"", kCodexTable, entry());
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->text.substr(0, 13), "model = \"x\"\n\n");
  auto removed = tomlRemove(set->text, kCodexTable);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->text, "model = \"x\"\n");  // documented: the final newline stays
}

TEST(TomlEdit, BrokenFilesAreReportedWithTheLine) {
  auto header = tomlSet("model = \"x\"\n[mcp_servers.docs\ncommand = \"a\"\n", kCodexTable, entry());
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.error().message, "line 2: expected ']' to close the table header");
  auto str = checkToml("a = 1\nb = \"open\nc = 2\n");
  ASSERT_FALSE(str.ok());
  EXPECT_EQ(str.error().message, "line 2: unterminated string");
  auto twice = checkToml("[a]\nx = 1\n[a]\n");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message, "line 3: table [a] is defined twice");
  EXPECT_FALSE(checkToml("a = bare words\n").ok());
  EXPECT_FALSE(checkToml("a = [1, 2\n").ok());
  EXPECT_FALSE(checkToml("a = \"\"\"never closed\n").ok());
  EXPECT_TRUE(checkToml("d = 1979-05-27T07:32:00Z\nt = 1979-05-27 07:32:00\nf = -1.5e3\nb = true\nx = 0x1F\n").ok());
}

TEST(TomlEdit, RefusesFormsItDoesNotEdit) {
  auto inlineTable = tomlSet("[mcp_servers]\ncodegraph = { command = \"x\" }\n", kCodexTable, entry());
  ASSERT_FALSE(inlineTable.ok());
  EXPECT_NE(inlineTable.error().message.find("line 2"), std::string::npos);
  EXPECT_FALSE(tomlSet("mcp_servers.codegraph.command = \"x\"\n", kCodexTable, entry()).ok());
}

}  // namespace
}  // namespace cg::cli
