package io.dsh4j.app.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options {@code dsh4j run} and {@code dsh4j chat} share (a picocli mixin): where the agent works
 * and keeps its sessions, which model it talks to, what it may do unasked, which bundled plugins it
 * mounts, and which session it continues. The mixin has no resource bundle of its own, so each
 * option's description comes from the bundle of the command it is mixed into (the same keys in
 * both), and each command's help lists them as before, sorted with its own options.
 */
public final class LaunchOptions {

    @Option(names = "--cwd", paramLabel = "DIR")
    public Path cwd;

    @Option(names = "--home", paramLabel = "DIR")
    public String home;

    @Option(names = "--base-url", paramLabel = "URL")
    public String baseUrl;

    @Option(names = "--provider", paramLabel = "ID")
    public String provider;

    @Option(names = "--model", paramLabel = "M")
    public String model;

    @Option(names = "--effort", paramLabel = "E")
    public String effort;

    @Option(names = "--resume", paramLabel = "ID")
    public String resume;

    @Option(names = "--yes")
    public boolean yes;

    @Option(names = "--no-plugin", paramLabel = "NAME")
    public List<String> noPlugins = new ArrayList<>();

    @Option(names = "--deliberation")
    public boolean deliberation;

    @Option(names = "--auto-review")
    public boolean autoReview;
}
