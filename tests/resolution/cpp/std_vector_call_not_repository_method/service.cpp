#include <vector>
#include "bag.h"

void collect(int item) {
    std::vector<int> items;
    items.push_back(item);
}

void fill(Bag& bag, int item) {
    bag.push_back(item);
}
