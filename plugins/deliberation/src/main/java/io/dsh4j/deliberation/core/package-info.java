/**
 * The host-free core of the deliberation plugin (spec {@code deliberation.md}): the {@code deliberate}
 * tool's contracts, configuration, review packets, the mid-fork projection, the image gate and the
 * automatic-review decisions, as plain Java over plain data. It imports only the JDK, Jackson and the
 * harness's plain data packages ({@code io.dsh4j.message}, {@code io.dsh4j.session.event}); the
 * agent-runtime adapter binds it to tools, subagents and the loop.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.deliberation.core;

import org.apiguardian.api.API;
