/**
 * The route service interface ({@code ctx.webServer}, spec/sessions-llm-http.md §6.1): exact and prefix routes, a
 * fallback, duplicate refusal. No server lives here; {@code dsh4j serve} hosts this table behind the trust fence.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.web;

import org.apiguardian.api.API;
