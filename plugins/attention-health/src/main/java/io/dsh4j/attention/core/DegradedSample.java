package io.dsh4j.attention.core;

/**
 * An incident excerpt the live bar can show (spec §3.2.4).
 *
 * @param turn    the turn, 0 when unknown
 * @param kind    {@code reasoning}, {@code reply} or {@code guard}
 * @param excerpt one line, at most 200 characters
 */
public record DegradedSample(int turn, String kind, String excerpt) {}
