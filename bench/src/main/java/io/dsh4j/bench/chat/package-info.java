/**
 * Drivers of {@code dsh4j chat}: the time per turn of a long conversation through a JLine terminal.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.chat;

import org.apiguardian.api.API;
