package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Objects;

/**
 * The extracted claims of one source, as {@link BeliefMerge#mergeBranches} consumes them (spec §2.3).
 *
 * @param id     the source id
 * @param trust  the trust stamped on claims that carry none; {@code null} reads as UNTRUSTED
 * @param claims the claims in extraction order
 */
public record Branch(String id, Trust trust, List<Claim> claims) {
    public Branch {
        Objects.requireNonNull(id, "id");
        claims = List.copyOf(claims);
    }
}
