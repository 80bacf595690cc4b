package app;

public class Repo {
    public void save(String item) {}
}
