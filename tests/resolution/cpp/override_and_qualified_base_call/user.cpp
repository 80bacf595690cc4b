#include "shapes.h"

void use(Child& child) {
    child.save();
}
