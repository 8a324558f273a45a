/**
 * The plugin kernel: Cordis's contexts, fibers, services, effects, events and scopes in a Java shape
 * (spec {@code kernel-and-agent.md} §1). Plugin code talks to {@link io.dsh4j.kernel.Context}:
 * services by typed {@link io.dsh4j.kernel.ServiceKey}, events through
 * {@link io.dsh4j.kernel.Context#events()}, reversible registrations as {@link io.dsh4j.kernel.Effect}s;
 * every dsh4j runtime service is a plugin mounted on a {@link io.dsh4j.kernel.Kernel}.
 */
@API(status = API.Status.STABLE)
package io.dsh4j.kernel;

import org.apiguardian.api.API;
