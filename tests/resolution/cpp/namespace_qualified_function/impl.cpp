#include "alpha.h"
#include "beta.h"

namespace alpha {
int helper() { return 1; }
}

namespace beta {
int helper() { return 2; }
}
