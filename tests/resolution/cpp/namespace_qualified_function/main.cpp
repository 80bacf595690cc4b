#include "alpha.h"
#include "beta.h"

int run() {
    return beta::helper();
}
