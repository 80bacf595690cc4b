#pragma once

class Repo {
public:
    void save(int item);
};

class Cache {
public:
    void save(int item);
};
