// Go's structural typing (docs/CONTRACT.md §6): a type implements an interface when its method
// set covers the interface's. Computed over the whole repository after resolution and stored as
// `implements` edges (confidence 1.0). Method names are compared, not signatures; an interface
// without methods (any) is implemented by everything and yields no edges; a type's method set
// includes what it embeds (structs and interfaces, transitively, through resolved `extends`
// edges), pointer and value receivers not told apart.
#pragma once

#include "codegraph/store/index_writer.h"

namespace cg::indexer {

// Recomputes every structural edge; returns how many were written.
Expected<size_t> computeGoStructuralImplements(store::IndexReader& reader, store::IndexWriter& writer);

}  // namespace cg::indexer
