/**
 * {@code dsh4j serve}: the local web console — the Javalin server behind DSH's trust fence, the route table,
 * static assets from the jar, the console's JSON API and page, the live event stream (server-sent events) and,
 * when a model is configured, prompting agents of the runtime.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.serve;

import org.apiguardian.api.API;
