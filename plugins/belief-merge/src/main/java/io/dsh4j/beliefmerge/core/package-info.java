/**
 * The belief-merge engine, host-free: sessions' surfaces become claims, slots are aligned (by a model or
 * the heuristic extractor), adjudicated, packed under a token budget and rendered, as the original
 * plugin does (spec {@code belief-merge.md}).
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge.core;

import org.apiguardian.api.API;
