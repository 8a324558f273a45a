/**
 * The live attention-health plugin on the agent runtime (spec attention-health §1.3, §1.6, §1.8, §6;
 * kernel-and-agent §7.3): the {@code attentionHealth} session projection driven by the engine's one
 * reducer, the reasoning-loop guard and the tool-call loop guard on {@code agent/assistant-stream},
 * their trip records, and the {@code /attention-health/handoff} route. The engine itself is
 * {@code io.dsh4j.attention.core}; this package only binds it to kernel services.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.attention;

import org.apiguardian.api.API;
