package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two threads, a million mixed calls each on one scene (value setters on nodes, items and lights, reads, node
 * creation, destruction and reparenting, an update now and then), with the scene handed from one to the other at
 * points a seeded sequence chooses. Each thread always knows whether it holds the scene, through an explicit protocol:
 * the owner asks to hand over, the other thread acknowledges between two of its calls and stops calling, the owner
 * hands over and only then says so. So every call made by the thread that does not hold the scene overlaps the
 * owner's calls and must be refused, and every call by the owner must go through: the counts are exact, not a share.
 * No clock, no sleep: the threads wait for each other by spinning on the protocol's state.
 */
class ThreadRuleStressTest {
    private static final int CALLS = 1_000_000;
    /** The most calls an owner makes before it hands the scene over: some hundreds of hand-overs a run. */
    private static final int MOST_CALLS_HELD = 4_000;
    private static final int FIXED_NODES = 16;
    private static final int MOST_CREATED = 32;

    private static final int ASKING = 1;
    private static final int ACKNOWLEDGED = 2;
    /** The thread that does not hold the scene finished its calls: the owner keeps the scene for the rest of its. */
    private static final int GONE = 3;

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(64)
            .workerThreads(2).build());
    private final SceneNode[] fixed = new SceneNode[FIXED_NODES];
    private final Item[] items = new Item[FIXED_NODES];
    private final Light[] lights = new Light[4];
    private final SceneNode mover;
    private final Thread main = Thread.currentThread();
    /** Which of the two threads holds the scene, as the protocol says: written only after the hand-over. */
    private volatile int holder;
    /** 0, or where a hand-over asked by the holder stands. */
    private final AtomicInteger handOver = new AtomicInteger();
    /** The calls that went the wrong way, counted; the first few kept for the message. */
    private final AtomicLong wrongCount = new AtomicLong();
    private final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
    /** Set when a thread died: the other stops waiting for it, and the counts tell. */
    private volatile boolean broken;

    ThreadRuleStressTest() {
        for (int i = 0; i < FIXED_NODES; i++) {
            fixed[i] = scene.rootNode().createChild("fixed " + i);
            items[i] = scene.createItem("item " + i, 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
            fixed[i].attachObject(items[i]);
        }
        for (int i = 0; i < lights.length; i++) {
            lights[i] = scene.createLight("light " + i, Light.Type.POINT);
            fixed[i].attachObject(lights[i]);
        }
        mover = fixed[0].createChild("mover");
    }

    /** What one thread did. */
    private static final class Tally {
        long ownCalls;
        long accepted;
        long otherCalls;
        long refused;
        int handOvers;
    }

    @Test
    void everyCallByTheThreadThatDoesNotHoldTheSceneIsRefusedAndEveryCallByTheOwnerGoesThrough()
            throws InterruptedException {
        Tally[] tallies = {new Tally(), new Tally()};
        Thread[] threads = new Thread[2];
        for (int me = 0; me < 2; me++) {
            int self = me;
            threads[me] = new Thread(() -> {
                try {
                    run(self, threads[1 - self], tallies[self]);
                } catch (Throwable t) {
                    wrong("thread " + self + " died: " + t);
                    broken = true;
                }
            }, "stress-" + me);
            threads[me].setDaemon(true);
        }
        scene.handOver(threads[0]);
        threads[0].start();
        threads[1].start();
        threads[0].join();
        threads[1].join();

        assertEquals(0, wrongCount.get(), () -> "calls refused while holding the scene, or let through without; "
                + "the first: " + wrong);
        long handOvers = tallies[0].handOvers + tallies[1].handOvers;
        assertTrue(handOvers >= 100, handOvers + " hand-overs");
        for (Tally tally : tallies) {
            assertEquals(CALLS, tally.ownCalls + tally.otherCalls);
            assertEquals(tally.ownCalls, tally.accepted, "accepted == calls by the owner");
            assertEquals(tally.otherCalls, tally.refused, "refused == calls by the thread without the scene");
            assertTrue(tally.otherCalls > 0 && tally.ownCalls > 0, "each thread held the scene and called without");
        }
        scene.validate();
        for (int i = 0; i < FIXED_NODES; i++) {
            assertTrue(fixed[i].isAlive() && items[i].parentNode() == fixed[i], "fixed " + i);
        }
        assertTrue(mover.isAlive());
        scene.update();
        scene.validate();
        scene.close();
    }

    private void run(int me, Thread other, Tally tally) {
        SplittableRandom random = new SplittableRandom(35L * 1_000 + me);
        SplittableRandom handOvers = new SplittableRandom(3_500L + me);
        List<SceneNode> created = new ArrayList<>();
        Vector3f read = new Vector3f();
        int heldFor = 0;
        int holdUntil = 1 + handOvers.nextInt(MOST_CALLS_HELD);
        for (int call = 0; call < CALLS; ) {
            if (holder == me) {
                boolean accepted = call(random, created, read);
                tally.ownCalls++;
                if (accepted) {
                    tally.accepted++;
                } else {
                    wrong("thread " + me + " was refused while holding the scene, call " + call);
                }
                call++;
                if (++heldFor == holdUntil && handOver(other)) {
                    holder = 1 - me;
                    tally.handOvers++;
                    heldFor = 0;
                    holdUntil = 1 + handOvers.nextInt(MOST_CALLS_HELD);
                }
            } else if (handOver.compareAndSet(ASKING, ACKNOWLEDGED)) {
                // no call until the scene is ours: the owner hands it over only once it has this acknowledgement
                while (holder != me && !broken) {
                    Thread.onSpinWait();
                }
            } else {
                boolean accepted = call(random, created, read);
                tally.otherCalls++;
                if (accepted) {
                    wrong("thread " + me + " got a call through without holding the scene, call " + call);
                } else {
                    tally.refused++;
                }
                call++;
            }
        }
        if (holder == me) {
            scene.handOver(main);
        } else {
            // done: the owner keeps the scene; a hand-over it asked for is answered "gone"
            while (!handOver.compareAndSet(0, GONE) && !handOver.compareAndSet(ASKING, GONE) && !broken) {
                Thread.onSpinWait();
            }
        }
    }

    private void wrong(String what) {
        if (wrongCount.getAndIncrement() < 10) {
            wrong.add(what);
        }
    }

    /** The owner's side of a hand-over; false when the other thread finished its calls, which keeps the scene here. */
    private boolean handOver(Thread other) {
        if (!handOver.compareAndSet(0, ASKING)) {
            return false;
        }
        int answer;
        while ((answer = handOver.get()) == ASKING && !broken) {
            Thread.onSpinWait();
        }
        if (answer != ACKNOWLEDGED) {
            return false;
        }
        scene.handOver(other);
        handOver.set(0);
        return true;
    }

    /** One call of a mix, as a game makes them; true when it went through, false when refused. */
    private boolean call(SplittableRandom random, List<SceneNode> created, Vector3f read) {
        int op = random.nextInt(1_000);
        SceneNode node = fixed[random.nextInt(FIXED_NODES)];
        try {
            if (op < 300) {
                node.setPosition(random.nextInt(100), random.nextInt(100), 0f);
            } else if (op < 400) {
                node.setOrientation(0f, 0f, 0f, 1f);
            } else if (op < 500) {
                items[random.nextInt(FIXED_NODES)].setTint(1f, 0.5f, 0.25f, 1f);
            } else if (op < 550) {
                lights[random.nextInt(lights.length)].setColor(1f, 1f, 0.5f);
            } else if (op < 700) {
                node.getPosition(read);
            } else if (op < 750) {
                items[random.nextInt(FIXED_NODES)].getWorldCenter(read);
            } else if (op < 800) {
                scene.nodeCount();
            } else if (op < 870) {
                created.add(node.createChild("made"));
                if (created.size() > MOST_CREATED) {
                    scene.destroySceneNode(created.get(0));
                    created.remove(0);
                }
            } else if (op < 920) {
                if (created.isEmpty()) {
                    scene.destroySceneNode(node.createChild("made to go"));
                } else {
                    scene.destroySceneNode(created.get(created.size() - 1));
                    created.remove(created.size() - 1);
                }
            } else if (op < 999) {
                mover.reparent(node);
            } else {
                scene.update();
            }
            return true;
        } catch (IllegalStateException refused) {
            return false;
        } catch (RuntimeException broken) {
            wrong("op " + op + " threw " + broken);
            return false;
        }
    }
}
