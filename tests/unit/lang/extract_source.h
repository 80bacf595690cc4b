// Test helper: extracts one source text as a language (its query validated first), failing the
// test when the language is unknown or the extraction fails.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "codegraph/lang/extractor.h"

namespace cg::lang::testing {

inline ExtractedFile extractSource(std::string_view languageId, const std::string& source) {
  EXPECT_TRUE(loadQueries().ok());
  const auto* language = languageById(languageId);
  EXPECT_NE(language, nullptr) << languageId;
  if (!language) return {};
  Extractor extractor;
  auto result = extractor.extract(*language, source);
  EXPECT_TRUE(result.ok()) << languageId << ": " << (result.ok() ? "" : result.error().message);
  return result ? *result : ExtractedFile{};
}

}  // namespace cg::lang::testing
