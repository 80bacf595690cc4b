package app;

public class Bag {
    public boolean add(String item) { return true; }
}
