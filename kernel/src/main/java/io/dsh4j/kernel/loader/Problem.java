package io.dsh4j.kernel.loader;

/**
 * One thing wrong with a composed configuration, located as precisely as the input allows.
 *
 * @param source the file (or bundle) the offending value came from
 * @param entry the row id, or {@code null} when the problem is not about one row
 * @param field the field ({@code name}, {@code config.limit}, …), or {@code null}
 * @param message what is wrong
 */
public record Problem(String source, String entry, String field, String message) {

    /** {@code <source>: entry "<id>", field <field>: <message>}, leaving out what is unknown. */
    public String line() {
        StringBuilder b = new StringBuilder(source);
        if (entry != null) {
            b.append(": entry \"").append(entry).append('"');
        }
        if (field != null) {
            b.append(entry != null ? ", field " : ": field ").append(field);
        }
        return b.append(": ").append(message).toString();
    }
}
