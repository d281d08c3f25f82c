package io.flatscene.samples.model;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void anInterruptedCallerWaitsForTheImportAndKeepsTheInterrupt() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        String[] result = new String[1];
        boolean[] interrupted = new boolean[1];
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
            interrupted[0] = Thread.currentThread().isInterrupted();
        });
        caller.start();
        assertTrue(started.await(10, TimeUnit.SECONDS));
        caller.interrupt();
        Thread.sleep(50);
        assertTrue(caller.isAlive(), "the caller left while the import was still running");
        release.countDown();
        caller.join(10_000);
        assertEquals("imported", result[0]);
        assertTrue(interrupted[0]);
    }
}
