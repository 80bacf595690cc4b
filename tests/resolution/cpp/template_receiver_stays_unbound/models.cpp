#include "models.h"

void Repo::save(int item) {}
void Cache::save(int item) {}
