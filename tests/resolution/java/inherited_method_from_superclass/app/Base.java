package app;

public class Base {
    protected void log(String msg) {}
}
