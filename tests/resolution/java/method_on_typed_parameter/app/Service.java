package app;

public class Service {
    void store(Repo repo, String item) {
        repo.save(item);
    }
}
