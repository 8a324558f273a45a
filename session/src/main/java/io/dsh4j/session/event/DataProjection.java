package io.dsh4j.session.event;

import java.util.Map;
import java.util.Set;

/**
 * Which part of an event's {@code data} a streaming scan builds as a tree (issue 16's "streaming
 * token scan"). A reader that needs only a handful of fields per event (stats, verification) names
 * them here; {@link StorageCodec#decode(byte[], int, int, long, io.dsh4j.message.json.JsonLimits,
 * DataProjection)} then leaves the rest unbuilt: skipped on the token stream (still checked as JSON:
 * syntax, UTF-8, nesting and number caps), never turned into nodes or strings.
 *
 * <p>For a type the projection does not read fully, an object's data becomes an object holding
 * only the kept top-level keys (each value whole), an array's an empty array; scalars are kept.
 * Such events are for the scan's own fold only: their {@code data} is not the log's data, so they
 * must never be handed to other code, written, or compared.
 *
 * <p>Immutable, thread-safe.
 */
public final class DataProjection {

    /** Every event's data whole: what {@link StorageCodec#decode(byte[], int, int, long, io.dsh4j.message.json.JsonLimits)} does. */
    public static final DataProjection FULL = new DataProjection(null, Map.of(), Map.of());

    /**
     * What loading leaves unbuilt of a type it reads whole: the content of a {@code user/message}
     * (loading checks that it is an array, and no fold of this module reads it).
     */
    private static final Map<String, Set<String>> LOADING_HOLLOW = Map.of(EventTypes.USER_MESSAGE, Set.of("content"));

    private final Set<String> fullTypes;
    private final Map<String, Set<String>> keptKeys;
    private final Map<String, Set<String>> hollowKeys;

    private DataProjection(Set<String> fullTypes, Map<String, Set<String>> keptKeys, Map<String, Set<String>> hollowKeys) {
        this.fullTypes = fullTypes;
        this.keptKeys = keptKeys;
        this.hollowKeys = hollowKeys;
    }

    /**
     * A projection that builds the data of {@code fullTypes} whole and of the types in
     * {@code keptKeys} only the named top-level keys; every other type's data is skipped.
     */
    public static DataProjection of(Set<String> fullTypes, Map<String, Set<String>> keptKeys) {
        return of(fullTypes, keptKeys, Map.of());
    }

    /**
     * As {@link #of(Set, Map)}, with the object data of types in {@code hollowKeys} built whole except
     * that an array under one of the named top-level keys is left empty (still checked as JSON).
     */
    public static DataProjection of(Set<String> fullTypes, Map<String, Set<String>> keptKeys, Map<String, Set<String>> hollowKeys) {
        return new DataProjection(Set.copyOf(fullTypes), Map.copyOf(keptKeys), Map.copyOf(hollowKeys));
    }

    /**
     * What loading reads of event data ({@link SessionLogDecoder}: the legacy upgrades and DSH's
     * load-time checks): message events and {@code turn/start}, {@code turn/end} and
     * {@code steering/message} whole (a {@code user/message} without its content array's elements),
     * a {@code request/header}'s {@code reason}; nothing else.
     * A scan under this projection reaches the same outcome as a full read.
     */
    public static DataProjection forLoading() {
        return forLoading(Set.of());
    }

    /**
     * {@link #forLoading()}, with the data of {@code alsoFull} types built whole too (what the caller's
     * fold reads; a {@code user/message} there is built whole, content included).
     */
    public static DataProjection forLoading(Set<String> alsoFull) {
        java.util.Set<String> full = new java.util.HashSet<>(EventTypes.SURFACE);
        full.add(EventTypes.TURN_START);
        full.add(EventTypes.TURN_END);
        full.add(EventTypes.LEGACY_STEERING_MESSAGE);
        full.addAll(alsoFull);
        return of(full, Map.of(EventTypes.REQUEST_HEADER, Set.of("reason")),
                alsoFull.contains(EventTypes.USER_MESSAGE) ? Map.of() : LOADING_HOLLOW);
    }

    /** Whether events of {@code type} keep their whole data. */
    public boolean full(String type) {
        return fullTypes == null || fullTypes.contains(type);
    }

    /** The top-level keys kept of a projected type's object data (empty: none). */
    Set<String> kept(String type) {
        return keptKeys.getOrDefault(type, Set.of());
    }

    /** The top-level keys of a fully read type whose array values are left empty (empty: none). */
    Set<String> hollow(String type) {
        return hollowKeys.getOrDefault(type, Set.of());
    }

    /** Whether this is {@link #FULL}. */
    public boolean isFull() {
        return fullTypes == null;
    }
}
