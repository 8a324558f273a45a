package io.dsh4j.app.health;

import io.dsh4j.app.HomeOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code health} and {@code handoff} share (a picocli mixin): the DSH home (the app's
 * shared {@link HomeOption}), the output language and the clock instant.
 */
final class CommonOptions {

    @Mixin HomeOption home = new HomeOption();

    @Option(names = "--lang", paramLabel = "en|zh-CN", description = "Language of the output (default: en).")
    String lang;

    @Option(names = "--now", paramLabel = "ISO-8601",
            description = "The instant that decides peak or off-peak prices and the document time (default: the system clock).")
    String now;

    /**
     * The command context these options describe.
     *
     * @throws IllegalArgumentException naming a bad {@code --lang} or {@code --now}
     */
    CliContext context() {
        return CliContext.of(home.given(), lang, now);
    }
}
