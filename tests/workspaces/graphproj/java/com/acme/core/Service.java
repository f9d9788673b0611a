package com.acme.core;

import com.acme.util.Text;
import com.acme.util.*;
import java.util.List;
import java.util.concurrent.*;
import static com.acme.util.Text.shout;

/** Coordinates saving. */
public class Service extends Base {
    private List<String> names;

    /** Saves a value through the helpers. */
    public int process(String value, List<String> list) {
        list.add(value);
        this.save(value);
        names.add(Text.upper(value));
        Counter c = new Counter();
        Executor ex = null;
        String s = shout(value);
        validate();
        return Helper.run(c.next());
    }

    /** Stores the value. */
    void save(String value) {
        names.add(value);
    }
}
