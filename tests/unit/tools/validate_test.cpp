// validateArguments: every supported keyword, and the exact sentence an agent gets back.
#include <string>

#include <gtest/gtest.h>

#include "codegraph/tools/tool.h"

namespace cg::tools {
namespace {

// Shaped like the symbols tool (docs/tools.md).
const Json kSymbolsSchema = Json::parse(R"({
  "type": "object",
  "properties": {
    "name":  {"type": "string", "minLength": 1, "description": "exact name"},
    "kind":  {"type": "string", "enum": ["function", "method", "class"]},
    "scope": {"type": "string", "enum": ["impl", "test", "all"], "default": "impl"},
    "file":  {"type": "string"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 500}
  },
  "required": ["name"],
  "additionalProperties": false
})");

std::string problem(const Json& schema, const Json& args) {
  auto r = validateArguments(schema, args);
  return r ? *r : "";
}

TEST(ValidateArguments, ValidArguments) {
  EXPECT_EQ(validateArguments(kSymbolsSchema, {{"name", "Foo"}}), std::nullopt);
  EXPECT_EQ(validateArguments(kSymbolsSchema, {{"name", "Foo"},
                                               {"kind", "class"},
                                               {"scope", "all"},
                                               {"file", "src/a.cc"},
                                               {"limit", 500}}),
            std::nullopt);
}

TEST(ValidateArguments, MissingRequired) {
  EXPECT_EQ(problem(kSymbolsSchema, Json::object()), "Missing required argument 'name' (string).");
}

TEST(ValidateArguments, UnknownArgumentListsTheAllowedOnes) {
  // nlohmann::json keeps object keys sorted, so the list is alphabetical.
  EXPECT_EQ(problem(kSymbolsSchema, {{"nmae", "Foo"}}),
            "Unknown argument 'nmae'; allowed: file, kind, limit, name, scope.");
  Json none = {{"type", "object"}, {"properties", Json::object()}, {"additionalProperties", false}};
  EXPECT_EQ(problem(none, {{"x", 1}}), "Unknown argument 'x'; this takes no arguments.");
  Json open = {{"type", "object"}, {"properties", {{"a", {{"type", "string"}}}}}};
  EXPECT_EQ(validateArguments(open, {{"b", 1}}), std::nullopt);
}

TEST(ValidateArguments, EnumListsTheAllowedValues) {
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", "Foo"}, {"scope", "foo"}}),
            "Invalid argument 'scope': must be one of impl, test, all (got \"foo\").");
  Json numbers = {{"type", "object"}, {"properties", {{"d", {{"enum", {1, 2, 3}}}}}}};
  EXPECT_EQ(validateArguments(numbers, {{"d", 2.0}}), std::nullopt);
  EXPECT_EQ(problem(numbers, {{"d", 4}}), "Invalid argument 'd': must be one of 1, 2, 3 (got 4).");
}

TEST(ValidateArguments, Types) {
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", 42}}),
            "Invalid argument 'name': must be a string (got 42).");
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", "x"}, {"limit", "ten"}}),
            "Invalid argument 'limit': must be an integer (got \"ten\").");
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", "x"}, {"limit", 1.5}}),
            "Invalid argument 'limit': must be an integer (got 1.5).");
  EXPECT_EQ(validateArguments(kSymbolsSchema, {{"name", "x"}, {"limit", 2.0}}), std::nullopt);
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", nullptr}}),
            "Invalid argument 'name': must be a string (got null).");

  Json all = Json::parse(R"({"type":"object","properties":{
      "b":{"type":"boolean"}, "n":{"type":"number"}, "a":{"type":"array"},
      "o":{"type":"object"}, "u":{"type":["string","null"]}}})");
  EXPECT_EQ(
      validateArguments(
          all,
          {{"b", false}, {"n", 1}, {"a", Json::array()}, {"o", Json::object()}, {"u", nullptr}}),
      std::nullopt);
  EXPECT_EQ(validateArguments(all, {{"n", 0.25}, {"u", "s"}}), std::nullopt);
  EXPECT_EQ(problem(all, {{"b", "true"}}),
            "Invalid argument 'b': must be a boolean (got \"true\").");
  EXPECT_EQ(problem(all, {{"n", "1"}}), "Invalid argument 'n': must be a number (got \"1\").");
  EXPECT_EQ(problem(all, {{"a", "x"}}), "Invalid argument 'a': must be an array (got \"x\").");
  EXPECT_EQ(problem(all, {{"o", 1}}), "Invalid argument 'o': must be an object (got 1).");
  EXPECT_EQ(problem(all, {{"u", 5}}), "Invalid argument 'u': must be a string or null (got 5).");
}

TEST(ValidateArguments, Bounds) {
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", "x"}, {"limit", 0}}),
            "Invalid argument 'limit': must be at least 1 (got 0).");
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", "x"}, {"limit", 501}}),
            "Invalid argument 'limit': must be at most 500 (got 501).");
  Json frac = {{"type", "object"}, {"properties", {{"w", {{"type", "number"}, {"minimum", 0.5}}}}}};
  EXPECT_EQ(problem(frac, {{"w", 0.25}}), "Invalid argument 'w': must be at least 0.5 (got 0.25).");
}

TEST(ValidateArguments, StringLengthsCountCharacters) {
  EXPECT_EQ(problem(kSymbolsSchema, {{"name", ""}}),
            "Invalid argument 'name': must not be empty (got \"\").");
  Json s = {{"type", "object"},
            {"properties", {{"t", {{"type", "string"}, {"minLength", 3}, {"maxLength", 4}}}}}};
  EXPECT_EQ(validateArguments(s, {{"t", "\xc3\xa9\xc3\xa9\xc3\xa9"}}), std::nullopt);  // 3 chars
  EXPECT_EQ(problem(s, {{"t", "\xc3\xa9\xc3\xa9"}}),  // 4 bytes but 2 characters
            "Invalid argument 't': must be at least 3 characters long (got \"\xc3\xa9\xc3\xa9\").");
  EXPECT_EQ(problem(s, {{"t", "abcde"}}),
            "Invalid argument 't': must be at most 4 characters long (got \"abcde\").");
}

TEST(ValidateArguments, ArrayItems) {
  Json schema = Json::parse(R"({"type":"object","properties":{"relations":{
      "type":"array","items":{"type":"string","enum":["calls","calledBy"]},"maxItems":3}},
      "additionalProperties":false})");
  EXPECT_EQ(validateArguments(schema, {{"relations", {"calls", "calledBy"}}}), std::nullopt);
  EXPECT_EQ(problem(schema, {{"relations", {"calls", "nope"}}}),
            "Invalid argument 'relations[1]': must be one of calls, calledBy (got \"nope\").");
  EXPECT_EQ(problem(schema, {{"relations", {"calls", 3}}}),
            "Invalid argument 'relations[1]': must be a string (got 3).");
  EXPECT_EQ(problem(schema, {{"relations", "calls"}}),
            "Invalid argument 'relations': must be an array (got \"calls\").");
  EXPECT_EQ(problem(schema, {{"relations", {"calls", "calls", "calls", "calls"}}}),
            "Invalid argument 'relations': must have at most 3 item(s) (got "
            "[\"calls\",\"calls\",\"calls\",\"calls\"]).");
}

TEST(ValidateArguments, NestedObjectsNameTheirPath) {
  Json schema = Json::parse(R"({"type":"object","properties":{"opts":{"type":"object",
      "properties":{"depth":{"type":"integer"}},"required":["depth"],
      "additionalProperties":false}}})");
  EXPECT_EQ(problem(schema, {{"opts", {{"depth", "deep"}}}}),
            "Invalid argument 'opts.depth': must be an integer (got \"deep\").");
  EXPECT_EQ(problem(schema, {{"opts", Json::object()}}),
            "Missing required argument 'opts.depth' (integer).");
  EXPECT_EQ(problem(schema, {{"opts", {{"depth", 1}, {"x", 1}}}}),
            "Unknown argument 'opts.x'; allowed: depth.");
}

TEST(ValidateArguments, NonObjectArguments) {
  EXPECT_EQ(problem(kSymbolsSchema, Json::array({"Foo"})),
            "Invalid arguments: expected a JSON object of named arguments, got an array.");
  EXPECT_EQ(problem(kSymbolsSchema, "Foo"),
            "Invalid arguments: expected a JSON object of named arguments, got a string.");
  EXPECT_EQ(problem(kSymbolsSchema, nullptr),
            "Invalid arguments: expected a JSON object of named arguments, got null.");
}

TEST(ValidateArguments, LongOrInvalidValuesAreShownSafely) {
  std::string longName(500, 'q');
  std::string p = problem(kSymbolsSchema, {{"name", "x"}, {"kind", longName}});
  EXPECT_LT(p.size(), 200u);
  EXPECT_NE(p.find("...)."), std::string::npos) << p;
  std::string bad;
  ASSERT_NO_THROW(bad = problem(kSymbolsSchema, {{"name", "x"}, {"kind", "\xff"}}));
  EXPECT_EQ(
      bad,
      "Invalid argument 'kind': must be one of function, method, class (got \"\xef\xbf\xbd\").");
}

}  // namespace
}  // namespace cg::tools
