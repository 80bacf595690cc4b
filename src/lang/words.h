// A language's word file, src/lang/<id>/words.txt: the word lists of its rules
// (include/codegraph/lang/rules.h, "names that are the language's own"), as data. The build embeds
// every word file in the binary (gen/embedded_files.h, from src/lang/embedded_files.in.h).
//
// The format:
//   # a comment, to the end of the line
//   [builtinNames]
//   len print
//   range  # a comment after words
//   [builtinMethods]
//   ...
// A word in brackets, `[name]`, alone on its line, begins a section: builtinNames, builtinMethods
// or libraryQualifiers, each at most once, in any order. The words of the lines below it, up to
// the next section, are that list; words are separated by spaces, tabs and line ends, and a `#`
// that begins a word begins a comment. A section the file does not write is an empty list. Any
// other text is a word (`[`, `[]`, `<<`, `empty?`). A word before the first section, a section of
// another name, one written twice or one beside words is an error.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "codegraph/lang/rules.h"
#include "codegraph/support/expected.h"

namespace cg::lang {

// The lists of one word file. The words are views into `text`, which must outlive them (an
// embedded file has static storage). An error says the line and what is wrong with it.
Expected<LanguageWords> parseWordFile(std::string_view text);

// The embedded word files: (language id, text), the id being the file's folder under src/lang.
std::vector<std::pair<std::string_view, std::string_view>> embeddedWordFiles();

}  // namespace cg::lang
