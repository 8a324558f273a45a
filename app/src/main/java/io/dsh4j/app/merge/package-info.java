/**
 * {@code dsh4j merge}: belief-merge over stored sessions, and its benchmark command.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.merge;

import org.apiguardian.api.API;
