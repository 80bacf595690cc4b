#include "models.h"

void store(Repo& repo, int item) {
    repo.save(item);
}

void store_ptr(Repo* repo, int item) {
    repo->save(item);
}
