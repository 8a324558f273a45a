package io.dsh4j.tool.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ApprovalOutcome;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.PostToolDecision;
import io.dsh4j.tool.PreToolDecision;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolGuard;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline of one call (spec §3.4), in the three stages the step scheduler interleaves:
 * {@link #prepare} (snapshot, pre-execute, approval, guards — in start order), {@link #dispatch}
 * ({@code tools/execute} and the body — overlapping), {@link #complete} (post-execute, finalize,
 * {@code tools/result} — in model order). Failures of a call never escape: they become results.
 */
final class Pipeline {

    /** Where a prepared call goes next. */
    sealed interface Prepared {
        Execution exec();
    }

    /** Allowed: run the body. */
    record Dispatch(Execution exec) implements Prepared {}

    /** Decided without the body; still goes through post-execute. */
    record PostResult(Execution exec, ToolExecutionResult result) implements Prepared {}

    /** Decided; skips post-execute. */
    record FinalResult(Execution exec, ToolExecutionResult result) implements Prepared {}

    private final ToolRegistry registry;

    Pipeline(ToolRegistry registry) {
        this.registry = registry;
    }

    private Context ctx() {
        return registry.ctx();
    }

    private io.dsh4j.kernel.Dispatch events(Execution exec) {
        return ctx().events().to(Scopes.target(ctx(), registry, exec.agent()));
    }

    ToolExecutionResult execute(ToolExecutionInput input) {
        Prepared prepared = prepare(input);
        return switch (prepared) {
            case Dispatch d -> complete(d.exec(), dispatch(d.exec()));
            case PostResult p -> complete(p.exec(), p);
            case FinalResult f -> complete(f.exec(), f);
        };
    }

    /** Completes a call whose next stage is {@code next} (a {@link PostResult} or {@link FinalResult}). */
    ToolExecutionResult complete(Execution exec, Prepared next) {
        return switch (next) {
            case PostResult p -> finalizeResult(exec, p.result());
            case FinalResult f -> finish(exec, f.result());
            case Dispatch d -> throw new IllegalStateException("a dispatch is not a result");
        };
    }

    // ---- stage 1–7 ---------------------------------------------------------------------------------

    Prepared prepare(ToolExecutionInput input) {
        ToolDefinition.ContentFinalizer finalizer = registry.resolve(input.name(), input.agent())
                .map(t -> t.definition().finalizer()).orElse(null);
        JsonNode args;
        try {
            args = input.arguments().deepCopy();
            JsJson.requireLossless(args);
        } catch (RuntimeException e) {
            Execution exec = new Execution(input.callId(), input.rootCallId(), input.name(), JsJson.nodes().nullNode(),
                    input.agent(), input.signal(), finalizer);
            return new FinalResult(exec, Results.denied("tool execution arguments must be losslessly JSON-serializable: "
                    + ToolException.quoted(Results.message(e))));
        }
        Execution exec = new Execution(input.callId(), input.rootCallId(), input.name(), args, input.agent(),
                input.signal(), finalizer);
        if (exec.callerCancelled()) {
            return new FinalResult(exec, Results.abortedBeforeDispatch(null));
        }
        try {
            PreToolDecision gate = events(exec).waterfall(ToolEvents.PRE_EXECUTE, exec, () -> PreToolDecision.ALLOW);
            if (gate == null) {
                throw new IllegalStateException("a tools/pre-execute listener returned no decision");
            }
            boolean approvalCancelled = false;
            PreToolDecision decision = gate;
            if (gate instanceof PreToolDecision.Ask ask) {
                ApprovalOutcome outcome = askApproval(exec, ask);
                approvalCancelled = outcome == ApprovalOutcome.CANCELLED;
                decision = decisionOf(exec, ask, outcome);
            }
            if (exec.callerCancelled() && approvalCancelled) {
                return new PostResult(exec, Results.abortedBeforeDispatch(null));
            }
            String denial = switch (decision) {
                case PreToolDecision.Allow a -> guardReason(exec);
                case PreToolDecision.Deny d -> d.reason();
                case PreToolDecision.Ask a -> throw new IllegalStateException("unresolved ask");
            };
            if (denial != null) {
                return new PostResult(exec, Results.denied(denial));
            }
            if (exec.callerCancelled()) {
                return new PostResult(exec, Results.abortedBeforeDispatch(null));
            }
            return new Dispatch(exec);
        } catch (RuntimeException e) {
            return new FinalResult(exec, Results.error(e));
        }
    }

    private ApprovalOutcome askApproval(Execution exec, PreToolDecision.Ask ask) {
        ApprovalPolicy approval = ctx().get(ApprovalPolicy.KEY).orElse(null);
        if (approval == null || exec.agent() == null) {
            return null;
        }
        ApprovalOutcome outcome = approval.request(exec, ask.reason());
        return outcome == null ? ApprovalOutcome.UNAVAILABLE : outcome;
    }

    private PreToolDecision decisionOf(Execution exec, PreToolDecision.Ask ask, ApprovalOutcome outcome) {
        String tool = "tool \"" + exec.name() + "\"";
        if (outcome == null) {
            ApprovalPolicy approval = ctx().get(ApprovalPolicy.KEY).orElse(null);
            if (approval != null && exec.agent() == null) {
                return new PreToolDecision.Deny(tool + " requires approval, but the call has no agent to route it through");
            }
            return new PreToolDecision.Deny(ask.reason() != null ? ask.reason() : tool + " requires approval (not yet supported)");
        }
        return switch (outcome) {
            case ALLOWED_ONCE -> PreToolDecision.ALLOW;
            case REJECTED -> new PreToolDecision.Deny("the user rejected " + tool);
            case CANCELLED -> new PreToolDecision.Deny("approval for " + tool + " was cancelled");
            case UNAVAILABLE -> {
                String hint = ctx().get(ApprovalPolicy.KEY).map(a -> a.unavailableHint(exec)).orElse(null);
                yield new PreToolDecision.Deny(tool + " requires approval, but no approval channel is available"
                        + (hint == null ? "" : " — " + hint));
            }
        };
    }

    private String guardReason(Execution exec) {
        for (ToolGuard guard : registry.guards(exec.agent())) {
            String reason = guard.check(exec);
            if (reason != null) {
                return reason;
            }
        }
        return null;
    }

    // ---- stage 8–10 --------------------------------------------------------------------------------

    /** Runs {@code tools/execute} and the body; answers a {@link PostResult} or a {@link FinalResult}. */
    Prepared dispatch(Execution exec) {
        try {
            ToolExecutionResult result = events(exec).waterfall(ToolEvents.EXECUTE, exec, () -> body(exec));
            if (result == null) {
                throw new IllegalStateException("a tools/execute listener returned no result");
            }
            ToolExecutionResult normalized = normalize(exec, result);
            List<Message.UserMessage> deferred = exec.deferredContexts();
            if (!deferred.isEmpty()) {
                normalized = withContexts(normalized, concat(deferred, normalized.additionalContexts()));
            }
            if (exec.callerCancelled() && !normalized.isError()) {
                normalized = cancellation(exec, normalized);
            }
            return new PostResult(exec, normalized);
        } catch (RuntimeException e) {
            return new FinalResult(exec, Results.error(e));
        }
    }

    private ToolExecutionResult body(Execution exec) {
        Signal wrapperSignal = exec.signal();
        Signal fused = wrapperSignal == exec.callerSignal() ? wrapperSignal : Signal.any(exec.callerSignal(), wrapperSignal);
        if (fused.aborted()) {
            return Results.abortedBeforeDispatch(null);
        }
        exec.setSignal(fused);
        try {
            RegisteredTool tool = registry.resolve(exec.name(), exec.agent())
                    .orElseThrow(() -> new ToolException("ToolNotFoundError", ToolCodes.UNKNOWN_TOOL,
                            "unknown tool \"" + ToolException.quoted(exec.name()) + "\""));
            exec.bodyInvoked = true;
            List<String> violations = tool.arguments().validateArguments(exec.arguments());
            if (!violations.isEmpty()) {
                throw new ToolException("ToolArgsError", ToolCodes.INVALID_ARGS,
                        "invalid arguments: " + String.join("; ", violations));
            }
            JsonNode value = tool.definition().body().execute(exec.arguments(), exec);
            ToolExecutionResult result = success(exec, tool, value);
            return fused.aborted() ? Results.aborted(result) : result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Results.error(e);
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            return Results.error(e);
        } finally {
            exec.setSignal(wrapperSignal);
        }
    }

    /** Snapshot, validate, render and project a successful value (stage 9). */
    private ToolExecutionResult.Success success(Execution exec, RegisteredTool tool, JsonNode candidate) {
        String name = tool.name();
        if (candidate == null) {
            throw outputError(name, List.of("value is not lossless JSON"));
        }
        JsonNode value = candidate.deepCopy();
        List<String> violations = tool.output().validateOutput(value);
        if (!violations.isEmpty()) {
            throw outputError(name, violations);
        }
        List<ContentBlock> content;
        try {
            content = tool.definition().output().render().render(exec.arguments(), value);
        } catch (RuntimeException e) {
            throw outputError(name, List.of("output.render failed: " + Results.message(e)));
        }
        if (content == null) {
            throw outputError(name, List.of("output.render returned non-lossless JSON"));
        }
        JsonNode meta = null;
        if (tool.definition().output().presentationMeta() != null) {
            try {
                meta = tool.definition().output().presentationMeta().project(exec.arguments(), value);
            } catch (RuntimeException e) {
                throw outputError(name, List.of("output.presentationMeta failed: " + Results.message(e)));
            }
            if (meta == null || !lossless(meta)) {
                throw outputError(name, List.of("output.presentationMeta returned non-lossless JSON"));
            }
        }
        return new ToolExecutionResult.Success(value, content, meta, List.of(), exec.concluded());
    }

    private static ToolException outputError(String name, List<String> violations) {
        return new ToolException("ToolOutputError", ToolCodes.INVALID_TOOL_OUTPUT,
                "tool \"" + name + "\" returned invalid output: " + String.join("; ", violations));
    }

    /** A wrapper-authored success is re-normalized through the tool's output contract. */
    private ToolExecutionResult normalize(Execution exec, ToolExecutionResult result) {
        if (result instanceof ToolExecutionResult.Success s && !(s.value() == null)) {
            RegisteredTool tool = registry.resolve(exec.name(), exec.agent()).orElse(null);
            if (tool != null) {
                List<String> violations = tool.output().validateOutput(s.value());
                if (!violations.isEmpty()) {
                    throw outputError(exec.name(), violations);
                }
            }
            if (exec.concluded() && !s.concludesTurn()) {
                return new ToolExecutionResult.Success(s.value(), s.content(), s.meta(), s.additionalContexts(), true);
            }
        }
        return result;
    }

    private static ToolExecutionResult cancellation(Execution exec, ToolExecutionResult prior) {
        return exec.bodyInvoked ? Results.aborted(prior) : Results.abortedBeforeDispatch(prior);
    }

    // ---- stage 11–12 -------------------------------------------------------------------------------

    private ToolExecutionResult finalizeResult(Execution exec, ToolExecutionResult result) {
        try {
            ToolExecutionResult post = postExecute(exec, result);
            return finish(exec, exec.callerCancelled() && !post.isError() ? cancellation(exec, post) : post);
        } catch (RuntimeException e) {
            return finish(exec, Results.error(e));
        }
    }

    private ToolExecutionResult postExecute(Execution exec, ToolExecutionResult result) {
        PostToolDecision decision = events(exec).waterfall(ToolEvents.POST_EXECUTE,
                new ToolEvents.PostExecute(exec, result), () -> PostToolDecision.ACCEPT);
        if (decision == null) {
            throw new IllegalStateException("a tools/post-execute listener returned no decision");
        }
        return switch (decision) {
            case PostToolDecision.Block b -> new ToolExecutionResult.Failure(
                    io.dsh4j.tool.ToolFailure.of(Results.feedbackMessage(b.feedback())), b.feedback(), null,
                    b.additionalContexts());
            case PostToolDecision.AcceptValue v -> {
                if (!(result instanceof ToolExecutionResult.Success)) {
                    throw new IllegalStateException("tools/post-execute cannot replace the value of a failed result");
                }
                RegisteredTool tool = registry.resolve(exec.name(), exec.agent())
                        .orElseThrow(() -> new ToolException("ToolNotFoundError", ToolCodes.UNKNOWN_TOOL,
                                "unknown tool \"" + ToolException.quoted(exec.name()) + "\""));
                ToolExecutionResult.Success replaced = success(exec, tool, v.value());
                yield withContexts(replaced, concat(result.additionalContexts(), v.additionalContexts()));
            }
            case PostToolDecision.Accept a -> {
                ToolExecutionResult r = a.content() == null ? result : withContent(result, a.content());
                yield withContexts(r, concat(result.additionalContexts(), a.additionalContexts()));
            }
        };
    }

    /** Stage 12: finalize content, then notify {@code tools/result}. */
    ToolExecutionResult finish(Execution exec, ToolExecutionResult result) {
        ToolExecutionResult finalResult = result;
        if (exec.finalizer != null) {
            try {
                List<ContentBlock> content = exec.finalizer.finalizeContent(exec, result);
                if (content != null) {
                    finalResult = withContent(result, content);
                }
            } catch (RuntimeException e) {
                finalResult = Results.error(e);
            }
        }
        if (finalResult.meta() != null && !lossless(finalResult.meta())) {
            finalResult = Results.denied("tool result must be losslessly JSON-serializable");
        }
        events(exec).emitContained(ToolEvents.RESULT, new ToolEvents.ResultEvent(exec, finalResult));
        return finalResult;
    }

    // ---- helpers -----------------------------------------------------------------------------------

    private static ToolExecutionResult withContent(ToolExecutionResult r, List<ContentBlock> content) {
        return switch (r) {
            case ToolExecutionResult.Success s -> new ToolExecutionResult.Success(s.value(), content, s.meta(),
                    s.additionalContexts(), s.concludesTurn());
            case ToolExecutionResult.Failure f -> new ToolExecutionResult.Failure(f.error(), content, f.meta(),
                    f.additionalContexts());
        };
    }

    private static ToolExecutionResult withContexts(ToolExecutionResult r, List<Message.UserMessage> contexts) {
        return switch (r) {
            case ToolExecutionResult.Success s -> new ToolExecutionResult.Success(s.value(), s.content(), s.meta(),
                    contexts, s.concludesTurn());
            case ToolExecutionResult.Failure f -> new ToolExecutionResult.Failure(f.error(), f.content(), f.meta(),
                    contexts);
        };
    }

    private static List<Message.UserMessage> concat(List<Message.UserMessage> a, List<Message.UserMessage> b) {
        List<Message.UserMessage> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static boolean lossless(JsonNode value) {
        try {
            JsJson.requireLossless(value);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
