/**
 * {@code dsh4j models} and {@code dsh4j ask}: the model catalog, and one streamed answer with no session written.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.model;

import org.apiguardian.api.API;
