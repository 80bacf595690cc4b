#include "factory.h"

Repo& open_repo() {
    static Repo repo;
    return repo;
}
