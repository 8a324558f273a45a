/**
 * DSH session logs as merge sources: a log streamed through the session library, its surface folded
 * as it is read and mapped to the engine's messages. The one path the command line, the HTTP routes
 * and the live plugin share.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge.sessions;

import org.apiguardian.api.API;
