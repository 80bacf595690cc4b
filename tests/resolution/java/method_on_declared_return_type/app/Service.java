package app;

public class Service {
    static Repo open() { return new Repo(); }

    void store(String item) {
        open().save(item);
    }
}
