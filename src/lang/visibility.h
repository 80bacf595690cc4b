// Visibility by the language's own rule (docs/CONTRACT.md §4). The rule is chosen by the
// registry row; the modifiers node, when the query captures one (@modifiers), supplies the
// keywords.
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <string_view>

#include "codegraph/lang/extractor.h"

namespace cg::lang {

struct VisibilityInput {
  const Language& language;
  const ExtractedSymbol& symbol;
  const ExtractedSymbol* parent;
  TSNode node;                     // the definition node
  std::optional<TSNode> modifiers;  // @modifiers capture
  std::string_view source;
};

model::Visibility decideVisibility(const VisibilityInput& in);

}  // namespace cg::lang
