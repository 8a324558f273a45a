/**
 * The hostile-shape set of issue 17 and the driver that measures peak memory and CPU per command on it.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.hostile;

import org.apiguardian.api.API;
