package io.flatscene.assets;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The thread Assimp runs on: its result, its failures and the caller's interrupt all reach the caller. */
class ImportThreadTest {
    @Test
    void returnsTheResultFromAThreadOfItsOwn() {
        Thread caller = Thread.currentThread();
        Thread worker = ImportThread.call(Thread::currentThread);
        assertNotEquals(caller, worker);
        assertEquals("flatscene-model-import", worker.getName());
        assertNull(ImportThread.call(() -> null));
    }

    @Test
    void rethrowsWhatTheWorkThrew() {
        ModelException refused = new ModelException("m.gltf", "broken");
        assertSame(refused, assertThrows(ModelException.class, () -> ImportThread.call(() -> {
            throw refused;
        })));
        OutOfMemoryError error = new OutOfMemoryError("test");
        assertSame(error, assertThrows(OutOfMemoryError.class, () -> ImportThread.call(() -> {
            throw error;
        })));
    }

    @Test
    @Timeout(30)
    void anInterruptedCallerWaitsForTheImportAndKeepsTheInterrupt() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        String[] result = new String[1];
        boolean[] interrupted = new boolean[1];
        boolean[] leftEarly = new boolean[1];
        Thread caller = new Thread(() -> {
            result[0] = ImportThread.call(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return "imported";
            });
            leftEarly[0] = release.getCount() > 0;
            interrupted[0] = Thread.currentThread().isInterrupted();
        });
        caller.start();
        assertTrue(started.await(10, TimeUnit.SECONDS));
        caller.interrupt();
        // The interrupt is consumed once the caller's join threw; the caller then either waits again (in join) or
        // has left. The import cannot end before release, so a caller that is not waiting left it running.
        awaitUntil(() -> !caller.isInterrupted() && (caller.getState() == Thread.State.WAITING
                || caller.getState() == Thread.State.TERMINATED));
        assertTrue(caller.isAlive(), "the caller left while the import was still running");
        release.countDown();
        caller.join(10_000);
        assertFalse(caller.isAlive(), "the caller still waits after the import ended");
        assertFalse(leftEarly[0], "the caller returned before the import was released");
        assertEquals("imported", result[0]);
        assertTrue(interrupted[0]);
    }

    /** Waits for {@code condition}; the test's {@link Timeout} ends a wait for one that never holds. */
    private static void awaitUntil(BooleanSupplier condition) {
        while (!condition.getAsBoolean()) {
            Thread.yield();
        }
    }
}
