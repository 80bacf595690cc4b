#pragma once

class Bag {
public:
    void push_back(int item) {}
};
