/**
 * The attention-health engine, host-free: it folds a session's events into facts, judges its health,
 * plans a compaction and renders the handoff document, figure for figure as the original plugin
 * (spec {@code attention-health.md}).
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.attention.core;

import org.apiguardian.api.API;
