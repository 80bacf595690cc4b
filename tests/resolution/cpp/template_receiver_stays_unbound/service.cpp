#include "models.h"

template <typename T>
void store(T& target, int item) {
    target.save(item);
}
