/**
 * The house rules every module's tests check with ArchUnit ({@link
 * io.dsh4j.testkit.architecture.ApiRules}): internal packages reached only by their owner and never
 * shown in a public signature, and a stated stability for every public package.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.testkit.architecture;

import org.apiguardian.api.API;
