#pragma once

class Base {
protected:
    void log(const char* msg) {}
};

class Audit {
public:
    void log(const char* msg) {}
};
