package app;

public class User {
    void use(Child child) {
        child.save();
    }
}
