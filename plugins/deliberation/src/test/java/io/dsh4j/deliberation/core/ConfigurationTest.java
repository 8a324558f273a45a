package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §2 (configuration), §13 items 51–52 and §9.2 test 27, 31. */
class ConfigurationTest {

    /** The original tests' BASE_CONFIG (spec §9.1). */
    static ObjectNode base() {
        return Json.obj("{'freshProvider':'fresh','forkProvider':'fork','midForkProvider':'mid-fork-step','maxRecentSteps':4,"
                + "'maxBranches':4,'maxDepth':1,'branchTimeoutMs':10000,"
                + "'routes':[{'name':'same','description':'inherit the Primary route'},"
                + "{'name':'strong','description':'a stronger model','provider':'strong-provider','model':'strong-model','maxTokens':2048}],"
                + "'capabilityProfiles':[{'name':'reason-only','description':'Use no inherited model-facing tools.','allow':[]},"
                + "{'name':'evidence-only','description':'read fixtures only','allow':['fixture_read'],'deny':['fixture_write']}]}");
    }

    static Arguments bad(String name, Consumer<ObjectNode> edit, String fragment) {
        return Arguments.of(name, edit, fragment);
    }

    static Stream<Arguments> invalidConfigurations() {
        return Stream.of(
                bad("blank fresh provider", c -> c.put("freshProvider", " "), "freshProvider must be non-empty"),
                bad("blank fork provider", c -> c.put("forkProvider", ""), "forkProvider must be non-empty"),
                bad("blank mid-fork prefix", c -> c.put("midForkProvider", "\u00a0"), "midForkProvider must be non-empty"),
                bad("blank tool name", c -> c.put("toolName", "\ufeff"), "toolName must be non-empty"),
                bad("fresh equals fork", c -> c.put("freshProvider", "same-provider").put("forkProvider", "same-provider"), "must be distinct"),
                bad("fork inside the family", c -> c.put("forkProvider", "same-provider-1").put("midForkProvider", "same-provider"),
                        "must be distinct"),
                bad("maxRecentSteps 0", c -> c.put("maxRecentSteps", 0), "maxRecentSteps must be a positive safe integer no greater than 32"),
                bad("maxRecentSteps 33", c -> c.put("maxRecentSteps", 33), "maxRecentSteps must be a positive safe integer no greater than 32"),
                bad("maxBranches 0", c -> c.put("maxBranches", 0), "maxBranches must be a positive safe integer"),
                bad("maxBranches 2^53", c -> c.put("maxBranches", 9_007_199_254_740_992L), "maxBranches must be a positive safe integer"),
                bad("maxDepth 0", c -> c.put("maxDepth", 0), "maxDepth must be a positive safe integer"),
                bad("maxDepth 1.5", c -> c.put("maxDepth", 1.5), "maxDepth must be a positive safe integer"),
                bad("branchTimeoutMs 0", c -> c.put("branchTimeoutMs", 0),
                        "branchTimeoutMs must be a positive safe integer no greater than 2147483647"),
                bad("branchTimeoutMs 2^31", c -> c.put("branchTimeoutMs", 2_147_483_648L),
                        "branchTimeoutMs must be a positive safe integer no greater than 2147483647"),
                bad("routes null", c -> c.putNull("routes"), "routes must contain at least one model route"),
                bad("routes empty", c -> c.putArray("routes"), "routes must contain at least one model route"),
                bad("blank route name", c -> route(c).put("name", " "), "route.name must be non-empty"),
                bad("blank route description", c -> route(c).put("description", ""), "route \"same\" description must be non-empty"),
                bad("route name not kebab", c -> route(c).put("name", "Same_Route"), "route name \"Same_Route\" must be lower-kebab-case"),
                bad("duplicate route", c -> ((ObjectNode) c.withArray("routes").get(1)).put("name", "same"), "duplicate route name \"same\""),
                bad("blank route provider", c -> route(c).put("provider", " "), "route \"same\" provider must be non-empty"),
                bad("blank route model", c -> route(c).put("model", ""), "route \"same\" model must be non-empty"),
                bad("route maxTokens 0", c -> route(c).put("maxTokens", 0), "route \"same\" maxTokens must be a positive safe integer"),
                bad("route maxTokens 2^53", c -> route(c).put("maxTokens", 9_007_199_254_740_992L),
                        "route \"same\" maxTokens must be a positive safe integer"),
                bad("profiles null", c -> c.putNull("capabilityProfiles"), "capabilityProfiles must contain at least one capability profile"),
                bad("profiles empty", c -> c.putArray("capabilityProfiles"), "capabilityProfiles must contain at least one capability profile"),
                bad("blank profile name", c -> profile(c).put("name", ""), "capabilityProfiles.name must be non-empty"),
                bad("blank profile description", c -> profile(c).put("description", " "),
                        "capability profile \"reason-only\" description must be non-empty"),
                bad("profile name not kebab", c -> profile(c).put("name", "ReasonOnly"),
                        "capability profile name \"ReasonOnly\" must be lower-kebab-case"),
                bad("duplicate profile", c -> ((ObjectNode) c.withArray("capabilityProfiles").get(1)).put("name", "reason-only"),
                        "duplicate capability profile name \"reason-only\""),
                bad("no allow and no deny", c -> profile(c).remove("allow"), "capability profile \"reason-only\" must configure allow and/or deny"),
                bad("blank allow entry", c -> profile(c).putArray("allow").add(" "), "capability profile \"reason-only\" allow must be non-empty"),
                bad("duplicate deny entry", c -> profile(c).putArray("deny").add("bash").add("bash"),
                        "capability profile \"reason-only\" deny contains duplicate tool \"bash\""),
                bad("allow and deny the same tool", c -> {
                    profile(c).putArray("allow").add("read");
                    profile(c).putArray("deny").add("read");
                }, "capability profile \"reason-only\" both allows and denies tool \"read\""),
                bad("allow the tool itself", c -> profile(c).putArray("allow").add("deliberate"),
                        "capability profile \"reason-only\" cannot allow recursive tool \"deliberate\""),
                bad("auto review without provider", c -> c.putObject("autoReview").put("enabled", true).put("route", "same")
                        .put("capability", "reason-only"), "autoReview.provider is required when enabled"),
                bad("auto review without route", c -> c.putObject("autoReview").put("enabled", true).put("provider", "p")
                        .put("capability", "reason-only"), "autoReview.route is required when enabled"),
                bad("auto review without capability", c -> c.putObject("autoReview").put("enabled", true).put("provider", "p")
                        .put("route", "same"), "autoReview.capability is required when enabled"),
                bad("auto review unknown route", c -> c.putObject("autoReview").put("enabled", true).put("provider", "p")
                        .put("route", "fast").put("capability", "reason-only"), "autoReview route \"fast\" is not configured"),
                bad("auto review unknown capability", c -> c.putObject("autoReview").put("enabled", true).put("provider", "p")
                        .put("route", "same").put("capability", "write-all"), "autoReview capability \"write-all\" is not configured"),
                bad("invalid publish while disabled", c -> c.putObject("autoReview").put("enabled", false).put("publish", "sometimes"),
                        "autoReview.publish must be updates-only, all, or observe-only"),
                bad("invalid scope", c -> c.putObject("autoReview").put("scope", "every-turn"),
                        "autoReview.scope must be all-primary-turns or tool-bearing-turns"),
                bad("auto timeout 0 reported before the missing provider", c -> c.putObject("autoReview").put("enabled", true).put("timeoutMs", 0),
                        "autoReview.timeoutMs must be a positive safe integer no greater than 2147483647"),
                bad("auto timeout 2^31", c -> c.putObject("autoReview").put("enabled", true).put("timeoutMs", 2_147_483_648L),
                        "autoReview.timeoutMs must be a positive safe integer no greater than 2147483647"));
    }

    static ObjectNode route(ObjectNode c) {
        return (ObjectNode) c.withArray("routes").get(0);
    }

    static ObjectNode profile(ObjectNode c) {
        return (ObjectNode) c.withArray("capabilityProfiles").get(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidConfigurations")
    void every_invalid_configuration_fails_loud_with_its_documented_message(String name, Consumer<ObjectNode> edit, String fragment) {
        ObjectNode c = base();
        edit.accept(c);
        assertThatThrownBy(() -> DeliberationConfig.resolve(c)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("tool-deliberation: ").hasMessageContaining(fragment);
    }

    @Test
    void the_first_failure_in_the_documented_order_wins() {
        ObjectNode c = base().put("maxBranches", 0).put("maxDepth", 0).put("maxRecentSteps", 40);
        assertThatThrownBy(() -> DeliberationConfig.resolve(c)).hasMessageContaining("maxRecentSteps");
        c.put("maxRecentSteps", 2);
        assertThatThrownBy(() -> DeliberationConfig.resolve(c)).hasMessageContaining("maxBranches");
        c.put("maxBranches", 2);
        assertThatThrownBy(() -> DeliberationConfig.resolve(c)).hasMessageContaining("maxDepth");
        ObjectNode d = base();
        route(d).put("name", "BAD").put("description", "");
        assertThatThrownBy(() -> DeliberationConfig.resolve(d)).hasMessageContaining("description must be non-empty");
    }

    @Test
    void direct_application_with_omitted_optional_keys_behaves_like_the_schema_defaults() {
        ObjectNode minimal = Json.obj("{'maxBranches':2,'maxDepth':1,'routes':[{'name':'same','description':'d'}],"
                + "'capabilityProfiles':[{'name':'reason-only','description':'d','allow':[]}]}");
        DeliberationConfig c = DeliberationConfig.resolve(minimal);
        assertThat(c.toolName()).isEqualTo("deliberate");
        assertThat(c.requiredProviders()).containsExactly("spawn", "fork", "mid-fork-step-1", "mid-fork-step-2", "mid-fork-step-3",
                "mid-fork-step-4", "mid-fork-step-5", "mid-fork-step-6", "mid-fork-step-7", "mid-fork-step-8");
        assertThat(c.branchTimeoutMs()).isEqualTo(600_000);
        assertThat(c.autoReview()).isEqualTo(AutoReviewConfig.disabled());
        assertThat(c.debug()).isFalse();
    }

    @Test
    void the_shipped_bundle_resolves_with_its_documented_values() {
        DeliberationConfig c = DeliberationConfig.bundle();
        assertThat(c.maxBranches()).isEqualTo(3);
        assertThat(c.maxDepth()).isEqualTo(1);
        assertThat(c.routes()).containsOnlyKeys("same");
        assertThat(c.profiles().keySet()).containsExactly("reason-only", "read-only");
        assertThat(c.profiles().get("read-only").allow()).containsExactly("read", "grep", "glob");
        assertThat(c.autoReview().enabled()).isFalse();
        assertThat(c.autoReview().scope()).isEqualTo(AutoReviewConfig.Scope.TOOL_BEARING_TURNS);
        assertThat(c.autoReview().publish()).isEqualTo(AutoReviewConfig.Publish.UPDATES_ONLY);
    }

    @Test
    void an_enabled_auto_review_keeps_its_provider_route_and_capability() {
        ObjectNode c = base();
        c.putObject("autoReview").put("enabled", true).put("provider", "mid-fork-current-turn").put("route", "same")
                .put("capability", "reason-only").put("scope", "all-primary-turns").put("publish", "all");
        AutoReviewConfig a = DeliberationConfig.resolve(c).autoReview();
        assertThat(a).isEqualTo(new AutoReviewConfig(true, AutoReviewConfig.Scope.ALL_PRIMARY_TURNS, AutoReviewConfig.Publish.ALL,
                300_000, "mid-fork-current-turn", "same", "reason-only"));
    }

    @Nested
    class RoutesAndProfiles {

        @Test
        void a_route_without_overrides_passes_no_agent_options_and_one_with_overrides_passes_exactly_them() {
            DeliberationConfig c = DeliberationConfig.resolve(base());
            assertThat(c.routes().get("same").agentOptions()).isEmpty();
            assertThat(c.routes().get("strong").agentOptions().map(io.dsh4j.message.json.JsJson::stringify))
                    .contains("{\"provider\":\"strong-provider\",\"model\":\"strong-model\",\"maxTokens\":2048}");
        }

        @Test
        void a_profile_filter_keeps_allow_as_configured_and_always_denies_the_tool_itself() {
            DeliberationConfig c = DeliberationConfig.resolve(base());
            assertThat(c.profiles().get("reason-only").toolFilter("deliberate").toJson()).isEqualTo(Json.obj("{'allow':[],'deny':['deliberate']}"));
            assertThat(c.profiles().get("evidence-only").toolFilter("deliberate").toJson())
                    .isEqualTo(Json.obj("{'allow':['fixture_read'],'deny':['fixture_write','deliberate']}"));
            CapabilityProfile denies = new CapabilityProfile("x", "d", null, List.of("deliberate", "bash"));
            assertThat(denies.toolFilter("deliberate")).isEqualTo(new ToolFilter(null, List.of("deliberate", "bash")));
        }

        @Test
        void denying_the_tool_name_explicitly_is_allowed() {
            ObjectNode c = base();
            profile(c).putArray("deny").add("deliberate");
            assertThat(DeliberationConfig.resolve(c).profiles().get("reason-only").deny()).containsExactly("deliberate");
        }

        @Test
        void routes_and_profiles_keep_configuration_order() {
            DeliberationConfig c = DeliberationConfig.resolve(base());
            assertThat(c.routes().keySet()).containsExactly("same", "strong");
            assertThat(c.profiles().keySet()).containsExactly("reason-only", "evidence-only");
        }
    }

    @Test
    void masked_review_uses_the_family_member_of_the_projected_window() {
        DeliberationConfig c = DeliberationConfig.resolve(base());
        assertThat(c.providerFor(Role.MASKED_REVIEW, HistoryWindow.of(4, 2, 4))).isEqualTo("mid-fork-step-2");
        assertThat(c.providerFor(Role.INDEPENDENT_ALTERNATIVE, null)).isEqualTo("fresh");
        assertThat(c.providerFor(Role.TRAJECTORY_AUDIT, null)).isEqualTo("fork");
    }

    @Test
    void hostile_configuration_shapes_are_refused_with_a_message_not_a_crash() {
        assertThatThrownBy(() -> DeliberationConfig.resolve(Json.of("[1,2]"))).isInstanceOf(ConfigException.class);
        ObjectNode c = base();
        c.withArray("routes").set(0, Json.of("'not a route'"));
        assertThatThrownBy(() -> DeliberationConfig.resolve(c)).hasMessageContaining("route.name must be non-empty");
        ObjectNode d = base();
        profile(d).put("allow", "read");
        assertThatThrownBy(() -> DeliberationConfig.resolve(d)).hasMessageContaining("allow must be non-empty");
    }
}
