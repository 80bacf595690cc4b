package app;

public class Audit {
    void log(String msg) {}
}
