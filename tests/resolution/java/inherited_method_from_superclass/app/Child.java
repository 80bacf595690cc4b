package app;

public class Child extends Base {
    void run() {
        log("run");
    }
}
