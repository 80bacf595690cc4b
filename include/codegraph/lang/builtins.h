// What a reference may bind to, by language (SPEC §6 name resolution):
//  - binding families: a reference binds only to definitions of a compatible language
//    (C with C++ through headers, JavaScript/TypeScript/TSX with each other, every other
//    language with itself only);
//  - built-in names: the names a language provides without any definition in the repository
//    (Python builtins, JS/TS globals, java.lang, Go predeclared identifiers, the Rust prelude,
//    the C standard library). A bare call of one binds only by scope, file or import evidence,
//    never by a same-package or repository-wide name match.
// The lists are data (src/lang/builtins.cpp, one table per language): extend them there.
#pragma once

#include <string_view>

namespace cg::lang {

// "c" for C and C++, "js" for JavaScript, TypeScript and TSX, the language id otherwise.
std::string_view bindingFamily(std::string_view languageId);
bool sameBindingFamily(std::string_view a, std::string_view b);

// `name`, written bare (unqualified), is a built-in of the language.
bool isBuiltinName(std::string_view languageId, std::string_view name);
// A qualifier naming the language's standard library namespace (C++ `std`, `std::chrono`, Lua
// `string`, `table`, `os`, ...).
bool isStandardQualifier(std::string_view languageId, std::string_view qualifier);

}  // namespace cg::lang
