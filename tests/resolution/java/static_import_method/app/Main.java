package app;

import static com.a.Strings.pad;

public class Main {
    String run(String s) {
        return pad(s);
    }
}
