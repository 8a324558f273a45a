/**
 * JMH benchmarks and drivers of the deliberation core: the mid-fork projection and the branch runner's wall time.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.deliberation;

import org.apiguardian.api.API;
