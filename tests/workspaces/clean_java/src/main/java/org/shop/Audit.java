package org.shop;

/** Audit helpers. */
public final class Audit {
    private Audit() {
    }

    /**
     * Logs a message.
     *
     * @param message the text to log
     */
    public static void log(String message) {
        System.err.println(message);
    }

    /**
     * Verifies a count.
     *
     * @param count the count to verify
     * @return true if the count is not negative
     */
    public static boolean verify(int count) {
        return count >= 0;
    }
}
