// The language rules and name helpers of name resolution (resolver.cpp): which definition kinds
// a reference may bind to, which languages have an implicit `this`, a package per directory, or
// declarations split from definitions (C/C++ headers), and how qualified names split.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "codegraph/model/symbol.h"

namespace cg::indexer::resolver_rules {

// Whether a reference of this kind may bind to a definition of that kind.
bool compatible(model::RefKind ref, model::SymbolKind def);
// `self`, `this`, `super`, ...: the qualifier names the current object.
bool isSelfQualifier(const std::string& q);
// Languages where members of the enclosing class are in scope without `this.`.
bool implicitThis(const std::string& language);
// Languages whose package is the directory: names of sibling files are in scope.
bool directoryPackage(const std::string& language);
// Java, Kotlin, Scala, C#, Go: an import is visible in its own file only, never re-exported.
bool importsStayLocal(const std::string& language);
// C and C++: a declaration in a header and its definition in a source file are one symbol.
bool splitDeclarationAndDefinition(const std::string& language);
// In `import static a.b.C.m` / `use a::C::m` (module as written, name m): "C".
std::string ownerSegment(const std::string& module, const std::string& name);
// A C/C++ header (.h, .hh, .hpp, .hxx, .h++, .inl).
bool isHeader(std::string_view path);
// The first / last segment of a qualified name written with `.` or `::`.
std::string firstSegment(const std::string& q);
std::string lastSegment(const std::string& q);
// "a.b.c" → {"a", "b", "c"}.
std::vector<std::string> dottedSegments(const std::string& q);

}  // namespace cg::indexer::resolver_rules
