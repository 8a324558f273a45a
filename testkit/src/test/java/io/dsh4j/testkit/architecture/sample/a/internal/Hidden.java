package io.dsh4j.testkit.architecture.sample.a.internal;

import org.apiguardian.api.API;

/** Fixture for {@code ApiRulesTest}: machinery of package {@code sample.a}, wrongly marked stable. */
@API(status = API.Status.STABLE)
public final class Hidden {
    public static int value() {
        return 1;
    }
}
