package io.dsh4j.beliefmerge.controls;

/**
 * The {@code merge_sessions} model tool's definition (spec §1.6) as plain data, for the plugin to
 * register: its name, description and JSON schemas. Executing it is {@link MergeControls#run}.
 */
public final class MergeSessionsTool {

    /** The tool name. */
    public static final String NAME = "merge_sessions";

    /** What the model reads about the tool. */
    public static final String DESCRIPTION = "Controls which OTHER conversations are merged into this one. Call it with action "
            + "\"list\" first to see candidate sessions and their ids, then \"set\" with the ids the user picked. Use it whenever "
            + "the user asks to combine, merge or continue from another conversation. Merging costs tokens on every turn, so "
            + "confirm with the user before turning it on.";

    /** Parameters: {@code action} (required enum), {@code sessions} (string array), {@code query} (string). */
    public static final String PARAMETERS_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["action"],"properties":{
              "action":{"type":"string","enum":["list","status","set","add","remove","clear"],
                "description":"list candidates with ids; show the current state; replace the set; add to it; remove from it; drop the runtime layer (back to the deployment default)"},
              "sessions":{"type":"array","items":{"type":"string"},
                "description":"for set/add/remove: full ids, unique id prefixes, or 1-based # numbers from the last list"},
              "query":{"type":"string",
                "description":"for list only: filter by title, id or working directory; the list shows at most 20, so pass a query when the user described a conversation instead of naming it"}}}""";

    /** Output: {@code ok}, {@code message}, {@code sources}; nothing else. */
    public static final String OUTPUT_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["ok","message","sources"],"properties":{
              "ok":{"type":"boolean"},"message":{"type":"string"},"sources":{"type":"array","items":{"type":"string"}}}}""";

    private MergeSessionsTool() {}
}
