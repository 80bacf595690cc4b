package com.b;

public class Format {
    public static String pad(String s) { return s; }
}
