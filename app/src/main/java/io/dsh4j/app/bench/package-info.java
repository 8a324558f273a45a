/**
 * {@code dsh4j bench}: benchmark commands of the command line.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.bench;

import org.apiguardian.api.API;
