package io.dsh4j.agent;

import io.dsh4j.session.event.SessionEvent;

/**
 * The payload of the {@code session/event} notification: one event, just committed to a live session
 * (spec kernel-and-agent §5.2). Delivered synchronously on the appending thread, in seq order.
 */
public record SessionNotice(LiveSession session, SessionEvent event) {}
