package org.shop;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/** Entries booked against the stock, written out in one batch. */
public final class Ledger {
    private final List<String> entries = new ArrayList<>();

    /**
     * Writes every entry.
     *
     * @param out where the entries go
     * @throws InterruptedException if the writer is interrupted
     */
    public void flush(Writer out) throws IOException {
        for (String e : entries) {
            out.write(e);
        }
    }

    /**
     * Forgets every entry.
     *
     * @return the number of entries forgotten
     */
    public void clear() {
        entries.clear();
    }

    /**
     * Books each item with its label.
     *
     * @param <T> the type of the items
     * @param items the items to book
     */
    public <E> void bookAll(List<E> items) {
        for (E item : items) {
            entries.add(String.valueOf(item));
        }
    }
}
