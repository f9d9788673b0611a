package com.acme.util;

import java.util.ArrayList;
import java.util.List;

/** String helpers used by the store. */
public final class Strings {

    private Strings() {}

    /**
     * Returns {@code s} in lower case with surrounding whitespace removed.
     *
     * @param s the text to normalise
     * @return the normalised text
     * @throws IllegalArgumentException if {@code s} is null
     */
    public static String normalize(String s) {
        if (s == null) {
            throw new IllegalArgumentException("s is null");
        }
        return s.trim().toLowerCase();
    }

    /**
     * Splits {@code s} on commas and normalises every part.
     *
     * @param s the comma-separated text
     * @return the normalised parts, in order
     */
    public static List<String> splitList(String s) {
        List<String> parts = new ArrayList<>();
        for (String part : s.split(",")) {
            parts.add(normalize(part));
        }
        return parts;
    }
}
