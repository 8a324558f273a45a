/** Fixture for {@code ApiRulesTest}: a public package that states its stability. */
@API(status = API.Status.STABLE)
package io.dsh4j.testkit.architecture.sample.a;

import org.apiguardian.api.API;
