package app;

public class Base {
    void save() {}
}
