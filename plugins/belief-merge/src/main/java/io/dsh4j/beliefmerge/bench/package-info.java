/**
 * Belief-merge's benchmark (spec §11): generated scenarios, the merge arms and their scoring.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge.bench;

import org.apiguardian.api.API;
