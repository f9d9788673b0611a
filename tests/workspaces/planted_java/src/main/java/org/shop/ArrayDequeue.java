package org.shop;

/** A queue of orders kept in an array. */
public class ArrayDequeue {
    /** How many orders it holds. */
    public int size;
}
