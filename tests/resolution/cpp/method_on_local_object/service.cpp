#include "models.h"

void store(int item) {
    Repo repo;
    repo.save(item);
}

void store_auto(int item) {
    auto repo = Repo();
    repo.save(item);
}
