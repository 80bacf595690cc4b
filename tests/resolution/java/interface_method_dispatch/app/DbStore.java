package app;

public class DbStore implements Store {
    public void save(String item) {}
}
