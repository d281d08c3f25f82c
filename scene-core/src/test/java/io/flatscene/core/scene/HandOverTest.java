package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link SceneManager#handOver}: what the old owner wrote is what the new owner reads, the old owner is refused from
 * the hand-over on, and the scene can go back; a scene handed to no thread is taken by exactly one caller.
 */
class HandOverTest {
    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).build());
    private final Thread creator = Thread.currentThread();

    @Test
    void theNewOwnerReadsWhatTheOldOneWroteAndTheOldOneIsRefusedUntilItIsHandedBack() throws InterruptedException {
        SceneNode node = scene.rootNode().createChild("node").setPosition(1f, 2f, 3f);
        Item item = scene.createItem("item", 4, 5, new Aabb(0f, 0f, 0f, 1f, 1f, 1f)).setTint(1f, 0f, 0f, 1f);
        Light light = scene.createLight("light", Light.Type.POINT).setColor(0.25f, 0.5f, 0.75f);
        node.attachObject(item).attachObject(light);
        List<Object> seen = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        Thread loader = new Thread(() -> {
            try {
                seen.add(node.getPosition(new Vector3f()));
                seen.add(List.of(item.meshId(), item.materialId(), item.tintRgba(), item.parentNode()));
                seen.add(List.of(light.red(), light.green(), light.blue(), scene.nodeCount()));
                node.setPosition(7f, 8f, 9f).createChild("made by the loader");
                scene.handOver(creator);
                scene.nodeCount();
            } catch (Throwable t) {
                failures.add(t);
            }
        }, "loader");
        scene.handOver(loader);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> node.setPosition(0f, 0f, 0f));
        assertEquals("cannot change " + node.describe() + ": " + OtherThread.notOwner("loader", creator.getName()),
                refused.getMessage());
        assertThrows(IllegalStateException.class, scene::nodeCount);
        loader.start();
        loader.join();

        assertEquals(1, failures.size(), "the loader is refused once it handed the scene back");
        assertEquals("cannot count nodes: " + OtherThread.notOwner(creator.getName(), "loader"),
                failures.get(0).getMessage());
        assertEquals(List.of(new Vector3f(1f, 2f, 3f), List.of(4, 5, item.tintRgba(), node),
                List.of(0.25f, 0.5f, 0.75f, 2)), seen);
        assertEquals(new Vector3f(7f, 8f, 9f), node.getPosition(new Vector3f()));
        assertEquals(3, scene.nodeCount());
        scene.validate();
        scene.close();
    }

    @Test
    void aSceneHandedToNoThreadIsTakenByTheFirstThatCalls() throws InterruptedException {
        SceneNode node = scene.rootNode().createChild("node");
        scene.handOver(null);
        List<Object> outcome = new ArrayList<>();
        Thread game = new Thread(() -> {
            outcome.add(scene.nodeCount());
            node.setPosition(1f, 0f, 0f);
            scene.handOver(creator);
        }, "game");
        game.start();
        game.join();
        assertEquals(List.of(2), outcome);
        assertEquals(new Vector3f(1f, 0f, 0f), node.getPosition(new Vector3f()));

        scene.handOver(null);
        node.setPosition(2f, 0f, 0f);
        Thread late = new Thread(() -> {
            try {
                scene.nodeCount();
            } catch (IllegalStateException e) {
                outcome.add(e.getMessage());
            }
        }, "late");
        late.start();
        late.join();
        assertEquals(List.of(2, "cannot count nodes: " + OtherThread.notOwner(creator.getName(), "late")), outcome,
                "the creator took the scene back with its first call");
        scene.validate();
        scene.close();
    }

    /**
     * Two threads call an unowned scene at once, as often as they can: exactly one takes it, with its first call,
     * and every call of the other is refused, since a call of the other before the taking would have taken it.
     */
    @Test
    void ofTwoThreadsCallingAnUnownedSceneOneTakesItAndTheOtherIsRefusedEveryCall() throws InterruptedException {
        int calls = 20_000;
        SceneNode node = scene.rootNode().createChild("node");
        scene.handOver(null);
        CountDownLatch start = new CountDownLatch(1);
        int[][] counts = new int[2][2];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int[] count = counts[t];
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < calls; i++) {
                    try {
                        node.setPosition(i, 0f, 0f);
                        count[0]++;
                    } catch (IllegalStateException e) {
                        count[1]++;
                    }
                }
                if (count[0] > 0) {
                    scene.handOver(creator);
                }
            }, "taker-" + t);
            threads[t].start();
        }
        start.countDown();
        threads[0].join();
        threads[1].join();
        int winner = counts[0][0] > 0 ? 0 : 1;
        assertEquals(List.of(calls, 0), List.of(counts[winner][0], counts[winner][1]), "the thread that took it");
        assertEquals(List.of(0, calls), List.of(counts[1 - winner][0], counts[1 - winner][1]), "the other");
        assertEquals(new Vector3f(calls - 1, 0f, 0f), node.getPosition(new Vector3f()));
        scene.validate();
        scene.close();
    }
}
