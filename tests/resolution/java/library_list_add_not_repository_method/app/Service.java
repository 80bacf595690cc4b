package app;

import java.util.ArrayList;
import java.util.List;

public class Service {
    void collect(String item) {
        List<String> items = new ArrayList<>();
        items.add(item);
    }

    void fill(Bag bag, String item) {
        bag.add(item);
    }
}
