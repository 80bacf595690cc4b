// Bash's rules for name resolution (include/codegraph/lang/rules.h): `source` paths; builtins and
// the common external commands.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& bashRules() {
  static const Rules kRules = [] {
    Rules r;
    r.id = "bash";
    r.family = "bash";
    r.builtinNames = WordList(
        "alias bg bind break builtin caller cd command compgen complete compopt continue declare "
        "dirs disown echo enable eval exec exit export false fc fg getopts hash help history "
        "jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return "
        "set shift shopt source suspend test times trap true type typeset ulimit umask unalias "
        "unset wait [ [[ basename cat chmod chown cp cut date dirname du env expr find grep "
        "egrep fgrep head id install ln ls mkdir mktemp mv printenv realpath rm rmdir sed awk "
        "sleep sort stat tail tee touch tr uname uniq wc which xargs tar gzip curl wget git "
        "sudo ssh bash sh");
    return r;
  }();
  return kRules;
}

}  // namespace cg::lang
