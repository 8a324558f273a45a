/**
 * {@code dsh4j profile dump}: the composed configuration of a profile, as DSH's {@code --dump-config}.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.profile;

import org.apiguardian.api.API;
