package app;

public class Service {
    private final Repo repo = new Repo();

    void store(String item) {
        this.repo.save(item);
    }

    void storeBare(String item) {
        repo.save(item);
    }
}
