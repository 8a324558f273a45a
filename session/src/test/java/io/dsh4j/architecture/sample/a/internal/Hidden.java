package io.dsh4j.architecture.sample.a.internal;

/** Fixture for {@code HarnessLayeringTest}: machinery of package {@code sample.a}. */
public final class Hidden {
    public static int value() {
        return 1;
    }
}
