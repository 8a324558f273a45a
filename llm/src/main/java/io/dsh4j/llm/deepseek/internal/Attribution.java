package io.dsh4j.llm.deepseek.internal;

/** The attribution header every provider request carries (§5.1). */
public final class Attribution {

    /** dsh4j's version as sent in {@code User-Agent}. */
    public static final String VERSION = "0.1.0";

    /** {@code dsh4j/<version> (+https://github.com/deepseek-ai/deepseek-harness)}. */
    public static final String USER_AGENT = "dsh4j/" + VERSION + " (+https://github.com/deepseek-ai/deepseek-harness)";

    private Attribution() { }
}
