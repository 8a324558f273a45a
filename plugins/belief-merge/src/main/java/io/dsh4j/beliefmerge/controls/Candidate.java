package io.dsh4j.beliefmerge.controls;

import java.util.Objects;

/**
 * A session that could be merged, as listed to the user (spec §1.8).
 *
 * @param id        the session id
 * @param title     its title, or {@code null}
 * @param workspace its working directory, or {@code null}
 * @param live      whether it is running now
 * @param mtime     modification time in epoch ms, or {@code null} when unknown
 * @param bytes     log size in bytes, or {@code null} when unknown
 */
public record Candidate(String id, String title, String workspace, boolean live, Long mtime, Long bytes) {
    public Candidate {
        Objects.requireNonNull(id, "id");
    }

    /** A candidate known only by id, title and workspace (what a host listing gives). */
    public static Candidate of(String id, String title, String workspace) {
        return new Candidate(id, title, workspace, false, null, null);
    }
}
