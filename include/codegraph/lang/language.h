// Language registry: which file is which language (extension, then shebang, then content for
// .h headers), which grammar parses it and how the language decides visibility. Adding a
// language = one row here, one query folder in grammars/queries/<id>/, one fixture.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codegraph/model/symbol.h"

struct TSLanguage;

namespace cg::lang {

// How a language says who may see a symbol (docs/CONTRACT.md §4, Visibility).
enum class VisibilityRule : uint8_t {
  kGoCase,            // exported iff the name starts with an upper-case letter
  kPythonUnderscore,  // _name private, __dunder__ public, everything else public
  kJsExport,          // top level: exported or not; members: #private / TS accessibility
  kRustPub,           // pub / pub(crate) / nothing
  kModifiers,         // public/private/protected/internal keywords in the modifiers node
  kC,                 // static → private, else public
  kCpp,               // access specifiers in classes; static at namespace scope → private
  kRubySections,      // Ruby: `private` sections, `private def m`, `private :m`, private_constant
  kLuaLocal,          // Lua: `local` functions and variables are private to the file
};

struct Language {
  std::string_view id;      // "python", "cpp", ... (also the query folder name)
  std::string_view name;    // "Python"
  std::vector<std::string_view> extensions;  // with the dot: ".py"
  std::vector<std::string_view> shebangs;    // interpreter names: "python3"
  const TSLanguage* (*grammar)();            // nullptr for Markdown (documents only)
  std::string_view separator;                // qualified-name separator: "." or "::"
  VisibilityRule visibility;
  model::Visibility defaultMemberVisibility;  // members without a modifier
  model::Visibility defaultTopVisibility;     // top-level symbols without a modifier
  bool extracted;  // false: recognised (counted) but no queries yet
  std::vector<std::string_view> aliases = {};  // more names a user may give it ("golang")
};

std::span<const Language> allLanguages();
// Every name a user may give for a language whose code is extracted (its id, its lowercase
// display name, its extensions without the dot, its aliases: "py", "c#", "golang") with the id,
// the ids first in registry order. Tools take it as data (tools::ToolEnv::languageNames).
std::vector<std::pair<std::string, std::string>> languageNames();
const Language* languageById(std::string_view id);
// By extension, then (for files without a known extension) by the shebang in `head`, and for
// `.h` by content: a header with C++ constructs in its first 512 bytes, or an include of a
// standard C++ header (`#include <string>`, no extension) anywhere in `head`, is C++.
const Language* detectLanguage(std::string_view path, std::string_view head);
// Whether detectLanguage needs `head` for this path: files without an extension (shebang) and
// `.h`. For any other path the name alone decides.
bool languageNeedsHead(std::string_view path);

}  // namespace cg::lang
