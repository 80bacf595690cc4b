// libFuzzer target: arbitrary bytes parsed and extracted as each language. Input: a language id
// ("python"), a newline, the source; without a known id the first byte picks the language (so
// the seeds stay meaningful when languages are added). Oracle: no crash, no sanitizer report, and the extraction is self-consistent:
// byte ranges inside the source, lines 1-based and ordered, parents and ref sources in range.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "codegraph/lang/extractor.h"
#include "codegraph/lang/language.h"
#include "codegraph/support/log.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)cg::support::setupLogging("off", "");
  if (!cg::lang::loadQueries()) std::abort();  // a broken embedded query is a build defect
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* extractor = new cg::lang::Extractor();
  if (size < 1) return 0;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto languages = cg::lang::allLanguages();
  const cg::lang::Language* language = nullptr;
  std::string_view source = input.substr(1);
  if (size_t nl = input.find('\n'); nl != std::string_view::npos && nl <= 16) {
    language = cg::lang::languageById(input.substr(0, nl));
    if (language) source = input.substr(nl + 1);
  }
  if (!language) language = &languages[data[0] % languages.size()];
  if (!language->extracted) return -1;
  auto file = extractor->extract(*language, source);
  if (!file) return 0;  // the parser gave up (time limit): allowed
  const auto n = static_cast<int32_t>(file->symbols.size());
  for (const auto& s : file->symbols) {
    if (s.startByte > s.endByte || s.endByte > source.size()) std::abort();
    if (s.range.line < 1 || s.range.endLine < s.range.line) std::abort();
    if (s.parent < -1 || s.parent >= n) std::abort();
  }
  for (const auto& r : file->refs)
    if (r.source < -1 || r.source >= n || r.line < 1) std::abort();
  return 0;
}
