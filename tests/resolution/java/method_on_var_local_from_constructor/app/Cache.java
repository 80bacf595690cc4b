package app;

public class Cache {
    public void save(String item) {}
}
