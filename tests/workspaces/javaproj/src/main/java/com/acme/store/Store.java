package com.acme.store;

import com.acme.util.Strings;
import java.util.HashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/** Items by normalised name, kept in memory. */
public class Store {
    private final Map<String, Item> items = new HashMap<>();

    /**
     * Adds {@code count} units of {@code name} and returns the item.
     *
     * @param name the item name
     * @param count the number of units to add
     * @return the updated item
     */
    public Item add(String name, int count) {
        String key = Strings.normalize(name);
        Item item = items.computeIfAbsent(key, Item::new);
        item.add(count);
        return item;
    }

    /**
     * Returns the item called {@code name}.
     *
     * @param name the item name
     * @return the item
     * @throws NoSuchElementException if there is no such item
     */
    public Item get(String name) {
        Item item = items.get(Strings.normalize(name));
        if (item == null) {
            throw new NoSuchElementException(name);
        }
        return item;
    }

    /**
     * Tells whether an item called {@code name} exists.
     *
     * @param name the item name
     * @return true if the store has the item
     */
    public boolean contains(String name) {
        return items.containsKey(Strings.normalize(name));
    }
}
