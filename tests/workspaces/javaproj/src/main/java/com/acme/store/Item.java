package com.acme.store;

/** One stock item: a name and a count. */
public class Item {
    private final String name;
    private int count;

    /** Creates an item called {@code name} with a count of zero. */
    public Item(String name) {
        this.name = name;
        this.count = 0;
    }

    /** Returns the item's name. */
    public String getName() {
        return name;
    }

    /** Returns how many units are in stock. */
    public int getCount() {
        return count;
    }

    /**
     * Adds {@code n} units.
     *
     * @param n the number of units to add
     */
    public void add(int n) {
        count += n;
    }
}
