package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.JsText;
import java.util.regex.Pattern;

/**
 * How a guard trip looks in a session log (spec §2.6 #7): a {@code turn/end} aborted by a hook
 * whose reason contains {@code attention-health}; the stored reason drops the
 * {@code attention-health：} (or {@code :}) prefix. Stateless and thread-safe.
 */
public final class GuardReason {

    /** The mark that identifies this plugin's cancellations. */
    public static final String MARK = "attention-health";
    /** The cancel-reason prefix the live guard writes ({@code attention-health：思考空转 —— }). */
    public static final String CANCEL_PREFIX = "attention-health：";

    private static final Pattern PREFIX = Pattern.compile("^" + JsText.WS + "*attention-health[：:]" + JsText.WS + "*");

    private GuardReason() {}

    /** The reason without the plugin prefix. */
    public static String strip(String reason) {
        return PREFIX.matcher(reason == null ? "" : reason).replaceFirst("");
    }
}
