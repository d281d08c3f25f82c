package io.flatscene.assets;

import java.util.function.Supplier;

/**
 * Runs Assimp's part of an import on a thread of its own with a large stack, and waits for it. Assimp recurses once
 * per level of a node hierarchy (and of a JSON nesting) on the native stack of the calling thread; running out of
 * it kills the process, and no Java thread can grow its stack once started.
 *
 * <p>Measured with LWJGL's Assimp 5 on Linux x64, importing and releasing a glTF chain of nodes (each with a mesh, a
 * name and a transform) costs about 430 bytes of stack a level: 2,400 levels fit in 1 MiB, a Java thread's default,
 * and over 38,000 in {@link #STACK_BYTES}, which leaves a margin of more than 30 times over
 * {@link ModelImporter#MAX_DEPTH}. Nested JSON arrays cost less: 100,000 levels fit in 16 MiB (a million do not). The
 * stack is reserved address space; only the pages the import touches are used.
 */
final class ImportThread {
    static final long STACK_BYTES = 16L << 20;

    private ImportThread() {
    }

    /**
     * Runs {@code work} on a new thread and returns its result, or throws what it threw. Waits for the import to
     * finish even when interrupted (native code cannot be stopped halfway), then keeps the interrupt for the caller.
     */
    static <T> T call(Supplier<T> work) {
        Outcome<T> outcome = new Outcome<>();
        Thread thread = new Thread(null, () -> {
            try {
                outcome.value = work.get();
            } catch (RuntimeException | Error e) {
                outcome.failure = e;
            }
        }, "flatscene-model-import", STACK_BYTES);
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (outcome.failure instanceof RuntimeException e) {
            throw e;
        }
        if (outcome.failure instanceof Error e) {
            throw e;
        }
        return outcome.value;
    }

    /** Written by the import thread before it ends; join makes the writes visible to the caller. */
    private static final class Outcome<T> {
        private T value;
        private Throwable failure;
    }
}
