/**
 * Branch execution without a host (spec {@code deliberation.md} §4): a cancellation signal with typed
 * reasons, per-branch deadlines, and a runner that starts every branch on its own virtual thread,
 * isolates failures, disposes every published child in {@code finally} and returns the outcomes in
 * input order once all have settled. The child runtime is injected ({@link
 * io.dsh4j.deliberation.core.run.ChildLauncher}); this package only uses threads, no files, network
 * or processes.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.deliberation.core.run;

import org.apiguardian.api.API;
