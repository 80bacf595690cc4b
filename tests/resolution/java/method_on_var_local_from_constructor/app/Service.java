package app;

public class Service {
    void store(String item) {
        var repo = new Repo();
        repo.save(item);
    }
}
