package io.dsh4j.session.event;

/**
 * How a surface event changes the derived history: {@code "append"}, or
 * {@code {"op":"replace","start":s,"end":e}} which splices the current surface range from node
 * {@code s} to node {@code e} (inclusive, positional on the current surface) into this event.
 */
public sealed interface SurfaceOp {

    /** The shared {@code "append"} value. */
    Append APPEND = new Append();

    /** {@code "append"}: push this event onto the surface. */
    record Append() implements SurfaceOp {}

    /**
     * Replace the current surface nodes {@code start..end} by this event.
     *
     * @param start seq of the first replaced current surface node
     * @param end   seq of the last replaced current surface node
     */
    record Replace(long start, long end) implements SurfaceOp {
        public Replace {
            if (start < 0 || end < 0) throw new IllegalArgumentException("replace seqs must be non-negative: " + start + ".." + end);
        }
    }
}
