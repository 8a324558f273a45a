package io.dsh4j.tool;

import java.util.Objects;

/**
 * The structured identity of a failed call, {@code {name, code}}: persisted as the durable
 * {@code tool/result}'s {@code error}. The literal codes are in {@link ToolCodes}.
 */
public record ToolErrorInfo(String name, String code) {
    public ToolErrorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(code, "code");
    }
}
