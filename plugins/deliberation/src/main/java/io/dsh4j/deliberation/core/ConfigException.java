package io.dsh4j.deliberation.core;

/** A configuration the plugin refuses to activate with; the message names the field (spec §2.5, §2.7). */
public final class ConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    ConfigException(String message) {
        super(message);
    }
}
