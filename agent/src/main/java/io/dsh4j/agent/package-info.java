/**
 * Agents: the live sessions service, the agent registry, the {@code Agent} handle with its inbox,
 * and the loop of {@code spec/kernel-and-agent.md} §5, each mounted as a kernel plugin.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.agent;

import org.apiguardian.api.API;
