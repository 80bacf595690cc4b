// Repairs of source text that a grammar misreads, tried only where a parse lost part of a file.
// Each keeps every byte offset and line of the text, so what is extracted from the repaired text
// points at the original.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace cg::lang {

// TypeScript's grammar reads a generic call or construct signature that starts a line of an
// object type (`<T extends F>(fn: T): T`) as type arguments of the previous member's type when
// no `;` ends that member, and error recovery then loses the rest of the file. Returns the text
// with a `;` written into the indentation of each such line (a line starting with `<` or `new <`
// after a line that ends a type: a name, `)`, `]` or `>`); empty when no line qualifies.
std::string separateGenericSignatures(std::string_view source);

// How much of a file a parse lost: the bytes its ERROR nodes cover, plus one per MISSING node.
uint64_t lostBytes(TSNode root);

}  // namespace cg::lang
