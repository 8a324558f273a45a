package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Spec §8 (branch prompts) and §6.7 (the automatic prompt); §9.2 tests 3, 4 and 6 (prompt fragments). */
class BranchPromptTest {

    static final DeliberationConfig CONFIG = DeliberateToolTest.CONFIG;
    static final DeliberationRequest REQUEST = DeliberateToolTest.TOOL.validate(DeliberateToolTest.call(), true);
    static final BranchPrompt PROMPT = BranchPrompt.english();

    static String prompt(int index, HistoryWindow window) {
        DeliberationRequest.BranchRequest b = REQUEST.branches().get(index);
        return PROMPT.render(REQUEST, b, CONFIG.profiles().get(b.capability()), window);
    }

    @Test
    void the_fresh_prompt_hides_the_incumbent_and_the_label_and_says_what_the_child_receives() {
        String p = prompt(0, null);
        assertThat(p).contains("Primary incumbent is deliberately omitted", "Supplied observations", "- first run took 9s",
                "You receive only this Primary-authored projection", "reason-only: Use no inherited model-facing tools.", "Do not manufacture novelty",
                "Return only the JSON required by the output schema", "private filesystem workspace");
        assertThat(p).doesNotContain("Primary incumbent: the cache is cold", "Branch label:", "observable completed trajectory and incumbent")
                .doesNotContainPattern("\\balt\\b");
    }

    @Test
    void the_audit_prompt_shows_the_incumbent_and_asks_for_neutral_falsification() {
        String p = prompt(1, null);
        assertThat(p).contains("Primary incumbent:\nPrimary incumbent: the cache is cold", "do not assume an error exists",
                "performed observations as observations", "You inherit completed Primary turns", "private filesystem workspace",
                "evidence-only: read fixtures only").doesNotContain("Branch label:", "strong-provider");
    }

    @Test
    void the_masked_review_prompt_states_the_projected_and_requested_windows() {
        String p = prompt(2, new HistoryWindow(4, 2));
        assertThat(p).contains("Primary incumbent is deliberately omitted", "balanced Primary prefix", "do not reconstruct omitted actor content",
                "Image evidence #N", "use unknown rather than inventing unreadable details",
                "2 complete prior Primary Steps selected from the requested 4", "Return only the JSON required by the output schema")
                .doesNotContain("the cache is cold");
    }

    @Test
    void empty_projection_lists_render_as_none_supplied() {
        DeliberationRequest empty = new DeliberationRequest("g", "i", java.util.List.of(), java.util.List.of(), java.util.List.of(),
                REQUEST.branches());
        String p = PROMPT.render(empty, REQUEST.branches().get(0), CONFIG.profiles().get("reason-only"), null);
        assertThat(p).contains("Supplied observations:\n- none supplied", "User and system constraints:\n- none supplied",
                "Unresolved unknowns:\n- none supplied");
    }

    @Test
    void the_automatic_prompt_names_the_turn_and_holds_the_required_fragments() {
        String p = PROMPT.automatic(5);
        assertThat(p).contains("Primary turn 5", "Image evidence #N", "use unknown rather than inventing unreadable details",
                "A restatement of a tool result, a successful command, a visible Primary conclusion",
                "{\"role\":\"masked-review\",\"status\":\"no_update\"}", "a concrete next check that could change continuation");
    }

    @Test
    void child_prompts_stay_english_in_chinese_deployments() {
        String p = new BranchPrompt(Texts.of(Locale.SIMPLIFIED_CHINESE)).render(REQUEST, REQUEST.branches().get(0),
                CONFIG.profiles().get("reason-only"), null);
        assertThat(p).contains("Return only the JSON required by the output schema");
    }
}
