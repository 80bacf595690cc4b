package app;

public interface Store {
    void save(String item);
}
