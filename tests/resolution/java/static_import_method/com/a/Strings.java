package com.a;

public class Strings {
    public static String pad(String s) { return s; }
}
