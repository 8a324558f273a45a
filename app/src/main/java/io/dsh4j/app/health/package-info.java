/**
 * {@code dsh4j health} and {@code dsh4j handoff}: attention-health on stored sessions.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.health;

import org.apiguardian.api.API;
