/**
 * Session query (spec/sessions-llm-http.md §3.1): {@code listSessions}, {@code readSession}, {@code readSurface}
 * and {@code listEvents} over the live sessions and the home on disk, with the spec's error codes; the one read
 * path the command line, HTTP routes and plugins share for other sessions.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.sessionquery;

import org.apiguardian.api.API;
