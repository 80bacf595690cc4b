// TypeScript's rules for name resolution (include/codegraph/lang/rules.h): JavaScript's, whose
// family it shares (a TypeScript file imports JavaScript and the reverse).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {

const Rules& typescriptRules() {
  static const Rules kRules = dialectOf(javascriptRules(), "typescript");
  return kRules;
}

}  // namespace cg::lang
