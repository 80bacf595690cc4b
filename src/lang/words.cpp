#include "words.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>

#include "embedded_files.h"

namespace cg::lang {
namespace {

constexpr std::array<std::string_view, 3> kSections = {"builtinNames", "builtinMethods",
                                                       "libraryQualifiers"};

// The words of one line, up to a comment.
std::vector<std::string_view> wordsOfLine(std::string_view line) {
  std::vector<std::string_view> words;
  constexpr std::string_view kSpace = " \t\r";
  while (true) {
    size_t start = line.find_first_not_of(kSpace);
    if (start == std::string_view::npos || line[start] == '#') break;
    size_t end = line.find_first_of(kSpace, start);
    words.push_back(line.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    line.remove_prefix(end);
  }
  return words;
}

bool isSectionMark(std::string_view word) {
  return word.size() > 2 && word.front() == '[' && word.back() == ']';
}

}  // namespace

WordList::WordList(std::string_view words) {
  while (!words.empty()) {
    size_t start = words.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    size_t end = words.find(' ', start);
    words_.insert(words.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    words = words.substr(end);
  }
}

WordList::WordList(const std::vector<std::string_view>& words)
    : words_(words.begin(), words.end()) {}

Expected<LanguageWords> parseWordFile(std::string_view text) {
  std::array<std::vector<std::string_view>, kSections.size()> lists;
  std::array<bool, kSections.size()> written{};
  size_t section = kSections.size();  // none yet
  int lineNumber = 0;
  auto error = [&lineNumber](const std::string& what) {
    return makeError(ErrorCode::kInvalidArgument,
                     "line " + std::to_string(lineNumber) + ": " + what);
  };
  while (!text.empty()) {
    ++lineNumber;
    size_t eol = text.find('\n');
    std::vector<std::string_view> words = wordsOfLine(text.substr(0, eol));
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    auto mark = std::find_if(words.begin(), words.end(), isSectionMark);
    if (mark != words.end()) {
      std::string word(*mark);
      if (words.size() > 1) return error("the section " + word + " beside words");
      auto named = std::find(kSections.begin(), kSections.end(), mark->substr(1, word.size() - 2));
      section = static_cast<size_t>(named - kSections.begin());
      if (section == kSections.size()) return error("no section is named " + word);
      if (written[section]) return error("the section " + word + " again");
      written[section] = true;
      continue;
    }
    if (words.empty()) continue;
    if (section == kSections.size()) return error("a word before the first section");
    lists[section].insert(lists[section].end(), words.begin(), words.end());
  }
  return LanguageWords{WordList(lists[0]), WordList(lists[1]), WordList(lists[2])};
}

std::vector<std::pair<std::string_view, std::string_view>> embeddedWordFiles() {
  std::vector<std::pair<std::string_view, std::string_view>> files;
  for (const auto* f = generated::kWordFiles; f->path; ++f) {
    std::string_view path(f->path);  // "<id>/words.txt"
    files.emplace_back(path.substr(0, path.rfind('/')), f->text);
  }
  return files;
}

const LanguageWords& languageWords(std::string_view languageId) {
  static const std::map<std::string_view, LanguageWords, std::less<>> kAll = [] {
    std::map<std::string_view, LanguageWords, std::less<>> all;
    for (const auto& [id, text] : embeddedWordFiles()) {
      auto words = parseWordFile(text);
      if (!words) {
        std::fprintf(stderr, "codegraph-mcp: src/lang/%.*s/words.txt, as built in: %s\n",
                     static_cast<int>(id.size()), id.data(), words.error().message.c_str());
        std::abort();
      }
      all.emplace(id, std::move(*words));
    }
    return all;
  }();
  static const LanguageWords kNone;
  auto it = kAll.find(languageId);
  return it == kAll.end() ? kNone : it->second;
}

}  // namespace cg::lang
