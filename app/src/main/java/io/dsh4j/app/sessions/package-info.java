/**
 * {@code dsh4j sessions}: listing, statistics and repair of stored sessions.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.sessions;

import org.apiguardian.api.API;
