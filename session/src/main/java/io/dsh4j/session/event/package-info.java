/**
 * The durable session events of a DSH log, one record per event type, with their exact JSON form.
 */
@API(status = API.Status.STABLE)
package io.dsh4j.session.event;

import org.apiguardian.api.API;
