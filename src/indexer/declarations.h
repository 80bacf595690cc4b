// Definitions that are one symbol, as name resolution counts them: a C/C++ declaration in a
// header and its definition in a source file, the parts of a C# partial class or method.
#pragma once

#include <vector>

#include "codegraph/store/index_writer.h"
#include "module_map.h"

namespace cg::indexer {

// `a` and `b` are C# definitions of one symbol split over files (partial classes, partial
// methods): same namespace, same qualified name and kind, different files.
bool isPartialPartOf(const store::DefinitionRow& a, const store::DefinitionRow& b, const ModuleMap& modules);

// Between two definitions of one file that tie on everything else: the earlier, so that the
// choice never depends on the order they were read in (most central first, then by kind).
bool earlierInFile(const store::DefinitionRow& a, const store::DefinitionRow& b);

// Several definitions that are one symbol count once. With `merge` (C, C++): one per qualified
// name, the longest (the one with the body); on a tie a source file's over a header's, then the
// first by path, then the earlier in its file. Without: C# partial parts once (the longest part),
// everything else as it is. Order: first appearance in `v`.
std::vector<const store::DefinitionRow*> mergeDeclarations(std::vector<const store::DefinitionRow*> v, bool merge,
                                                            const ModuleMap& modules);

}  // namespace cg::indexer
