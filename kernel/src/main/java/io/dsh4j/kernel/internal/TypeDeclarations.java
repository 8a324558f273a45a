package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.EventType;
import io.dsh4j.kernel.KernelException;
import io.dsh4j.kernel.ServiceKey;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One type per name, per kernel: the first service key or event type registered under a name fixes
 * its type; a later one that differs is refused. Thread-safe; grows with the names used, as the
 * listener table does.
 */
final class TypeDeclarations {

    private final ConcurrentHashMap<String, ServiceKey<?>> services = new ConcurrentHashMap<>();

    /** Declares {@code key}'s type for its name, or throws if the name has another. */
    void service(ServiceKey<?> key) {
        ServiceKey<?> known = services.putIfAbsent(key.name(), key);
        if (known != null && known.type() != key.type()) {
            throw serviceConflict(known, key);
        }
    }

    static KernelException serviceConflict(ServiceKey<?> known, ServiceKey<?> used) {
        return new KernelException(KernelException.Code.TYPE_CONFLICT, "service \"" + used.name()
                + "\" is declared as " + known.type().getName() + ", not " + used.type().getName());
    }

    static KernelException eventConflict(EventType<?> known, EventType<?> used) {
        return new KernelException(KernelException.Code.TYPE_CONFLICT, "event \"" + used.name()
                + "\" is declared as " + known + ", not " + used);
    }
}
