/**
 * The system prompt ({@code ctx.systemPrompt}, spec/kernel-and-agent.md §4): sections, contexts and variables
 * contributed by plugins, the assemble waterfall, strict {@code {{variable}}} rendering in a stable order, and the
 * runtime-context snapshot messages; what is assembled is recorded in {@code request/header}.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.prompt;

import org.apiguardian.api.API;
