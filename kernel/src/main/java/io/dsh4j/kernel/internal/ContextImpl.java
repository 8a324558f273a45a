package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.CallerBound;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.ContextKey;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Dispatch;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.kernel.EventType;
import io.dsh4j.kernel.Events;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.KernelException;
import io.dsh4j.kernel.ListenOptions;
import io.dsh4j.kernel.Next;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.Query;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.Waterfall;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A context: a link in a chain of derivations, each adding one thing (a fiber, a metadata entry, an
 * isolation realm, an intercept config). Immutable; lookups walk the chain to the root.
 */
public final class ContextImpl implements Context {

    private static final Object NO_VALUE = new Object();

    private final KernelRuntime kernel;
    private final ContextImpl parent;
    private final FiberImpl fiber;
    private final ContextKey<?> metaKey;
    private final Object metaValue;
    private final String isolateName;
    private final Object isolateRealm;
    private final String interceptName;
    private final Object interceptConfig;
    private Events events;

    private ContextImpl(KernelRuntime kernel, ContextImpl parent, FiberImpl fiber, ContextKey<?> metaKey,
                        Object metaValue, String isolateName, Object isolateRealm, String interceptName,
                        Object interceptConfig) {
        this.kernel = kernel;
        this.parent = parent;
        this.fiber = fiber;
        this.metaKey = metaKey;
        this.metaValue = metaValue;
        this.isolateName = isolateName;
        this.isolateRealm = isolateRealm;
        this.interceptName = interceptName;
        this.interceptConfig = interceptConfig;
    }

    static ContextImpl root(KernelRuntime kernel, FiberImpl rootFiber) {
        return new ContextImpl(kernel, null, rootFiber, null, null, null, null, null, null);
    }

    /** The plugin context of {@code child}, loaded from this one. */
    ContextImpl childFor(FiberImpl child) {
        return new ContextImpl(kernel, this, child, null, null, null, null, null, null);
    }

    FiberImpl fiberImpl() {
        return fiber;
    }

    KernelRuntime kernelRuntime() {
        return kernel;
    }

    /** The isolation realm of service {@code name} as seen from here. */
    Object realmOf(String name) {
        for (ContextImpl c = this; c != null; c = c.parent) {
            if (name.equals(c.isolateName)) {
                return c.isolateRealm;
            }
        }
        return kernel.defaultRealm();
    }

    // ---- identity and metadata ---------------------------------------------------------------

    @Override
    public Kernel kernel() {
        return kernel;
    }

    @Override
    public Context root() {
        return kernel.root();
    }

    @Override
    public Fiber fiber() {
        return fiber;
    }

    @Override
    public Logger logger() {
        return LoggerFactory.getLogger("dsh4j.plugin." + fiber.name());
    }

    @Override
    public <T> Context extend(ContextKey<T> key, T value) {
        Objects.requireNonNull(key, "key");
        return new ContextImpl(kernel, this, fiber, key, value == null ? NO_VALUE : value, null, null, null, null);
    }

    @Override
    public <T> Optional<T> meta(ContextKey<T> key) {
        for (ContextImpl c = this; c != null; c = c.parent) {
            if (c.metaKey == key) {
                return c.metaValue == NO_VALUE ? Optional.empty() : Optional.of(key.type().cast(c.metaValue));
            }
        }
        return Optional.empty();
    }

    @Override
    public Context isolate(String name) {
        return new ContextImpl(kernel, this, fiber, null, null, Objects.requireNonNull(name), new Object(), null, null);
    }

    @Override
    public Context isolate(String name, String label) {
        return new ContextImpl(kernel, this, fiber, null, null, Objects.requireNonNull(name),
                kernel.sharedRealm(Objects.requireNonNull(label)), null, null);
    }

    @Override
    public Context intercept(String name, Object config) {
        return new ContextImpl(kernel, this, fiber, null, null, null, null, Objects.requireNonNull(name), config);
    }

    @Override
    public List<Object> interceptConfigs(String name) {
        List<Object> configs = new ArrayList<>();
        for (ContextImpl c = this; c != null; c = c.parent) {
            if (name.equals(c.interceptName)) {
                configs.addFirst(c.interceptConfig);
            }
        }
        return configs;
    }

    // ---- services ----------------------------------------------------------------------------

    @Override
    public <T> T require(ServiceKey<T> key) {
        String name = key.name();
        Object realm = realmOf(name);
        if (fiber.isRoot()) {
            ServiceRecord record = kernel.store().get(name, realm, false);
            if (record == null) {
                throw withoutInject(name);
            }
            return bind(key, record);
        }
        FiberImpl f = fiber;
        while (true) {
            ServiceRecord record = null;
            var snapshot = f.loadedStore();
            if (snapshot != null) {
                record = snapshot.get(name);
            }
            if (record == null) {
                record = f.provided.get(name);
            }
            if (record != null) {
                return bind(key, record);
            }
            if (f.injects(name)) {
                throw new KernelException(KernelException.Code.SERVICE_INACTIVE,
                        "cannot get required service \"" + name + "\" in inactive context");
            }
            if (f.isRoot() || f.parentContext().realmOf(name) != realm) {
                throw withoutInject(name);
            }
            f = f.parentContext().fiberImpl();
        }
    }

    private static KernelException withoutInject(String name) {
        return new KernelException(KernelException.Code.SERVICE_WITHOUT_INJECT,
                "cannot get property \"" + name + "\" without inject");
    }

    private <T> T bind(ServiceKey<T> key, ServiceRecord record) {
        if (record.key != key && record.key.type() != key.type()) {
            throw TypeDeclarations.serviceConflict(record.key, key);
        }
        Object value = record.value;
        Object view = value instanceof CallerBound<?> bound ? bound.boundTo(this) : value;
        return key.type().cast(view);
    }

    @Override
    public <T> Optional<T> get(ServiceKey<T> key) {
        ServiceRecord record = kernel.store().get(key.name(), realmOf(key.name()), true);
        return record == null ? Optional.empty() : Optional.of(bind(key, record));
    }

    @Override
    public <T> EffectHandle provide(ServiceKey<T> key, T value) {
        String name = key.name();
        kernel.types().service(key);
        return EffectImpl.register(fiber, "ctx.provide(\"" + name + "\")", () -> {
            ServiceRecord record = new ServiceRecord(key, realmOf(name), value, fiber);
            ServiceRecord occupant = kernel.store().putIfAbsent(record);
            if (occupant != null) {
                throw new KernelException(KernelException.Code.DUPLICATE_SERVICE,
                        "service \"" + name + "\" has been registered at <" + occupant.fiber.name() + ">");
            }
            fiber.provided.put(name, record);
            kernel.executor().runOrExecute(() -> {
                if (fiber.state() == FiberState.ACTIVE) {
                    kernel.notify(name, record.realm);
                }
            });
            return Effect.of((AsyncDisposer) () -> kernel.withdraw(record));
        });
    }

    @Override
    public <T> void set(ServiceKey<T> key, T value) {
        String name = key.name();
        ServiceRecord record = kernel.store().get(name, realmOf(name), false);
        if (record == null) {
            throw new KernelException(KernelException.Code.SET_WITHOUT_PROVIDE,
                    "cannot set property \"" + name + "\" without provide");
        }
        if (record.fiber != fiber) {
            throw new KernelException(KernelException.Code.SET_FROM_OTHER_FIBER,
                    "cannot set property \"" + name + "\" in multiple fibers");
        }
        if (record.key != key && record.key.type() != key.type()) {
            throw TypeDeclarations.serviceConflict(record.key, key);
        }
        record.value = value;
    }

    // ---- plugins and effects -----------------------------------------------------------------

    @Override
    public <C> Fiber plugin(Plugin<C> plugin, Object rawConfig) {
        return plugin(plugin, rawConfig, List.of());
    }

    /** Loads {@code plugin} with extra required services (a loader row's {@code inject}). */
    Fiber plugin(Plugin<?> plugin, Object rawConfig, List<String> extraInject) {
        if (plugin == null) {
            throw new KernelException(KernelException.Code.INVALID_PLUGIN,
                    "invalid plugin, expect function or object with an \"apply\" method, received null");
        }
        return FiberImpl.create(this, plugin, Json.tree(rawConfig), extraInject);
    }

    @Override
    public Fiber inject(Collection<ServiceKey<?>> deps, InjectBody body) {
        Objects.requireNonNull(body, "body");
        Plugin<?> nested = Plugin.named(null)
                .inject(deps.toArray(ServiceKey<?>[]::new))
                .setup((c, config) -> body.apply(c));
        return plugin(nested);
    }

    @Override
    public EffectHandle effect(EffectBody body, String label) {
        Objects.requireNonNull(body, "body");
        return EffectImpl.register(fiber, label, body);
    }

    // ---- events ------------------------------------------------------------------------------

    @Override
    public Events events() {
        Events e = events;
        if (e == null) {
            events = e = new ContextEvents(this, null); // a benign race: any instance will do
        }
        return e;
    }

    /** The {@link Events} view of one context; {@code receiver} filters its dispatches. */
    private record ContextEvents(ContextImpl ctx, EventFilter receiver) implements Events {

        @Override
        public <L> EffectHandle on(EventType<L> event, L listener, ListenOptions options) {
            return ctx.on(event, listener, options);
        }

        @Override
        public <L> EffectHandle once(EventType<L> event, L listener, ListenOptions options) {
            return ctx.once(event, listener, options);
        }

        @Override
        public Dispatch to(EventFilter filter) {
            return new ContextEvents(ctx, filter);
        }

        @Override
        public <P> void emit(Notification<P> event, P payload) {
            ctx.kernel.bus().emit(receiver, event, payload);
        }

        @Override
        public <P> void emitContained(Notification<P> event, P payload) {
            ctx.kernel.bus().emitContained(receiver, event, payload);
        }

        @Override
        public <P> void parallel(Notification<P> event, P payload) {
            ctx.kernel.bus().parallel(receiver, event, payload);
        }

        @Override
        public <P, R> Optional<R> bail(Query<P, R> event, P payload) {
            return ctx.kernel.bus().bail(receiver, event, payload);
        }

        @Override
        public <P, R> R waterfall(Waterfall<P, R> event, P payload, Next<R> inner) {
            return ctx.kernel.bus().waterfall(receiver, event, payload, inner);
        }
    }

    private <L> EffectHandle on(EventType<L> event, L listener, ListenOptions options) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(options, "options");
        fiber.assertActive();
        String name = event.name();
        kernel.bus().declare(event);
        return EffectImpl.register(fiber, "ctx.on(\"" + name + "\")", () -> {
            Hook hook = new Hook(this, listener, options.global());
            kernel.bus().add(event, hook, options.prepend());
            return Effect.of(() -> kernel.bus().remove(name, hook));
        });
    }

    @SuppressWarnings("unchecked")
    private <L> EffectHandle once(EventType<L> event, L listener, ListenOptions options) {
        Objects.requireNonNull(listener, "listener");
        AtomicBoolean fired = new AtomicBoolean();
        AtomicReference<EffectHandle> registration = new AtomicReference<>();
        Runnable remove = () -> {
            EffectHandle h = registration.get();
            if (h != null) {
                h.dispose();
            }
        };
        Object wrapped = switch (event) {
            case Notification<?> n -> (Notification.Listener<Object>) payload -> {
                if (fired.compareAndSet(false, true)) {
                    remove.run();
                    ((Notification.Listener<Object>) listener).on(payload);
                }
            };
            case Query<?, ?> q -> (Query.Listener<Object, Object>) payload -> {
                if (!fired.compareAndSet(false, true)) {
                    return null;
                }
                remove.run();
                return ((Query.Listener<Object, Object>) listener).on(payload);
            };
            case Waterfall<?, ?> w -> (Waterfall.Listener<Object, Object>) (payload, next) -> {
                if (!fired.compareAndSet(false, true)) {
                    return next.proceed();
                }
                remove.run();
                return ((Waterfall.Listener<Object, Object>) listener).on(payload, next);
            };
        };
        EffectHandle handle = on(event, (L) wrapped, options);
        registration.set(handle);
        if (fired.get()) {
            handle.dispose();
        }
        return handle;
    }

    @Override
    public String toString() {
        return "Context <" + fiber.name() + ">";
    }
}
