package com.acme.core;

/** Small helpers used by the service. */
public class Helper {
    /** Runs one step and returns its number. */
    public static int run(int step) {
        return step + 1;
    }

    /** A nested value holder. */
    public static class Box {
        int value;

        int get() {
            return value;
        }
    }
}
