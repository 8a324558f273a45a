/**
 * {@code dsh4j run}: one headless agent turn (or a resumed session) on the default profile, streamed to the
 * terminal, its session log written under the home; Ctrl-C handling and the crash drill used by the tests.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.run;

import org.apiguardian.api.API;
