package io.dsh4j.architecture.sample.ab;

import io.dsh4j.architecture.sample.a.internal.Hidden;

/** Fixture for {@code HarnessLayeringTest}: a package whose name merely starts like the owner's reaches its machinery. */
public final class Sibling {
    public int use() {
        return Hidden.value();
    }
}
