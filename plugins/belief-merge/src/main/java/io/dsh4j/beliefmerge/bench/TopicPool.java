package io.dsh4j.beliefmerge.bench;

import java.util.List;
import java.util.Objects;

/**
 * The benchmark's fixed material: sixteen topics with a true and a challenger value, and twelve filler
 * sentences. Both are this port's own text; each sentence has the length of the original's counterpart
 * (topic statements per template, filler lines 65, 77, 71, 74, 74, 69, 77, 73, 72, 71, 72 and 78
 * characters; only the tenth holds the negation {@code not}; none mentions a topic value), so token
 * costs stay comparable with the published tables.
 */
public final class TopicPool {

    /**
     * One topic.
     *
     * @param key      the slot key ({@code database.engine})
     * @param values   the true value first, then the challenger
     * @param template one sentence with {@code V} standing for the value
     */
    public record Topic(String key, List<String> values, String template) {
        public Topic {
            Objects.requireNonNull(key, "key");
            values = List.copyOf(values);
        }

        /** The topic's statement of a value. */
        public String say(String value) {
            return template.replace("V", value);
        }
    }

    /** The sixteen topics, in pool order. */
    public static final List<Topic> TOPICS = List.of(
            new Topic("database.engine", List.of("postgresql", "mysql"), "Our database engine is V."),
            new Topic("cache.ttl_seconds", List.of("sixty", "three_hundred"), "Our cache TTL is V seconds."),
            new Topic("pool.max_connections", List.of("twenty", "fifty"), "Our connection pool cap is V."),
            new Topic("retry.max_attempts", List.of("three", "five"), "Retries are pinned at V."),
            new Topic("auth.provider", List.of("oauth", "saml"), "Our auth layer uses V."),
            new Topic("deploy.target", List.of("kubernetes", "lambda"), "We deploy on V."),
            new Topic("queue.broker", List.of("kafka", "rabbitmq"), "Our queue broker is V."),
            new Topic("storage.format", List.of("jsonl", "parquet"), "Rows are persisted as V."),
            new Topic("cache.backend", List.of("redis", "memcached"), "Our cache backend is V."),
            new Topic("logging.sink", List.of("stdout", "file"), "Logging is V."),
            new Topic("search.index", List.of("elasticsearch", "sqlite_fts"), "Search is served by V."),
            new Topic("region.primary", List.of("us_east", "eu_west"), "Our primary region is V."),
            new Topic("metrics.exporter", List.of("prometheus", "statsd"), "Metrics reach V."),
            new Topic("ci.runner", List.of("github_actions", "jenkins"), "CI sits on V."),
            new Topic("secrets.store", List.of("vault", "aws_secrets_manager"), "Secrets stay in V."),
            new Topic("cdn.provider", List.of("cloudflare", "fastly"), "Our CDN is V."));

    /** Twelve filler lines: conversational noise that asserts no topic value. */
    public static final List<String> FILLER = List.of(
            "Alright, I will go through my notes and report back with a recap.",
            "That seems sensible, although I would like to verify the few specifics first.",
            "Next I am going to review the settings and flag whatever looks strange.",
            "Thanks a lot, that makes the overall direction a good deal clearer for us.",
            "Tell me whether you would like a closer look at any piece of this project.",
            "Good, let us continue with the next point on the agenda from earlier.",
            "I suspect there are a few trade-offs we ought to record before we go further.",
            "That agrees with what I remember from our previous conversation about it.",
            "Before anything changes I want to watch how it copes with heavier loads.",
            "Fair point, I had not thought about that when we first went through it.",
            "Let me recap where things stand at this point so that nothing gets lost.",
            "I would rather keep the existing arrangement until there is a concrete reason.");

    private TopicPool() {}
}
