/**
 * {@code dsh4j chat}: the interactive terminal on the agent runtime — a JLine line editor with history,
 * the answer streamed with reasoning folded, slash commands, approvals asked at the prompt, Ctrl-C to
 * cancel a turn and Esc to steer it; piped input runs one turn as {@code dsh4j run} does.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app.chat;

import org.apiguardian.api.API;
