package io.dsh4j.testkit.architecture.sample.a;

import io.dsh4j.testkit.architecture.sample.a.internal.Hidden;

/** Fixture for {@code ApiRulesTest}: the owner of {@code sample.a.internal} uses it inside, as allowed. */
public final class Owner {
    public int use() {
        return Hidden.value();
    }

    /** Exposes the machinery in its public signature, which the public-API rule forbids. */
    public Hidden leak() {
        return new Hidden();
    }
}
