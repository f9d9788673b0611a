package org.shop;

import java.util.ArrayList;
import java.util.List;

/** Keeps the stock of one warehouse. */
public class Inventory {
    private final List<String> items = new ArrayList<>();

    /**
     * Adds an item.
     *
     * @param item the item to add
     */
    public void add(String item) {
        items.add(item);
    }

    /**
     * Counts the items.
     *
     * @return the number of items
     */
    public int count() {
        return items.size();
    }

    /**
     * Removes an item.
     *
     * @param item the item to remove
     * @throws IllegalArgumentException if the item is unknown
     */
    public void remove(String item) {
        if (!items.contains(item)) {
            throw new IllegalArgumentException("unknown item " + item);
        }
        items.remove(item);
    }

    /**
     * Saves the stock by logging an audit line.
     */
    public void save() {
        Audit.log("saved " + items.size());
    }

    /**
     * Checks the stock. Delegates the check to {@link Audit#verify}.
     */
    public boolean check() {
        return Audit.verify(items.size());
    }

    /**
     * Lists the items in a new list.
     */
    public List<String> list() {
        return new ArrayList<>(items);
    }

    /**
     * Empties the stock.
     */
    public void clear() {
        items.clear();
    }
}
