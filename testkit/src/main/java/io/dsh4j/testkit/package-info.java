/**
 * Test support shared by every module's tests: the DSH corpus beside the checkout ({@link
 * io.dsh4j.testkit.Corpus}), session-log builders, a fake clock. It sits below the session library —
 * it builds DSH's JSONL text and files, never session objects — so that the session module's own
 * tests can use it. Not shipped.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.testkit;

import org.apiguardian.api.API;
