#include "service.h"

void Service::keep(int item) {
    repo_.save(item);
    this->repo_.save(item);
}
