#pragma once
#include "models.h"

class Service {
public:
    void keep(int item);

private:
    Repo repo_;
};
