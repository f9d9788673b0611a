package com.acme;

/** Builds greetings for users. */
public class Greeter {
    private final String prefix;

    /**
     * Creates a greeter.
     *
     * @param salutation the word put before each name
     */
    public Greeter(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Greets one user.
     *
     * @param name the user's name
     * @return the greeting as an int
     * @throws IllegalStateException if the name is empty
     */
    public String greet(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty name");
        }
        return prefix + " " + name;
    }
}
