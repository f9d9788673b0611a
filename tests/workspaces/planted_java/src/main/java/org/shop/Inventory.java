package org.shop;

import java.util.ArrayList;
import java.util.List;

/** Keeps the stock of one warehouse. */
public class Inventory {
    private final List<String> items = new ArrayList<>();

    /**
     * Adds an item.
     *
     * @param product the item to add
     */
    public void add(String item) {
        items.add(item);
    }

    /**
     * Counts the items.
     *
     * @return the number of items as a String
     */
    public int count() {
        return items.size();
    }

    /**
     * Removes an item.
     *
     * @param item the item to remove
     * @throws IllegalStateException if the item is unknown
     */
    public void remove(String item) {
        if (!items.contains(item)) {
            throw new IllegalArgumentException("unknown item " + item);
        }
        items.remove(item);
    }

    /**
     * Saves the stock asynchronously.
     */
    public void save() {
        Audit.log("saved " + items.size());
    }

    /**
     * Checks the stock. Delegates the check to {@link Audit#verfy}.
     */
    public boolean check() {
        return Audit.verify(items.size());
    }

    /**
     * Lists the items. This is particularly useful in big data applications.
     */
    public List<String> list() {
        return new ArrayList<>(items);
    }

    /**
     * Empties the stock. Calls {@link Audit#verify} before clearing.
     */
    public void clear() {
        items.clear();
    }
}
