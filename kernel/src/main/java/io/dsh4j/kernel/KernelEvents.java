package io.dsh4j.kernel;

/**
 * The kernel's own events (spec §1.11). Listen to them like any other event; the kernel emits
 * {@link #PLUGIN} raw on creation (a throwing listener vetoes the fiber) and every other one contained.
 */
public final class KernelEvents {

    /** A fiber was created ({@link Fiber#isDisposed()} false) or disposed (true). */
    public static final Notification<Fiber> PLUGIN = Notification.of("internal/plugin", Fiber.class);

    /** A fiber changed state. */
    public static final Notification<StatusChange> STATUS = Notification.of("internal/status", StatusChange.class);

    /**
     * Dependents of a service were notified (it appeared, disappeared or changed availability); the
     * dispatch admits only listeners of the service's isolation realm.
     */
    public static final Notification<ServiceChange> SERVICE = Notification.of("internal/service", ServiceChange.class);

    private KernelEvents() {}

    /** Payload of {@link #STATUS}. */
    public record StatusChange(Fiber fiber, FiberState previous) {}

    /** Payload of {@link #SERVICE}; {@code value} is {@code null} when the service is gone. */
    public record ServiceChange(String name, Object value) {}
}
