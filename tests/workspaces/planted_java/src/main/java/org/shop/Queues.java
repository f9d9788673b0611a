package org.shop;

import java.util.*;
import java.util.concurrent.*;

/**
 * Orders wait in a {@link ConcurrentLinkedQueue}; shipped ones move to a {@link LinkedList}.
 */
public class Queues {
    private final Queue<String> waiting = new ConcurrentLinkedQueue<>();

    /**
     * Takes the next order, or {@code null}.
     *
     * @return the order
     * @see ArrayDqeue
     */
    public String next() {
        return waiting.poll();
    }
}
