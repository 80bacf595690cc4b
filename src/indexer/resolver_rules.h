// The name helpers of name resolution (resolver.cpp): which definition kinds a reference may
// bind to, which qualifiers name the current object, and how qualified names split. What differs
// between languages is in their rules (codegraph/lang/rules.h), not here.
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
// In `import static a.b.C.m` / `use a::C::m` (module as written, name m): "C".
std::string ownerSegment(const std::string& module, const std::string& name);
// The first / last segment of a qualified name written with `.` or `::`.
std::string firstSegment(const std::string& q);
std::string lastSegment(const std::string& q);
// "a.b.c" → {"a", "b", "c"}.
std::vector<std::string> dottedSegments(const std::string& q);

}  // namespace cg::indexer::resolver_rules
