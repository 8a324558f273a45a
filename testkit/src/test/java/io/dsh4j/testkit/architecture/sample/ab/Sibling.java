package io.dsh4j.testkit.architecture.sample.ab;

import io.dsh4j.testkit.architecture.sample.a.internal.Hidden;

/**
 * Fixture for {@code ApiRulesTest}: a package whose name merely starts like the owner's reaches its
 * machinery, and states no stability (no package-info).
 */
public final class Sibling {
    public int use() {
        return Hidden.value();
    }
}
