package app;

public class Repo {
    public static Repo open() { return new Repo(); }
}
