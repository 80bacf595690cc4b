// TSX's rules for name resolution (include/codegraph/lang/rules.h): JavaScript's, whose
// family it shares (a TSX file imports JavaScript and the reverse).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {

const Rules& tsxRules() {
  static const Rules kRules = dialectOf(javascriptRules(), "tsx");
  return kRules;
}

}  // namespace cg::lang
