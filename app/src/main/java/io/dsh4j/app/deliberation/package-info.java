/**
 * {@code dsh4j deliberation preview}: what a masked-review branch of a stored session would be given.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.deliberation;

import org.apiguardian.api.API;
