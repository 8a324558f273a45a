/**
 * DSH session logs: the session store layout, the reader with DSH's loader rules and the lenient one,
 * the writer, crash repair, the surface a session shows and its statistics
 * (spec {@code sessions-llm-http.md}).
 */
@API(status = API.Status.STABLE)
package io.dsh4j.session;

import org.apiguardian.api.API;
