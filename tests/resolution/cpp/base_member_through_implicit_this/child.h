#pragma once
#include "base.h"

class Child : public Base {
public:
    void run() {
        log("run");
    }
};
