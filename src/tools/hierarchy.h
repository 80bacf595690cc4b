// Methods related through the type hierarchy the index knows (declared extends/implements, and
// Go's structural implements): the methods a method implements or overrides, and the methods
// that implement or override it.
#pragma once

#include <vector>

#include "codegraph/model/symbol.h"
#include "codegraph/tools/tools.h"

namespace cg::tools {

// The type a method belongs to: its parent, else (a Go method declared beside its type) the
// type its qualified name names in the same directory. nullopt for a free function.
Expected<std::optional<model::Symbol>> ownerType(const ToolEnv& env, const model::Symbol& method);

// The methods `s` implements or overrides: members of the same name of the types its class
// extends or implements, transitively, a few levels up.
Expected<std::vector<model::Symbol>> overriddenMethods(const ToolEnv& env, const model::Symbol& s);

// A method that implements or overrides another, with how its type reaches the other's type
// (kExtends or kImplements, the last step).
struct Override {
  model::Symbol method;
  model::RefKind relation = model::RefKind::kExtends;
};
// The methods that implement or override `s`: members of the same name of the types that
// extend or implement its type, transitively, a few levels down, at most `limit`.
Expected<std::vector<Override>> overridingMethods(const ToolEnv& env, const model::Symbol& s,
                                                  uint32_t limit);

}  // namespace cg::tools
