package app;

public class Child extends Base {
    @Override
    void save() {
        super.save();
    }

    void run() {
        this.save();
    }
}
