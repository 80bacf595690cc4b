package app;

import lib.Repo;

public class Service {
    Object start() {
        return Repo.open();
    }
}
