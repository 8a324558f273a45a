package io.dsh4j.deliberation.core;

import java.util.List;
import java.util.Objects;

/**
 * The child's only plugin-authored input (spec §8 {@code branchPrompt}, §6.7): sections separated by
 * blank lines — opening, decision question, incumbent (audit only) or its omission, the three
 * projection lists, focus, history boundary, capability boundary, role instruction, closing rules.
 * Never the branch label, route details, run ids or siblings. For a masked review the mid-fork
 * provider puts the snapshot before it in the same user message. Stateless.
 */
public final class BranchPrompt {

    private final Texts texts;

    public BranchPrompt(Texts texts) {
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /** Prompts in English (child prompts are English in every locale: their fragments are the contract). */
    public static BranchPrompt english() {
        return new BranchPrompt(Texts.english());
    }

    /**
     * The prompt of one branch.
     *
     * @param window the masked-review window, {@code null} for the other roles
     */
    public String render(DeliberationRequest request, DeliberationRequest.BranchRequest branch, CapabilityProfile profile, HistoryWindow window) {
        Role role = branch.role();
        StringBuilder out = new StringBuilder();
        out.append(texts.format("prompt.opening", role.label()));
        section(out, texts.format("prompt.question"), request.goal());
        if (role.includesIncumbent()) section(out, texts.format("prompt.incumbent"), request.incumbent());
        else out.append("\n\n").append(texts.format("prompt.incumbentOmitted"));
        list(out, texts.format("prompt.observations"), request.observations());
        list(out, texts.format("prompt.constraints"), request.constraints());
        list(out, texts.format("prompt.unknowns"), request.unknowns());
        section(out, texts.format("prompt.focus"), branch.focus());
        String history = switch (role.history()) {
            case FRESH -> texts.format("prompt.history.fresh");
            case FORK -> texts.format("prompt.history.fork");
            case MID_FORK -> texts.format("prompt.history.midFork", Objects.requireNonNull(window, "window").projectedSteps(),
                    window.requestedSteps());
        };
        section(out, texts.format("prompt.historyBoundary"), history);
        section(out, texts.format("prompt.capability"), profile.name() + ": " + profile.description());
        String instruction = switch (role) {
            case INDEPENDENT_ALTERNATIVE -> texts.format("prompt.role.alternative");
            case TRAJECTORY_AUDIT -> texts.format("prompt.role.audit");
            case MASKED_REVIEW -> texts.format("prompt.role.masked");
        };
        section(out, texts.format("prompt.roleInstruction"), instruction);
        out.append("\n\n").append(texts.format("prompt.closing"));
        return out.toString();
    }

    /** The automatic review's fixed prompt for the stopping turn {@code turn} (spec §6.7). */
    public String automatic(long turn) {
        return texts.format("prompt.automatic", turn);
    }

    private static void section(StringBuilder out, String header, String body) {
        out.append("\n\n").append(header).append('\n').append(body);
    }

    private void list(StringBuilder out, String header, List<String> items) {
        out.append("\n\n").append(header);
        if (items.isEmpty()) out.append("\n- ").append(texts.format("prompt.noneSupplied"));
        for (String i : items) out.append("\n- ").append(i);
    }
}
