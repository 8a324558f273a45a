package io.dsh4j.tool.builtin;

import io.dsh4j.tool.ToolException;

/** DSH's filesystem failure identity ({@code FsError} with an {@code FS_*} code). */
final class FsErrors {

    static final String NAME = "FsError";
    static final String NOT_FOUND = "FS_NOT_FOUND";
    static final String NOT_DIRECTORY = "FS_NOT_DIRECTORY";
    static final String NOT_TEXT = "FS_NOT_TEXT";
    static final String NOT_REGULAR_FILE = "FS_NOT_REGULAR_FILE";
    static final String TOO_LARGE = "FS_TOO_LARGE";
    static final String PERMISSION_DENIED = "FS_PERMISSION_DENIED";
    static final String SANDBOX_DENIED = "FS_SANDBOX_DENIED";
    static final String IO_ERROR = "FS_IO_ERROR";
    static final String STALE_VERSION = "FS_STALE_VERSION";
    static final String NOT_OBSERVED = "FS_NOT_OBSERVED";
    static final String AMBIGUOUS_EDIT = "FS_AMBIGUOUS_EDIT";
    static final String EDIT_NOT_FOUND = "FS_EDIT_NOT_FOUND";
    static final String ABORTED = "FS_ABORTED";

    private FsErrors() {}

    static ToolException of(String code, String message) {
        return new ToolException(NAME, code, message);
    }

    static ToolException of(String code, String message, Throwable cause) {
        return new ToolException(NAME, code, message, cause);
    }
}
