#pragma once

class Base {
public:
    virtual void save() {}
};

class Child : public Base {
public:
    void save() override {
        Base::save();
    }

    void run() {
        this->save();
    }
};
