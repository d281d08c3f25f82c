package io.flatscene.core.scene;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** Calls made on a thread of their own, for the tests of the thread rule. */
final class OtherThread {
    private OtherThread() {
    }

    /**
     * Makes each call, in order, on a new thread named {@code name}, waits for it to end, and returns what each call
     * threw (null for one that returned).
     */
    static List<Throwable> run(String name, Executable... calls) throws InterruptedException {
        List<Throwable> thrown = new ArrayList<>();
        Thread thread = new Thread(() -> {
            for (Executable call : calls) {
                try {
                    call.execute();
                    thrown.add(null);
                } catch (Throwable t) {
                    thrown.add(t);
                }
            }
        }, name);
        thread.start();
        thread.join();
        return thrown;
    }

    /** The message the guard gives a thread that does not own the scene. */
    static String notOwner(String owner, String caller) {
        return "the scene belongs to thread '" + owner + "', not to thread '" + caller + "'; call it on its owner's "
                + "thread, or have the owner hand it over with SceneManager.handOver";
    }
}
