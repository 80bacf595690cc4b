#include "store.h"

void store(Store& store, int item) {
    store.save(item);
}
