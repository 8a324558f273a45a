package io.dsh4j.kernel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the kernel reports what it contains instead of throwing: a failed plugin load, a throwing
 * disposer, a failed listener of a contained emission. The default writes through SLF4J under
 * {@code dsh4j.<fiber name>}; tests install a recording sink ({@link Kernel#create(LogSink)}).
 *
 * <p>Called from any thread; must not throw and must not block.
 */
@FunctionalInterface
public interface LogSink {

    /** Severity of a report. */
    enum Level { ERROR, WARN, INFO, DEBUG }

    /**
     * @param level severity
     * @param source the name of the fiber concerned ({@code root} for the root)
     * @param message what happened
     * @param error the failure, or {@code null}
     */
    void log(Level level, String source, String message, Throwable error);

    /** The SLF4J sink. */
    static LogSink slf4j() {
        return (level, source, message, error) -> {
            Logger logger = LoggerFactory.getLogger("dsh4j." + source);
            switch (level) {
                case ERROR -> logger.error(message, error);
                case WARN -> logger.warn(message, error);
                case INFO -> logger.info(message, error);
                case DEBUG -> logger.debug(message, error);
            }
        };
    }
}
