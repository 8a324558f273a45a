package io.dsh4j.kernel;

import java.util.Objects;

/**
 * Base class of a service plugin (spec §1.8). The constructor provides {@code this} under
 * {@link #key()} as an effect of the constructing fiber, so the service disappears with its plugin
 * and becomes visible to dependents only once that fiber is {@link FiberState#ACTIVE}.
 *
 * <p>Mount a service with {@link Plugin.Builder#service}. Override {@link #init()} for setup that must
 * finish before dependents start (return {@link Effect#blocking} for slow work), {@link #check()} for an
 * availability predicate, and {@link #boundTo(Context)} to give each caller a view that registers on
 * the caller's fiber (§1.4). As an {@link EventFilter} receiver, a service admits only listeners of its
 * own isolation realm.
 */
public abstract class Service implements CallerBound<Object>, EventFilter {

    private final Context ctx;
    private final ServiceKey<?> key;

    /**
     * Provides this service under {@code key} from {@code ctx}'s fiber. Construct services in the
     * factory of {@link Plugin.Builder#service}, which runs in the plugin's {@code apply}.
     *
     * @throws KernelException {@code service "<name>" has been registered at <fiber>} if the slot is
     *     taken; {@code INACTIVE_EFFECT} if the fiber is disposed or unloading
     */
    @SuppressWarnings({"unchecked", "this-escape"})
    protected Service(Context ctx, ServiceKey<?> key) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.key = Objects.requireNonNull(key, "key");
        ctx.provide((ServiceKey<Object>) key, this);
    }

    /** The context the service was constructed in (its origin): use it for its own lookups. */
    public final Context ctx() {
        return ctx;
    }

    public final ServiceKey<?> key() {
        return key;
    }

    /**
     * Setup that runs after construction; its effect is the plugin's effect. An asynchronous effect
     * keeps the plugin loading, and dependents waiting, until it completes.
     */
    protected Effect init() throws Exception {
        return Effect.none();
    }

    /**
     * Availability predicate consulted by dependents whenever the service is (re)announced: when its
     * fiber becomes {@link FiberState#ACTIVE} and after {@link #recheck()}. While it answers
     * {@code false} dependents stay {@link FiberState#PENDING} (or unload). A throwing check is logged
     * and counts as unavailable. Runs on the lifecycle executor; must be quick and must not block.
     */
    public boolean check() {
        return true;
    }

    /**
     * Tells the dependents that {@link #check()} may answer differently now (Cordis's
     * {@code reflect.notify}): each one consults it again, loading or unloading as it says. Callable
     * from any thread; the re-check runs later on the lifecycle executor.
     */
    protected final void recheck() {
        io.dsh4j.kernel.internal.ServiceHooks.recheck(ctx, key.name());
    }

    /** The view a caller gets; by default the service itself. */
    @Override
    public Object boundTo(Context caller) {
        return this;
    }

    /** Admits listeners whose context maps this service's name to the same realm as its own. */
    @Override
    public boolean admits(Context listenerContext) {
        return io.dsh4j.kernel.internal.ServiceHooks.sameRealm(ctx, listenerContext, key.name());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + key.name() + "]";
    }
}
