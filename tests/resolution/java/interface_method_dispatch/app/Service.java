package app;

public class Service {
    void store(Store store, String item) {
        store.save(item);
    }
}
