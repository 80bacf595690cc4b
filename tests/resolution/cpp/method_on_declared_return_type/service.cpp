#include "factory.h"

void store(int item) {
    open_repo().save(item);
}
