package com.acme.util;

/** Counts. */
public class Counter {
    private int n;

    /** Returns the next number. */
    public int next() {
        return ++n;
    }
}
