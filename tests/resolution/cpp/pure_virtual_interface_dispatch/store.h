#pragma once

class Store {
public:
    virtual ~Store() = default;
    virtual void save(int item) = 0;
};

class DbStore : public Store {
public:
    void save(int item) override {}
};
