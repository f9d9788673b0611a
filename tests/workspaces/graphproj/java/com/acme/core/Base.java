package com.acme.core;

/** Parent of services. */
public abstract class Base {
    /** Checks the state. */
    protected boolean validate() {
        return true;
    }
}
