package org.shop;

/**
 * How the inventory is used.
 *
 * <pre>{@code
 * Inventory inventory = new Inventory();
 * inventory.add("pear");
 * int n = inventory.cuont();
 * }</pre>
 */
public final class Usage {
    private Usage() {
    }
}
