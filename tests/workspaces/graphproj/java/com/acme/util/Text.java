package com.acme.util;

/** Text helpers. */
public final class Text {
    /** Upper-cases a string. */
    public static String upper(String s) {
        return s.toUpperCase();
    }

    /** Shouts a string. */
    public static String shout(String s) {
        return upper(s) + "!";
    }
}
